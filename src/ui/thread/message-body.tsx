import { createElement, useId, useMemo, useState, type ReactNode } from 'react';
import { ALLOWED_ATTRIBUTES, ALLOWED_TAGS, sanitizeToFragment } from '../shared/sanitize.js';
import { useUiText } from '../shared/ui-text-context.js';

const TAGS = new Set(ALLOWED_TAGS);
const ATTRIBUTES = new Set(ALLOWED_ATTRIBUTES);
const VOID_TAGS = new Set(['br', 'hr']);

/** A quoted part (blockquote), collapsed behind "read more" / "read less" (SPEC.md §2.2). */
function QuotedPart({ children }: { children: ReactNode }): React.JSX.Element {
  const { t } = useUiText();
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="lc-quote">
      <button type="button" className="lc-link-button" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
        {t(open ? 'widget.thread.readLess' : 'widget.thread.readMore')}
      </button>
      <blockquote id={id} hidden={!open}>
        {children}
      </blockquote>
    </div>
  );
}

// The sanitized fragment is rebuilt as React elements (never injected as HTML), keeping only the allow-list
// a second time, so that a DOMPurify bypass still cannot add an element or attribute.
function toReact(node: Node, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.localName;
  const children = Array.from(element.childNodes, (child, i) => toReact(child, i));
  if (!TAGS.has(tag)) return children;
  if (tag === 'blockquote') return <QuotedPart key={key}>{children}</QuotedPart>;
  const props: Record<string, string | number> = { key };
  for (const attr of Array.from(element.attributes)) {
    if (ATTRIBUTES.has(attr.name)) props[attr.name] = attr.value;
  }
  return VOID_TAGS.has(tag) ? createElement(tag, props) : createElement(tag, props, ...children);
}

/** How many sanitized bodies are kept: a long thread that mounts again (unfolding, after feedback) reuses them. */
const CACHE_SIZE = 1000;
const cache = new Map<string, ReactNode[]>();

// Keyed by the body text itself: the same text always gives the same clean tree, whatever message holds it.
function sanitizedContent(html: string): ReactNode[] {
  const cached = cache.get(html);
  if (cached) return cached;
  const content = Array.from(sanitizeToFragment(html).childNodes, (child, i) => toReact(child, i));
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  cache.set(html, content);
  return content;
}

/** Props of {@link MessageBody}. */
export interface MessageBodyProps {
  /** Untrusted HTML from the server. */
  html: string;
}

/**
 * A message body: server HTML through DOMPurify, links opening in a new tab, quotes collapsed. Its direction
 * is its own text's, not the widget's: an English message reads left to right in an Arabic widget.
 */
export function MessageBody({ html }: MessageBodyProps): React.JSX.Element {
  const content = useMemo(() => sanitizedContent(html), [html]);
  return (
    <div className="lc-message-body" dir="auto">
      {content}
    </div>
  );
}
