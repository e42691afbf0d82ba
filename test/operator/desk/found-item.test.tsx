/**
 * A console link to one message or note of a conversation (what a search result opens) scrolls the list to
 * it, marks and focuses it, and keeps it there; one that is not shown says so.
 */
import { expect, waitUntil as waitLonger } from '@open-wc/testing';
import { within } from '@testing-library/dom';
import { act } from 'react';
import type { ChatMessage } from '../../../src/protocol/livechat.js';
import type { ConversationDetail } from '../../../src/protocol/operator-console.js';
import { ConversationPane } from '../../../src/operator/desk/conversation-pane.js';
import { foundItemAtom } from '../../../src/operator/desk/desk-atoms.js';
import { loadConsoleStyles, outsideAct, paneExtensions, reactMount, waitUntil, type ConsoleStyles } from '../support.js';

const message = (id: number): ChatMessage => ({
  id, body: `<p>line ${id}</p>`, date: '2024-05-11 14:03:27', author_id: [0, 'Sara'], message_type: 'comment', attachment_ids: [], channel_ids: [7], is_discussion: true, is_notification: false,
});

const conversation = (count: number): ConversationDetail => {
  const messages = Array.from({ length: count }, (_, i) => message(i + 1));
  return { id: 7, channel_id: 1, visitor_name: 'Sara', origin: 'chat', created_at: 0, closed_at: null, last_message: messages.at(-1) ?? null, unread: 0, waiting_since: null, page_history: [], rating: null, reply_email: null, messages };
};

/** Whether `entry` is wholly inside the visible part of `list`. */
function inView(list: HTMLElement, entry: HTMLElement): boolean {
  const outer = list.getBoundingClientRect();
  const inner = entry.getBoundingClientRect();
  return inner.top >= outer.top && inner.bottom <= outer.bottom;
}

describe('operator console: a link to one message', () => {
  const dom = reactMount();
  let styles: ConsoleStyles;
  before(async () => {
    styles = await loadConsoleStyles();
  });
  after(() => styles.remove());

  function show(extensions: ReturnType<typeof paneExtensions>) {
    act(() =>
      dom.root.render(
        <ConversationPane conversation={conversation(60)} visitorTyping={false} onSend={async () => {}} onComposerInput={() => {}} onRequestHistory={() => {}} onClose={() => {}} extensions={extensions} />,
      ),
    );
    return within(dom.host).getByRole('list', { name: 'Messages with Sara' });
  }

  it('scrolls to the message, marks and focuses it, and leaves the list there', async () => {
    const extensions = paneExtensions();
    extensions.context.store.set(foundItemAtom, { sessionId: 7, item: { kind: 'message', id: 12 } });
    const list = show(extensions);
    const entry = within(list).getByText('line 12').closest('li')!;
    await waitUntil(() => entry.hasAttribute('data-found'), 'the message was never marked');
    expect(document.activeElement).to.equal(entry);
    expect(inView(list, entry), 'the message is in view').to.equal(true);
    expect(list.scrollHeight - list.scrollTop - list.clientHeight, 'no longer at the newest').to.be.greaterThan(100);
    expect(extensions.context.store.get(foundItemAtom)).to.equal(null);
  });

  it('waits for an entry that arrives after the messages', async () => {
    const extensions = paneExtensions();
    extensions.context.store.set(foundItemAtom, { sessionId: 7, item: { kind: 'note', id: 3 } });
    const list = show(extensions);
    const late = document.createElement('li');
    late.dataset.item = 'note-3';
    late.textContent = 'a note';
    list.children[5]!.after(late);
    await waitUntil(() => late.hasAttribute('data-found'), 'the late entry was never marked');
    expect(inView(list, late)).to.equal(true);
  });

  it('says so when the message is not among those shown', async () => {
    const extensions = paneExtensions();
    extensions.context.store.set(foundItemAtom, { sessionId: 7, item: { kind: 'message', id: 999 } });
    show(extensions);
    // The list waits a few seconds for a late entry before it gives up.
    await outsideAct(() => waitLonger(() => within(dom.host).queryByText(/not among those shown here/), 'no word about the missing message', { timeout: 6000 }));
    expect(within(dom.host).getByText(/not among those shown here/).getAttribute('role')).to.equal('status');
  });

  it('ignores a link to another conversation', async () => {
    const extensions = paneExtensions();
    extensions.context.store.set(foundItemAtom, { sessionId: 8, item: { kind: 'message', id: 12 } });
    const list = show(extensions);
    await new Promise(requestAnimationFrame);
    expect(list.querySelector('[data-found]')).to.equal(null);
    expect(extensions.context.store.get(foundItemAtom)).to.deep.equal({ sessionId: 8, item: { kind: 'message', id: 12 } });
  });
});
