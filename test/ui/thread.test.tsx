import { expect, waitUntil } from '@open-wc/testing';
import { fireEvent, within } from '@testing-library/dom';
import { flushSync } from 'react-dom';
import type { ChatMessage } from '../../src/protocol/livechat.js';
import type { UiText } from '../../src/ui/shared/ui-text.js';
import { DEFAULT_AVATAR_URL } from '../../src/ui/shared/default-avatar.js';
import { Thread, type ThreadProps } from '../../src/ui/thread/thread.js';
import { toThreadMessage, type ThreadAttachment, type ThreadMessage } from '../../src/ui/thread/thread-message.js';
import { mount, recorder, uiText, unmountAll } from './support/mount.js';

const NOW = new Date(2024, 4, 15, 12, 0, 0);
const OPERATOR = { id: 3, name: 'Mitchell Admin', avatarUrl: 'https://chat.example.com/web/partner_image/3' };
let nextId = 1;

function msg(overrides: Partial<ThreadMessage> & { at: Date }): ThreadMessage {
  const { at, ...rest } = overrides;
  return { id: nextId++, body: '<p>Hello</p>', date: at, author: OPERATOR, kind: 'comment', own: false, attachments: [], ...rest };
}

function secondsAgo(s: number): Date {
  return new Date(NOW.getTime() - s * 1000);
}

function thread(props: Partial<ThreadProps> & Pick<ThreadProps, 'messages'>): React.JSX.Element {
  return <Thread now={NOW} onRetry={() => {}} {...props} />;
}

