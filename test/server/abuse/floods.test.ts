/**
 * Issue 11, finding 1 and its class: every visitor route is limited per client address (429 with
 * Retry-After, in the JSON-RPC envelope), and the repeatable ones per session too, so that no call rate
 * grows the database or an operator's bus beyond the bounds README "Security" states.
 */
import { QUEUE_LEAVE_ROUTE } from '../../../src/protocol/queue.js';
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { BusChannel } from '../../../src/protocol/livechat.js';
import { describeEachEngine } from '../support/harness.js';
import { callFrom, notificationsOn, visitorCalls } from './support.js';
import {
  CHAT_POST_ROUTE,
  EMAIL_TRANSCRIPT_ROUTE,
  FEEDBACK_ROUTE,
  GET_SESSION_ROUTE,
  HISTORY_ROUTE,
  INIT_ROUTE,
  NOTIFY_TYPING_ROUTE,
} from '../../../src/protocol/routes.js';

const SMALL_LIMITS = Object.fromEntries(
  ['INIT', 'CHAT_HISTORY', 'CHAT_POST', 'TYPING', 'FEEDBACK', 'PAGE_HISTORY', 'TRANSCRIPT', 'OFFLINE_MESSAGE', 'POLL', 'VISITOR_UPDATE', 'EARLIER_CONVERSATIONS'].map((name) => [`RATE_LIMIT_${name}`, '3']),
);

describeEachEngine(
  'every visitor route is limited per client address',
  (h) => {
    it('the 4th call a minute from one address gets 429 with Retry-After; another address is still served', async () => {
      const { session, channel, operator } = await h.visitorSession();
      for (const [url, params] of visitorCalls(session.uuid, channel.id, operator.id)) {
        // Leaving the queue shares get_session's allowance, which has its own tests.
        if (url === GET_SESSION_ROUTE || url === QUEUE_LEAVE_ROUTE) continue;
        const attacker = `203.0.113.${10 + visitorCalls(session.uuid, channel.id, operator.id).findIndex(([u]) => u === url)}`;
        for (let i = 0; i < 3; i += 1) {
          const { res } = await callFrom(h, attacker, url, params);
          assert.notEqual(res.statusCode, 429, `${url} call ${i + 1}`);
        }
        const limited = await callFrom(h, attacker, url, params);
        assert.equal(limited.res.statusCode, 429, url);
        assert.ok(Number(limited.res.headers['retry-after']) > 0, `${url} Retry-After`);
        assert.match(limited.body.error?.data.message ?? '', /Too many requests/, url);
        // A transcript has its own allowance per session (two a day), so the other visitor has its own.
        const otherParams = url === EMAIL_TRANSCRIPT_ROUTE ? { ...params, uuid: (await h.visitorSession()).session.uuid } : params;
        const other = await callFrom(h, '198.51.100.7', url, otherParams);
        assert.notEqual(other.res.statusCode, 429, `${url} from another address`);
      }
    });
  },
  SMALL_LIMITS,
);

