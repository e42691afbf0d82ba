/** Issue 26: the domain's channel open gates, which features (business hours) add to. */
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { ChannelGates } from '../../../../src/server/domain/channels/index.js';

it('open without gates, and while every gate is open', async () => {
  const gates = new ChannelGates();
  assert.deepEqual(await gates.check(1, 0), { open: true });
  gates.add(async () => ({ open: true }));
  assert.deepEqual(await gates.check(1, 0), { open: true });
});

it('closed when one gate is; reopens at the latest known time, or no time when one does not know', async () => {
  const gates = new ChannelGates();
  gates.add(async (channelId) => (channelId === 1 ? { open: false, reopensAt: 100 } : { open: true }));
  gates.add(async (channelId, now) => (channelId === 1 && now > 5 ? { open: false, reopensAt: 200 } : { open: true }));
  assert.deepEqual(await gates.check(2, 10), { open: true }, 'another channel');
  assert.deepEqual(await gates.check(1, 0), { open: false, reopensAt: 100 });
  assert.deepEqual(await gates.check(1, 10), { open: false, reopensAt: 200 });
  gates.add(async () => ({ open: false }));
  assert.deepEqual(await gates.check(1, 10), { open: false });
});
