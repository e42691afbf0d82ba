import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { Composer } from '../../src/ui/composer/composer.js';
import { FeedbackPanel } from '../../src/ui/feedback/feedback-panel.js';
import { OfflineForm } from '../../src/ui/offline/offline-form.js';
import { Notice } from '../../src/ui/shared/notice.js';
import { Thread } from '../../src/ui/thread/thread.js';
import { ChatWindow } from '../../src/ui/window/chat-window.js';
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

  describe('the window header', () => {
    /** The chat window with `title` in its header and `typingNames` typing, in the widget language `lang`. */
    function header(lang: 'en' | 'ar', title: string, typingNames: string[]) {
      return mount(
        <ChatWindow title={title} status="online" unreadCount={0} typingNames={typingNames} folded={false} mobile={false} onToggleFold={() => {}} onClose={() => {}} />,
        uiText(lang),
      );
    }

    it('an English widget lays out an Arabic operator name and Arabic names of who is typing right to left', () => {
      const { screen } = header('en', 'سارة', ['ليلى', 'Mitchell Admin']);
      expect(direction(screen.getByRole('heading', { name: 'سارة' }))).to.deep.equal({ dir: 'auto', computed: 'rtl' });
      expect(direction(screen.getByText('ليلى'))).to.deep.equal({ dir: 'auto', computed: 'rtl' });
      expect(direction(screen.getByText('Mitchell Admin'))).to.deep.equal({ dir: 'auto', computed: 'ltr' });
      const line = screen.getByText(/are typing/);
      expect(line.textContent).to.equal('ليلى and Mitchell Admin are typing...');
      // The sentence itself keeps the widget's direction.
      expect(getComputedStyle(line).direction).to.equal('ltr');
    });

    it('an Arabic widget lays out an English operator name and an English name of who is typing left to right', () => {
      const { screen } = header('ar', 'Mitchell Admin', ['Sara Lee']);
      expect(direction(screen.getByRole('heading', { name: 'Mitchell Admin' }))).to.deep.equal({ dir: 'auto', computed: 'ltr' });
      expect(direction(screen.getByText('Sara Lee'))).to.deep.equal({ dir: 'auto', computed: 'ltr' });
      const line = screen.getByText(/يكتب/);
      expect(line.textContent).to.equal('Sara Lee يكتب...');
      expect(getComputedStyle(line).direction).to.equal('rtl');
    });
  });

  describe('what the visitor types', () => {
    /** Types into a field as the visitor does and says which way the field lays the text out. */
    async function typed(field: HTMLElement, text: string): Promise<string> {
      field.focus();
      await sendKeys({ type: text });
      return getComputedStyle(field).direction;
    }

    it('an Arabic question in an English widget’s composer reads right to left', async () => {
      const { screen } = mount(
        <div dir="ltr">
          <Composer onSend={() => {}} />
        </div>,
      );
      expect(await typed(screen.getByRole('textbox', { name: 'Ask something ...' }), ARABIC_WITH_ADDRESS)).to.equal('rtl');
    });

    it('an English question in an Arabic widget’s composer reads left to right, and the empty composer keeps the widget’s direction', async () => {
      const { screen } = mount(
        <div dir="rtl">
          <Composer onSend={() => {}} />
        </div>,
        uiText('ar'),
      );
      const box = screen.getByRole('textbox');
      expect(getComputedStyle(box).direction, 'the placeholder').to.equal('rtl');
      expect(await typed(box, '42 '), 'digits alone').to.equal('rtl');
      expect(await typed(box, 'Where is my order?')).to.equal('ltr');
    });

    it('the offline message and the reason for a rating read in their own direction', async () => {
      const offline = mount(
        <div dir="ltr">
          <OfflineForm title="Leave us a message" sending="editing" onSend={() => {}} onClose={() => {}} />
        </div>,
      );
      expect(await typed(offline.screen.getByRole('textbox', { name: 'Message' }), ARABIC_WITH_ADDRESS), 'the offline message').to.equal('rtl');
      unmountAll();
      const feedback = mount(
        <div dir="ltr">
          <FeedbackPanel stage="explaining" rate={1} transcript="idle" onRate={() => {}} onSendReason={() => {}} onNoFeedback={() => {}} onSendTranscript={() => {}} onTranscriptRetry={() => {}} />
        </div>,
      );
      expect(await typed(feedback.screen.getByRole('textbox', { name: 'Explain your note' }), ARABIC_WITH_ADDRESS), 'the reason for a rating').to.equal('rtl');
    });
  });
});
