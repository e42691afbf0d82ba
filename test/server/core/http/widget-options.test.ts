/**
 * `/im_livechat/init` answers the channel's widget options (PROTOCOL.md §2.1 keys), as an admin edits
 * them in the console through `/im_livechat/operator/admin/update_channel`.
 */
import { it } from 'node:test';
import assert from 'node:assert/strict';
import type { InitResult } from '../../../../src/protocol/livechat.js';
import { ADMIN_PASSWORD, describeEachEngine } from '../../support/harness.js';
import { DEFAULT_CHANNEL_OPTIONS } from '../../support/channel-options.js';
import { UPDATE_CHANNEL_ROUTE } from '../../../../src/protocol/console/routes.js';
import { INIT_ROUTE } from '../../../../src/protocol/routes.js';

const UNSET = DEFAULT_CHANNEL_OPTIONS;

describeEachEngine('channel options in /im_livechat/init', (h) => {
  it('a new channel has no options set: every key is false, online or not', async () => {
    const { channel, operator, password } = await h.channelWithOperator({ online: false });
    assert.deepEqual(await h.call(INIT_ROUTE, { channel_id: channel.id }), { available_for_me: false, rule: {}, options: UNSET });
    await h.login(operator.login, password);
    const init = await h.call<InitResult>(INIT_ROUTE, { channel_id: channel.id });
    assert.equal(init.available_for_me, true);
    assert.deepEqual(init.options, UNSET);
  });

  it('answers what an admin sets in the console, and false again once a colour is cleared', async () => {
    const admin = await h.login('admin', ADMIN_PASSWORD);
    const { channel } = await h.channelWithOperator();
    await h.call(
      UPDATE_CHANNEL_ROUTE,
      {
        channel_id: channel.id,
        values: {
          button_text: 'Talk to us',
          default_message: 'Hello there!',
          input_placeholder: 'Your question',
          button_background_color: '#112233',
          button_text_color: '#ffffff',
          header_background_color: '#445566',
          title_color: '#fedcba',
        },
      },
      { cookie: admin },
    );
    const init = await h.call<InitResult>(INIT_ROUTE, { channel_id: channel.id });
    assert.deepEqual(init.options, {
      button_text: 'Talk to us',
      default_message: 'Hello there!',
      input_placeholder: 'Your question',
      button_background_color: '#112233',
      button_text_color: '#ffffff',
      header_background_color: '#445566',
      title_color: '#fedcba',
      visitor_upload: UNSET.visitor_upload,
    });
    await h.call(UPDATE_CHANNEL_ROUTE, { channel_id: channel.id, values: { button_background_color: '', title_color: false } }, { cookie: admin });
    const cleared = await h.call<InitResult>(INIT_ROUTE, { channel_id: channel.id });
    assert.equal(cleared.options?.button_background_color, false);
    assert.equal(cleared.options?.title_color, false);
    assert.equal(cleared.options?.button_text, 'Talk to us');
  });

  it('an emptied welcome message is "" (no welcome bubble); an emptied button text or placeholder is not set', async () => {
    const admin = await h.login('admin', ADMIN_PASSWORD);
    const { channel } = await h.channelWithOperator();
    await h.call(UPDATE_CHANNEL_ROUTE, { channel_id: channel.id, values: { default_message: '', button_text: '  ', input_placeholder: '' } }, { cookie: admin });
    const init = await h.call<InitResult>(INIT_ROUTE, { channel_id: channel.id });
    assert.deepEqual(init.options, { ...UNSET, default_message: '' });
  });

  it('an admin limits or turns off visitor uploads; init follows, and bad values are refused', async () => {
    const admin = await h.login('admin', ADMIN_PASSWORD);
    const { channel } = await h.channelWithOperator();
    const update = (values: Record<string, unknown>) => h.rpc(UPDATE_CHANNEL_ROUTE, { channel_id: channel.id, values }, { cookie: admin });
    const saved = await update({ visitor_upload_max_bytes: 2 * 1024 * 1024, visitor_upload_types: ' IMAGE/*, application/pdf ' });
    assert.deepEqual(
      [saved.body.result].map((r) => {
        const c = r as { visitor_uploads: boolean; visitor_upload_max_bytes: number; visitor_upload_types: string };
        return [c.visitor_uploads, c.visitor_upload_max_bytes, c.visitor_upload_types];
      }),
      [[true, 2 * 1024 * 1024, 'image/*,application/pdf']],
    );
    assert.deepEqual((await h.call<InitResult>(INIT_ROUTE, { channel_id: channel.id })).options?.visitor_upload, { max_bytes: 2 * 1024 * 1024, types: ['image/*', 'application/pdf'] });
    for (const values of [
      { visitor_uploads: 'yes' },
      { visitor_uploads: 1 },
      { visitor_upload_max_bytes: 0 },
      { visitor_upload_max_bytes: 2 ** 40 },
      { visitor_upload_max_bytes: '10MB' },
      { visitor_upload_types: '' },
      { visitor_upload_types: 'pictures' },
      { visitor_upload_types: 'image/png;charset=x' },
      { visitor_upload_types: `${'image/png,'.repeat(200)}image/gif` },
      { visitor_upload_types: 'image/png\u0000' },
    ]) {
      const { body } = await update(values);
      assert.equal(body.error?.data.exception_type, 'validation_error', JSON.stringify(values));
    }
    await update({ visitor_uploads: false });
    assert.equal((await h.call<InitResult>(INIT_ROUTE, { channel_id: channel.id })).options?.visitor_upload, false);
  });
});
