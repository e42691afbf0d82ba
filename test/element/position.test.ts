import { expect, waitUntil } from '@open-wc/testing';
import { within } from '@testing-library/dom';
import type { LiveChatElement } from '../../src/element/live-chat-element.js';
import { clearWidgetCookies, mountWidget, recordEvents, scriptedServer, shadow, until } from './support.js';

const BUTTON = 'Chat with one of our collaborators';

/** Which page edge a box hugs (the widget sits 12 px from its side). */
function side(box: DOMRect): string {
  if (Math.round(box.left) === 12) return 'left';
  if (Math.round(document.documentElement.clientWidth - box.right) === 12) return 'right';
  return `neither (${box.left}..${box.right})`;
}

async function openWindow(el: LiveChatElement): Promise<HTMLElement> {
  el.open();
  return until(() => within(shadow(el)).queryByRole('dialog', { name: 'Mitchell Admin' }), 'the window never opened');
}

describe('<live-chat position>', () => {
  before(async function warmUp() {
    this.timeout(60_000);
    await import('../../src/element/full/index.js');
  });
  beforeEach(clearWidgetCookies);
  afterEach(clearWidgetCookies);

  it('puts the button and the window at the bottom left with position="left"', async () => {
    const server = await scriptedServer();
    const el = await mountWidget(server.url, 'position="left"');
    const button = await until(() => within(shadow(el)).queryByRole('button', { name: BUTTON }), 'no button');
    expect(side(button.getBoundingClientRect())).to.equal('left');
    const dialog = await openWindow(el);
    expect(side(dialog.getBoundingClientRect())).to.equal('left');
    expect(Math.round(innerHeight - dialog.getBoundingClientRect().bottom)).to.equal(0);
  });

  it('keeps the SPEC side without the attribute: right, and left in right-to-left languages', async () => {
    const server = await scriptedServer();
    const en = await mountWidget(server.url);
    expect(side((await openWindow(en)).getBoundingClientRect())).to.equal('right');
    en.remove();
    clearWidgetCookies();
    const ar = await mountWidget((await scriptedServer()).url, 'lang="ar"');
    expect(side((await openWindow(ar)).getBoundingClientRect())).to.equal('left');
  });

  it('puts the window on the right in a right-to-left language with position="right"', async () => {
    const server = await scriptedServer();
    const el = await mountWidget(server.url, 'lang="ar" position="RIGHT"');
    expect(side((await openWindow(el)).getBoundingClientRect())).to.equal('right');
  });

  it('moves when the attribute changes, and reports a value that is neither side', async () => {
    const server = await scriptedServer();
    const el = await mountWidget(server.url);
    const rec = recordEvents(el);
    const dialog = await openWindow(el);
    el.setAttribute('position', 'left');
    expect(side(dialog.getBoundingClientRect())).to.equal('left');
    el.setAttribute('position', 'middle');
    expect(side(dialog.getBoundingClientRect())).to.equal('right');
    await waitUntil(() => rec.of('livechat:error').length === 1, 'no livechat:error');
    expect(rec.of('livechat:error')[0]).to.deep.equal({ code: 'invalid_option', message: 'Invalid attribute value: position (not one of right, left)' });
  });
});
