import { expect } from '@open-wc/testing';
import {
  closeNeedsFeedbackAtom,
  composerEnabledAtom,
  connectionAtom,
  createLiveChatState,
  feedbackAtom,
  foldedAtom,
  isOpenAtom,
  messageNoticeAtom,
  messagesAtom,
  mobileAtom,
  noticeAtom,
  phaseAtom,
  transcriptAtom,
  typingNamesAtom,
  unreadCountAtom,
} from '../../src/state/index.js';
import { OPERATOR, harness, serverMessage, sessionAnswer, settle, testOptions } from './harness.js';

async function availableWidget(over: Parameters<typeof harness>[0] = {}) {
  const h = harness(over);
  h.server.on('/im_livechat/init', () => ({ available_for_me: true, rule: {} }));
  h.server.on('/im_livechat/get_session', () => sessionAnswer());
  h.server.on('/mail/chat_post', () => 555);
  const state = createLiveChatState(h.deps, testOptions());
  await state.start();
  return { ...h, state, get: state.store.get };
}

async function openWidget() {
  const w = await availableWidget();
  await w.state.open();
  return w;
}

describe('chat state: availability and opening', () => {
  it('hides everything when no operator is available (available_for_me is the number 0)', async () => {
    const h = harness();
    h.server.on('/im_livechat/init', () => ({ available_for_me: 0, rule: {} }));
    const state = createLiveChatState(h.deps, testOptions());
    await state.start();
    expect(state.store.get(phaseAtom)).to.equal('unavailable');
    expect(h.eventsNamed('livechat:ready')).to.deep.equal([{ available: false }]);
    // The page address goes along, so the channel's URL rule matches the real page (issue 11).
    expect(h.server.callsTo('/im_livechat/init')).to.deep.equal([{ channel_id: 1, page_url: location.href }]);
  });

  it('uses the init answer the loader already fetched instead of asking again', async () => {
    const h = harness();
    const state = createLiveChatState(h.deps, testOptions());
    await state.start({ init: { available_for_me: true, rule: {} } });
    expect(state.store.get(phaseAtom)).to.equal('button');
    expect(h.server.callsTo('/im_livechat/init')).to.have.length(0);
  });

  it('opens with a welcome message authored by the operator and writes the three cookies', async () => {
    const w = await openWidget();
    expect(w.server.callsTo('/im_livechat/get_session')).to.deep.equal([{ channel_id: 1, anonymous_name: 'Visitor', previous_operator_id: null }]);
    expect(w.get(isOpenAtom)).to.equal(true);
    const [welcome] = w.get(messagesAtom);
    expect(welcome?.id).to.equal('_welcome');
    expect(welcome?.author_id).to.deep.equal(OPERATOR);
    expect(welcome?.body).to.equal('How may I help you?');
    // Raw JSON, case preserved (no lower-casing of names).
    expect(JSON.parse(w.cookies.get('im_livechat_session') as string)).to.deep.equal({
      folded: false,
      id: 42,
      message_unread_counter: 0,
      operator_pid: [3, 'Mitchell Admin'],
      name: 'Visitor Mitchell Admin',
      uuid: 'uuid-1',
    });
    expect(w.cookies.maxAges.get('im_livechat_session')).to.equal(3600);
    expect(w.cookies.get('im_livechat_auto_popup')).to.equal('false');
    expect(w.cookies.maxAges.get('im_livechat_auto_popup')).to.equal(3600);
    expect(w.cookies.get('im_livechat_previous_operator_pid')).to.equal('3');
    expect(w.cookies.maxAges.get('im_livechat_previous_operator_pid')).to.equal(7 * 24 * 3600);
    expect(w.bus.channel).to.equal('uuid-1');
    expect(w.eventsNamed('livechat:open')).to.deep.equal([{ uuid: 'uuid-1', operator: OPERATOR }]);
  });

  it('sends the previous operator cookie with the next session request', async () => {
    const w = await availableWidget();
    w.cookies.set('im_livechat_previous_operator_pid', '7', 100);
    await w.state.open();
    expect(w.server.callsTo('/im_livechat/get_session')[0]?.previous_operator_id).to.equal('7');
  });

  it('debounces opening: a double click asks for one session', async () => {
    const w = await availableWidget();
    w.server.on('/im_livechat/get_session', () => false);
    await Promise.all([w.state.open(), w.state.open()]);
    w.clock.tick(100);
    await w.state.open();
    expect(w.server.callsTo('/im_livechat/get_session')).to.have.length(1);
    w.clock.tick(200);
    await w.state.open();
    expect(w.server.callsTo('/im_livechat/get_session')).to.have.length(2);
  });

  it('shows the sticky "no collaborator" notice and stays closed when no operator is returned', async () => {
    const w = await availableWidget();
    w.server.on('/im_livechat/get_session', () => false);
    await w.state.open();
    expect(w.get(isOpenAtom)).to.equal(false);
    expect(w.get(phaseAtom)).to.equal('button');
    expect(w.get(noticeAtom)).to.deep.equal({ code: 'no_operator' });
    expect(w.eventsNamed('livechat:error')).to.deep.equal([{ code: 'no_operator', message: 'No available collaborator, please try again later.' }]);
    expect(w.cookies.get('im_livechat_session')).to.equal(undefined);
  });

  it('reopens from the session cookie with up to 100 history messages, oldest first, without init or welcome', async () => {
    const h = harness();
    h.cookies.set('im_livechat_session', JSON.stringify({ ...sessionAnswer('uuid-9'), folded: true }), 3600);
    h.server.on('/mail/chat_history', () => [serverMessage('second', OPERATOR, 2), serverMessage('first', false, 1)]);
    const state = createLiveChatState(h.deps, testOptions());
    await state.start();
    expect(h.server.callsTo('/im_livechat/init')).to.have.length(0);
    expect(h.server.callsTo('/mail/chat_history')).to.deep.equal([{ uuid: 'uuid-9', limit: 100 }]);
    expect(state.store.get(messagesAtom).map((m) => m.body)).to.deep.equal(['first', 'second']);
    expect(state.store.get(foldedAtom)).to.equal(true);
    expect(h.bus.channel).to.equal('uuid-9');
  });

  it('ignores a malformed session cookie and checks availability instead', async () => {
    const h = harness();
    h.cookies.set('im_livechat_session', '{"uuid": 5', 3600);
    h.server.on('/im_livechat/init', () => ({ available_for_me: true, rule: {} }));
    const state = createLiveChatState(h.deps, testOptions());
    await state.start();
    expect(state.store.get(phaseAtom)).to.equal('button');
  });

  it('records the page in the history cookie (max 15 paths, 1 day)', async () => {
    const h = harness();
    h.cookies.set('im_livechat_history', JSON.stringify(Array.from({ length: 15 }, (_, i) => `/p${i}`)), 86400);
    h.server.on('/im_livechat/init', () => ({ available_for_me: false, rule: {} }));
    await createLiveChatState(h.deps, testOptions()).start();
    const history = JSON.parse(h.cookies.get('im_livechat_history') as string) as string[];
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
    h.server.on('/im_livechat/get_session', () => sessionAnswer());
    const state = createLiveChatState(h.deps, testOptions());
    await state.start({ init: { available_for_me: true, rule } });
    h.clock.tick(2999);
    expect(h.server.callsTo('/im_livechat/get_session')).to.have.length(0);
    h.clock.tick(1);
    await settle();
    expect(state.store.get(isOpenAtom)).to.equal(true);
  });

  it('counts the delay from when the loader received init', async () => {
    const h = harness();
    h.server.on('/im_livechat/get_session', () => sessionAnswer());
    const state = createLiveChatState(h.deps, testOptions());
    const initAt = h.clock.now();
    h.clock.tick(3000);
    await state.start({ init: { available_for_me: true, rule }, initAt });
    h.clock.tick(0);
    await settle();
    expect(state.store.get(isOpenAtom)).to.equal(true);
  });

  it('does not fire when the auto-popup cookie is false, nor on mobile', async () => {
    for (const setup of [(h: ReturnType<typeof harness>) => h.cookies.set('im_livechat_auto_popup', 'false', 3600), (h: ReturnType<typeof harness>) => h.setMobile(true)]) {
      const h = harness();
      setup(h);
      const state = createLiveChatState(h.deps, testOptions());
      await state.start({ init: { available_for_me: true, rule } });
      h.clock.tick(60_000);
      await settle();
      expect(h.server.callsTo('/im_livechat/get_session')).to.have.length(0);
    }
  });

  it('does not fire when the screen became mobile while waiting', async () => {
    const h = harness();
    const state = createLiveChatState(h.deps, testOptions());
    await state.start({ init: { available_for_me: true, rule } });
    state.setMobile(true);
    h.clock.tick(60_000);
    await settle();
    expect(h.server.callsTo('/im_livechat/get_session')).to.have.length(0);
  });
});

