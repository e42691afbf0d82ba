import { expect } from '@open-wc/testing';
import { within } from '@testing-library/dom';
import { clearWidgetCookies, mountWidget, scriptedServer, shadow, until } from './support.js';

// What an admin saved for the channel, as `/im_livechat/init` answers it (PROTOCOL.md §2.1 keys).
const CHANNEL = {
  button_text: 'Talk to our team',
  default_message: 'Welcome to the shop!',
  input_placeholder: 'Type your question',
  button_background_color: '#123456',
  button_text_color: '#fedcba',
  header_background_color: '#224466',
  title_color: '#ffeedd',
};

describe('<live-chat> channel options', () => {
  before(async function warmUp() {
    this.timeout(60_000);
    await import('../../src/element/full/index.js');
  });
  beforeEach(clearWidgetCookies);
  afterEach(clearWidgetCookies);

  it('shows the channel texts and colours on the facade, the React button and the window', async () => {
    const server = await scriptedServer({ options: CHANNEL });
    const el = await mountWidget(server.url);
    const facade = await until(() => el.shadowRoot?.querySelector<HTMLElement>('.lc-button[data-facade]'), 'no facade');
    expect(facade.textContent).to.equal('Talk to our team');
    expect(getComputedStyle(facade).backgroundColor).to.equal('rgb(18, 52, 86)');
    expect(getComputedStyle(facade).color).to.equal('rgb(254, 220, 186)');
    facade.dispatchEvent(new PointerEvent('pointerenter'));
    await until(() => el.shadowRoot?.querySelector('.lc-button:not([data-facade])'), 'React never took over');
    const button = within(shadow(el)).getByRole('button', { name: 'Talk to our team' });
    expect(getComputedStyle(button).backgroundColor).to.equal('rgb(18, 52, 86)');
    button.click();
    const dialog = await until(() => within(shadow(el)).queryByRole('dialog', { name: 'Mitchell Admin' }), 'no window');
    expect(within(dialog).getByRole('textbox', { name: 'Type your question' })).to.exist;
    await until(() => within(dialog).queryByText('Welcome to the shop!'), 'no channel welcome message');
    const header = dialog.querySelector<HTMLElement>('.lc-header');
    expect(header, 'the window header').to.exist;
    expect(getComputedStyle(header as HTMLElement).backgroundColor).to.equal('rgb(34, 68, 102)');
  });

  it('an attribute still wins over the channel option; unset channel options leave the defaults', async () => {
    const server = await scriptedServer({ options: { ...CHANNEL, input_placeholder: false, button_background_color: false } });
    const el = await mountWidget(server.url, 'button-text="From the page" button-text-color="#000000"');
    const facade = await until(() => el.shadowRoot?.querySelector<HTMLElement>('.lc-button[data-facade]'), 'no facade');
    expect(facade.textContent).to.equal('From the page');
    expect(getComputedStyle(facade).color).to.equal('rgb(0, 0, 0)');
    expect(facade.style.background).to.equal('');
    facade.click();
    const dialog = await until(() => within(shadow(el)).queryByRole('dialog', { name: 'Mitchell Admin' }), 'no window');
    expect(within(dialog).getByRole('textbox', { name: 'Ask something ...' })).to.exist;
    expect(within(shadow(el)).queryByRole('button', { name: 'Talk to our team' })).to.equal(null);
  });

  it('ignores channel values that are not colours, and an empty channel welcome message means none', async () => {
    const server = await scriptedServer({ options: { ...CHANNEL, button_background_color: 'red;background:url(https://evil.example/x)', default_message: '' } });
    const el = await mountWidget(server.url);
    const facade = await until(() => el.shadowRoot?.querySelector<HTMLElement>('.lc-button[data-facade]'), 'no facade');
    expect(facade.style.background).to.equal('');
    facade.click();
    const dialog = await until(() => within(shadow(el)).queryByRole('dialog', { name: 'Mitchell Admin' }), 'no window');
    await new Promise((r) => setTimeout(r, 200));
    expect(within(dialog).queryByText('How may I help you?')).to.equal(null);
  });

  it('a conversation reopened from the cookie opens at once and takes the channel colours when init answers', async () => {
    const server = await scriptedServer({ options: CHANNEL, available: false });
    document.cookie = `im_livechat_session=${encodeURIComponent(JSON.stringify({ folded: false, id: 42, message_unread_counter: 0, operator_pid: [3, 'Mitchell Admin'], name: 'x', uuid: 'uuid-cookie' }))};path=/`;
    const el = await mountWidget(server.url);
    const dialog = await until(() => within(shadow(el)).queryByRole('dialog', { name: 'Mitchell Admin' }), 'did not reopen');
    await until(() => within(dialog).queryByRole('textbox', { name: 'Type your question' }), 'the channel placeholder never came');
    const header = dialog.querySelector<HTMLElement>('.lc-header') as HTMLElement;
    expect(getComputedStyle(header).backgroundColor).to.equal('rgb(34, 68, 102)');
  });
});
