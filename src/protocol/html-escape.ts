/**
 * HTML escaping for message bodies, notifications and e-mails, shared by the widget, the console and
 * the server. The backtick is escaped too: old Internet Explorer treated it as an attribute quote.
 */
const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '`': '&#96;' };

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'`]/g, (c) => ENTITIES[c]!);
}
