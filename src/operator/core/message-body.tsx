import { useLayoutEffect, useRef } from 'react';
import { sanitizeToFragment } from '../../ui/shared/sanitize.js';

/**
 * A message body: server HTML cleaned by the widget's DOMPurify allow-list and inserted as DOM nodes,
 * so nothing a visitor sends can run script in the console. It reads in its own text's direction, whatever
 * the console's.
 */
export function MessageBody({ html }: { html: string }): React.JSX.Element {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    ref.current?.replaceChildren(sanitizeToFragment(html));
  }, [html]);
  return <div className="op-message-body" dir="auto" ref={ref} />;
}

