/**
 * SPEC.md §4 "Messages" in the whole widget: a window open at the bottom of its thread stays there when a
 * picture the visitor sent loads and when the next messages arrive, and counts nothing as unread.
 */
import { expect } from '@open-wc/testing';
import { within } from '@testing-library/dom';
import { sendKeys } from '@web/test-runner-commands';
import type { LiveChatElement } from '../../src/element/live-chat-element.js';
import { clearWidgetCookies, mountWidget, scriptedServer, shadow, until, operatorMessage } from './support.js';

/** A real 400 × 400 PNG: its thumbnail grows the thread only once the browser has loaded it. */
async function photo(name: string): Promise<File> {
  const canvas = document.createElement('canvas');
  canvas.width = 400;
  canvas.height = 400;
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#3a7bd5';
  context.fillRect(0, 0, 400, 400);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  return new File([blob!], name, { type: 'image/png' });
}

/** What the browser's file chooser does once the visitor picked a file. */
function pick(el: LiveChatElement, file: File): void {
  const input = shadow(el).querySelector('input[type="file"]') as HTMLInputElement;
  const transfer = new DataTransfer();
  transfer.items.add(file);
  input.files = transfer.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

async function say(dialog: HTMLElement, text: string): Promise<void> {
  within(dialog).getByRole('textbox').focus();
  await sendKeys({ type: text });
  await sendKeys({ press: 'Enter' });
}

const operatorSays = (id: number, text: string) => operatorMessage(id, `<p>${text}</p>`);

/** How far below the visible part of the thread its end is. */
const hiddenBelow = (log: HTMLElement): number => log.scrollHeight - log.scrollTop - log.clientHeight;

describe('<live-chat> thread at the bottom', function () {
  // Opens a chat, sends a picture and waits for the bus several times: slow on a loaded machine.
  this.timeout(30_000);
  before(async function warmUp() {
    this.timeout(60_000);
    await import('../../src/element/full/index.js');
  });
  beforeEach(clearWidgetCookies);
  afterEach(clearWidgetCookies);

  it('follows the operator’s reply and the visitor’s next message after a picture, and counts nothing unread', async () => {
    const server = await scriptedServer({ options: { visitor_upload: { max_bytes: 1024 * 1024, types: ['image/png'] } } });
    const el = await mountWidget(server.url);
    (await until(() => within(shadow(el)).queryByRole('button', { name: 'Chat with one of our collaborators' }), 'no chat button')).click();
    const dialog = await until(() => within(shadow(el)).queryByRole('dialog', { name: 'Mitchell Admin' }), 'the window never opened');
    const log = within(dialog).getByRole('log', { name: 'Conversation' });
    for (let i = 1; i <= 8; i += 1) await server.push(operatorSays(500 + i, `Step ${i} of the setup`));
    await until(() => within(log).queryByText('Step 8 of the setup'), 'the operator’s messages never came');
    expect(log.scrollHeight, 'the thread scrolls').to.be.greaterThan(log.clientHeight);
    expect(hiddenBelow(log)).to.be.at.most(5);

    pick(el, await photo('screenshot.png'));
    const image = (await until(() => within(log).queryByRole('img', { name: 'screenshot.png' }), 'the picture never showed')) as HTMLImageElement;
    await until(() => (image.complete && image.offsetHeight > 0) || null, 'the picture never loaded');
    await until(() => hiddenBelow(log) <= 5 || null, `the loaded picture pushed the thread's end ${hiddenBelow(log)} px below the window`);

    await server.push(operatorSays(600, 'Thanks, I can see the error now'));
    await until(() => within(log).queryByText('Thanks, I can see the error now'), 'the reply never came');
    expect(hiddenBelow(log), 'the reply is in view').to.be.at.most(5);
    expect(within(dialog).queryByRole('img', { name: /unread message/ }), 'no unread badge in the open window').to.equal(null);
    expect(el.unreadCount).to.equal(0);

    await say(dialog, 'Great, what next?');
    await until(() => within(log).queryByText('Great, what next?'), 'the visitor’s message never showed');
    expect(hiddenBelow(log), 'the visitor’s own message is in view').to.be.at.most(5);
    expect(within(dialog).queryByRole('img', { name: /unread message/ })).to.equal(null);
  });

  it('leaves a visitor who scrolled up where they are, and counts the reply as unread', async () => {
    const server = await scriptedServer();
    const el = await mountWidget(server.url);
    (await until(() => within(shadow(el)).queryByRole('button', { name: 'Chat with one of our collaborators' }), 'no chat button')).click();
    const dialog = await until(() => within(shadow(el)).queryByRole('dialog', { name: 'Mitchell Admin' }), 'the window never opened');
    const log = within(dialog).getByRole('log', { name: 'Conversation' });
    for (let i = 1; i <= 8; i += 1) await server.push(operatorSays(700 + i, `Step ${i} of the setup`));
    await until(() => within(log).queryByText('Step 8 of the setup'), 'the operator’s messages never came');
    log.scrollTop = 0;
    // The scroll event comes with the next frame.
    await new Promise(requestAnimationFrame);
    await new Promise(requestAnimationFrame);
    await server.push(operatorSays(800, 'Are you still there?'));
    await until(() => within(dialog).queryByRole('img', { name: '1 unread message' }), 'the reply was not counted');
    expect(log.scrollTop, 'the visitor reads on where they were').to.equal(0);
  });
});
