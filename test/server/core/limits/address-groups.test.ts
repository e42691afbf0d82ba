/** Per-address limits count an IPv6 client by its /64 and an IPv4-mapped address as the IPv4 address. */
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachEngine } from '../../support/harness.js';
import { callFrom } from '../../abuse/support.js';
import { addressKey } from '../../../../src/server/core/limits/address.js';
import { INIT_ROUTE } from '../../../../src/protocol/routes.js';

describeEachEngine(
  'per-address limits group IPv6 by /64',
  (h) => {
    it('addresses of one /64 share an allowance; the next /64 has its own', async () => {
      const { channel } = await h.channelWithOperator();
      const init = async (address: string) => (await callFrom(h, address, INIT_ROUTE, { channel_id: channel.id })).res.statusCode;
      assert.equal(await init('2001:db8:1:2::1'), 200);
      assert.equal(await init('2001:db8:1:2:ffff:ffff:ffff:fffe'), 200);
      assert.equal(await init('2001:db8:1:2:abcd::9'), 429);
      assert.equal(await init('2001:db8:1:3::1'), 200);
    });

    it('an IPv4-mapped IPv6 address shares the allowance of its IPv4 address', async () => {
      const { channel } = await h.channelWithOperator();
      const init = async (address: string) => (await callFrom(h, address, INIT_ROUTE, { channel_id: channel.id })).res.statusCode;
      assert.equal(await init('203.0.113.50'), 200);
      assert.equal(await init('::ffff:203.0.113.50'), 200);
      assert.equal(await init('::ffff:cb00:7132'), 429);
    });

    it('one key per /64 whatever the spelling, and a mapped address is its IPv4 address', async () => {
      assert.equal(addressKey('2001:DB8:0:0:1::1'), addressKey('2001:db8::2'));
      assert.equal(addressKey('::ffff:192.0.2.1'), '192.0.2.1');
      assert.notEqual(addressKey('2001:db8:0:1::1'), addressKey('2001:db8::1'));
    });
  },
  { RATE_LIMIT_INIT: '2' },
);