describe('chat state: messages and unread', () => {
  it('ignores a message whose id is already present', async () => {
    const w = await openWidget();
    const m = serverMessage('<p>hi</p>');
    w.bus.push(m);
    w.bus.push(m);
    expect(w.get(messagesAtom).filter((x) => x.id === m.id)).to.have.length(1);
    expect(w.eventsNamed('livechat:message')).to.have.length(1);
  });

  it('counts unread messages while folded or not at the bottom, and resets on scroll to bottom', async () => {
    const w = await openWidget();
    w.bus.push(serverMessage('a'));
    expect(w.get(unreadCountAtom)).to.equal(0);
    w.state.setAtBottom(false);
    w.bus.push(serverMessage('b'));
    expect(w.get(unreadCountAtom)).to.equal(1);
    w.state.setAtBottom(true);
    expect(w.get(unreadCountAtom)).to.equal(0);
    w.state.toggleFold();
    w.bus.push(serverMessage('c'));
    w.bus.push(serverMessage('d'));
    expect(w.get(unreadCountAtom)).to.equal(2);
    expect(w.eventsNamed('livechat:unread').map((e) => e.count)).to.deep.equal([1, 0, 1, 2]);
  });

  it('clears the unread count on unfold when the thread is at its end, not when scrolled up', async () => {
    const w = await openWidget();
    w.state.toggleFold();
    w.bus.push(serverMessage('a'));
    w.state.toggleFold();
    expect(w.get(unreadCountAtom)).to.equal(0);
    w.state.setAtBottom(false);
    w.state.toggleFold();
    w.bus.push(serverMessage('b'));
    w.state.toggleFold();
    expect(w.get(unreadCountAtom)).to.equal(1);
  });

  it('does not count the visitor own echoed messages as unread', async () => {
    const w = await openWidget();
    w.state.toggleFold();
    w.bus.push(serverMessage('mine', [0, 'Visitor']));
    expect(w.get(unreadCountAtom)).to.equal(0);
  });

  it('resets unread when the chat closes', async () => {
    const w = await openWidget();
    w.state.toggleFold();
    w.bus.push(serverMessage('x'));
    expect(w.get(unreadCountAtom)).to.equal(1);
    w.state.skipFeedback();
    w.state.requestClose();
    w.state.requestClose();
    expect(w.get(unreadCountAtom)).to.equal(0);
  });

  it('answers a history command with the visited pages', async () => {
    const w = await openWidget();
    w.bus.push({ _type: 'history_command' });
    await settle();
    expect(w.server.callsTo('/im_livechat/history')).to.deep.equal([{ pid: 3, channel_uuid: 'uuid-1', page_history: ['/shop?x=1'] }]);
  });

  it('offers feedback when the operator closes a conversation, and ends an empty one', async () => {
    const w = await openWidget();
    w.bus.push(serverMessage('hello'));
    w.bus.push({ info: 'session_closed', uuid: 'uuid-1' });
    expect(w.get(phaseAtom)).to.equal('feedback');
    const empty = await openWidget();
    empty.bus.push({ info: 'session_closed', uuid: 'uuid-1' });
    expect(empty.get(isOpenAtom)).to.equal(false);
    expect(empty.cookies.get('im_livechat_session')).to.equal(undefined);
  });

  it('thanks for a rating after the operator closed the chat, though the rating message is refused', async () => {
    const w = await openWidget();
    w.bus.push(serverMessage('hello'));
    w.bus.push({ info: 'session_closed', uuid: 'uuid-1' });
    // The server refuses posts to a closed session with a falsy answer (SPEC.md §7).
    w.server.on('/mail/chat_post', () => false);
    w.server.on('/im_livechat/feedback', () => 7);
    await w.state.rate(5);
    expect(w.get(feedbackAtom).step).to.equal('thanks');
    expect(w.server.callsTo('/mail/chat_post')).to.deep.equal([{ uuid: 'uuid-1', message_content: 'Rating: 😊' }]);
    expect(w.get(noticeAtom)).to.equal(undefined);
    expect(w.eventsNamed('livechat:error')).to.deep.equal([]);
    expect(w.eventsNamed('livechat:feedback')).to.deep.equal([{ rate: 5, reason: '' }]);
    w.clock.tick(2500);
    expect(w.eventsNamed('livechat:closed')).to.deep.equal([{ uuid: 'uuid-1' }]);
  });

  it('reports the connection status of the bus', async () => {
    const w = await openWidget();
    expect(w.get(connectionAtom)).to.equal('connecting');
    w.bus.status('online');
    expect(w.get(connectionAtom)).to.equal('online');
    w.bus.status('reconnecting');
    expect(w.get(connectionAtom)).to.equal('reconnecting');
  });
});

