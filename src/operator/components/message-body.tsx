import { useLayoutEffect, useRef } from 'react';
import { sanitizeToFragment } from '../../ui/shared/sanitize.js';

/**
 * A message body: server HTML cleaned by the widget's DOMPurify allow-list and inserted as DOM nodes,
 * so nothing a visitor sends can run script in the console.
 */
export function MessageBody({ html }: { html: string }): React.JSX.Element {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    ref.current?.replaceChildren(sanitizeToFragment(html));
  }, [html]);
  return <div className="op-message-body" ref={ref} />;
}

/**
 * The plain text of a message body (for previews and notifications). A DOMParser document is inert:
 * it runs no script and loads nothing, and only its text is kept.
 */
export function bodyText(html: string): string {
  const doc = new DOMParser().parseFromString(typeof html === 'string' ? html : '', 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}
