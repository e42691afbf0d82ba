import { expect } from '@open-wc/testing';
import { CONVERSATION_STATE_ROUTE } from '../../src/protocol/conversation-state.js';
import { LIMITS } from '../../src/protocol/livechat.js';
import {
  composerEnabledAtom,
  createLiveChatState,
  endedAtom,
  isOpenAtom,
  keptDraftAtom,
  messagesAtom,
  noticeAtom,
  phaseAtom,
} from '../../src/state/index.js';
import { OPERATOR, availableWidget, harness, openWidget, serverMessage, sessionAnswer, settle, testOptions } from './harness.js';
import { CHAT_HISTORY_ROUTE, CHAT_POST_ROUTE, GET_SESSION_ROUTE, INIT_ROUTE } from '../../src/protocol/routes.js';

/** A page that comes back with the session cookie of `uuid-9`, the server answering `state` for it. */
async function reloaded(state: 'open' | 'closed', history: unknown[] = [serverMessage('An answer', OPERATOR, 2), serverMessage('A question', false, 1)]) {
  const h = harness();
  h.cookies.set('im_livechat_session', sessionAnswer('uuid-9'), 3600);
  h.server.on(CONVERSATION_STATE_ROUTE, () => ({ state }));
  h.server.on(CHAT_HISTORY_ROUTE, () => history);
  const widget = createLiveChatState(h.deps, testOptions());
  await widget.start();
  return { ...h, state: widget, get: widget.store.get };
}

