import { expect } from '@open-wc/testing';
import { within } from '@testing-library/dom';
import { clearWidgetCookies, mountWidget, scriptedServer, shadow, until } from './support.js';

const BUTTON = 'Chat with one of our collaborators';

// What a host page writes on the element: custom properties inherit into the shadow root.
const THEME = [
  '--live-chat-accent: rgb(0, 90, 60)',
  '--live-chat-header-color: rgb(255, 250, 200)',
  '--live-chat-button-background: rgb(20, 40, 120)',
  '--live-chat-button-color: rgb(255, 255, 0)',
  '--live-chat-font-family: Georgia, serif',
  '--live-chat-font-size: 16px',
  '--live-chat-radius: 3px',
  '--live-chat-width: 300px',
  '--live-chat-offset-bottom: 20px',
  '--live-chat-offset-inline: 30px',
  '--live-chat-z-index: 500',
].join('; ');

async function takeOver(el: HTMLElement): Promise<HTMLElement> {
  const facade = await until(() => el.shadowRoot?.querySelector<HTMLElement>('.lc-button[data-facade]'), 'no facade button');
  facade.dispatchEvent(new PointerEvent('pointerenter'));
  await until(() => el.shadowRoot?.querySelector('.lc-button:not([data-facade])'), 'React never took over the button');
  return within(shadow(el as never)).getByRole('button', { name: BUTTON });
}

describe('<live-chat> theming custom properties', () => {
  before(async function warmUp() {
    this.timeout(60_000);
    await import('../../src/element/full/index.js');
  });
  beforeEach(clearWidgetCookies);
  afterEach(clearWidgetCookies);

  it('themes the button and window from the host page: colours, font, corners, width, offsets, stacking', async () => {
    const server = await scriptedServer();
    const el = await mountWidget(server.url, `style="${THEME}"`);
    const facade = await until(() => el.shadowRoot?.querySelector<HTMLElement>('.lc-button[data-facade]'), 'no facade button');
    expect(getComputedStyle(facade).backgroundColor, 'facade background').to.equal('rgb(20, 40, 120)');
    const button = await takeOver(el);
    const look = getComputedStyle(button);
    expect(look.backgroundColor).to.equal('rgb(20, 40, 120)');
    expect(look.color).to.equal('rgb(255, 255, 0)');
    expect(look.fontFamily).to.equal('Georgia, serif');
    expect(look.fontSize).to.equal('17px');
    expect(look.borderTopLeftRadius).to.equal('3px');
    expect(look.zIndex).to.equal('500');
    const place = button.getBoundingClientRect();
    expect(Math.round(innerHeight - place.bottom)).to.equal(20);
    expect(Math.round(document.documentElement.clientWidth - place.right)).to.equal(30);

    button.click();
    const dialog = await until(() => within(shadow(el)).queryByRole('dialog', { name: 'Mitchell Admin' }), 'the window never opened');
    const box = dialog.getBoundingClientRect();
    expect(box.width).to.equal(300);
    expect(Math.round(innerHeight - box.bottom)).to.equal(20);
    expect(Math.round(document.documentElement.clientWidth - box.right)).to.equal(30);
    const win = getComputedStyle(dialog);
    expect(win.zIndex).to.equal('500');
    expect(win.fontFamily).to.equal('Georgia, serif');
    expect(win.fontSize).to.equal('16px');
    expect(win.borderTopRightRadius).to.equal('3px');
    // The height stays the SPEC's whatever the host page sets.
    await until(() => (dialog.getBoundingClientRect().height === 400 ? true : null), 'the window is not 400 px high');
    // Without a header colour of its own, the header takes the accent.
    const header = dialog.querySelector<HTMLElement>('[part="header"]') as HTMLElement;
    expect(getComputedStyle(header).backgroundColor).to.equal('rgb(0, 90, 60)');
    expect(getComputedStyle(header).color).to.equal('rgb(255, 250, 200)');
    expect(getComputedStyle(within(dialog).getByRole('heading', { name: 'Mitchell Admin' })).fontSize).to.equal('16px');
  });

  it('lets the colour attributes win over the custom properties', async () => {
    const server = await scriptedServer();
    const el = await mountWidget(server.url, `style="${THEME}" button-background-color="rgb(200, 0, 0)" header-color="rgb(0, 0, 0)" title-color="rgb(255, 255, 255)"`);
    const button = await takeOver(el);
    expect(getComputedStyle(button).backgroundColor).to.equal('rgb(200, 0, 0)');
    expect(getComputedStyle(button).color, 'the text colour property still applies').to.equal('rgb(255, 255, 0)');
    button.click();
    const dialog = await until(() => within(shadow(el)).queryByRole('dialog', { name: 'Mitchell Admin' }), 'the window never opened');
    const header = dialog.querySelector<HTMLElement>('[part="header"]') as HTMLElement;
    expect(getComputedStyle(header).backgroundColor).to.equal('rgb(0, 0, 0)');
    expect(getComputedStyle(header).color).to.equal('rgb(255, 255, 255)');
  });

  it('lets the channel colours win over the custom properties', async () => {
    const server = await scriptedServer({ options: { button_background_color: '#123456', header_background_color: '#224466' } });
    const el = await mountWidget(server.url, `style="${THEME}"`);
    const button = await takeOver(el);
    expect(getComputedStyle(button).backgroundColor).to.equal('rgb(18, 52, 86)');
    button.click();
    const dialog = await until(() => within(shadow(el)).queryByRole('dialog', { name: 'Mitchell Admin' }), 'the window never opened');
    expect(getComputedStyle(dialog.querySelector('[part="header"]') as HTMLElement).backgroundColor).to.equal('rgb(34, 68, 102)');
  });
});
