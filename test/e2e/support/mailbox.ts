/**
 * Reads the mails the e2e SMTP server received (see smtp-server.ts): envelope, decoded headers and the
 * plain-text part, enough for a test to check what a visitor would get.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { SmtpEnvelope } from './smtp-server.js';
import { parseMail } from '../../support/mail-text.js';

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
  return { id, envelope, ...parseMail(fs.readFileSync(path.join(dir, `${id}.eml`), 'utf8')) };
}
