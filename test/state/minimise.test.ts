import { expect } from '@open-wc/testing';
import { createLiveChatState } from '../../src/state/create-state.js';
import { buttonVisibleAtom, endChatAtom, isOpenAtom, messagesAtom, phaseAtom, sessionAtom, unreadCountAtom, windowMinimisedAtom } from '../../src/state/index.js';
import { availableWidget, harness, serverMessage, testOptions } from './harness.js';
import { CHAT_HISTORY_ROUTE, GET_SESSION_ROUTE } from '../../src/protocol/routes.js';

async function phoneChat() {
  const w = await availableWidget();
  w.setMobile(true);
  w.state.setMobile(true);
  await w.state.open();
  return w;
}

describe('chat state: the window minimised on a phone', () => {
  it('puts the window behind the button, counts what arrives there, and open() brings the same chat back', async () => {
    const w = await phoneChat();
    w.bus.push(serverMessage('<p>Hello</p>'));
    w.state.minimise();
    expect([w.get(windowMinimisedAtom), w.get(isOpenAtom), w.get(buttonVisibleAtom)]).to.deep.equal([true, true, true]);
    w.bus.push(serverMessage('<p>Still there?</p>'));
    // The hidden thread still follows its end; that is no sign the visitor read anything.
    w.state.setAtBottom(true);
    expect(w.get(unreadCountAtom)).to.equal(1);
    const shown = w.get(messagesAtom).length;

    await w.state.open();
    expect([w.get(windowMinimisedAtom), w.get(buttonVisibleAtom), w.get(phaseAtom)]).to.deep.equal([false, false, 'chat']);
    expect(w.get(messagesAtom)).to.have.length(shown);
    expect(w.get(unreadCountAtom)).to.equal(0);
    expect(w.eventsNamed('livechat:fold')).to.deep.equal([{ folded: true }, { folded: false }]);
    expect(w.server.callsTo(GET_SESSION_ROUTE)).to.have.length(1);
  });

  it('does not carry a minimised window over to the next conversation', async () => {
    const w = await phoneChat();
    w.state.minimise();
    w.state.store.set(endChatAtom);
    expect([w.get(windowMinimisedAtom), w.get(buttonVisibleAtom)]).to.deep.equal([false, true]);
    w.clock.tick(1000);
    await w.state.open();
    expect([w.get(phaseAtom), w.get(windowMinimisedAtom)]).to.deep.equal(['chat', false]);
  });

  it('comes back minimised on the next page, with its unread count, from the session cookie', async () => {
    const w = await phoneChat();
    w.state.minimise();
    w.bus.push(serverMessage('<p>Still there?</p>'));
    expect(w.cookies.get<{ minimised?: boolean; message_unread_counter: number }>('im_livechat_session')).to.include({ minimised: true, message_unread_counter: 1 });

    const next = harness({ cookies: w.cookies });
    next.setMobile(true);
    next.server.on(CHAT_HISTORY_ROUTE, () => []);
    const state = createLiveChatState(next.deps, testOptions());
    await state.start();
    expect([state.store.get(windowMinimisedAtom), state.store.get(buttonVisibleAtom), state.store.get(unreadCountAtom)]).to.deep.equal([true, true, 1]);
    await state.open();
    expect([state.store.get(windowMinimisedAtom), state.store.get(buttonVisibleAtom)]).to.deep.equal([false, false]);
    expect(state.store.get(sessionAtom)?.uuid).to.equal(w.get(sessionAtom)?.uuid);
    expect(next.server.callsTo(GET_SESSION_ROUTE)).to.have.length(0);
    expect(w.cookies.get<{ minimised?: boolean }>('im_livechat_session')).not.to.have.property('minimised');
  });

  it('forgets the mark when the chat ends, so the next conversation opens in sight', async () => {
    const w = await phoneChat();
    w.state.minimise();
    w.state.store.set(endChatAtom);
    expect(w.cookies.get('im_livechat_session')).to.equal(undefined);
    w.clock.tick(1000);
    await w.state.open();
    expect(w.cookies.get<{ minimised?: boolean }>('im_livechat_session')).not.to.have.property('minimised');
  });

  it('restores an older cookie without the mark with the window in sight', async () => {
    const h = harness();
    h.setMobile(true);
    h.cookies.set('im_livechat_session', { folded: false, id: 42, message_unread_counter: 2, operator_pid: [3, 'Mitchell Admin'], name: 'Visitor', uuid: 'uuid-old' }, 3600);
    h.server.on(CHAT_HISTORY_ROUTE, () => []);
    const state = createLiveChatState(h.deps, testOptions());
    await state.start();
    expect([state.store.get(phaseAtom), state.store.get(windowMinimisedAtom), state.store.get(buttonVisibleAtom)]).to.deep.equal(['chat', false, false]);
  });
});
