/**
 * Reply cycles of a batch of messages: worked out in stored order, and written in a few statements
 * whatever the batch's size, because on PostgreSQL every statement is made while the bus lock is held.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { KyselyPlugin } from 'kysely';
import { applyComments, type CycleState } from '../../../../src/server/features/reports/reply-cycles.js';
import { writeInOrder, type BusWrite } from '../../../../src/server/core/bus/bus-write-store.js';
import { allEvents } from '../../../../src/server/features/reports/report-store.js';
import { describeEachEngine } from '../../support/harness.js';

const state = (session_id: number, pending_since: number | null = null): CycleState => ({ session_id, channel_id: 1, first_visitor_at: pending_since, first_reply_at: null, pending_since });

describe('reply cycles of one batch', () => {
  it('follow the stored order: a visitor message after the reply starts the next cycle', () => {
    const visitor = (at: number) => ({ session_id: 7, author_operator_id: null, created_at: at });
    const { changed, ends } = applyComments(new Map([[7, state(7)]]), [visitor(10), visitor(20), { session_id: 7, author_operator_id: 3, created_at: 30 }, visitor(40)]);
    assert.deepEqual(ends, [{ sessionId: 7, channelId: 1, operatorId: 3, since: 10, at: 30, first: true }]);
    assert.deepEqual(changed, [{ session_id: 7, channel_id: 1, first_visitor_at: 10, first_reply_at: 30, pending_since: 40 }]);
  });

  it('end a cycle begun in an earlier batch, leave conversations the reports do not follow, and report no change for none', () => {
    const { changed, ends } = applyComments(new Map([[1, { ...state(1, 5), first_reply_at: 2 }], [2, state(2)]]), [
      { session_id: 1, author_operator_id: 9, created_at: 50 },
      { session_id: 2, author_operator_id: 9, created_at: 51 },
      { session_id: 3, author_operator_id: null, created_at: 52 },
    ]);
    assert.deepEqual(ends, [{ sessionId: 1, channelId: 1, operatorId: 9, since: 5, at: 50, first: false }]);
    assert.deepEqual(changed.map((s) => [s.session_id, s.pending_since]), [[1, null]]);
  });
});

describeEachEngine('a batch of messages in reports', (h) => {
  it('costs a few statements whatever its size, and records each cycle', async () => {
    const operator = await h.app.store.createOperator({ login: `cycles-${randomUUID().slice(0, 8)}`, display_name: 'C', email: null, password: 'pw-cycles' });
    const channel = await h.app.store.createChannel({ name: 'Cycles' });
    const sessions = await Promise.all(
      [0, 1, 2].map((i) => h.app.store.createVisitorSession({ uuid: randomUUID(), channel_id: channel.id, operator_id: operator.id, anonymous_name: `V${i}`, name: `V${i}`, language: 'en' }, h.clock.now())),
    );
    const start = h.clock.now();
    const message = (sessionId: number, operatorId: number | null, at: number): BusWrite => ({ kind: 'message', message: { session_id: sessionId, body: 'x', author_operator_id: operatorId }, channels: [], payload: () => ({}), now: at });
    // 60 visitor messages at 60 different times, then a reply in two conversations: the third keeps waiting.
    const writes = Array.from({ length: 60 }, (_, i) => message(sessions[i % 3]!.id, null, start + i));
    writes.push(message(sessions[0]!.id, operator.id, start + 1000), message(sessions[1]!.id, operator.id, start + 2000));
    let statements = 0;
    const counting: KyselyPlugin = {
      transformQuery: (args) => {
        statements += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    await writeInOrder(h.app.database.db.withPlugin(counting), h.app.database.engine, writes, {}, h.app.database.facts);
    assert.ok(statements <= 9, `${statements} statements for a batch of ${writes.length} messages`);
    const cycles = (await allEvents(h.app.database.db)).filter((e) => e.kind === 'reply' && sessions.some((s) => s.id === e.session_id));
    assert.deepEqual(cycles.map((e) => [e.session_id, e.wall_ms]).sort(), [
      [sessions[0]!.id, 1000],
      [sessions[1]!.id, 1999],
    ].sort());
  });
});
