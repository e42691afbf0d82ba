/**
 * The plain text of a message body (server HTML), for previews and notifications in the widget and the
 * console. A DOMParser document is inert: it runs no script and loads nothing, and only its text is kept.
 */
export function bodyText(html: string): string {
  const doc = new DOMParser().parseFromString(typeof html === 'string' ? html : '', 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}