describe('chat state: new-message notifications', () => {
  it('shows an in-page notice and beeps in the master tab for a message arriving while folded', async () => {
    const w = await openWidget();
    w.state.toggleFold();
    w.bus.push(serverMessage('<p>Are you <b>there</b>?</p>'));
    expect(w.get(messageNoticeAtom)).to.deep.equal({ title: 'New message from Mitchell Admin', body: 'Are you there?' });
    expect(w.attention.beeps).to.equal(1);
    expect(w.attention.desktopShown).to.deep.equal([]);
    // Unfolding shows the thread: the notice has done its job.
    w.state.toggleFold();
    expect(w.get(messageNoticeAtom)).to.equal(undefined);
  });

  it('shows the in-page notice without a beep in a follower tab', async () => {
    const w = await openWidget();
    w.attention.master = false;
    w.state.toggleFold();
    w.bus.push(serverMessage('hello'));
    expect(w.get(messageNoticeAtom)?.title).to.equal('New message from Mitchell Admin');
    expect(w.attention.beeps).to.equal(0);
  });

  it('uses a desktop notification with permission granted, from the master tab only', async () => {
    const w = await openWidget();
    w.attention.permission = 'granted';
    w.attention.hidden = true;
    w.bus.push(serverMessage('from the master'));
    expect(w.attention.desktopShown).to.deep.equal([{ title: 'New message from Mitchell Admin', body: 'from the master' }]);
    expect(w.get(messageNoticeAtom)).to.equal(undefined);
    expect(w.attention.beeps).to.equal(0);
    w.attention.master = false;
    w.bus.push(serverMessage('from a follower'));
    expect(w.attention.desktopShown).to.have.length(1);
    expect(w.get(messageNoticeAtom)).to.equal(undefined);
  });

  it('notifies while the page is hidden, not while the open window is in view, and never for own messages', async () => {
    const w = await openWidget();
    w.bus.push(serverMessage('seen in the window'));
    expect(w.get(messageNoticeAtom)).to.equal(undefined);
    expect(w.attention.beeps).to.equal(0);
    w.attention.hidden = true;
    w.bus.push(serverMessage('mine', [0, 'Visitor']));
    w.bus.push(serverMessage('mine too', false));
    expect(w.attention.beeps).to.equal(0);
    w.bus.push(serverMessage('while away'));
    expect(w.get(messageNoticeAtom)?.body).to.equal('while away');
    expect(w.attention.beeps).to.equal(1);
  });
});

