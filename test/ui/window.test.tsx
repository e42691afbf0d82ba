import { expect, waitUntil } from '@open-wc/testing';
import { emulateMedia, sendKeys, setViewport } from '@web/test-runner-commands';
import { fireEvent } from '@testing-library/dom';
import { ChatWindow, type ChatWindowProps } from '../../src/ui/window/chat-window.js';
import { mount, recorder, uiText, unmountAll } from './support/mount.js';

function props(overrides: Partial<ChatWindowProps> = {}): ChatWindowProps {
  return {
    title: 'Mitchell Admin',
    status: 'online',
    unreadCount: 0,
    typingNames: [],
    folded: false,
    mobile: false,
    onToggleFold: () => {},
    onClose: () => {},
    ...overrides,
  };
}

/** Finds the smallest element reading `text` whole, even when a name in it is an element of its own. */
const reading = (text: string) => (_: string, element: Element | null): boolean =>
  element?.textContent === text && ![...element.children].some((child) => child.textContent === text);

describe('ChatWindow', () => {
  afterEach(async () => {
    unmountAll();
    await emulateMedia({ reducedMotion: 'no-preference' });
    await setViewport({ width: 800, height: 600 });
  });

  it('is a non-modal dialog named by its title, with status and a Close button', () => {
    const onClose = recorder();
    const { screen } = mount(<ChatWindow {...props({ onClose })}>body</ChatWindow>);
    const dialog = screen.getByRole('dialog', { name: 'Mitchell Admin' });
    expect(dialog.getAttribute('aria-modal')).to.equal('false');
    expect(screen.getByRole('status').textContent).to.equal('Online');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose.calls).to.have.length(1);
  });

  it('shows the connection state', () => {
    const { screen, rerender } = mount(<ChatWindow {...props({ status: 'connecting' })} />);
    expect(screen.getByRole('status').textContent).to.equal('Connecting...');
    rerender(<ChatWindow {...props({ status: 'reconnecting' })} />);
    expect(screen.getByRole('status').textContent).to.equal('Reconnecting...');
    rerender(<ChatWindow {...props({ status: 'offline' })} />);
    expect(screen.getByRole('status').textContent).to.equal('Offline');
  });

  it('shows the unread counter and who is typing in the header', () => {
    const { screen, rerender } = mount(<ChatWindow {...props({ unreadCount: 3, typingNames: ['Anna'] })} />);
    expect(screen.getByRole('img', { name: '3 unread messages' }).textContent).to.equal('3');
    expect(screen.getByText(reading('Anna is typing...'))).to.exist;
    rerender(<ChatWindow {...props({ unreadCount: 1, typingNames: ['Anna', 'Bob'] })} />);
    expect(screen.getByRole('img', { name: '1 unread message' })).to.exist;
    expect(screen.getByText(reading('Anna and Bob are typing...'))).to.exist;
    rerender(<ChatWindow {...props({ typingNames: ['Anna', 'Bob', 'Carl', 'Dora'] })} />);
    expect(screen.getByText(reading('Anna, Bob and more are typing...'))).to.exist;
    expect(screen.queryByRole('img', { name: /unread/ })).to.equal(null);
  });

  it('pulses three dots beside who is typing, which assistive technology does not read, and holds them still for reduced motion', async () => {
    const { screen } = mount(<ChatWindow {...props({ typingNames: ['Anna'] })} />);
    const typing = screen.getByText(reading('Anna is typing...'));
    const dots = typing.querySelector('[aria-hidden="true"]')!;
    expect(dots.children).to.have.length(3);
    expect(getComputedStyle(dots.children[0]!).animationName).to.equal('lc-typing');
    await emulateMedia({ reducedMotion: 'reduce' });
    try {
      expect(getComputedStyle(dots.children[0]!).animationName).to.equal('none');
    } finally {
      await emulateMedia({ reducedMotion: 'no-preference' });
    }
  });

  it("shows the operator's picture beside the name, and nothing when it does not load or is no web address", async () => {
    const { screen, rerender } = mount(<ChatWindow {...props({ avatarUrl: 'data:image/gif;base64,R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==' })} />);
    expect(screen.queryByRole('img'), 'a data: address is not taken from the server').to.equal(null);
    // A server error (the test routes' HTML 500), not a picture.
    rerender(<ChatWindow {...props({ avatarUrl: `${location.origin}/__test__/rpc/html-500` })} />);
    const header = screen.getByRole('dialog').querySelector('header')!;
    expect(header.querySelector('img')?.getAttribute('alt'), 'decorative: the title names the operator').to.equal('');
    await waitUntil(() => header.querySelector('img') === null, 'a picture that fails to load goes away');
  });

  it('folds on a click on the header bar, not on its buttons', () => {
    const onToggleFold = recorder();
    const onClose = recorder();
    const { screen, root } = mount(<ChatWindow {...props({ onToggleFold, onClose })} />);
    fireEvent.click(root.querySelector('header') as HTMLElement);
    expect(onToggleFold.calls).to.have.length(1);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onToggleFold.calls).to.have.length(1);
    fireEvent.click(screen.getByRole('button', { name: 'Minimize' }));
    expect(onToggleFold.calls).to.have.length(2);
  });

  it('is 400 px high open and 34 px folded, animated over 200 ms', async () => {
    const body = <button type="button">inside</button>;
    const { screen, rerender } = mount(<ChatWindow {...props()}>{body}</ChatWindow>);
    const dialog = screen.getByRole('dialog');
    expect(getComputedStyle(dialog).height).to.equal('400px');
    expect(getComputedStyle(dialog).transitionDuration).to.equal('0.2s');
    expect(getComputedStyle(dialog).transitionProperty).to.equal('height');
    expect(screen.getByRole('button', { name: 'inside' })).to.exist;
    rerender(<ChatWindow {...props({ folded: true })}>{body}</ChatWindow>);
    await waitUntil(() => getComputedStyle(dialog).height === '34px', 'the window never folded to 34 px');
    expect(screen.getByRole('button', { name: 'Restore' }).getAttribute('aria-expanded')).to.equal('false');
    expect(screen.queryByRole('button', { name: 'inside' })).to.equal(null);
  });

  it('does not animate when the visitor prefers reduced motion', async () => {
    await emulateMedia({ reducedMotion: 'reduce' });
    const { screen } = mount(<ChatWindow {...props()} />);
    expect(getComputedStyle(screen.getByRole('dialog')).transitionDuration).to.equal('0s');
  });

  it('sits at the right edge, and at the left edge in a right-to-left language', () => {
    const ltr = mount(<ChatWindow {...props()} />);
    const ltrBox = ltr.screen.getByRole('dialog').getBoundingClientRect();
    expect(window.innerWidth - ltrBox.right).to.be.lessThan(ltrBox.left);
    const rtl = mount(<ChatWindow {...props()} />, uiText('ar'));
    const rtlBox = rtl.screen.getByRole('dialog').getBoundingClientRect();
    expect(rtlBox.left).to.be.lessThan(window.innerWidth - rtlBox.right);
    expect(rtl.screen.getByRole('button', { name: 'إغلاق' })).to.exist;
  });

  it('takes the whole screen on mobile, where it never folds', async () => {
    await setViewport({ width: 360, height: 640 });
    const onToggleFold = recorder();
    const { screen, root } = mount(<ChatWindow {...props({ mobile: true, folded: true, onToggleFold })}>body</ChatWindow>);
    const box = screen.getByRole('dialog').getBoundingClientRect();
    expect([box.width, box.height]).to.deep.equal([360, 640]);
    fireEvent.click(root.querySelector('header') as HTMLElement);
    expect(onToggleFold.calls).to.have.length(0);
    expect(screen.queryByRole('button', { name: /Minimize|Restore/ })).to.equal(null);
    expect(screen.getByText('body')).to.exist;
  });

  it('puts the typing text on its own line on a 375 px phone, cutting neither it nor the name', async () => {
    await setViewport({ width: 375, height: 667 });
    const header = props({ title: 'Administrator', typingNames: ['Administrator'], mobile: true, unreadCount: 2, onToggleSound: () => {}, onMinimise: () => {} });
    const { screen } = mount(<ChatWindow {...header}>body</ChatWindow>);
    const name = screen.getByRole('heading', { name: 'Administrator' });
    const typing = screen.getByText(reading('Administrator is typing...'));
    // The typing text is an inline run: the box that would cut it is the line it sits in.
    for (const [what, box] of [['name', name], ['typing text', typing.parentElement as HTMLElement]] as const) {
      expect(box.scrollWidth, `the ${what} is cut`).to.be.at.most(box.clientWidth);
    }
    expect(typing.getBoundingClientRect().top).to.be.at.least(name.getBoundingClientRect().bottom);
    expect(typing.getBoundingClientRect().bottom, 'the typing line spills out of the header').to.be.at.most((name.closest('header') as HTMLElement).getBoundingClientRect().bottom);
    for (const button of ['Mute sounds', 'Minimise', 'Close']) expect(screen.getByRole('button', { name: button })).to.exist;
  });

  it('hides the window out of sight and reach when minimised, keeping what is in it', () => {
    const onMinimise = recorder();
    const { screen, rerender } = mount(<ChatWindow {...props({ mobile: true, onMinimise })}>body</ChatWindow>);
    fireEvent.click(screen.getByRole('button', { name: 'Minimise' }));
    expect(onMinimise.calls).to.have.length(1);
    rerender(<ChatWindow {...props({ mobile: true, onMinimise, minimised: true })}>body</ChatWindow>);
    expect(screen.queryByRole('dialog')).to.equal(null);
    expect(screen.getByText('body').isConnected).to.equal(true);
  });

  it('takes header colours from props and ignores values that are not colours', () => {
    const { root } = mount(<ChatWindow {...props({ headerColor: 'rebeccapurple', titleColor: 'javascript:alert(1)' })} />);
    const header = root.querySelector('header') as HTMLElement;
    expect(getComputedStyle(header).backgroundColor).to.equal('rgb(102, 51, 153)');
    expect(getComputedStyle(header).color).to.equal('rgb(255, 255, 255)');
  });

  it('hands Escape to the caller', async () => {
    const onEscape = recorder();
    const { screen } = mount(<ChatWindow {...props({ onEscape })} />);
    screen.getByRole('button', { name: 'Close' }).focus();
    await sendKeys({ press: 'Escape' });
    expect(onEscape.calls).to.have.length(1);
  });

  it('has a mute toggle named in the page language, pressed while muted, that does not fold', () => {
    const onToggleSound = recorder();
    const onToggleFold = recorder();
    const { screen, rerender } = mount(<ChatWindow {...props({ onToggleSound, onToggleFold })} />);
    const mute = screen.getByRole('button', { name: 'Mute sounds' });
    expect(mute.getAttribute('aria-pressed')).to.equal('false');
    fireEvent.click(mute);
    expect(onToggleSound.calls).to.have.length(1);
    expect(onToggleFold.calls).to.have.length(0);
    rerender(<ChatWindow {...props({ onToggleSound, soundMuted: true })} />);
    expect(screen.getByRole('button', { name: 'Mute sounds', pressed: true })).to.exist;
    for (const [lang, name] of [['fr', 'Couper les sons'], ['ar', 'كتم الأصوات']] as const) {
      const other = mount(<ChatWindow {...props({ onToggleSound })} />, uiText(lang));
      expect(other.screen.getByRole('button', { name, pressed: false }), lang).to.exist;
    }
  });
});
