const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;', '`': '&#x60;' };

/**
 * Escapes text for use inside HTML content or a quoted attribute value. The backtick is included because
 * old Internet Explorer treated it as an attribute quote.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'`]/g, (c) => ENTITIES[c]!);
}