describe('chat state: fold', () => {
  it('saves the fold state in the session cookie on each toggle', async () => {
    const w = await openWidget();
    w.state.toggleFold();
    expect(JSON.parse(w.cookies.get('im_livechat_session') as string).folded).to.equal(true);
    w.state.toggleFold();
    expect(JSON.parse(w.cookies.get('im_livechat_session') as string).folded).to.equal(false);
    expect(w.eventsNamed('livechat:fold')).to.deep.equal([{ folded: true }, { folded: false }]);
  });

  it('never folds on mobile', async () => {
    const h = harness();
    h.setMobile(true);
    h.server.on('/im_livechat/get_session', () => sessionAnswer());
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
    expect(JSON.parse(w.cookies.get('im_livechat_session') as string).folded).to.equal(false);
    w.state.toggleFold();
    expect(w.get(foldedAtom)).to.equal(false);
    w.state.setMobile(false);
    w.state.toggleFold();
    expect(w.get(foldedAtom)).to.equal(true);
  });
});

describe('chat state: sending', () => {
  it('does not send trimmed empty content', async () => {
    const w = await openWidget();
    await w.state.send('   \n ');
    expect(w.server.callsTo('/mail/chat_post')).to.have.length(0);
  });

  it('shows the own message as sending, then sent, and merges the bus echo without a duplicate', async () => {
    const w = await openWidget();
    let answer!: (id: number) => void;
    w.server.on('/mail/chat_post', () => new Promise((r) => (answer = r)));
    const sending = w.state.send('  Hello <b>there</b> ');
    await settle();
    const pending = w.get(messagesAtom).at(-1);
    expect(pending?.delivery).to.equal('sending');
    expect(pending?.body).to.equal('<p>Hello &#60;b&#62;there&#60;/b&#62;</p>');
    expect(w.server.callsTo('/mail/chat_post')).to.deep.equal([{ uuid: 'uuid-1', message_content: 'Hello <b>there</b>', post_key: pending?.postKey }]);
    answer(77);
    await sending;
    expect(w.get(messagesAtom).at(-1)).to.include({ id: 77, delivery: 'sent' });
    w.bus.push(serverMessage('<p>Hello &lt;b&gt;there&lt;/b&gt;</p>', [0, 'Visitor'], 77));
    const mine = w.get(messagesAtom).filter((m) => m.id === 77);
    expect(mine).to.have.length(1);
    expect(mine[0]?.body).to.equal('<p>Hello &lt;b&gt;there&lt;/b&gt;</p>');
    expect(w.eventsNamed('livechat:message').map((e) => e.direction)).to.deep.equal(['out']);
  });

  it('keeps one copy when the bus echo arrives before the post answer', async () => {
    const w = await openWidget();
    w.server.on('/mail/chat_post', async () => {
      w.bus.push(serverMessage('<p>hi</p>', [0, 'Visitor'], 78));
      return 78;
    });
    await w.state.send('hi');
    expect(w.get(messagesAtom).filter((m) => m.id === 78)).to.have.length(1);
    expect(w.get(messagesAtom).filter((m) => String(m.id).startsWith('_pending'))).to.have.length(0);
  });

  it('retries a failed post once', async () => {
    const w = await openWidget();
    let attempts = 0;
    w.server.on('/mail/chat_post', () => {
      attempts += 1;
      if (attempts === 1) throw new Error('XmlHttpRequestError boom');
      return 90;
    });
    await w.state.send('hello');
    expect(attempts).to.equal(2);
    expect(w.get(messagesAtom).at(-1)).to.include({ id: 90, delivery: 'sent' });
  });

  it('sends the retry with the same post key, so the server can store the message once; each message has its own', async () => {
    const w = await openWidget();
    let attempts = 0;
    w.server.on('/mail/chat_post', () => {
      attempts += 1;
      // The first attempt's answer is lost after the server stored the message.
      if (attempts === 1) throw new Error('XmlHttpRequestError boom');
      return 90 + attempts;
    });
    await w.state.send('hello');
    await w.state.send('again');
    const keys = w.server.callsTo('/mail/chat_post').map((p) => (p as { post_key?: unknown }).post_key);
    expect(keys).to.have.length(3);
    expect(keys[0]).to.be.a('string').and.match(/^[0-9a-f]{32}$/);
    expect(keys[1]).to.equal(keys[0]);
    expect(keys[2]).to.be.a('string').and.not.equal(keys[0]);
  });

  it('shows a post once when its announcement arrives while the retry of its lost answer is under way', async () => {
    const w = await openWidget();
    let attempts = 0;
    let shownWhileRetrying = -1;
    w.server.on('/mail/chat_post', async (params) => {
      attempts += 1;
      if (attempts === 1) {
        // The server stored and announced the message; the answer is lost on the way back.
        w.bus.push({ ...serverMessage('<p>hello</p>', [0, 'Visitor'], 95), post_key: (params as { post_key: string }).post_key });
        await settle();
        throw new Error('XmlHttpRequestError boom');
      }
      shownWhileRetrying = w.get(messagesAtom).filter((m) => m.body === '<p>hello</p>').length;
      return 95;
    });
    await w.state.send('hello');
    expect(shownWhileRetrying, 'the announcement took the pending copy\'s place').to.equal(1);
    const shown = w.get(messagesAtom).filter((m) => m.body === '<p>hello</p>');
    expect(shown).to.have.length(1);
    expect(shown[0]).to.include({ id: 95, delivery: 'sent' });
    expect(shown[0]).to.not.have.property('post_key');
  });

  it('does not call a post failed when both attempts lost their answer but its announcement arrived', async () => {
    const w = await openWidget();
    w.server.on('/mail/chat_post', async (params) => {
      w.bus.push({ ...serverMessage('<p>hello</p>', [0, 'Visitor'], 96), post_key: (params as { post_key: string }).post_key });
      await settle();
      throw new Error('XmlHttpRequestError boom');
    });
    await w.state.send('hello');
    expect(w.get(messagesAtom).filter((m) => m.body === '<p>hello</p>').map((m) => m.delivery)).to.deep.equal(['sent']);
    expect(w.eventsNamed('livechat:error')).to.have.length(0);
  });

  it('sends a failed message again by hand with its original post key', async () => {
    const w = await openWidget();
    let fail = true;
    w.server.on('/mail/chat_post', () => {
      if (fail) throw new Error('down');
      return 93;
    });
    await w.state.send('hello');
    fail = false;
    await w.state.retry(w.get(messagesAtom).at(-1)!.id);
    const keys = new Set(w.server.callsTo('/mail/chat_post').map((p) => (p as { post_key?: unknown }).post_key));
    expect(keys.size).to.equal(1);
  });

  it('marks the post failed after the retry fails, and sends it again on demand', async () => {
    const w = await openWidget();
    let fail = true;
    w.server.on('/mail/chat_post', () => {
      if (fail) throw new Error('down');
      return 91;
    });
    await w.state.send('hello');
    expect(w.server.callsTo('/mail/chat_post')).to.have.length(2);
    const failed = w.get(messagesAtom).at(-1);
    expect(failed?.delivery).to.equal('failed');
    fail = false;
    await w.state.retry(failed!.id);
    expect(w.get(messagesAtom).at(-1)).to.include({ id: 91, delivery: 'sent' });
  });

  it('closes the chat with "Session expired" when the post answer is falsy', async () => {
    const w = await openWidget();
    w.server.on('/mail/chat_post', () => false);
    await w.state.send('hello');
    expect(w.get(noticeAtom)).to.deep.equal({ code: 'session_expired' });
    expect(w.eventsNamed('livechat:error')[0]?.message).to.equal('Session expired... Please refresh and try again.');
    expect(w.get(isOpenAtom)).to.equal(false);
    expect(w.cookies.get('im_livechat_session')).to.equal(undefined);
    expect(w.eventsNamed('livechat:closed')).to.deep.equal([{ uuid: 'uuid-1' }]);
  });
});

