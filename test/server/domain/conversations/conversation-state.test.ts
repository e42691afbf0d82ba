import { it } from 'node:test';
import assert from 'node:assert/strict';
import { CONVERSATION_STATE_ROUTE } from '../../../../src/protocol/conversation-state.js';
import { describeEachEngine } from '../../support/harness.js';
import { CLOSE_SESSION_ROUTE } from '../../../../src/protocol/console/routes.js';

const UNKNOWN_UUID = '00000000-0000-4000-8000-000000000000';

// A widget reopening from its session cookie asks this before it offers a composer: the operator may
// have closed the conversation while the visitor's page was away.
describeEachEngine('conversation state for a reopening widget', (h) => {
  it('says open while the conversation is live and closed once the operator closed it', async () => {
    const { session, cookie } = await h.visitorSession();
    assert.deepEqual(await h.call(CONVERSATION_STATE_ROUTE, { uuid: session.uuid }), { state: 'open' });
    await h.call(CLOSE_SESSION_ROUTE, { session_id: session.id }, { cookie });
    assert.deepEqual(await h.call(CONVERSATION_STATE_ROUTE, { uuid: session.uuid }), { state: 'closed' });
  });

  it('answers an unknown or malformed uuid like a closed conversation, and refuses a missing one or hostile text clearly', async () => {
    const { session, cookie } = await h.visitorSession();
    await h.call(CLOSE_SESSION_ROUTE, { session_id: session.id }, { cookie });
    const hostile: unknown[] = [UNKNOWN_UUID, 'not-a-uuid', 42, null, { $ne: null }, ['x'], 'x'.repeat(20_000), `${session.uuid}\u0000`, '\uD800'];
    const closed = JSON.stringify(await h.call(CONVERSATION_STATE_ROUTE, { uuid: session.uuid }));
    for (const uuid of hostile) {
      const { res, body } = await h.rpc(CONVERSATION_STATE_ROUTE, { uuid });
      const what = JSON.stringify(uuid)?.slice(0, 40);
      assert.ok(res.statusCode < 500, what);
      // Text no uuid can be (control characters, lone surrogates, oversized) is refused before any lookup.
      if (body.error) assert.equal(body.error.data.exception_type, 'validation_error', what);
      else assert.equal(JSON.stringify(body.result), closed, what);
    }
    assert.equal((await h.rpc(CONVERSATION_STATE_ROUTE, {})).body.error?.data.message, 'uuid is not valid', 'no uuid');
    const proto = JSON.parse(`{"__proto__": {"uuid": "${session.uuid}"}}`) as Record<string, unknown>;
    const { body } = await h.rpc(CONVERSATION_STATE_ROUTE, proto);
    assert.notDeepEqual(body.result, { state: 'open' }, 'a uuid under __proto__ is not the uuid');
    if (body.error) assert.equal(body.error.data.exception_type, 'validation_error');
  });

  it('tells one visitor nothing about another visitor’s conversation', async () => {
    const a = await h.visitorSession();
    const b = await h.visitorSession();
    await h.call(CLOSE_SESSION_ROUTE, { session_id: b.session.id }, { cookie: b.cookie });
    assert.deepEqual(await h.call(CONVERSATION_STATE_ROUTE, { uuid: a.session.uuid }), { state: 'open' });
    assert.deepEqual(await h.call(CONVERSATION_STATE_ROUTE, { uuid: b.session.uuid }), { state: 'closed' });
  });
});
