import { expect } from '@open-wc/testing';
import { createStore } from 'jotai/vanilla';
import type { ConversationDetail, ConversationSummary } from '../../../src/protocol/operator-console.js';
import {
  conversationsAtom,
  deskClockAtom,
  deskEventAtom,
  disposeDeskAtom,
  liveSessionIdsAtom,
  openConversationAtom,
  openVisitorTypingAtom,
  typingSessionsAtom,
  visitorTypingAtom,
} from '../../../src/operator/desk/desk-atoms.js';
import { FakeTimers } from '../../platform/typing/fake-timers.js';

const summary = (id: number, over: Partial<ConversationSummary> = {}): ConversationSummary => ({
  id,
  channel_id: 1,
  visitor_name: 'Visitor',
  origin: 'chat',
  created_at: 0,
  closed_at: null,
  last_message: null,
  unread: 0,
  waiting_since: null,
  ...over,
});

function desk() {
  const store = createStore();
  const clock = new FakeTimers();
  store.set(deskClockAtom, clock);
  store.set(deskEventAtom, { type: 'listed', conversations: [summary(7), summary(8, { closed_at: 5 }), summary(9)] });
  return { store, clock };
}

describe('desk atoms', () => {
  it('apply events through the reducer and derive the channels to follow', () => {
    const { store } = desk();
    expect(store.get(liveSessionIdsAtom)).to.deep.equal([7, 9]);
    store.set(deskEventAtom, { type: 'closed', sessionId: 9, at: 10 });
    expect(store.get(liveSessionIdsAtom)).to.deep.equal([7]);
    const before = store.get(conversationsAtom);
    store.set(deskEventAtom, { type: 'history', sessionId: 7, pages: ['/a'] });
    expect(store.get(conversationsAtom), 'an event that changes nothing keeps the list').to.equal(before);
  });

  it('shows the open conversation’s visitor typing and fades it 60 s after the latest notice', () => {
    const { store, clock } = desk();
    store.set(deskEventAtom, { type: 'selected', id: 7 });
    const detail: ConversationDetail = { ...summary(7), messages: [], page_history: null, rating: null, reply_email: null };
    store.set(deskEventAtom, { type: 'opened', detail });
    expect(store.get(openConversationAtom)?.id).to.equal(7);
    store.set(visitorTypingAtom, 7, true);
    store.set(visitorTypingAtom, 9, true);
    expect(store.get(openVisitorTypingAtom)).to.equal(true);
    clock.advance(30_000);
    store.set(visitorTypingAtom, 7, true);
    clock.advance(30_000);
    expect(store.get(typingSessionsAtom), 'the marker without news fades').to.deep.equal([7]);
    clock.advance(30_000);
    expect(store.get(openVisitorTypingAtom)).to.equal(false);
  });

  it('stops fading once the desk is gone', () => {
    const { store, clock } = desk();
    store.set(visitorTypingAtom, 7, true);
    store.set(disposeDeskAtom);
    clock.advance(120_000);
    expect(store.get(typingSessionsAtom)).to.deep.equal([7]);
  });
});
