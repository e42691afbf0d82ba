import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';

/** Elements a message body may keep (everything else is dropped, its text kept unless it is code). */
export const ALLOWED_TAGS: readonly string[] = [
  'a', 'abbr', 'b', 'blockquote', 'br', 'code', 'del', 'div', 'em', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'i',
  'ins', 'li', 'ol', 'p', 'pre', 's', 'small', 'span', 'strike', 'strong', 'sub', 'sup', 'u', 'ul',
];

/** Attributes a message body may keep; `target` and `rel` are set by the sanitizer on links only. */
export const ALLOWED_ATTRIBUTES: readonly string[] = ['href', 'title', 'target', 'rel', 'dir'];

/** Links may only point to the web, mail or phone: no `javascript:`, `data:` or `vbscript:`. */
export const ALLOWED_URI = /^(?:https?:|mailto:|tel:)/i;

let purifier: Purifier | undefined;

function instance(): Purifier {
  if (purifier) return purifier;
  // A private instance: the link hook below must not leak into a host page's own DOMPurify.
  const own = DOMPurify(window);
  own.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName !== 'A') return;
    if (node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    } else {
      node.removeAttribute('target');
      node.removeAttribute('rel');
    }
  });
  purifier = own;
  return own;
}

const CONFIG = {
  ALLOWED_TAGS: [...ALLOWED_TAGS],
  ALLOWED_ATTR: [...ALLOWED_ATTRIBUTES],
  ALLOWED_URI_REGEXP: ALLOWED_URI,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  SAFE_FOR_TEMPLATES: false,
  WHOLE_DOCUMENT: false,
};

/** Message HTML from the server, cleaned to the allow-list, as a detached fragment. */
export function sanitizeToFragment(html: unknown): DocumentFragment {
  return instance().sanitize(typeof html === 'string' ? html : '', { ...CONFIG, RETURN_DOM_FRAGMENT: true });
}

/** Message HTML from the server, cleaned to the allow-list, as a string (for the operator console). */
export function sanitizeHtml(html: unknown): string {
  return instance().sanitize(typeof html === 'string' ? html : '', { ...CONFIG, RETURN_DOM: false, RETURN_DOM_FRAGMENT: false });
}
