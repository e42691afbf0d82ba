/**
 * Reads the mails the e2e SMTP server received (see smtp-server.ts): envelope, decoded headers and the
 * plain-text part, enough for a test to check what a visitor would get.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { SmtpEnvelope } from './smtp-server.js';

/** A received mail. */
export interface ReceivedMail {
  id: string;
  envelope: SmtpEnvelope;
  headers: Record<string, string>;
  subject: string;
  text: string;
}

function mailDir(): string {
  const dir = process.env.E2E_SMTP_DIR;
  if (!dir) throw new Error('E2E_SMTP_DIR is not set (playwright.config.ts sets it)');
  return dir;
}

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
function splitEntity(raw: string): { headers: Record<string, string>; body: string } {
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

/** The text/plain content of an entity, looking into multipart bodies. */
function plainText(headers: Record<string, string>, body: string): string {
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    for (const part of body.split(`--${boundary}`).slice(1)) {
      if (part.startsWith('--')) break;
      const entity = splitEntity(part.replace(/^\n/, ''));
      const found = plainText(entity.headers, entity.body);
      if (found) return found;
    }
    return '';
  }
  return /^text\/plain/i.test(type) ? decodeBody(body, headers['content-transfer-encoding']) : '';
}

/** Ids of the mails received so far, oldest first. */
export function receivedIds(): string[] {
  const dir = mailDir();
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -'.json'.length))
    .sort((a, b) => Number(a.split('-')[0]) - Number(b.split('-')[0]) || Number(a.split('-')[1]) - Number(b.split('-')[1]));
}

/** Reads one received mail. */
export function readMail(id: string): ReceivedMail {
  const dir = mailDir();
  const envelope = JSON.parse(fs.readFileSync(path.join(dir, `${id}.json`), 'utf8')) as SmtpEnvelope;
  const { headers, body } = splitEntity(fs.readFileSync(path.join(dir, `${id}.eml`), 'utf8'));
  return { id, envelope, headers, subject: decodeWords(headers.subject ?? ''), text: plainText(headers, body) };
}
