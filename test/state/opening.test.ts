import { expect } from '@open-wc/testing';
import {
  createLiveChatState,
  foldedAtom,
  isOpenAtom,
  messagesAtom,
  mobileAtom,
  noticeAtom,
  phaseAtom,
} from '../../src/state/index.js';
import { availableWidget, harness, openWidget, OPERATOR, serverMessage, sessionAnswer, settle, testOptions } from './harness.js';
import { CHAT_HISTORY_ROUTE, GET_SESSION_ROUTE, INIT_ROUTE } from '../../src/protocol/routes.js';

describe('chat state: availability and opening', () => {








  it('hides everything when no operator is available (available_for_me is the number 0)', async () => {
    const h = harness();
    h.server.on(INIT_ROUTE, () => ({ available_for_me: 0, rule: {} }));
    const state = createLiveChatState(h.deps, testOptions());
    await state.start();
    expect(state.store.get(phaseAtom)).to.equal('unavailable');
    expect(h.eventsNamed('livechat:ready')).to.deep.equal([{ available: false }]);
    // The page address goes along, so the channel's URL rule matches the real page (issue 11).
    expect(h.server.callsTo(INIT_ROUTE)).to.deep.equal([{ channel_id: 1, page_url: location.href }]);
  });

  it('uses the init answer the loader already fetched instead of asking again', async () => {
    const h = harness();
    const state = createLiveChatState(h.deps, testOptions());
    await state.start({ init: { available_for_me: true, rule: {} } });
    expect(state.store.get(phaseAtom)).to.equal('button');
    expect(h.server.callsTo(INIT_ROUTE)).to.have.length(0);
  });

  it('opens with a welcome message authored by the operator and writes the three cookies', async () => {
    const w = await openWidget();
    // With the visitor's time zone and language for the operator's visitor card, and the pages seen so far (issue 14).
    expect(w.server.callsTo(GET_SESSION_ROUTE)).to.deep.equal([
      { channel_id: 1, anonymous_name: 'Visitor', previous_operator_id: null, time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone, language: navigator.language, page_history: ['/shop?x=1'] },
    ]);
    expect(w.get(isOpenAtom)).to.equal(true);
    const [welcome] = w.get(messagesAtom);
    expect(welcome?.id).to.equal('_welcome');
    expect(welcome?.author_id).to.deep.equal(OPERATOR);
    expect(welcome?.body).to.equal('How may I help you?');
    // Case preserved (no lower-casing of names), in the key order of PROTOCOL.md §7.1.
    expect(w.cookies.get('im_livechat_session')).to.deep.equal({
      folded: false,
      id: 42,
      message_unread_counter: 0,
      operator_pid: [3, 'Mitchell Admin'],
      name: 'Visitor Mitchell Admin',
      uuid: 'uuid-1',
      state: 'open',
    });
    expect(w.cookies.maxAges.get('im_livechat_session')).to.equal(3600);
    expect(w.cookies.get('im_livechat_auto_popup')).to.equal(false);
    expect(w.cookies.maxAges.get('im_livechat_auto_popup')).to.equal(3600);
    expect(w.cookies.get('im_livechat_previous_operator_pid')).to.equal(3);
    expect(w.cookies.maxAges.get('im_livechat_previous_operator_pid')).to.equal(7 * 24 * 3600);
    expect(w.bus.channel).to.equal('uuid-1');
    expect(w.eventsNamed('livechat:open')).to.deep.equal([{ uuid: 'uuid-1', operator: OPERATOR }]);
  });

  it('sends the previous operator cookie with the next session request', async () => {
    const w = await availableWidget();
    w.cookies.set('im_livechat_previous_operator_pid', 7, 100);
    await w.state.open();
    expect(w.server.callsTo(GET_SESSION_ROUTE)[0]?.previous_operator_id).to.equal('7');
  });

  it('debounces opening: a double click asks for one session', async () => {
    const w = await availableWidget();
    w.server.on(GET_SESSION_ROUTE, () => false);
    await Promise.all([w.state.open(), w.state.open()]);
    w.clock.tick(100);
    await w.state.open();
    expect(w.server.callsTo(GET_SESSION_ROUTE)).to.have.length(1);
    w.clock.tick(200);
    await w.state.open();
    expect(w.server.callsTo(GET_SESSION_ROUTE)).to.have.length(2);
  });

  it('shows the sticky "no collaborator" notice and stays closed when no operator is returned', async () => {
    const w = await availableWidget();
    w.server.on(GET_SESSION_ROUTE, () => false);
    await w.state.open();
    expect(w.get(isOpenAtom)).to.equal(false);
    expect(w.get(phaseAtom)).to.equal('button');
    expect(w.get(noticeAtom)).to.deep.equal({ code: 'no_operator' });
    expect(w.eventsNamed('livechat:error')).to.deep.equal([{ code: 'no_operator', message: 'No available collaborator, please try again later.' }]);
    expect(w.cookies.get('im_livechat_session')).to.equal(undefined);
  });

  it('reopens from the session cookie with up to 100 history messages, oldest first, without init or welcome', async () => {
    const h = harness();
    h.cookies.set('im_livechat_session', { ...sessionAnswer('uuid-9'), folded: true }, 3600);
    h.server.on(CHAT_HISTORY_ROUTE, () => [serverMessage('second', OPERATOR, 2), serverMessage('first', false, 1)]);
    const state = createLiveChatState(h.deps, testOptions());
    await state.start();
    expect(h.server.callsTo(INIT_ROUTE)).to.have.length(0);
    expect(h.server.callsTo(CHAT_HISTORY_ROUTE)).to.deep.equal([{ uuid: 'uuid-9', limit: 100 }]);
    expect(state.store.get(messagesAtom).map((m) => m.body)).to.deep.equal(['first', 'second']);
    expect(state.store.get(foldedAtom)).to.equal(true);
    expect(h.bus.channel).to.equal('uuid-9');
  });

  it('ignores a malformed session cookie and checks availability instead', async () => {
    const h = harness();
    h.cookies.set('im_livechat_session', { uuid: 5 }, 3600);
    h.server.on(INIT_ROUTE, () => ({ available_for_me: true, rule: {} }));
    const state = createLiveChatState(h.deps, testOptions());
    await state.start();
    expect(state.store.get(phaseAtom)).to.equal('button');
  });

  it('records the page in the history cookie (max 15 paths, 1 day)', async () => {
    const h = harness();
    h.cookies.set('im_livechat_history', Array.from({ length: 15 }, (_, i) => `/p${i}`), 86400);
    h.server.on(INIT_ROUTE, () => ({ available_for_me: false, rule: {} }));
    await createLiveChatState(h.deps, testOptions()).start();
    const history = h.cookies.get('im_livechat_history') as string[];
    expect(history).to.have.length(15);
    expect(history[0]).to.equal('/p1');
    expect(history[14]).to.equal('/shop?x=1');
    expect(h.cookies.maxAges.get('im_livechat_history')).to.equal(86400);
  });
});