describe('chat state: a conversation the server ended, and a post it refused', () => {
  it('reopens a conversation the operator closed meanwhile as ended: feedback panel, no composer, bus stopped', async () => {
    const w = await reloaded('closed');
    expect(w.server.callsTo(CONVERSATION_STATE_ROUTE)).to.deep.equal([{ uuid: 'uuid-9' }]);
    expect(w.get(phaseAtom)).to.equal('feedback');
    expect(w.get(endedAtom)).to.equal(true);
    expect(w.get(composerEnabledAtom)).to.equal(false);
    expect(w.get(messagesAtom).map((m) => m.body)).to.deep.equal(['A question', 'An answer']);
    expect(w.bus.channel).to.equal(undefined);
    // Still rated as any ended conversation, and the cookie goes only when the visitor is done.
    expect(w.cookies.get('im_livechat_session')).to.not.equal(undefined);
  });

  it('ends a reopened conversation the operator closes while its history is still loading', async () => {
    const h = harness();
    h.cookies.set('im_livechat_session', sessionAnswer('uuid-9'), 3600);
    // The server still says open: the close comes just after, on the bus, before the history is in.
    h.server.on(CONVERSATION_STATE_ROUTE, () => ({ state: 'open' }));
    let history!: (messages: unknown[]) => void;
    h.server.on(CHAT_HISTORY_ROUTE, () => new Promise((resolve) => (history = resolve)));
    const widget = createLiveChatState(h.deps, testOptions());
    const started = widget.start();
    await settle();
    h.bus.push({ info: 'session_closed', uuid: 'uuid-9' });
    expect(widget.store.get(endedAtom)).to.equal(true);
    history([serverMessage('An answer', OPERATOR, 2)]);
    await started;
    expect(widget.store.get(phaseAtom)).to.equal('feedback');
    expect(widget.store.get(composerEnabledAtom)).to.equal(false);
  });

  it('closes at once a reopened conversation that is closed and has nothing to rate', async () => {
    const w = await reloaded('closed', []);
    expect(w.get(isOpenAtom)).to.equal(false);
    expect(w.cookies.get('im_livechat_session')).to.equal(undefined);
    expect(w.eventsNamed('livechat:closed')).to.deep.equal([{ uuid: 'uuid-9' }]);
  });

  it('keeps the composer disabled until the server says a reopened conversation is live', async () => {
    const h = harness();
    h.cookies.set('im_livechat_session', sessionAnswer('uuid-9'), 3600);
    let answer!: (value: unknown) => void;
    h.server.on(CONVERSATION_STATE_ROUTE, () => new Promise((resolve) => (answer = resolve)));
    h.server.on(CHAT_HISTORY_ROUTE, () => []);
    const widget = createLiveChatState(h.deps, testOptions());
    const started = widget.start();
    await settle();
    expect(widget.store.get(phaseAtom)).to.equal('chat');
    expect(widget.store.get(composerEnabledAtom)).to.equal(false);
    answer({ state: 'open' });
    await started;
    expect(widget.store.get(composerEnabledAtom)).to.equal(true);
    expect(widget.store.get(endedAtom)).to.equal(false);
    expect(h.bus.channel).to.equal('uuid-9');
  });

  it('counts a server that cannot tell (an older one, a failed call) as live', async () => {
    const h = harness();
    h.cookies.set('im_livechat_session', sessionAnswer('uuid-9'), 3600);
    h.server.on(CONVERSATION_STATE_ROUTE, () => Promise.reject(new Error('XmlHttpRequestError 404')));
    const widget = createLiveChatState(h.deps, testOptions());
    await widget.start();
    expect(widget.store.get(phaseAtom)).to.equal('chat');
    expect(widget.store.get(composerEnabledAtom)).to.equal(true);
  });

  it('says the conversation ended when the operator closes it on the bus', async () => {
    const w = await openWidget();
    w.bus.push(serverMessage('hello'));
    w.bus.push({ info: 'session_closed', uuid: 'uuid-1' });
    expect(w.get(endedAtom)).to.equal(true);
    w.state.skipFeedback();
    expect(w.get(endedAtom)).to.equal(false);
  });

  it('keeps the text of a refused post for the next conversation, and lets it go once delivered', async () => {
    const w = await openWidget();
    w.server.on(CHAT_POST_ROUTE, () => false);
    await w.state.send('  My order 1234 never came ');
    // SPEC.md §8: the notice and the closing stay; the text is not lost.
    expect(w.get(noticeAtom)).to.deep.equal({ code: 'session_expired' });
    expect(w.get(isOpenAtom)).to.equal(false);
    expect(w.get(keptDraftAtom)).to.equal('My order 1234 never came');
    // A new click, not a repeat of the first one within its debounce.
    w.clock.tick(LIMITS.openDebounceMs);
    w.server.on(GET_SESSION_ROUTE, () => sessionAnswer('uuid-2'));
    w.server.on(CHAT_POST_ROUTE, () => 501);
    await w.state.open();
    expect(w.get(phaseAtom)).to.equal('chat');
    expect(w.get(keptDraftAtom)).to.equal('My order 1234 never came');
    await w.state.send('My order 1234 never came');
    expect(w.server.callsTo(CHAT_POST_ROUTE).at(-1)).to.include({ uuid: 'uuid-2', message_content: 'My order 1234 never came' });
    expect(w.get(keptDraftAtom)).to.equal(undefined);
  });

  it('keeps a refused post\'s text through a reload of the page', async () => {
    let stored: string | undefined;
    const keptDraft = { read: () => stored, write: (text: string | undefined) => void (stored = text) };
    const w = await availableWidget({ keptDraft });
    await w.state.open();
    w.server.on(CHAT_POST_ROUTE, () => false);
    await w.state.send('Still waiting for my refund');
    expect(stored).to.equal('Still waiting for my refund');

    const again = harness({ keptDraft });
    again.server.on(INIT_ROUTE, () => ({ available_for_me: true, rule: {} }));
    const reloadedState = createLiveChatState(again.deps, testOptions());
    await reloadedState.start();
    expect(reloadedState.store.get(keptDraftAtom)).to.equal('Still waiting for my refund');
    again.server.on(GET_SESSION_ROUTE, () => sessionAnswer('uuid-3'));
    again.server.on(CHAT_POST_ROUTE, () => 502);
    await reloadedState.open();
    await reloadedState.send('Still waiting for my refund');
    expect(stored).to.equal(undefined);
  });
});
