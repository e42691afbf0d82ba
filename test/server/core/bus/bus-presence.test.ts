import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachEngine } from '../../support/harness.js';
import { INIT_ROUTE, POLL_ROUTE } from '../../../../src/protocol/routes.js';

const MINUTE = 60_000;

describeEachEngine('operator presence from the bus (bus_inactivity)', (h) => {
  async function availableFor(channelId: number): Promise<boolean> {
    const result = await h.call<{ available_for_me: unknown }>(INIT_ROUTE, { channel_id: channelId });
    return Boolean(result.available_for_me);
  }

  async function operatorPoll(cookie: string, options?: unknown) {
    // No channels: the poll answers at once, and presence is recorded before channels are looked at.
    return h.call(POLL_ROUTE, { channels: [], last: 0, ...(options === undefined ? {} : { options }) }, { cookie });
  }

  test('an operator who polls is online; one whose last activity is over 30 minutes old is away; one who stops polling is offline', async () => {
    const { channel, cookie } = await h.channelWithOperator();
    await operatorPoll(cookie, { bus_inactivity: 2_000 });
    assert.equal(await availableFor(channel.id), true, 'online');

    await operatorPoll(cookie, { bus_inactivity: 31 * MINUTE });
    assert.equal(await availableFor(channel.id), false, 'away after 30 minutes without activity');

    await operatorPoll(cookie, { bus_inactivity: 0 });
    assert.equal(await availableFor(channel.id), true, 'back online after activity');

    h.clock.advance(2 * MINUTE);
    assert.equal(await availableFor(channel.id), false, 'offline: no poll within the presence window');

    await operatorPoll(cookie, { bus_inactivity: 0 });
    assert.equal(await availableFor(channel.id), true, 'online again with the next poll');
  });

  test('activity ages: without newer activity, an online operator turns away once 30 minutes have passed', async () => {
    const { channel, cookie } = await h.channelWithOperator();
    await operatorPoll(cookie, { bus_inactivity: 29 * MINUTE });
    assert.equal(await availableFor(channel.id), true);
    h.clock.advance(50_000);
    // Polling on without any click or key: the tab reports the inactivity grown by the same time.
    await operatorPoll(cookie, { bus_inactivity: 29 * MINUTE + 50_000 });
    h.clock.advance(20_000);
    await operatorPoll(cookie);
    assert.equal(await availableFor(channel.id), false, 'last activity 30 min 10 s ago');
  });

  test('malformed bus_inactivity values are ignored, not trusted', async () => {
    const { channel, cookie } = await h.channelWithOperator();
    await operatorPoll(cookie, { bus_inactivity: 0 });
    for (const bad of [-5, 'x', null, Number.MAX_VALUE * 10, { n: 1 }]) await operatorPoll(cookie, { bus_inactivity: bad });
    await operatorPoll(cookie, 'not an object');
    assert.equal(await availableFor(channel.id), true);
  });

  test('a visitor poll with bus_inactivity changes no operator', async () => {
    const { channel, cookie } = await h.channelWithOperator();
    await operatorPoll(cookie, { bus_inactivity: 0 });
    await h.call(POLL_ROUTE, { channels: [], last: 0, options: { bus_inactivity: 40 * MINUTE } });
    assert.equal(await availableFor(channel.id), true);
  });
});
