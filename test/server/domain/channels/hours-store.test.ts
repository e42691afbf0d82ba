/** The channels domain reads a channel's stored schedule for readers outside the business-hours feature. */
import { it } from 'node:test';
import assert from 'node:assert/strict';
import type { BusinessHours } from '../../../../src/protocol/business-hours.js';
import { channelBusinessHours, channelBusinessHoursOf } from '../../../../src/server/domain/channels/index.js';
import { KyselyBusinessHoursStore } from '../../../../src/server/features/business-hours/business-hours-store.js';
import { describeEachEngine } from '../../support/harness.js';

describeEachEngine('channel business hours read', (h) => {
  it('reads the stored schedule, and nothing for a channel without one', async () => {
    const { channel } = await h.channelWithOperator({ online: false });
    assert.equal(await channelBusinessHours(h.app.database.db, channel.id), undefined);
    const hours: BusinessHours = { time_zone: 'Asia/Tokyo', week: [[{ start: '09:00', end: '18:00' }], [], [], [], [], [], []], closed_dates: ['2024-12-31'] };
    await new KyselyBusinessHoursStore(h.app.database.db).set(channel.id, hours, h.clock.now());
    assert.deepEqual(await channelBusinessHours(h.app.database.db, channel.id), hours);
    const other = await h.channelWithOperator({ online: false });
    assert.deepEqual(await channelBusinessHoursOf(h.app.database.db, [channel.id, other.channel.id]), new Map([[channel.id, hours]]), 'only the channels with a schedule');
    assert.deepEqual(await channelBusinessHoursOf(h.app.database.db, []), new Map());
  });
});
