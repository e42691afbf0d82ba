/**
 * The anonymous flood of the bounds scenario: from one loopback address, loops that keep opening
 * conversations and posting the longest messages, uploading the largest files the channel takes,
 * leaving offline messages and mailing transcripts to fresh addresses, each as fast as the server's
 * limits let a client that waits for its answers.
 */
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { RpcClient } from './rpc.js';
import { TRANSCRIPT_LIMITS } from '../../../src/server/features/transcript/transcript-mail.js';

/** What one address's loops got through and how often they were refused. */
export interface FloodCounts {
  sessions: number;
  posts: number;
  uploads: number;
  uploadedBytes: number;
  offline: number;
  transcripts: number;
  refused: number;
}

/** The flood's settings, shared by its addresses. */
export interface FloodPlan {
  url: string;
  channelId: number;
  messageChars: number;
  /** One file of the largest size the channel takes, of a type it accepts (plain text). */
  file: Buffer;
  /** Files of that size one conversation holds (its byte budget). */
  filesPerSession: number;
  /** True while the flood goes on. */
  running(): boolean;
  /** False once the data volume should not take more files (the bench keeps room on the machine). */
  uploadsAllowed(): boolean;
  /** The operator's answer to a conversation, so transcripts of it can be asked for. */
  answer(sessionId: number): Promise<void>;
}

interface Session {
  id: number;
  uuid: string;
}

/** Most new conversations a minute that only post once and leave (missed chats), so uploads keep some of the address's allowance. */
const MISSED_PER_MINUTE = 10;

let recipient = 0;

/** Posts a multipart upload of `file` to the visitor upload route; resolves with the HTTP status. */
function upload(agent: http.Agent, url: URL, localAddress: string, uuid: string, file: Buffer): Promise<number> {
  const boundary = `bench${Date.now()}${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="uuid"\r\n\r\n${uuid}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="flood.txt"\r\nContent-Type: text/plain\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: '/im_livechat/upload_attachment',
        method: 'POST',
        agent,
        localAddress,
        timeout: 60_000,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': head.length + file.length + tail.length },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
    req.write(head);
    req.write(file);
    req.end(tail);
  });
}

/** Runs every loop of one address until the plan stops; resolves with what got through. */
export async function floodFrom(plan: FloodPlan, localAddress: string): Promise<FloodCounts> {
  const counts: FloodCounts = { sessions: 0, posts: 0, uploads: 0, uploadedBytes: 0, offline: 0, transcripts: 0, refused: 0 };
  const client = new RpcClient(plan.url, { localAddress, maxSockets: 8 });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
  const text = 'x'.repeat(plan.messageChars);
  const answered: Session[] = [];

  const open = async (): Promise<Session | undefined> => {
    const reply = await client.raw<Session | false>('/im_livechat/get_session', { channel_id: plan.channelId, anonymous_name: 'Flood' });
    if (!reply.result) {
      counts.refused++;
      return undefined;
    }
    counts.sessions++;
    return reply.result;
  };
  const post = async (session: Session): Promise<boolean> => {
    const reply = await client.raw<number | false>('/mail/chat_post', { uuid: session.uuid, message_content: text });
    if (typeof reply.result === 'number') counts.posts++;
    else counts.refused++;
    return typeof reply.result === 'number';
  };

  // Long conversations the operator answered: the longest messages, then transcripts of them.
  const conversations = async (): Promise<void> => {
    while (plan.running()) {
      const session = await open();
      if (!session) continue;
      await plan.answer(session.id);
      answered.push(session);
      while (plan.running() && (await post(session)));
    }
  };
  // Short conversations nobody answers: each one is a missed-chat alert.
  const missed = async (): Promise<void> => {
    while (plan.running()) {
      const started = Date.now();
      const session = await open();
      if (session) await post(session);
      await sleep(Math.max(0, 60_000 / MISSED_PER_MINUTE - (Date.now() - started)));
    }
  };
  const files = async (): Promise<void> => {
    const url = new URL(plan.url);
    let session: Session | undefined;
    let stored = 0;
    while (plan.running() && plan.uploadsAllowed()) {
      if (!session || stored >= plan.filesPerSession) {
        session = await open();
        stored = 0;
        continue;
      }
      const status = await upload(agent, url, localAddress, session.uuid, plan.file);
      if (status === 200) {
        counts.uploads++;
        counts.uploadedBytes += plan.file.length;
        stored++;
      } else {
        counts.refused++;
        if (status === 413 || status === 404) session = undefined;
      }
    }
  };
  const offline = async (): Promise<void> => {
    while (plan.running()) {
      const reply = await client.raw('/im_livechat/offline_message', { channel_id: plan.channelId, name: 'n'.repeat(100), email: `flood+${++recipient}@example.org`, message: text.slice(0, 4000) });
      if (reply.result === true) counts.offline++;
      else counts.refused++;
    }
  };
  const transcripts = async (): Promise<void> => {
    let mailed = 0;
    while (plan.running()) {
      const session = answered[0];
      if (!session) {
        await sleep(200);
        continue;
      }
      const reply = await client.raw('/im_livechat/email_livechat_transcript', { uuid: session.uuid, email: `victim+${++recipient}@example.org` });
      const ok = reply.status === 200 && !reply.error;
      if (ok) counts.transcripts++;
      else counts.refused++;
      // A conversation is mailed at most a few times a day; the next one takes over.
      if ((ok && ++mailed >= TRANSCRIPT_LIMITS.perSessionPerDay) || (!ok && reply.status !== 429)) {
        answered.shift();
        mailed = 0;
      }
    }
  };

  try {
    await Promise.all([conversations(), missed(), files(), offline(), transcripts()]);
  } finally {
    client.close();
    agent.destroy();
  }
  return counts;
}