describe('chat state: typing', () => {
  it('announces own typing at most once per 2.5 s and clears it after 5 s idle', async () => {
    const w = await openWidget();
    const typing = () => w.server.callsTo('/im_livechat/notify_typing').map((p) => p.is_typing);
    w.state.composerInput('h');
    expect(typing()).to.deep.equal([true]);
    w.clock.tick(1000);
    w.state.composerInput('');
    w.state.composerInput('he');
    w.clock.tick(1000);
    w.state.composerInput('hel');
    expect(typing()).to.deep.equal([true]);
    w.clock.tick(4999);
    expect(typing()).to.deep.equal([true]);
    w.clock.tick(1);
    expect(typing()).to.deep.equal([true, false]);
  });

  it('sends the trailing state when the throttle window ends', async () => {
    const w = await openWidget();
    const typing = () => w.server.callsTo('/im_livechat/notify_typing').map((p) => p.is_typing);
    w.state.composerInput('h');
    w.clock.tick(500);
    w.state.composerInput('');
    expect(typing()).to.deep.equal([true]);
    w.clock.tick(2000);
    expect(typing()).to.deep.equal([true, false]);
  });

  it('re-announces every 50 s while typing goes on', async () => {
    const w = await openWidget();
    const typing = () => w.server.callsTo('/im_livechat/notify_typing').map((p) => p.is_typing);
    w.state.composerInput('a');
    for (let i = 0; i < 25; i += 1) {
      w.clock.tick(2000);
      w.state.composerInput(`a${'b'.repeat(i)}`);
    }
    expect(typing()).to.deep.equal([true, true]);
  });

  it('clears own typing when a message is sent', async () => {
    const w = await openWidget();
    w.state.composerInput('hello');
    await w.state.send('hello');
    expect(w.server.callsTo('/im_livechat/notify_typing').map((p) => p.is_typing)).to.deep.equal([true, false]);
  });

  it('shows others typing up to 60 s or until their message, and never the own echo', async () => {
    const w = await openWidget();
    w.bus.push({ info: 'typing_status', partner_id: 1, is_typing: true, is_website_user: true });
    expect(w.get(typingNamesAtom)).to.deep.equal([]);
    w.bus.push({ info: 'typing_status', partner_id: 3, is_typing: true, is_website_user: false });
    expect(w.get(typingNamesAtom)).to.deep.equal(['Mitchell Admin']);
    w.clock.tick(59_999);
    expect(w.get(typingNamesAtom)).to.deep.equal(['Mitchell Admin']);
    w.clock.tick(1);
    expect(w.get(typingNamesAtom)).to.deep.equal([]);
    w.bus.push({ info: 'typing_status', partner_id: 3, is_typing: true, is_website_user: false });
    w.bus.push(serverMessage('done', OPERATOR));
    expect(w.get(typingNamesAtom)).to.deep.equal([]);
  });
});

