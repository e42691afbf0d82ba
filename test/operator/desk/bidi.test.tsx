import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { within } from '@testing-library/dom';
import { act } from 'react';
import type { ChatMessage } from '../../../src/protocol/livechat.js';
import type { ConversationDetail, ConversationSummary } from '../../../src/protocol/operator-console.js';
import type { VisitorCard } from '../../../src/protocol/visitor.js';
import type { ConversationPaneProps } from '../../../src/operator/desk/conversation-pane.js';
import { ConversationList } from '../../../src/operator/desk/conversation-list.js';
import { ConversationPane } from '../../../src/operator/desk/conversation-pane.js';
import { VisitorCardView } from '../../../src/operator/features/visitor/visitor-card.js';
import { outsideAct, paneExtensions, reactMount } from '../support.js';

const SARA = 'سارة';
const ARABIC_WITH_ADDRESS = 'راسلني على sara@example.com من فضلك';

const message = (id: number, body: string, author: ChatMessage['author_id'], attachments: ChatMessage['attachment_ids'] = []): ChatMessage => ({
  id, body, date: '2024-05-11 14:03:27', author_id: author, message_type: 'comment', attachment_ids: attachments, channel_ids: [7], is_discussion: true, is_notification: false,
});

const summary: ConversationSummary = {
  id: 7, channel_id: 1, visitor_name: SARA, origin: 'chat', created_at: 0, closed_at: null,
  last_message: message(2, `<p>${ARABIC_WITH_ADDRESS}</p>`, [0, SARA]), unread: 1, waiting_since: null,
};

const detail: ConversationDetail = {
  ...summary, page_history: [], rating: null, reply_email: null,
  messages: [
    message(1, '<p>Hello, how can I help?</p>', [3, 'Mitchell Admin']),
    message(2, `<p>${ARABIC_WITH_ADDRESS}</p>`, [0, SARA], [{ id: 5, name: 'فاتورة.pdf', filename: 'فاتورة.pdf', mimetype: 'application/pdf', url: '/web/content/5', type: 'file' }]),
  ],
};

/** How a text is laid out: in its own direction when it (or its nearest ancestor with a `dir`) says `auto`. */
function direction(element: HTMLElement): { dir: string | null | undefined; computed: string } {
  return { dir: element.closest('[dir]')?.getAttribute('dir'), computed: getComputedStyle(element).direction };
}

describe('mixed-direction text in the operator console', () => {
  const dom = reactMount();

  it('message bodies, names and file names read in their own direction in an English console', () => {
    act(() => dom.root.render(<ConversationPane conversation={detail} visitorTyping={false} onSend={async () => {}} onComposerInput={() => {}} onRequestHistory={() => {}} onClose={() => {}} extensions={paneExtensions()} />));
    const view = within(dom.host);
    expect(direction(view.getByText(ARABIC_WITH_ADDRESS))).to.deep.equal({ dir: 'auto', computed: 'rtl' });
    expect(direction(view.getByText('Hello, how can I help?'))).to.deep.equal({ dir: 'auto', computed: 'ltr' });
    const messages = view.getByRole('list', { name: `Messages with ${SARA}` });
    expect(direction(within(messages).getByText(SARA)), 'the author of a message').to.deep.equal({ dir: 'auto', computed: 'rtl' });
    expect(direction(view.getByRole('link', { name: 'فاتورة.pdf' }))).to.deep.equal({ dir: 'auto', computed: 'rtl' });
    expect(direction(within(view.getByRole('heading', { level: 2 })).getByText(SARA)), 'the pane heading').to.deep.equal({ dir: 'auto', computed: 'rtl' });
  });

  it('an English message reads left to right in a right-to-left console', () => {
    act(() =>
      dom.root.render(
        <div dir="rtl">
          <ConversationPane conversation={detail} visitorTyping={false} onSend={async () => {}} onComposerInput={() => {}} onRequestHistory={() => {}} onClose={() => {}} extensions={paneExtensions()} />
        </div>,
      ),
    );
    const view = within(dom.host);
    expect(direction(view.getByText('Hello, how can I help?'))).to.deep.equal({ dir: 'auto', computed: 'ltr' });
    expect(direction(view.getByText('Mitchell Admin'))).to.deep.equal({ dir: 'auto', computed: 'ltr' });
  });

  it('the conversation list shows the visitor’s name and the last message’s preview in their own direction', () => {
    act(() => dom.root.render(<ConversationList conversations={[summary]} selectedId={null} now={0} onSelect={() => {}} />));
    const item = within(dom.host).getByRole('button', { name: new RegExp(SARA) });
    expect(direction(within(item).getByText(SARA))).to.deep.equal({ dir: 'auto', computed: 'rtl' });
    expect(direction(within(item).getByText(ARABIC_WITH_ADDRESS))).to.deep.equal({ dir: 'auto', computed: 'rtl' });
  });

  it('the visitor card shows the name and the e-mail address in their own direction', () => {
    const card: VisitorCard = {
      session_id: 7, name: SARA, name_verified: false, email: 'sara@example.com', email_verified: false, identity: 'unverified', visitor_id: null,
      context: [], pages: [], browser: null, os: null, language: null, time_zone: null, earlier_conversations: null,
    };
    act(() =>
      dom.root.render(
        <div dir="rtl">
          <VisitorCardView card={card} />
        </div>,
      ),
    );
    const view = within(dom.host);
    expect(direction(view.getByText(SARA))).to.deep.equal({ dir: 'auto', computed: 'rtl' });
    expect(direction(view.getByText('sara@example.com')), 'a Latin address in a right-to-left console').to.deep.equal({ dir: 'auto', computed: 'ltr' });
  });

  describe('what the operator types', () => {
    const pane = (conversation: ConversationDetail): ConversationPaneProps => ({
      conversation, visitorTyping: false, onSend: async () => {}, onComposerInput: () => {}, onRequestHistory: () => {}, onClose: () => {}, extensions: paneExtensions(),
    });

    /** Types into a field as the operator does and says which way the field lays the text out. */
    async function typed(field: HTMLElement, text: string): Promise<string> {
      field.focus();
      await outsideAct(() => sendKeys({ type: text }));
      return getComputedStyle(field).direction;
    }

    it('an Arabic answer in an English console’s composer reads right to left', async () => {
      act(() => dom.root.render(<ConversationPane {...pane(detail)} />));
      expect(await typed(within(dom.host).getByRole('textbox', { name: `Message to ${SARA}` }), ARABIC_WITH_ADDRESS)).to.equal('rtl');
    });

    it('an English answer in a right-to-left console’s composer reads left to right, and the empty composer keeps the console’s direction', async () => {
      act(() =>
        dom.root.render(
          <div dir="rtl">
            <ConversationPane {...pane(detail)} />
          </div>,
        ),
      );
      const box = within(dom.host).getByRole('textbox', { name: `Message to ${SARA}` });
      expect(getComputedStyle(box).direction, 'the placeholder').to.equal('rtl');
      expect(await typed(box, 'Your order left today.')).to.equal('ltr');
    });

    it('an Arabic answer by e-mail to an offline message reads right to left', async () => {
      act(() => dom.root.render(<ConversationPane {...pane({ ...detail, origin: 'offline', reply_email: 'sara@example.com' })} />));
      expect(await typed(within(dom.host).getByRole('textbox', { name: `Answer to ${SARA} by e-mail` }), ARABIC_WITH_ADDRESS)).to.equal('rtl');
    });
  });
});
