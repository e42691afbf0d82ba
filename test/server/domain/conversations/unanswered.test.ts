/**
 * Issue 26: the one definition of "answered" and "unanswered since" that routing's reassignment, the
 * missed-chat alerts and the supervision screen share. Notes and the thread's joined/left lines are
 * no answer; an answer in the same millisecond as the visitor's message answers it. Every open chat is
 * asked every few seconds, so the answers come from migration 0032's indexes by seek, never by reading
 * the thread: read through, one unanswered chat of 8,000 messages held a SQLite server for 5.6 s a sweep.
 */
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { hasAnswer, lastAnswerAt, unansweredSince } from '../../../../src/server/domain/conversations/index.js';
import { describeEachEngine, type Harness } from '../../support/harness.js';

function stateQuery(h: Harness, sessionId: number) {
  return h.app.database.db
    .selectFrom('visitor_session as vs')
    .select((eb) => [hasAnswer(eb.ref('vs.id')).as('answered'), lastAnswerAt(eb.ref('vs.id')).as('last'), unansweredSince(eb.ref('vs.id')).as('since')])
    .where('vs.id', '=', sessionId);
}

async function state(h: Harness, sessionId: number) {
  const row = await stateQuery(h, sessionId).executeTakeFirstOrThrow();
  const num = (v: unknown) => (v === null ? null : Number(v));
  return { answered: Boolean(row.answered), last: num(row.last), since: num(row.since) };
}

describeEachEngine('unanswered since', (h) => {
  it('follows the visitor and the operator turn by turn', async () => {
    const { session, operator } = await h.visitorSession();
    const say = (author: number | null, at: number, type: 'comment' | 'notification' = 'comment') =>
      h.app.store.insertMessage({ session_id: session.id, body: 'x', author_operator_id: author, message_type: type }, at);
    const t = h.clock.now();
    assert.deepEqual(await state(h, session.id), { answered: false, last: null, since: null }, 'nothing written yet');
    await say(null, t + 1_000);
    await say(null, t + 2_000);
    await say(null, t + 2_500, 'notification');
    assert.deepEqual(await state(h, session.id), { answered: false, last: null, since: t + 1_000 }, 'since the first visitor message');
    await say(operator.id, t + 3_000);
    assert.deepEqual(await state(h, session.id), { answered: true, last: t + 3_000, since: null });
    await say(null, t + 4_000);
    await say(null, t + 5_000);
    assert.deepEqual(await state(h, session.id), { answered: true, last: t + 3_000, since: t + 4_000 }, 'since the first message after the answer');
    await say(operator.id, t + 5_000);
    assert.deepEqual(await state(h, session.id), { answered: true, last: t + 5_000, since: null }, 'an answer in the same millisecond counts');
  });

  it("reads one conversation only, never another's messages", async () => {
    const one = await h.visitorSession();
    const two = await h.visitorSession();
    const t = h.clock.now();
    await h.app.store.insertMessage({ session_id: one.session.id, body: 'hi', author_operator_id: null, message_type: 'comment' }, t + 1_000);
    await h.app.store.insertMessage({ session_id: two.session.id, body: 'hello', author_operator_id: two.operator.id, message_type: 'comment' }, t + 2_000);
    assert.deepEqual(await state(h, one.session.id), { answered: false, last: null, since: t + 1_000 });
    assert.deepEqual(await state(h, two.session.id), { answered: true, last: t + 2_000, since: null });
  });

  it('finds each answer through its index, never by reading the thread', async () => {
    const { session } = await h.visitorSession();
    const query = stateQuery(h, session.id).compile();
    // PostgreSQL plans a table this small as one sequential read whatever the indexes; with that way
    // closed it shows which index it would take, as it does once the thread is long.
    const plan = await h.app.database.db.connection().execute(async (db) => {
      if (h.engine === 'sqlite') return (await db.executeQuery<{ detail: string }>({ ...query, sql: `EXPLAIN QUERY PLAN ${query.sql}` })).rows.map((r) => r.detail);
      return db.transaction().execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx);
        await sql`set local enable_bitmapscan = off`.execute(trx);
        return (await trx.executeQuery<{ 'QUERY PLAN': string }>({ ...query, sql: `EXPLAIN ${query.sql}` })).rows.map((r) => r['QUERY PLAN']);
      });
    });
    const text = plan.join('\n');
    assert.match(text, /message_answer_idx/, text);
    assert.match(text, /message_visitor_comment_idx/, text);
    assert.doesNotMatch(text, /message_session_idx|SCAN (ans|unans)\b|Seq Scan on message/, text);
  });
});
