import { expect, waitUntil } from '@open-wc/testing';
import { within } from '@testing-library/dom';
import type { LiveChatElement } from '../../src/element/live-chat-element.js';
import { clearWidgetCookies, mountWidget, scriptedServer, shadow, until, operatorMessage } from './support.js';

const BUTTON = 'Chat with one of our collaborators';

/** The polite (role status) notice that names the message's author; the header's status line is another. */
function messageNotice(el: LiveChatElement) {
  return within(shadow(el))
    .queryAllByRole('status')
    .find((n) => n.textContent?.includes('New message from Mitchell Admin'));
}

async function openAndFold(serverUrl: string) {
  const el = await mountWidget(serverUrl);
  (await until(() => within(shadow(el)).queryByRole('button', { name: BUTTON }), 'no button')).click();
  const dialog = await until(() => within(shadow(el)).queryByRole('dialog', { name: 'Mitchell Admin' }), 'the chat window never opened');
  within(dialog).getByRole('button', { name: 'Minimize' }).click();
  await until(() => within(dialog).queryByRole('button', { name: 'Restore' }), 'the window never folded');
  return { el, dialog };
}

describe('<live-chat> new-message notifications', () => {
  before(async function warmUp() {
    this.timeout(60_000);
    await import('../../src/element/full/index.js');
  });
  const clearAll = (): void => {
    clearWidgetCookies();
    localStorage.removeItem('live-chat.sound_muted');
  };
  beforeEach(clearAll);
  afterEach(clearAll);

  it('without notification permission: an in-page notice and the beep for a message arriving while folded', async () => {
    expect(Notification.permission).to.not.equal('granted');
    const server = await scriptedServer();
    const { el, dialog } = await openAndFold(server.url);
    await server.push(operatorMessage(11, '<p>Are you <b>still</b> there?</p>'));
    const notice = await until(() => messageNotice(el), 'no in-page notice');
    expect(notice.textContent).to.contain('Are you still there?');
    // The beep is fetched from the server's static folder (this page is the only tab: the bus master).
    await waitUntil(async () => (await server.calls()).some((c) => /^\/livechat\/static\/beep\.(ogg|mp3)$/.test(c.route)), 'the beep was never played');
    // The notice sits above the folded window: its Restore control stays reachable by pointer.
    await waitUntil(() => dialog.getBoundingClientRect().height === 34, 'the fold animation never ended');
    const restore = within(dialog).getByRole('button', { name: 'Restore' });
    const r = restore.getBoundingClientRect();
    expect(restore.contains(el.shadowRoot?.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2) ?? null)).to.equal(true);
    // Unfolding brings the thread into view and the notice goes.
    restore.click();
    await waitUntil(() => !messageNotice(el), 'the notice stayed after unfolding');
  });

  it('the mute toggle stops the beep, keeps the notice, and is remembered on the next visit', async () => {
    expect(Notification.permission).to.not.equal('granted');
    const server = await scriptedServer();
    const { el, dialog } = await openAndFold(server.url);
    const mute = within(dialog).getByRole('button', { name: 'Mute sounds', pressed: false });
    mute.click();
    await until(() => within(dialog).queryByRole('button', { name: 'Mute sounds', pressed: true }), 'the toggle never showed pressed');
    await server.push(operatorMessage(13, '<p>Quietly</p>'));
    await until(() => messageNotice(el), 'no in-page notice');
    // The bus answers in order, so a later message proves the first one was handled without a beep.
    await server.push(operatorMessage(14, '<p>Still quiet</p>'));
    await until(() => messageNotice(el)?.textContent?.includes('Still quiet'), 'the second notice never showed');
    expect((await server.calls()).some((c) => c.route.startsWith('/livechat/static/beep')), 'no beep while muted').to.equal(false);

    // A new visit (the element mounted again) starts muted.
    el.remove();
    const again = await mountWidget(server.url);
    const dialogAgain = await until(() => within(shadow(again)).queryByRole('dialog', { name: 'Mitchell Admin' }), 'the conversation did not reopen');
    expect(within(dialogAgain).getByRole('button', { name: 'Mute sounds' }).getAttribute('aria-pressed')).to.equal('true');
  });

  it('with permission granted: a desktop notification from the master tab, no in-page notice', async () => {
    // Headless Chromium cannot be granted the permission from inside the page, so the Notification
    // constructor is replaced by a recorder that reports "granted"; everything else is the real widget.
    const shown: { title: string; body: string | undefined }[] = [];
    const real = window.Notification;
    class GrantedNotification {
      static readonly permission: NotificationPermission = 'granted';
      constructor(title: string, options?: NotificationOptions) {
        shown.push({ title, body: options?.body });
      }
    }
    (window as unknown as { Notification: unknown }).Notification = GrantedNotification;
    try {
      const server = await scriptedServer();
      const { el } = await openAndFold(server.url);
      await server.push(operatorMessage(12, '<p>A desktop one</p>'));
      await waitUntil(() => shown.length === 1, 'no desktop notification');
      expect(shown).to.deep.equal([{ title: 'New message from Mitchell Admin', body: 'A desktop one' }]);
      expect(messageNotice(el)).to.equal(undefined);
      expect((await server.calls()).some((c) => c.route.startsWith('/livechat/static/beep'))).to.equal(false);
    } finally {
      (window as unknown as { Notification: unknown }).Notification = real;
    }
  });
});
