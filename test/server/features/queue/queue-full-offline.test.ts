/**
 * Issue 26: what the widget reads when the queue is full. get_session keeps SPEC.md's bare `false`; the
 * channel's options (with the offline form when it has one) still come with every init answer, so a page
 * that showed the button before the queue filled opens the form, as a fresh page does.
 */
import { it } from 'node:test';
import assert from 'node:assert/strict';
import type { InitResult } from '../../../../src/protocol/livechat.js';
import { INIT_ROUTE } from '../../../../src/protocol/routes.js';
import { describeEachEngine } from '../../support/harness.js';
import { QUEUE_ENV, arrive, opened, queuedChannel } from './queue-support.js';

describeEachEngine(
  'a full queue and the offline form',
  (h) => {
    for (const form of [true, false]) {
      it(`get_session answers false; init closes the channel and ${form ? 'names the offline form' : 'says nothing of a form (SPEC.md §8)'}`, async () => {
        const { channel } = await queuedChannel(h, 1, 1);
        if (form) await h.app.store.updateChannel(channel.id, { offline_mode: 'message_form' });
        h.app.availability.forget();
        assert.equal((await h.call<InitResult>(INIT_ROUTE, { channel_id: channel.id })).available_for_me, true, 'room left: the button shows');
        await opened(h, channel.id);
        assert.deepEqual((await opened(h, channel.id)).queue?.position, 1);
        assert.equal(await arrive(h, channel.id), false, 'the queue is full');
        h.app.availability.forget();
        const init = await h.call<InitResult>(INIT_ROUTE, { channel_id: channel.id });
        assert.equal(init.available_for_me, false);
        assert.equal(init.options?.offline_mode, form ? 'message_form' : undefined);
      });
    }
  },
  QUEUE_ENV,
);