describeEachEngine('a visitor session is limited whatever addresses it uses', (h) => {
  it('typing: 200 calls in a burst give one notice, and the last state follows when the window ends', async () => {
    const { session } = await h.visitorSession();
    const channel = BusChannel.session(session.id);
    const before = (await notificationsOn(h, channel)).length;
    let limited = 0;
    for (let i = 0; i < 200; i += 1) {
      const { res } = await callFrom(h, `192.0.2.${i % 200}`, NOTIFY_TYPING_ROUTE, { uuid: session.uuid, is_typing: i % 2 === 0 });
      if (res.statusCode === 429) limited += 1;
    }
    assert.equal((await notificationsOn(h, channel)).length - before, 1);
    assert.ok(limited >= 200 - 120, `at most 120 typing calls a minute per session, ${limited} refused`);
    h.clock.advance(2_001);
    await new Promise((resolve) => setTimeout(resolve, 2_300));
    const after = await notificationsOn(h, channel);
    assert.equal(after.length - before, 2);
    assert.equal(after.at(-1)?.is_typing, false, 'the newest state arrives');
  });

  it('typing: the visitor and the operator of one conversation each have their own window', async () => {
    const { session, cookie } = await h.visitorSession();
    const channel = BusChannel.session(session.id);
    const before = (await notificationsOn(h, channel)).length;
    await h.call(NOTIFY_TYPING_ROUTE, { uuid: session.uuid, is_typing: true });
    await h.call(NOTIFY_TYPING_ROUTE, { session_id: session.id, is_typing: true }, { cookie });
    const told = (await notificationsOn(h, channel)).slice(before);
    assert.deepEqual(told.map((n) => n.is_website_user), [true, false]);
  });

  it('page history: repeated calls replace the stored history and tell the operator once per window', async () => {
    const { session, operator } = await h.visitorSession();
    const operatorChannel = BusChannel.operator(operator.id);
    const transient = async () => (await notificationsOn(h, operatorChannel)).filter((n) => n.info === 'transient_message').length;
    const before = await transient();
    const pages = Array.from({ length: 15 }, (_, i) => `/${String(i).repeat(2000)}`.slice(0, 2048));
    let refused = 0;
    for (let i = 0; i < 60; i += 1) {
      const { res } = await callFrom(h, `192.0.2.${i}`, HISTORY_ROUTE, { pid: operator.id, channel_uuid: session.uuid, page_history: pages });
      if (res.statusCode === 429) refused += 1;
    }
    assert.equal(refused, 40, '20 page histories a minute per session');
    const stored = JSON.parse((await h.app.store.getVisitorSession(session.id))!.page_history!) as string[];
    assert.deepEqual(stored, pages);
    assert.equal((await transient()) - before, 1);
  });

  it('chat_post: the 61st visitor message of a minute is refused, and nothing more is stored', async () => {
    const { session } = await h.visitorSession();
    for (let i = 0; i < 60; i += 1) {
      const { res } = await callFrom(h, `192.0.2.${i}`, CHAT_POST_ROUTE, { uuid: session.uuid, message_content: `m${i}` });
      assert.equal(res.statusCode, 200);
    }
    const refused = await callFrom(h, '192.0.2.99', CHAT_POST_ROUTE, { uuid: session.uuid, message_content: 'one too many' });
    assert.equal(refused.res.statusCode, 429);
    assert.equal((await h.app.store.listMessages(session.id, 1000)).length, 60);
    h.clock.advance(60_001);
    const later = await callFrom(h, '192.0.2.99', CHAT_POST_ROUTE, { uuid: session.uuid, message_content: 'a minute later' });
    assert.equal(later.res.statusCode, 200);
  });

  it('feedback: 10 ratings a minute per session', async () => {
    const { session } = await h.visitorSession();
    const answers: number[] = [];
    for (let i = 0; i < 12; i += 1) answers.push((await callFrom(h, `192.0.2.${i}`, FEEDBACK_ROUTE, { uuid: session.uuid, rate: 5 })).res.statusCode);
    assert.deepEqual(answers, [...Array(10).fill(200), 429, 429]);
  });
});

describeEachEngine(
  'a refused call is answered late',
  (h) => {
    it('the 429 comes after RATE_LIMIT_DELAY_MS, so a looping client slows to about one call a second', async () => {
      const { channel } = await h.channelWithOperator();
      assert.equal((await callFrom(h, '203.0.113.200', INIT_ROUTE, { channel_id: channel.id })).res.statusCode, 200);
      const started = Date.now();
      const refused = await callFrom(h, '203.0.113.200', INIT_ROUTE, { channel_id: channel.id });
      assert.equal(refused.res.statusCode, 429);
      assert.ok(Date.now() - started >= 290, 'held back');
      const other = Date.now();
      assert.equal((await callFrom(h, '203.0.113.201', INIT_ROUTE, { channel_id: channel.id })).res.statusCode, 200);
      assert.ok(Date.now() - other < 290, 'an allowed call is not');
    });
  },
  { RATE_LIMIT_INIT: '1', RATE_LIMIT_DELAY_MS: '300' },
);

describeEachEngine(
  'limits are shared by every process on one PostgreSQL',
  (h) => {
    // SQLite is served by one process; its counters live in that process (README "Security").
    if (h.engine !== 'postgres') return;
    it('two processes on one database refuse the third call of an address between them', async () => {
      const { channel } = await h.channelWithOperator();
      const { buildApp } = await import('../../../src/server/app.js');
      const other = await buildApp({ config: h.app.config, clock: h.clock });
      await other.ready();
      try {
        const call = (app: typeof other) =>
          app.inject({ method: 'POST', url: INIT_ROUTE, remoteAddress: '203.0.113.77', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ jsonrpc: '2.0', method: 'call', id: 1, params: { channel_id: channel.id } }) });
        assert.equal((await call(h.app)).statusCode, 200);
        assert.equal((await call(other)).statusCode, 200);
        assert.equal((await call(h.app)).statusCode, 429);
        assert.equal((await call(other)).statusCode, 429);
      } finally {
        await other.close();
      }
    });
  },
  { RATE_LIMIT_INIT: '2' },
);

describeEachEngine('database counters', (h) => {
  it('hits in one turn share a write and still count one by one, per key', async () => {
    // The store's own counters are the database's on both engines (the limits plugin keeps SQLite's in memory).
    const counters = h.app.limits.stored;
    const now = h.clock.now();
    const states = await Promise.all([...Array(5)].map((_, i) => counters.hit(i % 2 === 0 ? 'test:a' : 'test:b', 60_000, now)));
    assert.deepEqual(states.map((s) => s.count), [1, 1, 2, 2, 3]);
    assert.equal((await counters.hit('test:a', 60_000, now + 60_001)).count, 1, 'a window that ended starts again');
  });
});