describe('Thread', () => {
  afterEach(unmountAll);

  it('is a log named "Conversation"', () => {
    const { screen } = mount(thread({ messages: [msg({ at: secondsAgo(10) })] }));
    expect(screen.getByRole('log', { name: 'Conversation' }).textContent).to.contain('Hello');
  });

  it('separates days with Today, Yesterday and the long date', () => {
    const messages = [
      msg({ at: new Date(2024, 2, 3, 9, 0), body: 'old' }),
      msg({ at: new Date(2024, 4, 14, 9, 0), body: 'yesterday' }),
      msg({ at: new Date(2024, 4, 15, 9, 0), body: 'today' }),
      msg({ at: new Date(2024, 4, 15, 10, 0), body: 'later today' }),
    ];
    const { screen } = mount(thread({ messages }));
    const labels = screen.getAllByRole('separator').map((s) => s.getAttribute('aria-label'));
    expect(labels).to.deep.equal(['March 3, 2024', 'Yesterday', 'Today']);
  });

  it('writes day separators, timestamps and their tooltips in the language of the page', () => {
    const messages = [
      msg({ at: new Date(2024, 0, 17, 9, 5), body: 'old' }),
      msg({ at: new Date(2024, 4, 14, 9, 0), body: 'yesterday' }),
      msg({ at: secondsAgo(180), body: 'today' }),
    ];
    const seen = (lang: 'en' | 'fr' | 'ar') => {
      const { root, screen } = mount(thread({ messages }), uiText(lang));
      const times = Array.from(root.querySelectorAll('time'));
      return {
        separators: screen.getAllByRole('separator').map((s) => s.getAttribute('aria-label')),
        times: times.map((t) => t.textContent),
        firstTooltip: times[0]?.getAttribute('title'),
      };
    };
    expect(seen('en')).to.deep.equal({
      separators: ['January 17, 2024', 'Yesterday', 'Today'],
      times: ['4 months ago', '1 day ago', '3 minutes ago'],
      firstTooltip: 'Jan 17, 2024, 9:05 AM',
    });
    expect(seen('fr')).to.deep.equal({
      separators: ['17 janvier 2024', 'Hier', "Aujourd'hui"],
      times: ['il y a 4 mois', 'il y a 1 jour', 'il y a 3 minutes'],
      firstTooltip: '17 janv. 2024, 09:05',
    });
    // Arabic digits are Latin or Arabic-Indic depending on the browser's CLDR version: both are accepted.
    const ar = seen('ar');
    expect(ar.separators.slice(1)).to.deep.equal(['أمس', 'اليوم']);
    expect(ar.separators[0]).to.match(/^(17|١٧) يناير (2024|٢٠٢٤)$/);
    expect(ar.times[2]).to.match(/^قبل [3٣] دقائق$/);
    expect(ar.firstTooltip).to.match(/(2024|٢٠٢٤).*(9:05|٩:٠٥) ص$/);
  });

  it('shows author avatars and names, with the smiley and "Visitor" when there is no author', () => {
    const { root, screen } = mount(
      thread({ messages: [msg({ at: secondsAgo(600), body: 'hi' }), msg({ at: secondsAgo(300), author: null, own: true, body: 'hello' })] }),
    );
    expect(screen.getByText('Mitchell Admin')).to.exist;
    expect(screen.getByText('Visitor')).to.exist;
    const avatars = Array.from(root.querySelectorAll<HTMLImageElement>('img.lc-avatar')).map((img) => img.getAttribute('src'));
    expect(avatars).to.deep.equal([OPERATOR.avatarUrl, DEFAULT_AVATAR_URL]);
    expect(DEFAULT_AVATAR_URL.startsWith('data:image/svg+xml,')).to.equal(true);
  });

  it('uses the default username option for messages without an author', () => {
    const { screen } = mount(thread({ messages: [msg({ at: secondsAgo(300), author: null })], defaultUsername: 'Guest' }));
    expect(screen.getByText('Guest')).to.exist;
  });

  it('shows relative timestamps: "now" under 45 s, then minutes, refreshed with `now`', () => {
    const message = msg({ at: secondsAgo(44) });
    const { root, rerender } = mount(thread({ messages: [message] }));
    const time = (): string => (root.querySelector('time') as HTMLElement).textContent ?? '';
    expect(time()).to.equal('now');
    rerender(<Thread messages={[message]} now={new Date(NOW.getTime() + 60_000)} onRetry={() => {}} />);
    expect(time()).to.equal('2 minutes ago');
  });

  it('squashes same-author comments within 60 s, not after', () => {
    const messages = [
      msg({ at: secondsAgo(300), body: 'one' }),
      msg({ at: secondsAgo(250), body: 'two' }),
      msg({ at: secondsAgo(189), body: 'three' }),
      msg({ at: secondsAgo(180), author: null, body: 'visitor' }),
    ];
    const { root } = mount(thread({ messages }));
    const shown = Array.from(root.querySelectorAll('.lc-message')).map((m) => [m.querySelector('.lc-message-body')?.textContent, m.querySelector('.lc-author')?.textContent ?? null]);
    expect(shown).to.deep.equal([
      ['one', 'Mitchell Admin'],
      ['two', null],
      ['three', 'Mitchell Admin'],
      ['visitor', 'Visitor'],
    ]);
  });

  it('hides quoted parts behind "read more" / "read less"', async () => {
    const { screen } = mount(thread({ messages: [msg({ at: secondsAgo(100), body: '<p>Answer</p><blockquote>Earlier question</blockquote>' })] }));
    expect(screen.queryByText('Earlier question')).to.satisfy((el: HTMLElement | null) => el === null || el.closest('[hidden]') !== null);
    fireEvent.click(screen.getByRole('button', { name: 'read more' }));
    const less = await screen.findByRole('button', { name: 'read less' });
    expect(less.getAttribute('aria-expanded')).to.equal('true');
    expect(screen.getByText('Earlier question').closest('[hidden]')).to.equal(null);
    fireEvent.click(less);
    expect((await screen.findByRole('button', { name: 'read more' })).getAttribute('aria-expanded')).to.equal('false');
  });

  it('makes every attachment the viewer can show a button opening it, with the message\'s viewable ones', () => {
    const onOpen = recorder<[ThreadAttachment, readonly ThreadAttachment[], ThreadMessage]>();
    const message = msg({
      at: secondsAgo(100),
      attachments: [
        { id: 1, name: 'photo.png', mimetype: 'image/png', url: 'https://chat.example.com/web/content/1?download=true' },
        { id: 2, name: 'report.pdf', mimetype: 'application/pdf', url: 'https://chat.example.com/web/content/2?download=true', size: 1536 },
        { id: 3, name: 'archive.zip', mimetype: 'application/zip', url: 'https://chat.example.com/web/content/3?download=true' },
        { id: 4, name: 'clip.mp4', mimetype: 'video/mp4', url: 'https://chat.example.com/web/content/4?download=true' },
        { id: 5, name: '', mimetype: 'text/plain', url: 'https://chat.example.com/web/content/5?download=true' },
        { id: 6, name: 'Demo', mimetype: 'text/html', type: 'url', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
        { id: 7, name: 'evil', mimetype: 'text/plain', url: 'javascript:alert(1)' },
      ],
    });
    const { screen } = mount(thread({ messages: [message], onOpenAttachment: onOpen }));
    for (const name of ['photo.png', 'report.pdf', 'clip.mp4', 'unnamed', 'Demo']) {
      expect(screen.getByRole('button', { name }), name).to.exist;
      expect(screen.queryByRole('link', { name }), name).to.equal(null);
    }
    expect(screen.getByRole('button', { name: 'report.pdf' }).parentElement?.textContent).to.equal('report.pdf (1.50 Kb)');

    fireEvent.click(screen.getByRole('button', { name: 'report.pdf' }));
    fireEvent.click(screen.getByRole('button', { name: 'Demo' }));
    expect(onOpen.calls.map(([a]) => a.id)).to.deep.equal([2, 6]);
    const [attachment, viewable, from] = onOpen.calls[0]!;
    expect(attachment).to.equal(message.attachments[1]);
    expect(viewable.map((a) => a.id)).to.deep.equal([1, 2, 4, 5, 6]);
    expect(from).to.equal(message);
    expect(screen.queryByRole('button', { name: 'evil' })).to.equal(null);
    expect(screen.queryByRole('link', { name: 'evil' })).to.equal(null);
  });

  it('loads thumbnails from the inline address, not the download one', () => {
    const message = msg({
      at: secondsAgo(100),
      attachments: [{ id: 1, name: 'photo.png', mimetype: 'image/png', url: 'https://chat.example.com/web/content/1?download=true&unique=abc' }],
    });
    const { screen } = mount(thread({ messages: [message], onOpenAttachment: () => {} }));
    const thumbnail = screen.getByRole('img', { name: 'photo.png' });
    expect(thumbnail.getAttribute('src')).to.equal('https://chat.example.com/web/content/1?unique=abc');
    expect([thumbnail.getAttribute('loading'), thumbnail.getAttribute('decoding')], 'decoded off the main thread, only when scrolled to').to.deep.equal(['lazy', 'async']);
    expect(screen.getByRole('button', { name: 'photo.png' }).contains(thumbnail)).to.equal(true);
  });

  it('offers anything else as a download link with an icon, the name and a human size', () => {
    const message = msg({
      at: secondsAgo(100),
      attachments: [
        { id: 1, name: 'archive.zip', mimetype: 'application/zip', url: 'https://chat.example.com/web/content/1?download=true', size: 2048 },
        { id: 2, name: 'drawing.svg', mimetype: 'image/svg+xml', url: 'https://chat.example.com/web/content/2?download=true' },
        { id: 3, name: 'Our pricing', mimetype: 'text/html', type: 'url', url: 'https://example.com/pricing' },
      ],
    });
    const { screen } = mount(thread({ messages: [message], onOpenAttachment: () => {} }));
    expect(screen.queryAllByRole('button')).to.have.length(0);
    const zip = screen.getByRole('link', { name: 'archive.zip' });
    expect(zip.getAttribute('href')).to.equal('https://chat.example.com/web/content/1?download=true');
    expect(zip.getAttribute('download')).to.equal('archive.zip');
    expect(zip.getAttribute('rel')).to.equal('noopener noreferrer');
    expect(zip.parentElement?.textContent).to.equal('archive.zip (2.00 Kb)');
    expect(zip.querySelector('svg[aria-hidden="true"]')?.getAttribute('data-icon')).to.equal('file');
    expect(screen.getByRole('link', { name: 'drawing.svg' }).querySelector('svg')?.getAttribute('data-icon')).to.equal('image');
    expect(screen.getByRole('link', { name: 'Our pricing' }).querySelector('svg')?.getAttribute('data-icon')).to.equal('link');
  });

  it('keeps attachments plain links when there is no viewer to open', () => {
    const message = msg({
      at: secondsAgo(100),
      attachments: [
        { id: 1, name: 'photo.png', mimetype: 'image/png', url: 'https://chat.example.com/web/content/1?download=true' },
        { id: 2, name: 'report.pdf', mimetype: 'application/pdf', url: 'https://chat.example.com/web/content/2?download=true' },
      ],
    });
    const { screen } = mount(thread({ messages: [message] }));
    expect(screen.queryAllByRole('button')).to.have.length(0);
    expect(screen.getByRole('link', { name: 'photo.png' }).getAttribute('href')).to.equal('https://chat.example.com/web/content/1');
    expect(screen.getByRole('link', { name: 'report.pdf' }).getAttribute('download')).to.equal('report.pdf');
  });

  it('downloads a small data URL as it is, and a large one (over 2 MB) from a blob freed once no longer shown', async () => {
    const small = `data:text/plain;base64,${btoa('hello')}`;
    const content = 'a'.repeat(1_800_000);
    const large = `data:text/plain;base64,${btoa(content)}`;
    expect(large.length).to.be.greaterThan(2 * 1024 * 1024);
    const message = msg({
      at: secondsAgo(100),
      attachments: [
        { id: 1, name: 'small.txt', mimetype: 'text/plain', url: small },
        { id: 2, name: 'large.txt', mimetype: 'text/plain', url: large },
        { id: 3, name: 'broken.txt', mimetype: 'text/plain', url: `data:text/plain;base64,${'!'.repeat(2_200_000)}` },
      ],
    });
    const { screen, rerender } = mount(thread({ messages: [message], onOpenAttachment: () => {} }));
    await waitUntil(() => screen.queryByRole('link', { name: 'large.txt' }), 'the large data URL is never shown');
    const smallLink = screen.getByRole('link', { name: 'small.txt' });
    expect(smallLink.getAttribute('href')).to.equal(small);
    expect(smallLink.getAttribute('download')).to.equal('small.txt');
    expect(smallLink.hasAttribute('target')).to.equal(false);
    const largeLink = screen.getByRole('link', { name: 'large.txt' });
    const href = largeLink.getAttribute('href') ?? '';
    expect(href.startsWith('blob:')).to.equal(true);
    expect(largeLink.getAttribute('download')).to.equal('large.txt');
    expect(largeLink.hasAttribute('target')).to.equal(false);
    expect(await (await fetch(href)).text()).to.equal(content);
    expect(screen.queryByRole('link', { name: 'broken.txt' })).to.equal(null);
    rerender(thread({ messages: [] }));
    let freed = false;
    await fetch(href).catch(() => {
      freed = true;
    });
    expect(freed).to.equal(true);
  });

  for (const [dir, ownSide] of [['ltr', 'right'], ['rtl', 'left']] as const) {
    it(`shows messages as bubbles, the visitor's own on the inline-end side (${dir}: ${ownSide})`, () => {
      const messages = [msg({ at: secondsAgo(100), body: '<p>How may I help you?</p>' }), msg({ at: secondsAgo(10), author: null, own: true, body: 'My parcel' })];
      const { screen, host } = mount(thread({ messages }));
      host.style.cssText = 'display: block; width: 400px;';
      host.dir = dir;
      const log = screen.getByRole('log').getBoundingClientRect();
      const theirs = screen.getByText('How may I help you?').closest('.lc-message-body')!.getBoundingClientRect();
      const mine = screen.getByText('My parcel').getBoundingClientRect();
      // A bubble is as wide as its text, not the thread: each hugs its own side.
      expect(mine.width).to.be.lessThan(log.width / 2);
      const distanceFromOwnSide = (r: DOMRect) => (ownSide === 'right' ? log.right - r.right : r.left - log.left);
      const distanceFromOtherSide = (r: DOMRect) => (ownSide === 'right' ? r.left - log.left : log.right - r.right);
      expect(distanceFromOwnSide(mine)).to.be.lessThan(60);
      expect(distanceFromOtherSide(theirs)).to.be.lessThan(60);
      expect(distanceFromOwnSide(theirs)).to.be.greaterThan(100);
      const mineStyle = getComputedStyle(screen.getByText('My parcel'));
      expect(mineStyle.backgroundColor, 'the own bubble is tinted').to.not.equal(getComputedStyle(screen.getByText('How may I help you?').closest('.lc-message-body')!).backgroundColor);
    });
  }

  it("shows the visitor's own message state and retries a failed one", () => {
    const onRetry = recorder<[ThreadMessage['id']]>();
    const messages = [
      msg({ id: 'p1', at: secondsAgo(200), author: null, own: true, delivery: 'sent', body: 'a' }),
      msg({ id: 'p2', at: secondsAgo(100), author: null, own: true, delivery: 'sending', body: 'b' }),
      msg({ id: 'p3', at: secondsAgo(10), author: null, own: true, delivery: 'failed', body: 'c' }),
    ];
    const { screen } = mount(thread({ messages, onRetry }));
    expect(screen.getByText('Sent')).to.exist;
    expect(screen.getByText('Sending...')).to.exist;
    expect(screen.getByText('Not sent')).to.exist;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry.calls).to.deep.equal([['p3']]);
  });

  it('shows a file being sent as a named progress bar, and why a refused file was not sent, without Retry', async () => {
    const messages = [
      msg({ id: 'u1', at: secondsAgo(30), author: null, own: true, delivery: 'sending', body: '<p>plan.pdf</p>', upload: { name: 'plan.pdf', progress: 0.25 } }),
      msg({ id: 'u2', at: secondsAgo(20), author: null, own: true, delivery: 'failed', body: '<p>big.png</p>', upload: { name: 'big.png', refusal: { reason: 'size', maxBytes: 10 * 1024 * 1024 } } }),
      msg({ id: 'u3', at: secondsAgo(10), author: null, own: true, delivery: 'failed', body: '<p>page.html</p>', upload: { name: 'page.html', refusal: { reason: 'type' } } }),
      msg({ id: 'u4', at: secondsAgo(5), author: null, own: true, delivery: 'failed', body: '<p>more.png</p>', upload: { name: 'more.png', refusal: { reason: 'full' } } }),
      msg({ id: 'u5', at: secondsAgo(4), author: null, own: true, delivery: 'failed', body: '<p>huge.png</p>', upload: { name: 'huge.png', refusal: { reason: 'pixels' } } }),
    ];
    const { screen } = mount(thread({ messages }));
    // Files have their own chunk, fetched when a visitor first sends one.
    const bar = (await screen.findByRole('progressbar', { name: 'Sending plan.pdf' }, { timeout: 10_000 })) as HTMLProgressElement;
    expect(bar.value).to.equal(0.25);
    expect(screen.getByText('Not sent: larger than 10.00 Mb')).to.exist;
    expect(screen.getByText('Not sent: file type not accepted')).to.exist;
    expect(screen.getByText('Not sent: no more files allowed here')).to.exist;
    expect(screen.getByText('Not sent: picture dimensions too large')).to.exist;
    expect(screen.queryByRole('button', { name: 'Retry' })).to.equal(null);
  });

  it('shows "Seen" once, under the visitor’s last message, only when an operator read that one', () => {
    const read = [
      msg({ id: 1, at: secondsAgo(300), author: null, own: true, body: '<p>first</p>', seen: true }),
      msg({ id: 2, at: secondsAgo(200), author: null, own: true, body: '<p>second</p>', seen: true }),
      msg({ id: 3, at: secondsAgo(100), body: '<p>an answer</p>' }),
    ];
    const { screen } = mount(thread({ messages: read }));
    const seen = screen.getAllByText('Seen');
    expect(seen).to.have.length(1);
    expect(seen[0]?.closest('.lc-message')?.textContent).to.contain('second');
    unmountAll();
    const failed = mount(thread({ messages: [...read, msg({ id: 'f', at: secondsAgo(20), author: null, own: true, delivery: 'failed', body: '<p>unsent</p>' })] }));
    expect(failed.screen.getByText('Seen').closest('.lc-message')?.textContent, 'a message that never left stays out of it').to.contain('second');
    unmountAll();
    const unread = mount(thread({ messages: [...read, msg({ id: 4, at: secondsAgo(10), author: null, own: true, body: '<p>third</p>' })] }));
    expect(unread.screen.queryByText('Seen'), 'the newest message is not read yet').to.equal(null);
  });

  it('reports whether it is scrolled to the bottom, and follows new messages while it is', async () => {
    const onAtBottomChange = recorder<[boolean]>();
    const many = Array.from({ length: 30 }, (_, i) => msg({ at: secondsAgo(3000 - i * 61), body: `<p>message ${i}</p>` }));
    const frame = (messages: ThreadMessage[]): React.JSX.Element => (
      <div className="lc-window" style={{ height: '300px', display: 'flex', flexDirection: 'column' }}>
        {thread({ messages, onAtBottomChange })}
      </div>
    );
    const { screen, rerender } = mount(frame(many));
    const log = screen.getByRole('log');
    expect(log.scrollHeight).to.be.greaterThan(log.clientHeight);
    expect(log.scrollHeight - log.scrollTop - log.clientHeight).to.be.at.most(5);
    expect(onAtBottomChange.calls.at(-1)).to.deep.equal([true]);

    log.scrollTop = 0;
    await waitUntil(() => onAtBottomChange.calls.at(-1)?.[0] === false, 'scrolling up was not reported');
    rerender(frame([...many, msg({ at: secondsAgo(1), body: 'newest' })]));
    expect(log.scrollTop).to.equal(0);

    log.scrollTop = log.scrollHeight - log.clientHeight - 4;
    await waitUntil(() => onAtBottomChange.calls.at(-1)?.[0] === true, 'reaching the bottom (within 5 px) was not reported');
    rerender(frame([...many, msg({ at: secondsAgo(1), body: 'newest' }), msg({ at: secondsAgo(0), body: 'even newer' })]));
    expect(log.scrollHeight - log.scrollTop - log.clientHeight).to.be.at.most(5);
  });

  /** The English texts, counting how often each formatter runs: a row that renders formats again. */
  function countingText(): { text: UiText; calls: { relative: number; day: number; size: number } } {
    const base = uiText();
    const calls = { relative: 0, day: 0, size: 0 };
    const text: UiText = {
      ...base,
      formatRelative: (date, now) => (calls.relative++, base.formatRelative(date, now)),
      dayLabel: (date, now) => (calls.day++, base.dayLabel(date, now)),
      formatSize: (bytes) => (calls.size++, base.formatSize(bytes)),
    };
    return { text, calls };
  }

  // The caller maps wire messages to new objects on every change, as the element does.
  const copies = (messages: readonly ThreadMessage[]): ThreadMessage[] => messages.map((m) => ({ ...m, attachments: m.attachments.map((a) => ({ ...a })) }));

  it('renders only the new row when one message is appended to a long thread', () => {
    const file = { id: 1, name: 'report.pdf', mimetype: 'application/pdf', url: 'https://chat.example.com/web/content/1?download=true', size: 1536 };
    const many = Array.from({ length: 200 }, (_, i) => msg({ at: secondsAgo(30_000 - i * 61), body: `<p>message ${i}</p>`, attachments: [file] }));
    const { text, calls } = countingText();
    const { root, rerender } = mount(thread({ messages: many, onOpenAttachment: () => {} }), text);
    expect(calls.relative).to.equal(200);
    expect(calls.size).to.equal(200);
    calls.relative = calls.day = calls.size = 0;

    rerender(<Thread messages={[...copies(many), msg({ at: secondsAgo(1), body: 'newest' })]} now={NOW} onRetry={() => {}} onOpenAttachment={() => {}} />);
    expect(root.querySelectorAll('.lc-message')).to.have.length(201);
    expect(root.querySelectorAll('.lc-message')[200]?.textContent).to.contain('newest');
    expect(calls).to.deep.equal({ relative: 1, day: 0, size: 0 });
  });

  it('re-renders only timestamps and day labels when the clock moves', () => {
    const file = { id: 1, name: 'report.pdf', mimetype: 'application/pdf', url: 'https://chat.example.com/web/content/1?download=true', size: 1536 };
    const messages = [msg({ at: secondsAgo(100), attachments: [file] }), msg({ at: secondsAgo(30), author: null, own: true })];
    const { text, calls } = countingText();
    const { root, rerender } = mount(thread({ messages }), text);
    calls.relative = calls.day = calls.size = 0;
    rerender(<Thread messages={copies(messages)} now={new Date(NOW.getTime() + 120_000)} onRetry={() => {}} />);
    expect(Array.from(root.querySelectorAll('time'), (t) => t.textContent)).to.deep.equal(['4 minutes ago', '3 minutes ago']);
    expect(calls).to.deep.equal({ relative: 2, day: 1, size: 0 });
  });

  it('follows one shared minute clock when no `now` is given', () => {
    // A fake clock: Date.now and setInterval are replaced for this test only (the real minute is too long).
    const realNow = Date.now;
    const realSetInterval = window.setInterval;
    const realClearInterval = window.clearInterval;
    let fakeNow = NOW.getTime();
    const timers = new Map<number, () => void>();
    let nextTimer = 1;
    Date.now = () => fakeNow;
    window.setInterval = ((fn: () => void, ms: number) => {
      expect(ms).to.equal(60_000);
      timers.set(nextTimer, fn);
      return nextTimer++;
    }) as typeof window.setInterval;
    window.clearInterval = ((id: number) => void timers.delete(id)) as typeof window.clearInterval;
    try {
      const messages = [msg({ at: secondsAgo(10) }), msg({ at: secondsAgo(5), author: null, own: true })];
      const { root, unmount } = mount(<Thread messages={messages} onRetry={() => {}} />);
      const times = (): (string | null)[] => Array.from(root.querySelectorAll('time'), (t) => t.textContent);
      expect(times()).to.deep.equal(['now', 'now']);
      expect(timers.size).to.equal(1);
      fakeNow += 180_000;
      flushSync(() => [...timers.values()].forEach((fn) => fn()));
      expect(times()).to.deep.equal(['3 minutes ago', '3 minutes ago']);
      unmount();
      expect(timers.size).to.equal(0);
    } finally {
      Date.now = realNow;
      window.setInterval = realSetInterval;
      window.clearInterval = realClearInterval;
    }
  });

  it('shows "Loading conversation..." while history loads', () => {
    const { screen } = mount(thread({ messages: [], loading: true }));
    expect(within(screen.getByRole('log')).getByText('Loading conversation...')).to.exist;
  });
});

