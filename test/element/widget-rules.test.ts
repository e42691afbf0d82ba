import { expect, waitUntil } from '@open-wc/testing';
import { within } from '@testing-library/dom';
import { clearWidgetCookies, mountWidget, recordEvents, scriptedServer, shadow, until } from './support.js';
import { CHAT_POST_ROUTE, GET_SESSION_ROUTE } from '../../src/protocol/routes.js';

const BUTTON = 'Chat with one of our collaborators';

async function typeAndSend(root: HTMLElement, text: string): Promise<void> {
  const input = (await until(() => within(root).queryByRole('textbox', { name: 'Ask something ...' }), 'no composer')) as HTMLTextAreaElement;
  Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(input, text);
  input.dispatchEvent(new Event('input', { bubbles: true }));
  input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
}

describe('<live-chat> rules', () => {
  before(async function warmUp() {
    this.timeout(60_000);
    await import('../../src/element/full/index.js');
  });
  beforeEach(clearWidgetCookies);
  afterEach(clearWidgetCookies);

  it('hands the facade over to React without moving the button', async () => {
    const server = await scriptedServer();
    const el = await mountWidget(server.url, 'button-background-color="#123456"');
    const facade = await until(() => el.shadowRoot?.querySelector<HTMLElement>('.lc-button[data-facade]'), 'no facade');
    expect(el.shadowRoot?.adoptedStyleSheets.length).to.be.greaterThan(0);
    expect(el.shadowRoot?.querySelectorAll('style').length).to.equal(0);
    const before = facade.getBoundingClientRect().toJSON();
    const beforeColor = getComputedStyle(facade).backgroundColor;
    facade.focus();
    const react = await until(() => el.shadowRoot?.querySelector<HTMLElement>('.lc-button:not([data-facade])'), 'React never took over');
    expect(el.shadowRoot?.querySelector('[data-facade]')).to.equal(null);
    expect(react.getBoundingClientRect().toJSON()).to.deep.equal(before);
    expect(getComputedStyle(react).backgroundColor).to.equal(beforeColor);
    expect(beforeColor).to.equal('rgb(18, 52, 86)');
    // Focus moved with the hand-over.
    expect(el.shadowRoot?.activeElement).to.equal(react);
  });

  it('ignores attribute values that are not colours and reports them, without throwing', async () => {
    const server = await scriptedServer();
    const rec = recordEvents(document);
    const el = await mountWidget(server.url, 'button-background-color="red;background:url(https://evil.example/x)" header-color="var(--x)"');
    const button = await until(() => within(shadow(el)).queryByRole('button', { name: BUTTON }), 'no button');
    expect(button.style.background).to.equal('');
    const codes = rec.of('livechat:error').map((d) => (d as { code: string; message: string }).message);
    expect(codes.some((m) => m.includes('button-background-color'))).to.equal(true);
    expect(codes.some((m) => m.includes('header-color'))).to.equal(true);
  });

  it('opens by itself when the rule says auto_popup, unless the auto-popup cookie is false', async () => {
    const server = await scriptedServer({ rule: { action: 'auto_popup', auto_popup_timer: 0, regex_url: false } });
    document.cookie = 'im_livechat_auto_popup=false;path=/';
    const blocked = await mountWidget(server.url);
    await until(() => within(shadow(blocked)).queryByRole('button', { name: BUTTON }), 'no button');
    expect(await server.calls(GET_SESSION_ROUTE)).to.have.length(0);
    blocked.remove();
    clearWidgetCookies();
    const el = await mountWidget(server.url);
    await until(() => within(shadow(el)).queryByRole('dialog', { name: 'Mitchell Admin' }), 'the auto-popup never opened the chat');
    // By now the blocked element had as long to pop up as this one took: only one session was asked for.
    expect(await server.calls(GET_SESSION_ROUTE)).to.have.length(1);
  });

  it('marks a post that failed twice as not sent, and sends it again from its Retry button', async () => {
    const server = await scriptedServer({ failPosts: 2 });
    const el = await mountWidget(server.url);
    el.open();
    const dialog = await until(() => within(shadow(el)).queryByRole('dialog', { name: 'Mitchell Admin' }), 'no window');
    await typeAndSend(dialog, 'Will this arrive?');
    const retry = await until(() => within(dialog).queryByRole('button', { name: 'Retry' }), 'no failed state');
    expect(within(dialog).getByText('Not sent')).to.exist;
    expect(await server.calls(CHAT_POST_ROUTE)).to.have.length(2);
    retry.click();
    await waitUntil(() => !within(dialog).queryByRole('button', { name: 'Retry' }), 'still failed');
    expect(await server.calls(CHAT_POST_ROUTE)).to.have.length(3);
  });

  it('closes the chat with "Session expired" when the post answer is false', async () => {
    const server = await scriptedServer({ postAnswer: false });
    const el = await mountWidget(server.url);
    el.open();
    const dialog = await until(() => within(shadow(el)).queryByRole('dialog', { name: 'Mitchell Admin' }), 'no window');
    await typeAndSend(dialog, 'Hello?');
    const alert = await until(() => within(shadow(el)).queryByRole('alert'), 'no notice');
    expect(alert.textContent).to.contain('Session expired... Please refresh and try again.');
    await waitUntil(() => !within(shadow(el)).queryByRole('dialog'), 'the chat stayed open');
  });

  it('speaks Arabic right to left with lang="ar"', async () => {
    const server = await scriptedServer();
    const el = await mountWidget(server.url, 'lang="ar"');
    const facade = await until(() => within(shadow(el)).queryByRole('button', { name: 'تحدث مع أحد موظفينا' }), 'no Arabic button');
    facade.click();
    const dialog = await until(() => within(shadow(el)).queryByRole('dialog', { name: 'Mitchell Admin' }), 'no window');
    expect(dialog.getAttribute('dir')).to.equal('rtl');
    const box = dialog.getBoundingClientRect();
    expect(box.left).to.be.lessThan(window.innerWidth - box.right);
  });
});
