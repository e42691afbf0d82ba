import { expect } from '@open-wc/testing';
import { Notice } from '../../src/ui/shared/notice.js';
import { Thread } from '../../src/ui/thread/thread.js';
import type { ThreadMessage } from '../../src/ui/thread/thread-message.js';
import { mount, uiText, unmountAll } from './support/mount.js';

const NOW = new Date(2024, 4, 15, 12, 0, 0);
const ARABIC_WITH_ADDRESS = 'راسلني على sara@example.com من فضلك';

const comment = (id: number, body: string, author: ThreadMessage['author'], extra: Partial<ThreadMessage> = {}): ThreadMessage => ({
  id, body, date: new Date(NOW.getTime() - 60_000 * (10 - id)), author, kind: 'comment', own: author === null, attachments: [], ...extra,
});

/** The thread in a widget of the given direction, as the chat window sets it. */
function threadIn(dir: 'ltr' | 'rtl', messages: ThreadMessage[]) {
  return mount(
    <div dir={dir}>
      <Thread now={NOW} onRetry={() => {}} onOpenAttachment={() => {}} messages={messages} />
    </div>,
    uiText(dir === 'rtl' ? 'ar' : 'en'),
  );
}

/** How a text is laid out: in its own direction when it (or its nearest ancestor with a `dir`) says `auto`. */
function direction(element: HTMLElement): { dir: string | null | undefined; computed: string } {
  return { dir: element.closest('[dir]')?.getAttribute('dir'), computed: getComputedStyle(element).direction };
}

describe('mixed-direction text in the widget', () => {
  afterEach(unmountAll);

  it('an Arabic widget lays out an English message and name left to right', () => {
    const { screen } = threadIn('rtl', [comment(1, '<p>Please write to support@example.com.</p>', { id: 3, name: 'Mitchell Admin' })]);
    expect(direction(screen.getByText('Please write to support@example.com.'))).to.deep.equal({ dir: 'auto', computed: 'ltr' });
    expect(direction(screen.getByText('Mitchell Admin'))).to.deep.equal({ dir: 'auto', computed: 'ltr' });
  });

  it('an English widget lays out an Arabic message holding an e-mail address, an Arabic name and file name right to left', () => {
    const file = { id: 'f1', name: 'فاتورة.pdf', mimetype: 'application/pdf', url: 'https://chat.example.com/web/content/1' };
    const { screen } = threadIn('ltr', [
      comment(1, `<p>${ARABIC_WITH_ADDRESS}</p>`, { id: 4, name: 'سارة' }, { attachments: [file] }),
      comment(2, '<p>شكرا</p>', null, { kind: 'notification' }),
    ]);
    expect(direction(screen.getByText(ARABIC_WITH_ADDRESS))).to.deep.equal({ dir: 'auto', computed: 'rtl' });
    expect(direction(screen.getByText('سارة'))).to.deep.equal({ dir: 'auto', computed: 'rtl' });
    expect(direction(screen.getByText('فاتورة.pdf'))).to.deep.equal({ dir: 'auto', computed: 'rtl' });
    expect(direction(screen.getByText('شكرا')), 'a notification line').to.deep.equal({ dir: 'auto', computed: 'rtl' });
    // The widget's own words keep the widget's direction.
    expect(getComputedStyle(screen.getByRole('separator')).direction).to.equal('ltr');
  });

  it('the new-message notice shows the message in its own direction', () => {
    const { screen } = mount(<Notice kind="info" message="New message from Sara" detail={ARABIC_WITH_ADDRESS} />);
    expect(direction(screen.getByText(ARABIC_WITH_ADDRESS))).to.deep.equal({ dir: 'auto', computed: 'rtl' });
    expect(getComputedStyle(screen.getByText('New message from Sara')).direction).to.equal('ltr');
  });
});