describe('toThreadMessage', () => {
  afterEach(unmountAll);

  const wire: ChatMessage = {
    id: 912,
    body: '<p>Hello</p>',
    date: '2020-05-11 14:03:27',
    author_id: [0, 'Visitor (Belgium)'],
    message_type: 'comment',
    attachment_ids: [{ id: 5, name: '', filename: '', mimetype: 'image/png', type: 'file', url: 'https://chat.example.com/web/content/5?download=true', file_size: 10 }],
    channel_ids: [42],
    is_discussion: true,
    is_notification: false,
  };

  it('reads the naive UTC date and treats author 0 as the visitor without author', () => {
    const m = toThreadMessage(wire, { serverUrl: 'https://chat.example.com/' });
    expect(m.date.toISOString()).to.equal('2020-05-11T14:03:27.000Z');
    expect(m.author).to.equal(null);
    expect(m.own).to.equal(true);
    expect(m.attachments[0]).to.deep.include({ name: '', size: 10 });
  });

  it('keeps the attachment type, so that a YouTube link opens in the viewer', () => {
    const link = { id: 6, name: 'Demo', filename: '', mimetype: 'text/html', type: 'url' as const, url: 'https://youtu.be/dQw4w9WgXcQ' };
    const m = toThreadMessage({ ...wire, attachment_ids: [link] }, { serverUrl: 'https://chat.example.com/' });
    expect(m.attachments[0]).to.deep.include({ type: 'url', url: link.url });
    const onOpen = recorder<[ThreadAttachment, readonly ThreadAttachment[], ThreadMessage]>();
    const { screen } = mount(<Thread messages={[m]} now={NOW} onRetry={() => {}} onOpenAttachment={onOpen} />);
    fireEvent.click(screen.getByRole('button', { name: 'Demo' }));
    expect(onOpen.calls[0]?.[0]).to.deep.include({ id: 6, type: 'url' });
  });

  it("builds the operator's avatar URL on the chat server", () => {
    const m = toThreadMessage({ ...wire, author_id: [3, 'Mitchell Admin'] }, { serverUrl: 'https://chat.example.com/' });
    expect(m.author).to.deep.equal({ id: 3, name: 'Mitchell Admin', avatarUrl: 'https://chat.example.com/web/partner_image/3' });
    expect(m.own).to.equal(false);
  });
});
