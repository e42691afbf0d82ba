/** Mixed-direction text in the whole widget: each message and name reads in its own direction. */
import { expect } from '@open-wc/testing';
import { within } from '@testing-library/dom';
import { clearWidgetCookies, mountWidget, scriptedServer, shadow, until } from './support.js';

describe('<live-chat> mixed-direction text', function () {
  this.timeout(30_000);
  before(async function warmUp() {
    this.timeout(60_000);
    await import('../../src/element/full/index.js');
  });
  beforeEach(clearWidgetCookies);
  afterEach(clearWidgetCookies);

  it('an Arabic widget shows an English message with an e-mail address left to right, in its right-to-left window', async () => {
    const server = await scriptedServer();
    const el = await mountWidget(server.url, 'lang="ar"');
    (await until(() => within(shadow(el)).queryByRole('button', { name: /تحدث/ }), 'no chat button')).click();
    const dialog = await until(() => within(shadow(el)).queryByRole('dialog', { name: 'Mitchell Admin' }), 'the window never opened');
    await server.push({
      id: 900, body: '<p>Please write to support@example.com.</p>', date: '2026-01-01 10:00:00', author_id: [3, 'Mitchell Admin'], message_type: 'comment',
      attachment_ids: [], channel_ids: [42], is_discussion: true, is_notification: false,
    });
    const log = within(dialog).getByRole('log');
    const text = await until(() => within(log).queryByText('Please write to support@example.com.'), 'the message never came');
    expect(getComputedStyle(dialog).direction, 'the window is right to left').to.equal('rtl');
    expect(text.closest('[dir]')?.getAttribute('dir')).to.equal('auto');
    expect(getComputedStyle(text).direction).to.equal('ltr');
    const author = within(log).getAllByText('Mitchell Admin').at(-1)!;
    expect([author.getAttribute('dir'), getComputedStyle(author).direction]).to.deep.equal(['auto', 'ltr']);
  });
});
