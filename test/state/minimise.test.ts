import { expect } from '@open-wc/testing';
import { buttonVisibleAtom, endChatAtom, isOpenAtom, messagesAtom, phaseAtom, unreadCountAtom, windowMinimisedAtom } from '../../src/state/index.js';
import { availableWidget, serverMessage } from './harness.js';

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
    expect(w.server.callsTo('/im_livechat/get_session')).to.have.length(1);
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
});
