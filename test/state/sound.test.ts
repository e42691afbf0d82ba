import { expect } from '@open-wc/testing';
import { createLiveChatState, messageNoticeAtom, soundMutedAtom } from '../../src/state/index.js';
import { harness, serverMessage, sessionAnswer, testOptions } from './harness.js';
import { GET_SESSION_ROUTE, INIT_ROUTE } from '../../src/protocol/routes.js';

async function foldedWidget(muted = false) {
  const h = harness();
  h.attention.muted = muted;
  h.server.on(INIT_ROUTE, () => ({ available_for_me: true, rule: {} }));
  h.server.on(GET_SESSION_ROUTE, () => sessionAnswer());
  const state = createLiveChatState(h.deps, testOptions());
  await state.start();
  await state.open();
  state.toggleFold();
  return { ...h, state, get: state.store.get };
}

describe('chat state: muting the notification sound', () => {
  it('stops the beep, keeps the in-page notice, and remembers the choice', async () => {
    const w = await foldedWidget();
    expect(w.get(soundMutedAtom)).to.equal(false);
    w.state.toggleSound();
    expect(w.get(soundMutedAtom)).to.equal(true);
    expect(w.attention.muted, 'remembered for later visits').to.equal(true);
    w.bus.push(serverMessage('while muted'));
    expect(w.get(messageNoticeAtom)?.body).to.equal('while muted');
    expect(w.attention.beeps).to.equal(0);
    w.state.toggleSound();
    expect(w.attention.muted).to.equal(false);
    w.bus.push(serverMessage('with sound'));
    expect(w.attention.beeps).to.equal(1);
  });

  it('starts muted when the visitor muted it on an earlier visit', async () => {
    const w = await foldedWidget(true);
    expect(w.get(soundMutedAtom)).to.equal(true);
    w.bus.push(serverMessage('quiet'));
    expect(w.attention.beeps).to.equal(0);
  });

  it('follows a choice made in another tab, for the toggle and for the beep', async () => {
    const w = await foldedWidget();
    w.attention.mutedElsewhere(true);
    expect(w.get(soundMutedAtom)).to.equal(true);
    w.bus.push(serverMessage('muted elsewhere'));
    expect(w.attention.beeps).to.equal(0);
    w.state.dispose();
    w.attention.mutedElsewhere(false);
    expect(w.get(soundMutedAtom), 'a disposed widget no longer listens').to.equal(true);
  });
});
