/**
 * Visitor text quoted in a mail is never a link. Escaping keeps it from being markup, but mail clients
 * turn anything that looks like an address into a link of their own (schemes, `www.`, bare domains,
 * e-mail addresses), in the plain part and in the HTML part alike, so a quote would still carry an
 * attacker's link under the server's name. The notation is the one security teams use for hostile
 * addresses, readable and visible (a zero-width character would be stripped by some clients and pasted
 * along by others): `http://evil.test/a` reads `hxxp://evil[.]test/a`, `a@evil.test` reads
 * `a@evil[.]test`, any other `scheme://` reads `scheme[:]//`.
 */
import { escapeHtml } from '../../../protocol/html-escape.js';

const SCHEME = /\b([a-z][a-z0-9+.-]{0,30}):\/\//gi;
// Full stops of other scripts count too: some clients accept them in domain names.
const DOT = /(?<=[\p{L}\p{N}_-])[.\u3002\uFF0E\uFF61](?=[\p{L}\p{N}])/gu;
// A word is an address when it has a scheme, an "@", a dot before a letter (a domain) or a dotted quad.
const ADDRESS_LIKE = /:\/\/|\[:\]\/\/|@|[.\u3002\uFF0E\uFF61]\p{L}|\d[.\u3002\uFF0E\uFF61]\d+[.\u3002\uFF0E\uFF61]\d+[.\u3002\uFF0E\uFF61]\d/u;

function scheme(_match: string, name: string): string {
  return /^https?$/i.test(name) ? `${name.toLowerCase().replace('tt', 'xx')}://` : `${name}[:]//`;
}

function word(w: string): string {
  return ADDRESS_LIKE.test(w) ? w.replace(DOT, '[.]') : w;
}

/** The text with every address-like word broken so that no mail client links it; numbers like 3.5 stay. */
export function defang(text: string): string {
  return text.replace(SCHEME, scheme).replace(/\S+/g, word);
}

/** Visitor text for an HTML mail part: defanged, escaped, line breaks kept. */
export function defangedHtml(text: string): string {
  return escapeHtml(defang(text)).replace(/\r\n|\r|\n/g, '<br>');
}
