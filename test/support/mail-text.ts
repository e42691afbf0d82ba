/**
 * Reads a raw mail as a person would: decoded headers (RFC 2047 words included), the subject and the
 * plain-text part. Shared by the e2e mailbox and the server tests' SMTP captures.
 */

/** Decodes RFC 2047 encoded words (`=?UTF-8?B?…?=`, `=?UTF-8?Q?…?=`). */
function decodeWords(value: string): string {
  // Whitespace between two adjacent encoded words is not part of the text (RFC 2047 §6.2).
  return value.replace(/\?=\s+=\?/g, '?==?').replace(/=\?[^?]+\?([BbQq])\?([^?]*)\?=/g, (_, enc: string, data: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : Buffer.from(data.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'),
  );
}

/** Splits a MIME entity into lower-cased, unfolded headers and its body. */
export function splitEntity(raw: string): { headers: Record<string, string>; body: string } {
  const text = raw.replace(/\r\n/g, '\n');
  const end = text.indexOf('\n\n');
  const head = end < 0 ? text : text.slice(0, end);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body: end < 0 ? '' : text.slice(end + 2) };
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '7bit').toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable':
      return Buffer.from(body.replace(/=\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8');
    default:
      return body;
  }
}

/** The content of the entity's first part of this type (text/plain unless told), looking into multipart bodies. */
function partText(headers: Record<string, string>, body: string, wanted = /^text\/plain/i): string {
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    for (const part of body.split(`--${boundary}`).slice(1)) {
      if (part.startsWith('--')) break;
      const entity = splitEntity(part.replace(/^\n/, ''));
      const found = partText(entity.headers, entity.body, wanted);
      if (found) return found;
    }
    return '';
  }
  return wanted.test(type) ? decodeBody(body, headers['content-transfer-encoding']) : '';
}

/** A raw mail's headers (lower-cased names), subject, plain text and HTML part ('' when it has none). */
export function parseMail(raw: string | Buffer): { headers: Record<string, string>; subject: string; text: string; html: string } {
  const { headers, body } = splitEntity(raw.toString());
  return { headers, subject: decodeWords(headers.subject ?? ''), text: partText(headers, body), html: partText(headers, body, /^text\/html/i) };
}
