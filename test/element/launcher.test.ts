import { expect, waitUntil } from '@open-wc/testing';
import { within } from '@testing-library/dom';
import { axeViolations } from '../ui/support/axe.js';
import { clearWidgetCookies, mountWidget, recordEvents, scriptedServer, shadow, until } from './support.js';

const BUTTON = 'Chat with one of our collaborators';

/** A round button showing only an aria-hidden icon, its text kept for its name. */
function expectBubble(button: HTMLElement): void {
  const box = button.getBoundingClientRect();
  expect([box.width, box.height]).to.deep.equal([56, 56]);
  expect(getComputedStyle(button).borderTopLeftRadius).to.equal('50%');
  expect(button.querySelector('svg')?.getAttribute('aria-hidden')).to.equal('true');
  // The text is there for assistive technology, not drawn: it takes one pixel.
  const text = [...button.querySelectorAll('span')].find((s) => s.textContent === button.textContent);
  expect(text?.getBoundingClientRect().width).to.equal(1);
  expect(Math.round(innerHeight - box.bottom)).to.equal(12);
}

describe('<live-chat launcher>', () => {
  before(async function warmUp() {
    this.timeout(60_000);
    await import('../../src/element/full/index.js');
  });
  beforeEach(clearWidgetCookies);
  afterEach(clearWidgetCookies);

  it('shows a round chat button named by the button text with launcher="bubble", before and after React', async () => {
    const server = await scriptedServer();
    const el = await mountWidget(server.url, 'launcher="bubble"');
    const facade = await until(() => within(shadow(el)).queryByRole('button', { name: BUTTON }), 'no bubble');
    expect(facade.hasAttribute('data-facade')).to.equal(true);
    expectBubble(facade);
    facade.dispatchEvent(new PointerEvent('pointerenter'));
    await until(() => el.shadowRoot?.querySelector('.lc-button:not([data-facade])'), 'React never took over the button');
    const button = within(shadow(el)).getByRole('button', { name: BUTTON });
    expectBubble(button);
    expect(await axeViolations(el)).to.deep.equal([]);
    button.click();
    await until(() => within(shadow(el)).queryByRole('dialog', { name: 'Mitchell Admin' }), 'the bubble does not open the chat');
  });

  it('names the bubble by the button-text attribute', async () => {
    const el = await mountWidget((await scriptedServer()).url, 'launcher="bubble" button-text="Need help?"');
    expectBubble(await until(() => within(shadow(el)).queryByRole('button', { name: 'Need help?' }), 'no bubble named by the attribute'));
  });

  it('keeps the SPEC tab by default, and reports a launcher it does not know', async () => {
    const server = await scriptedServer();
    const el = await mountWidget(server.url, 'launcher="balloon"');
    const rec = recordEvents(el);
    const tab = await until(() => within(shadow(el)).queryByRole('button', { name: BUTTON }), 'no button');
    expect(tab.querySelector('svg')).to.equal(null);
    expect(Math.round(innerHeight - tab.getBoundingClientRect().bottom)).to.equal(0);
    el.setAttribute('launcher', 'nope');
    await waitUntil(() => rec.of('livechat:error').length === 1, 'no livechat:error');
    expect(rec.of('livechat:error')[0]).to.deep.equal({ code: 'invalid_option', message: 'Invalid attribute value: launcher (not one of tab, bubble)' });
    el.setAttribute('launcher', 'bubble');
    await until(() => within(shadow(el)).queryByRole('button', { name: BUTTON })?.querySelector('svg'), 'the attribute change did not make a bubble');
  });
});
