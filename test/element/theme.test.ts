import { expect } from '@open-wc/testing';
import { within } from '@testing-library/dom';
import { emulateMedia } from '@web/test-runner-commands';
import type { LiveChatElement } from '../../src/element/live-chat-element.js';
import { axeViolations } from '../ui/support/axe.js';
import { clearWidgetCookies, mountWidget, scriptedServer, shadow, until } from './support.js';

const WHITE = 'rgb(255, 255, 255)';
const DARK = 'rgb(31, 32, 35)';

async function openWindow(el: LiveChatElement): Promise<HTMLElement> {
  (await until(() => within(shadow(el)).queryByRole('button', { name: 'Chat with one of our collaborators' }), 'no chat button')).click();
  return until(() => within(shadow(el)).queryByRole('dialog', { name: 'Mitchell Admin' }), 'the window never opened');
}

const background = (node: Element): string => getComputedStyle(node).backgroundColor;

describe('<live-chat theme>', () => {
  before(async function warmUp() {
    this.timeout(60_000);
    await import('../../src/element/full/index.js');
  });
  beforeEach(clearWidgetCookies);
  afterEach(async () => {
    clearWidgetCookies();
    await emulateMedia({ colorScheme: 'light' });
  });

  it('stays light by default, even for a visitor who prefers dark', async () => {
    await emulateMedia({ colorScheme: 'dark' });
    const el = await mountWidget((await scriptedServer()).url);
    expect(background(await openWindow(el))).to.equal(WHITE);
  });

  it('is dark with theme="dark", with no axe violation in the thread, the composer and the feedback panel', async () => {
    const server = await scriptedServer();
    const el = await mountWidget(server.url, 'theme="dark"');
    const dialog = await openWindow(el);
    expect(background(dialog)).to.equal(DARK);
    const composer = within(dialog).getByRole('textbox', { name: 'Ask something ...' });
    expect(background(composer)).to.equal(DARK);
    expect(getComputedStyle(composer).color).to.equal('rgb(232, 234, 237)');
    await server.push({ id: 9, body: '<p>See <a href="https://example.com/help">our help</a></p>', date: '2026-01-01 10:00:00', author_id: [3, 'Mitchell Admin'], message_type: 'comment', attachment_ids: [], channel_ids: [42], is_discussion: true, is_notification: false });
    await until(() => within(dialog).queryByRole('link', { name: 'our help' }), 'the operator message never showed');
    expect(background(within(dialog).getByRole('log'))).to.equal('rgb(23, 24, 27)');
    expect(await axeViolations(el)).to.deep.equal([]);

    within(dialog).getByRole('button', { name: 'Close' }).click();
    await until(() => within(shadow(el)).queryByRole('button', { name: 'Happy' }), 'no feedback panel');
    within(shadow(el)).getByRole('button', { name: 'Sad' }).click();
    const reason = await until(() => within(shadow(el)).queryByRole('textbox', { name: 'Explain your note' }), 'no reason box');
    expect(background(reason)).to.equal(DARK);
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it('follows the visitor with theme="auto", also when the preference changes', async () => {
    await emulateMedia({ colorScheme: 'dark' });
    const el = await mountWidget((await scriptedServer()).url, 'theme="auto"');
    const dialog = await openWindow(el);
    expect(background(dialog)).to.equal(DARK);
    await emulateMedia({ colorScheme: 'light' });
    expect(background(dialog)).to.equal(WHITE);
  });

  it('switches when the attribute changes', async () => {
    const el = await mountWidget((await scriptedServer()).url);
    const dialog = await openWindow(el);
    el.setAttribute('theme', 'DARK');
    expect(background(dialog)).to.equal(DARK);
    el.setAttribute('theme', 'light');
    expect(background(dialog)).to.equal(WHITE);
  });
});
