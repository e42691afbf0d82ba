import { it } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachEngine } from '../../support/harness.js';
import { CHAT_POST_ROUTE, FEEDBACK_ROUTE } from '../../../../src/protocol/routes.js';

// The widget rates a conversation after the operator closed it (the feedback panel opens on
// `session_closed`): the rating must be kept, while the rating message the widget posts after it is
// refused like any post to a closed session.
describeEachEngine('feedback after the operator closed the session', (h) => {
  it('keeps the rating of a closed session and refuses the message posted after it', async () => {
    const { session } = await h.visitorSession();
    await h.app.store.closeVisitorSession(session.id, h.clock.now());
    const id = await h.call<number | false>(FEEDBACK_ROUTE, { uuid: session.uuid, rate: 1, reason: 'Closed on me' });
    assert.equal(typeof id, 'number');
    const rating = await h.app.store.getRating(session.id);
    assert.equal(rating?.rate, 1);
    assert.equal(rating?.reason, 'Closed on me');
    assert.equal(await h.call(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: 'Rating: 😞 \nClosed on me' }), false);
  });
});
