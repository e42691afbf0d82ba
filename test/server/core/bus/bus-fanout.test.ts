import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import type { BusNotification } from '../../../../src/protocol/livechat.js';
import { createTestDatabase, type TestDatabase } from '../../support/harness.js';
import { openVisitorSession, rpcCall, startServerProcess, type ServerProcess } from '../../../support/bus-processes.mjs';
import { CHAT_POST_ROUTE, POLL_ROUTE } from '../../../../src/protocol/routes.js';

/** Far below the 50 s hold the processes run with: an answer this early came from a wake-up. */
const PROMPT_MS = 10_000;

const skip = process.env.TEST_DATABASE_URL ? false : 'PostgreSQL fan-out NOT RUN: TEST_DATABASE_URL is not set (npm test sets it)';

/** Starts a poll and gives it time to reach the server and be held there; `answer` settles later. */
async function heldPoll(base: string, channel: string, last: number) {
  const started = performance.now();
  const answer = rpcCall<BusNotification[]>(base, POLL_ROUTE, { channels: [channel], last, options: { bus_inactivity: 0 } }).then((a) => ({
    ...a,
    ms: performance.now() - started,
  }));
  // The request is on loopback: well within this it has arrived and found nothing new.
  await new Promise((r) => setTimeout(r, 500));
  // Wrapped: an async function returning the promise itself would wait for the answer.
  return { answer };
}

function bodies(list: BusNotification[] | undefined): string[] {
  return (list ?? []).map((n) => String((n.message as { body?: string }).body ?? ''));
}

describe('bus fan-out: two server processes on one PostgreSQL', { skip }, () => {
  let db: TestDatabase;
  let a: ServerProcess;
  let b: ServerProcess;
  let admin: pg.Client;
  let databaseName: string;

  before(async () => {
    db = await createTestDatabase('postgres');
    databaseName = new URL(db.env.DATABASE_URL!).pathname.slice(1);
    // One after the other: the first start seeds the database, the second finds it seeded.
    a = await startServerProcess({ env: { DATABASE_URL: db.env.DATABASE_URL! } });
    b = await startServerProcess({ env: { DATABASE_URL: db.env.DATABASE_URL! } });
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
  });

  after(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await admin?.end();
    await db?.drop();
  });

  async function listenBackends(): Promise<number> {
    const { rows } = await admin.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE query LIKE 'LISTEN%' AND datname = $1`, [databaseName]);
    return rows[0].n as number;
  }

  test('each process listens on its own connection', async () => {
    assert.equal(await listenBackends(), 2);
  });

  test('a poll held on process A is answered promptly by a post on process B, and the other way round', async () => {
    const { uuid } = await openVisitorSession(a.url);
    const pending = await heldPoll(a.url, uuid, 0);
    const posted = await rpcCall<number>(b.url, CHAT_POST_ROUTE, { uuid, message_content: 'from B' });
    assert.equal(typeof posted.result, 'number');
    const answer = await pending.answer;
    assert.deepEqual(bodies(answer.result), ['<p>from B</p>']);
    assert.ok(answer.ms < PROMPT_MS, `answered after ${Math.round(answer.ms)} ms, not woken by the NOTIFY`);

    const last = answer.result!.at(-1)!.id;
    const back = await heldPoll(b.url, uuid, last);
    await rpcCall(a.url, CHAT_POST_ROUTE, { uuid, message_content: 'from A' });
    const answerB = await back.answer;
    assert.deepEqual(bodies(answerB.result), ['<p>from A</p>']);
    assert.ok(answerB.ms < PROMPT_MS, `answered after ${Math.round(answerB.ms)} ms`);
  });

  test('LISTEN connections killed from the database side: a post made meanwhile is still delivered, and later ones too', async () => {
    const { uuid } = await openVisitorSession(a.url);
    const pending = await heldPoll(a.url, uuid, 0);
    const killed = await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN%' AND datname = $1`, [databaseName]);
    assert.equal(killed.rowCount, 2);
    // Posted at once: process A may not be listening again yet, so only its re-check after the
    // reconnect can deliver this one.
    await rpcCall(b.url, CHAT_POST_ROUTE, { uuid, message_content: 'during the outage' });
    const answer = await pending.answer;
    assert.deepEqual(bodies(answer.result), ['<p>during the outage</p>']);
    assert.ok(answer.ms < PROMPT_MS, `answered after ${Math.round(answer.ms)} ms`);

    for (let i = 0; i < 100 && (await listenBackends()) < 2; i += 1) await new Promise((r) => setTimeout(r, 100));
    assert.equal(await listenBackends(), 2, 'both processes listen again');
    const next = await heldPoll(a.url, uuid, answer.result!.at(-1)!.id);
    await rpcCall(b.url, CHAT_POST_ROUTE, { uuid, message_content: 'after the reconnect' });
    const answer2 = await next.answer;
    assert.deepEqual(bodies(answer2.result), ['<p>after the reconnect</p>']);
    assert.ok(answer2.ms < PROMPT_MS, `answered after ${Math.round(answer2.ms)} ms`);
  });
});