describe('chat state: auto-popup', () => {
  const rule = { action: 'auto_popup', auto_popup_timer: 3, regex_url: false } as const;




  it('opens after auto_popup_timer seconds', async () => {
    const h = harness();
    h.server.on(GET_SESSION_ROUTE, () => sessionAnswer());
    const state = createLiveChatState(h.deps, testOptions());
    await state.start({ init: { available_for_me: true, rule } });
    h.clock.tick(2999);
    expect(h.server.callsTo(GET_SESSION_ROUTE)).to.have.length(0);
    h.clock.tick(1);
    await settle();
    expect(state.store.get(isOpenAtom)).to.equal(true);
  });

  it('counts the delay from when the loader received init', async () => {
    const h = harness();
    h.server.on(GET_SESSION_ROUTE, () => sessionAnswer());
    const state = createLiveChatState(h.deps, testOptions());
    const initAt = h.clock.now();
    h.clock.tick(3000);
    await state.start({ init: { available_for_me: true, rule }, initAt });
    h.clock.tick(0);
    await settle();
    expect(state.store.get(isOpenAtom)).to.equal(true);
  });

  it('does not fire when the auto-popup cookie is false, nor on mobile', async () => {
    for (const setup of [(h: ReturnType<typeof harness>) => h.cookies.set('im_livechat_auto_popup', false, 3600), (h: ReturnType<typeof harness>) => h.setMobile(true)]) {
      const h = harness();
      setup(h);
      const state = createLiveChatState(h.deps, testOptions());
      await state.start({ init: { available_for_me: true, rule } });
      h.clock.tick(60_000);
      await settle();
      expect(h.server.callsTo(GET_SESSION_ROUTE)).to.have.length(0);
    }
  });

  it('does not fire when the screen became mobile while waiting', async () => {
    const h = harness();
    const state = createLiveChatState(h.deps, testOptions());
    await state.start({ init: { available_for_me: true, rule } });
    state.setMobile(true);
    h.clock.tick(60_000);
    await settle();
    expect(h.server.callsTo(GET_SESSION_ROUTE)).to.have.length(0);
  });
});

describe('chat state: fold', () => {


  it('saves the fold state in the session cookie on each toggle', async () => {
    const w = await openWidget();
    w.state.toggleFold();
    expect(w.cookies.get<{ folded: boolean }>('im_livechat_session')?.folded).to.equal(true);
    w.state.toggleFold();
    expect(w.cookies.get<{ folded: boolean }>('im_livechat_session')?.folded).to.equal(false);
    expect(w.eventsNamed('livechat:fold')).to.deep.equal([{ folded: true }, { folded: false }]);
  });

  it('never folds on mobile', async () => {
    const h = harness();
    h.setMobile(true);
    h.server.on(GET_SESSION_ROUTE, () => sessionAnswer());
    const state = createLiveChatState(h.deps, testOptions());
    await state.start({ init: { available_for_me: true, rule: {} } });
    await state.open();
    state.toggleFold();
    expect(state.store.get(foldedAtom)).to.equal(false);
  });

  it('unfolds a folded window when the screen becomes mobile, and folds again once it is wide', async () => {
    const w = await openWidget();
    w.state.toggleFold();
    expect(w.get(foldedAtom)).to.equal(true);
    w.state.setMobile(true);
    expect(w.get(mobileAtom)).to.equal(true);
    expect(w.get(foldedAtom)).to.equal(false);
    expect(w.cookies.get<{ folded: boolean }>('im_livechat_session')?.folded).to.equal(false);
    w.state.toggleFold();
    expect(w.get(foldedAtom)).to.equal(false);
    w.state.setMobile(false);
    w.state.toggleFold();
    expect(w.get(foldedAtom)).to.equal(true);
  });
});
