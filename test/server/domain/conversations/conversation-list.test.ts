/**
 * Issue 25, scale: the console's list reads each conversation's preview and waiting tally for the whole
 * list at once. Each summary says what the conversation itself says when opened, whatever the other
 * conversations of the list hold.
 */
import { it } from 'node:test';
import assert from 'node:assert/strict';
import type { ConversationDetail, ConversationSummary } from '../../../../src/protocol/operator-console.js';
import { CONVERSATIONS_ROUTE, CONVERSATION_ROUTE, MARK_SEEN_ROUTE } from '../../../../src/protocol/console/routes.js';
import { CHAT_POST_ROUTE, GET_SESSION_ROUTE } from '../../../../src/protocol/routes.js';
import { describeEachEngine, type Harness } from '../../support/harness.js';

async function chat(h: Harness, channelId: number): Promise<{ id: number; uuid: string }> {
  return h.call<{ id: number; uuid: string }>(GET_SESSION_ROUTE, { channel_id: channelId, anonymous_name: 'Visitor', previous_operator_id: null });
}

/** The fields the list and the opened conversation share. */
function tally(c: ConversationSummary): { unread: number; waiting_since: number | null; last: string | null } {
  return { unread: c.unread, waiting_since: c.waiting_since, last: c.last_message?.body ?? null };
}

describeEachEngine('conversation list summaries', (h) => {
  it('gives each listed conversation its own preview, unread count and waiting time, as opening it does', async () => {
    const { channel, cookie } = await h.channelWithOperator();
    const other = await h.channelWithOperator();
    const answeredThenWaiting = await chat(h, channel.id);
    const waiting = await chat(h, channel.id);
    const quiet = await chat(h, channel.id);
    const foreign = await chat(h, other.channel.id);
    const post = (uuid: string, text: string) => h.call<number>(CHAT_POST_ROUTE, { uuid, message_content: text });

    await post(answeredThenWaiting.uuid, 'one');
    await h.call(CHAT_POST_ROUTE, { session_id: answeredThenWaiting.id, message_content: 'answer' }, { cookie });
    h.clock.advance(10_000);
    const since = h.clock.now();
    const seen = await post(answeredThenWaiting.uuid, 'two');
    h.clock.advance(10_000);
    await post(answeredThenWaiting.uuid, 'three');
    await post(waiting.uuid, 'alone');
    await post(foreign.uuid, 'elsewhere');
    assert.equal(await h.call(MARK_SEEN_ROUTE, { session_id: answeredThenWaiting.id, message_id: seen }, { cookie }), true);

    const list = await h.call<ConversationSummary[]>(CONVERSATIONS_ROUTE, { view: 'mine' }, { cookie });
    assert.deepEqual(list.map((c) => c.id).sort(), [answeredThenWaiting.id, waiting.id, quiet.id].sort(), 'another channel’s conversation is not listed');
    const byId = new Map(list.map((c) => [c.id, c]));
    assert.deepEqual(tally(byId.get(answeredThenWaiting.id) as ConversationSummary), { unread: 1, waiting_since: since, last: '<p>three</p>' });
    assert.equal(byId.get(waiting.id)?.unread, 1);
    assert.deepEqual(tally(byId.get(quiet.id) as ConversationSummary), { unread: 0, waiting_since: null, last: null });
    for (const c of list) {
      const detail = await h.call<ConversationDetail>(CONVERSATION_ROUTE, { session_id: c.id }, { cookie });
      assert.deepEqual(tally(c), tally(detail), `conversation ${c.id}`);
    }
  });

  it('counts every unread visitor message past the newest hundred', async () => {
    const { channel, cookie } = await h.channelWithOperator();
    const session = await chat(h, channel.id);
    const start = h.clock.now();
    for (let i = 1; i <= 120; i += 1) {
      // Past the per-minute message limit of a session: the clock moves on.
      h.clock.advance(2_000);
      await h.call(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: `m${i}` });
    }
    const [summary] = await h.call<ConversationSummary[]>(CONVERSATIONS_ROUTE, {}, { cookie });
    assert.equal(summary?.unread, 120);
    assert.equal(summary?.waiting_since, start + 2_000);
    assert.equal(summary?.last_message?.body, '<p>m120</p>');
  });

  it('refuses hostile list parameters and lists nothing of another operator', async () => {
    const { channel, cookie } = await h.channelWithOperator();
    const stranger = await h.channelWithOperator();
    await chat(h, channel.id);
    for (const params of [{ view: 'x'.repeat(10_000) }, { view: 1 }, { tag_id: 'a' }, { tag_id: -1 }, { view: 'mine\u0007' }, JSON.parse('{"__proto__": {"view": "all"}}') as object]) {
      const { body } = await h.rpc(CONVERSATIONS_ROUTE, params, { cookie });
      assert.equal(body.error?.data.exception_type, 'validation_error', JSON.stringify(params));
    }
    assert.deepEqual(await h.call<ConversationSummary[]>(CONVERSATIONS_ROUTE, { view: 'mine' }, { cookie: stranger.cookie }), []);
  });
});
