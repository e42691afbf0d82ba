/**
 * The supervision screen's change notices under a burst: the first change is announced at once, the
 * rest of the burst once when the gap ends, and the gap is a timer: waiting for the event listeners (as
 * closing the app does) does not wait for it.
 */
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { BusChannel } from '../../../../src/protocol/livechat.js';
import { CHAT_POST_ROUTE } from '../../../../src/protocol/routes.js';
import { SET_CHANNEL_ROLE_ROUTE } from '../../../../src/protocol/console/supervision.js';
import { ANNOUNCE_GAP_MS } from '../../../../src/server/features/supervision/supervision-service.js';
import { ADMIN_PASSWORD, describeEachEngine } from '../../support/harness.js';
import { waitUntil } from '../../support/wait-until.js';

describeEachEngine('supervision announcements', (h) => {
  it('a burst of posts reaches the supervisor as two notices, and the listeners are done before the gap ends', async () => {
    const { session, channel } = await h.visitorSession();
    const supervisor = await h.app.store.createOperator({ login: `burst-${session.id}`, display_name: 'Burst', email: null, password: 'pw-burst' });
    const admin = await h.login('admin', ADMIN_PASSWORD);
    await h.call(SET_CHANNEL_ROLE_ROUTE, { channel_id: channel.id, operator_id: supervisor.id, role: 'supervisor' }, { cookie: admin });
    const heard = async () =>
      (await h.app.busStore.listNotifications({ channels: [BusChannel.operator(supervisor.id)] }))
        .map((n) => JSON.parse(n.message) as { info?: string; channel_id?: number })
        .filter((p) => p.info === 'supervision_changed' && p.channel_id === channel.id).length;
    // Let the setup's own announcements go out first.
    await h.app.events.idle();
    await sleep(ANNOUNCE_GAP_MS * 2);
    const before = await heard();

    for (const text of ['one', 'two', 'three', 'four']) await h.call(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: text });
    await h.app.events.idle();
    assert.equal(await heard(), before + 1, 'the first change at once; the others wait for the gap, outside the listeners');

    await waitUntil(async () => (await heard()) >= before + 2, 'the rest of the burst is announced');
    assert.equal(await heard(), before + 2, 'the rest of the burst as one notice');
    await sleep(ANNOUNCE_GAP_MS * 2);
    assert.equal(await heard(), before + 2, 'and nothing more');
  });
});