describe('chat state: closing, feedback and transcript', () => {
  it('closes at once and clears the session cookie when only the welcome message exists', async () => {
    const w = await openWidget();
    w.state.requestClose();
    expect(w.get(isOpenAtom)).to.equal(false);
    expect(w.cookies.get('im_livechat_session')).to.equal(undefined);
    expect(w.eventsNamed('livechat:closed')).to.deep.equal([{ uuid: 'uuid-1' }]);
    expect(w.bus.closed).to.equal(1);
  });

  it('unfolds and shows the feedback panel with the composer disabled when there is something to rate', async () => {
    const w = await openWidget();
    w.bus.push(serverMessage('hello'));
    w.state.toggleFold();
    expect(w.get(closeNeedsFeedbackAtom)).to.equal(true);
    w.state.requestClose();
    expect(w.get(phaseAtom)).to.equal('feedback');
    expect(w.get(foldedAtom)).to.equal(false);
    expect(w.get(composerEnabledAtom)).to.equal(false);
    await w.state.send('too late');
    expect(w.server.callsTo('/mail/chat_post')).to.have.length(0);
  });

  async function feedbackWidget() {
    const w = await openWidget();
    w.bus.push(serverMessage('hello'));
    w.state.requestClose();
    return w;
  }

  it('rates 5 at once: thanks, feedback without reason, rating message, session ended', async () => {
    const w = await feedbackWidget();
    await w.state.rate(5);
    expect(w.get(feedbackAtom).step).to.equal('thanks');
    expect(w.server.callsTo('/im_livechat/feedback')).to.deep.equal([{ uuid: 'uuid-1', rate: 5 }]);
    expect(w.server.callsTo('/mail/chat_post')).to.deep.equal([{ uuid: 'uuid-1', message_content: 'Rating: 😊' }]);
    expect(w.eventsNamed('livechat:feedback')).to.deep.equal([{ rate: 5, reason: '' }]);
    expect(w.cookies.get('im_livechat_session')).to.equal(undefined);
    // Closing during the thanks closes at once, and the thanks' own close does not repeat it.
    w.state.requestClose();
    expect(w.get(isOpenAtom)).to.equal(false);
    expect(w.eventsNamed('livechat:closed')).to.deep.equal([{ uuid: 'uuid-1' }]);
    w.clock.tick(5000);
    expect(w.eventsNamed('livechat:closed')).to.have.length(1);
  });

  it('closes the chat 2.5 s after thanking for a rating, as closing otherwise does', async () => {
    const w = await feedbackWidget();
    await w.state.rate(5);
    w.clock.tick(2499);
    expect(w.get(phaseAtom)).to.equal('feedback');
    expect(w.get(feedbackAtom).step).to.equal('thanks');
    expect(w.eventsNamed('livechat:closed')).to.deep.equal([]);
    w.clock.tick(1);
    expect(w.get(isOpenAtom)).to.equal(false);
    expect(w.get(phaseAtom)).to.equal('button');
    expect(w.get(messagesAtom)).to.deep.equal([]);
    expect(w.get(feedbackAtom)).to.deep.equal({ step: 'choose', rate: undefined });
    expect(w.cookies.get('im_livechat_session')).to.equal(undefined);
    expect(w.eventsNamed('livechat:closed')).to.deep.equal([{ uuid: 'uuid-1' }]);
    expect(w.bus.closed).to.be.greaterThan(0);
  });

  it('still sends the transcript asked for before rating, then closes after the thanks', async () => {
    const w = await feedbackWidget();
    await w.state.sendTranscript('visitor@example.com');
    expect(w.get(transcriptAtom)).to.equal('sent');
    await w.state.rate(1);
    await w.state.submitReason('Slow');
    expect(w.server.callsTo('/im_livechat/email_livechat_transcript')).to.deep.equal([{ uuid: 'uuid-1', email: 'visitor@example.com' }]);
    expect(w.get(feedbackAtom).step).to.equal('thanks');
    w.clock.tick(2500);
    expect(w.get(isOpenAtom)).to.equal(false);
    expect(w.eventsNamed('livechat:closed')).to.deep.equal([{ uuid: 'uuid-1' }]);
  });

  it('rates 3 or 1 with a reason', async () => {
    const w = await feedbackWidget();
    await w.state.submitReason('no rating yet');
    expect(w.server.callsTo('/im_livechat/feedback')).to.have.length(0);
    await w.state.rate(1);
    expect(w.get(feedbackAtom)).to.deep.equal({ step: 'reason', rate: 1 });
    await w.state.submitReason(' Too slow ');
    expect(w.server.callsTo('/im_livechat/feedback')).to.deep.equal([{ uuid: 'uuid-1', rate: 1, reason: 'Too slow' }]);
    expect(w.server.callsTo('/mail/chat_post')[0]?.message_content).to.equal('Rating: 😞 \nToo slow');
  });

  it('"No feedback" closes the chat', async () => {
    const w = await feedbackWidget();
    w.state.skipFeedback();
    expect(w.get(isOpenAtom)).to.equal(false);
    expect(w.server.callsTo('/im_livechat/feedback')).to.have.length(0);
    expect(w.cookies.get('im_livechat_session')).to.equal(undefined);
  });

  it('flags an invalid transcript address and sends a valid one (mailto: allowed)', async () => {
    const w = await feedbackWidget();
    await w.state.sendTranscript('not-an-email');
    expect(w.get(transcriptAtom)).to.equal('invalid');
    await w.state.sendTranscript('a@b.c');
    expect(w.get(transcriptAtom)).to.equal('invalid');
    await w.state.sendTranscript('mailto:visitor@example.com');
    expect(w.get(transcriptAtom)).to.equal('sent');
    expect(w.server.callsTo('/im_livechat/email_livechat_transcript')).to.deep.equal([{ uuid: 'uuid-1', email: 'visitor@example.com' }]);
    expect(w.eventsNamed('livechat:transcript')).to.deep.equal([{ ok: true }]);
  });

  it('shows the error block on transcript failure and comes back on try again', async () => {
    const w = await feedbackWidget();
    w.server.on('/im_livechat/email_livechat_transcript', () => {
      throw new Error('down');
    });
    await w.state.sendTranscript('visitor@example.com');
    expect(w.get(transcriptAtom)).to.equal('failed');
    expect(w.eventsNamed('livechat:transcript')).to.deep.equal([{ ok: false }]);
    w.state.retryTranscript();
    expect(w.get(transcriptAtom)).to.equal('idle');
  });
});
