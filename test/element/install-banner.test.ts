import { expect, waitUntil } from '@open-wc/testing';
import { within } from '@testing-library/dom';
import type { LiveChatElement } from '../../src/element/live-chat-element.js';
import { clearWidgetCookies, mountWidget, recordEvents, scriptedServer, shadow, until } from './support.js';

const BUTTON = 'Chat with one of our collaborators';

/** Distance in px between the bottom of the viewport and the bottom of the chat button. */
function lift(el: LiveChatElement): number {
  const button = within(shadow(el)).getByRole('button', { name: BUTTON });
  return Math.round(window.innerHeight - button.getBoundingClientRect().bottom);
}

/** A banner fixed at the bottom of the page, as a host's "install our app" bar would be. */
function addBanner(height: number, attrs: Record<string, string> = { 'data-live-chat-install-banner': '' }): HTMLElement {
  const banner = document.createElement('div');
  for (const [name, value] of Object.entries(attrs)) banner.setAttribute(name, value);
  banner.textContent = 'Install our app';
  Object.assign(banner.style, { position: 'fixed', left: '0', right: '0', bottom: '0', height: `${height}px`, background: '#eee' });
  document.body.append(banner);
  return banner;
}

describe('<live-chat> above an install banner', () => {
  before(async function warmUp() {
    this.timeout(60_000);
    await import('../../src/element/full/index.js');
  });
  const banners: HTMLElement[] = [];
  beforeEach(clearWidgetCookies);
  afterEach(() => {
    clearWidgetCookies();
    for (const b of banners.splice(0)) b.remove();
  });

  it('raises the facade and then the React button by the banner height, following it as it changes and goes', async () => {
    const server = await scriptedServer();
    const el = await mountWidget(server.url);
    await until(() => el.shadowRoot?.querySelector('.lc-button[data-facade]'), 'no facade');
    expect(lift(el)).to.equal(0);

    const banner = addBanner(60);
    banners.push(banner);
    await waitUntil(() => lift(el) === 60, `the facade was not raised (lift ${lift(el)})`);

    el.shadowRoot?.querySelector('.lc-button[data-facade]')?.dispatchEvent(new PointerEvent('pointerenter'));
    await until(() => el.shadowRoot?.querySelector('.lc-button:not([data-facade])'), 'React never took over');
    expect(lift(el)).to.equal(60);

    banner.style.height = '85px';
    await waitUntil(() => lift(el) === 85, `the resize was not followed (lift ${lift(el)})`);
    banner.style.display = 'none';
    await waitUntil(() => lift(el) === 0, `a hidden banner still raises the button (lift ${lift(el)})`);
    banner.style.display = '';
    await waitUntil(() => lift(el) === 85, 'the banner shown again was not followed');
    banner.remove();
    await waitUntil(() => lift(el) === 0, `the removed banner still raises the button (lift ${lift(el)})`);
  });

  it('finds the banner named by install-banner-selector; an invalid selector is reported and the default is used', async () => {
    const server = await scriptedServer();
    const el = await mountWidget(server.url, 'install-banner-selector="#app-bar"');
    await until(() => within(shadow(el)).queryByRole('button', { name: BUTTON }), 'no button');
    banners.push(addBanner(40, { id: 'app-bar' }));
    await waitUntil(() => lift(el) === 40, `the named banner was not followed (lift ${lift(el)})`);

    const rec = recordEvents(el);
    el.setAttribute('install-banner-selector', 'div[');
    await waitUntil(() => lift(el) === 0, 'an invalid selector kept the old banner');
    expect(rec.of('livechat:error')).to.deep.include({ code: 'invalid_option', message: 'Invalid attribute value: install-banner-selector (not a CSS selector)' });
    banners.push(addBanner(30));
    await waitUntil(() => lift(el) === 30, `the default marker was not used (lift ${lift(el)})`);
  });
});
