/**
 * Channel URL patterns are bounded in what they cost to match, not only in length: 200 characters of
 * large counted repeats would cost hundreds of milliseconds on every init of the channel.
 */
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { ADMIN_PASSWORD, describeEachEngine } from '../../support/harness.js';
import { patternCost } from '../../../../src/server/domain/channels/pattern-cost.js';
import { urlMatches } from '../../../../src/server/domain/channels/rules.js';
import { UPDATE_CHANNEL_ROUTE } from '../../../../src/protocol/console/routes.js';
import { CALL_KW_ROUTE, INIT_ROUTE } from '../../../../src/protocol/routes.js';

const COSTLY = ['(a{1000}){1000}', 'a{1000}', '[a-z]{100}'.repeat(9), '([a-z]{99}){10}', '(?:x{99}|y{99}){10}', '((a{9}){9}){9}'];

describeEachEngine('URL pattern cost', (h) => {
  it('an administrator saving a pattern of large counted repeats gets a clear validation error', async () => {
    const { channel } = await h.channelWithOperator();
    const admin = await h.login('admin', ADMIN_PASSWORD);
    for (const pattern of COSTLY) {
      const { body } = await h.rpc(UPDATE_CHANNEL_ROUTE, { channel_id: channel.id, values: { rule_url_pattern: pattern } }, { cookie: admin });
      assert.equal(body.error?.data.exception_type, 'validation_error', pattern);
      assert.match(body.error?.data.message ?? '', /repeats too much|too large once its repeats are written out/, pattern);
      const write = await h.rpc(CALL_KW_ROUTE, { model: 'im_livechat.channel', method: 'write', args: [[channel.id], { rule_url_pattern: pattern }], kwargs: {} }, { cookie: admin });
      assert.match(write.body.error?.data.message ?? '', /repeats too much|too large once its repeats are written out/, pattern);
    }
    for (const pattern of ['^/(en|fr)/shop/[0-9]{4}/?$', '[a-z]{100}b', '.*/shop/.*/product/.*', 'x'.repeat(200)]) {
      const { body } = await h.rpc(UPDATE_CHANNEL_ROUTE, { channel_id: channel.id, values: { rule_url_pattern: pattern } }, { cookie: admin });
      assert.equal(body.error, undefined, `${pattern}: ${JSON.stringify(body.error)}`);
    }
  });

  it('a costly pattern stored before the bound matches nothing and costs an init nothing', async () => {
    const { channel } = await h.channelWithOperator();
    await h.app.store.updateChannel(channel.id, { rule_action: 'hide_button', rule_url_pattern: '[a-z]{100}'.repeat(9) });
    h.app.availability.forget();
    const init = await h.call<{ rule: Record<string, unknown> }>(INIT_ROUTE, { channel_id: channel.id, page_url: `https://x.example/${'a'.repeat(2000)}` });
    assert.deepEqual(init.rule, {});
    const started = performance.now();
    for (let i = 0; i < 10; i += 1) urlMatches(`${'[a-z]{100}'.repeat(9)}${i}`, `https://x.example/${'a'.repeat(2000)}`);
    assert.ok(performance.now() - started < 50, 'ten costly patterns are never compiled (about 45 ms each otherwise)');
  });

  it('the estimate writes counted repeats out, through groups and alternatives', () => {
    assert.deepEqual(patternCost('(a{10}){10}'), { expanded: 100, largestRepeat: 10 });
    assert.deepEqual(patternCost('[a-z]{3}\\d{2,5}'), { expanded: 8, largestRepeat: 5 });
    assert.deepEqual(patternCost('(?:ab|c){4}'), { expanded: 12, largestRepeat: 4 });
    assert.deepEqual(patternCost('(?i)(?P<n>ab)'), { expanded: 2, largestRepeat: 0 });
    assert.equal(patternCost('x{2,}').largestRepeat, 3);
  });
});
