/**
 * A real SMTP server (smtp-server, on loopback) for server tests that send mail: every accepted mail is
 * kept with its envelope and read as a person would (subject, plain text); `refuse(n)` makes it answer
 * the next n mails with a 550 refusal.
 */
import { startSmtpCapture } from '../../support/smtp-capture.js';
import { parseMail } from '../../support/mail-text.js';

/** A mail the server received. */
export interface TestMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

/** The running mailbox. */
export interface TestMailbox {
  /** `smtp://…` for SMTP_URL. */
  url: string;
  mails: TestMail[];
  refuse(count: number): void;
  /** Waits until `count` mails more than `since` arrived (at most `timeoutMs`), and returns the new ones. */
  waitFor(since: number, count?: number, timeoutMs?: number): Promise<TestMail[]>;
  close(): Promise<void>;
}

export async function startMailbox(): Promise<TestMailbox> {
  const mails: TestMail[] = [];
  let refusals = 0;
  const capture = await startSmtpCapture((mail) => {
    if (refusals > 0) {
      refusals -= 1;
      return new Error('mailbox unavailable');
    }
    const { headers, subject, text, html } = parseMail(mail.raw);
    mails.push({ to: mail.to, subject, text, html, headers });
  });
  return {
    url: `smtp://127.0.0.1:${capture.port}`,
    mails,
    refuse: (count) => {
      refusals = count;
    },
    async waitFor(since, count = 1, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      while (mails.length < since + count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      return mails.slice(since);
    },
    close: () => capture.close(),
  };
}
