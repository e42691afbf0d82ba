/**
 * Issue 15: the console marks the open conversation read while the operator has it in view. The API is
 * an in-memory stand-in that records the calls; the route itself is tested over HTTP on both engines
 * (test/server/read-receipts.test.ts) and end to end (test/e2e/visitor-uploads.spec.ts).
 */
import { expect } from '@open-wc/testing';
import { act } from 'react';
import type { ChatMessage } from '../../../src/protocol/livechat.js';
import type { ConversationDetail } from '../../../src/protocol/operator-console.js';
import { useReadReceipts } from '../../../src/operator/desk/use-read-receipts.js';
import { reactMount } from '../support.js';

const message = (id: number, fromVisitor: boolean): ChatMessage => ({
  id,
  body: `<p>${id}</p>`,
  date: '2024-05-11 14:03:27',
  author_id: fromVisitor ? [0, 'Visitor'] : [3, 'Mitchell Admin'],
  message_type: 'comment',
  attachment_ids: [],
  channel_ids: [7],
  is_discussion: true,
  is_notification: false,
});

const conversation = (id: number, messages: ChatMessage[]): ConversationDetail => ({
  id,
  channel_id: 1,
  visitor_name: 'Visitor',
  created_at: 0,
  closed_at: null,
  last_message: messages.at(-1) ?? null,
  unread: 0,
  waiting_since: null,
  page_history: null,
  rating: null,
  messages,
  origin: 'chat',
  reply_email: null,
});

function Receipts({ api, open }: { api: { markSeen(s: number, m: number): Promise<boolean> }; open: ConversationDetail | null }): null {
  useReadReceipts(api, open);
  return null;
}

describe('console read receipts', () => {
  const dom = reactMount();

  it('marks the open conversation read up to its newest message whenever its visitor says more, once each time', async () => {
    const calls: [number, number][] = [];
    const api = { markSeen: async (s: number, m: number) => (calls.push([s, m]), true) };
    const render = (open: ConversationDetail | null) => act(() => dom.root.render(<Receipts api={api} open={open} />));
    render(null);
    render(conversation(7, [message(1, true), message(2, false)]));
    expect(calls).to.deep.equal([[7, 2]]);
    render(conversation(7, [message(1, true), message(2, false), message(3, false)]));
    expect(calls, 'the operator’s own message needs no receipt').to.deep.equal([[7, 2]]);
    render(conversation(7, [message(1, true), message(2, false), message(3, false), message(4, true)]));
    render(conversation(8, [message(5, false)]));
    expect(calls, 'a conversation where the visitor has said nothing is not marked').to.deep.equal([
      [7, 2],
      [7, 4],
    ]);
  });

  it('waits while the page is hidden, and tries again after a failed mark', async () => {
    const calls: number[] = [];
    let fail = true;
    const api = {
      markSeen: async (_s: number, m: number) => {
        calls.push(m);
        if (fail) throw new Error('offline');
        return true;
      },
    };
    const hidden = Object.getOwnPropertyDescriptor(Document.prototype, 'visibilityState')!;
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    try {
      act(() => dom.root.render(<Receipts api={api} open={conversation(9, [message(10, true)])} />));
      expect(calls, 'nothing while hidden').to.deep.equal([]);
    } finally {
      Object.defineProperty(document, 'visibilityState', hidden);
      delete (document as { visibilityState?: unknown }).visibilityState;
    }
    act(() => document.dispatchEvent(new Event('visibilitychange')));
    expect(calls).to.deep.equal([10]);
    await act(async () => new Promise((r) => setTimeout(r, 0)));
    fail = false;
    act(() => dom.root.render(<Receipts api={api} open={conversation(9, [message(10, true), message(11, true)])} />));
    expect(calls).to.deep.equal([10, 11]);
  });
});
