import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { ChatButton } from '../../src/ui/button/chat-button.js';
import { Composer } from '../../src/ui/composer/composer.js';
import { FeedbackPanel } from '../../src/ui/feedback/feedback-panel.js';
import { Notice } from '../../src/ui/shared/notice.js';
import { Thread } from '../../src/ui/thread/thread.js';
import type { ThreadMessage } from '../../src/ui/thread/thread-message.js';
import { ChatWindow, type ChatWindowProps } from '../../src/ui/window/chat-window.js';
import { axeViolations } from './support/axe.js';
import { mount, uiText, unmountAll } from './support/mount.js';

const NOW = new Date(2024, 4, 15, 12);
const messages: ThreadMessage[] = [
  { id: '_welcome', body: 'How may I help you?', date: new Date(2024, 4, 14, 9), author: { id: 3, name: 'Mitchell Admin' }, kind: 'comment', own: false, attachments: [] },
  { id: 2, body: '<p>Hi, <a href="https://example.com">a link</a></p><blockquote>quoted</blockquote>', date: new Date(2024, 4, 15, 11), author: null, kind: 'comment', own: true, delivery: 'failed', attachments: [] },
  {
    id: 3,
    body: 'Here you go',
    date: new Date(2024, 4, 15, 11, 30),
    author: { id: 3, name: 'Mitchell Admin' },
    kind: 'comment',
    own: false,
    attachments: [
      { id: 1, name: 'photo.png', mimetype: 'image/png', url: 'data:image/png;base64,' },
      { id: 2, name: 'report.pdf', mimetype: 'application/pdf', url: 'https://chat.example.com/web/content/2', size: 2048 },
    ],
  },
];

function windowProps(overrides: Partial<ChatWindowProps> = {}): ChatWindowProps {
  return { title: 'Mitchell Admin', status: 'online', unreadCount: 2, typingNames: ['Mitchell Admin'], folded: false, mobile: false, onToggleFold() {}, onClose() {}, ...overrides };
}

const noop = (): void => {};

describe('accessibility (axe-core, WCAG 2.0–2.2 A and AA)', () => {
  afterEach(unmountAll);

  it('finds violations at all (a nameless button inside a shadow root)', async () => {
    const { host } = mount(<button type="button" />);
    expect((await axeViolations(host)).join('\n')).to.contain('button-name');
  });

  it('closed: the chat button', async () => {
    const { host } = mount(<ChatButton onOpen={noop} />);
    expect(await axeViolations(host)).to.deep.equal([]);
  });

  for (const lang of ['en', 'ar'] as const) {
    it(`open: window, thread and composer (${lang})`, async () => {
      const { host } = mount(
        <ChatWindow {...windowProps()}>
          <Thread messages={messages} now={NOW} onRetry={noop} onOpenAttachment={noop} />
          <Composer onSend={noop} />
        </ChatWindow>,
        uiText(lang),
      );
      expect(await axeViolations(host)).to.deep.equal([]);
    });
  }

  it('folded window', async () => {
    const { host } = mount(<ChatWindow {...windowProps({ folded: true })}>hidden</ChatWindow>);
    expect(await axeViolations(host)).to.deep.equal([]);
  });

  it('feedback: reason box and invalid e-mail', async () => {
    const { host, screen } = mount(
      <ChatWindow {...windowProps()}>
        <FeedbackPanel stage="explaining" rate={3} transcript="idle" onRate={noop} onSendReason={noop} onNoFeedback={noop} onSendTranscript={noop} onTranscriptRetry={noop} />
        <Composer disabled onSend={noop} />
      </ChatWindow>,
    );
    screen.getByRole('textbox', { name: 'Email' }).focus();
    await sendKeys({ type: 'nope' });
    await sendKeys({ press: 'Enter' });
    await screen.findByTitle('Invalid email address');
    expect(await axeViolations(host)).to.deep.equal([]);
  });

  it('feedback: thanked and transcript sent', async () => {
    const { host } = mount(
      <ChatWindow {...windowProps()}>
        <FeedbackPanel stage="thanked" rate={5} transcript="sent" onRate={noop} onSendReason={noop} onNoFeedback={noop} onSendTranscript={noop} onTranscriptRetry={noop} />
      </ChatWindow>,
    );
    expect(await axeViolations(host)).to.deep.equal([]);
  });

  it('error: transcript failure block and the no-operator notice', async () => {
    const { host } = mount(
      <>
        <ChatWindow {...windowProps({ status: 'reconnecting', typingNames: [] })}>
          <FeedbackPanel stage="choosing" transcript="failed" onRate={noop} onSendReason={noop} onNoFeedback={noop} onSendTranscript={noop} onTranscriptRetry={noop} />
        </ChatWindow>
        <Notice message="No available collaborator, please try again later." />
      </>,
    );
    expect(await axeViolations(host)).to.deep.equal([]);
  });
});
