import { expect } from '@open-wc/testing';
import {
  isOpenAtom,
  messagesAtom,
  noticeAtom,
} from '../../src/state/index.js';
import { openWidget, serverMessage, settle } from './harness.js';
import { CHAT_POST_ROUTE } from '../../src/protocol/routes.js';

describe('chat state: sending', () => {









  it('does not send trimmed empty content', async () => {
    const w = await openWidget();
    await w.state.send('   \n ');
    expect(w.server.callsTo(CHAT_POST_ROUTE)).to.have.length(0);
  });

  it('shows the own message as sending, then sent, and merges the bus echo without a duplicate', async () => {
    const w = await openWidget();
    let answer!: (id: number) => void;
    w.server.on(CHAT_POST_ROUTE, () => new Promise((r) => (answer = r)));
    const sending = w.state.send('  Hello <b>there</b> ');
    await settle();
    const pending = w.get(messagesAtom).at(-1);
    expect(pending?.delivery).to.equal('sending');
    expect(pending?.body).to.equal('<p>Hello &lt;b&gt;there&lt;/b&gt;</p>');
    expect(w.server.callsTo(CHAT_POST_ROUTE)).to.deep.equal([{ uuid: 'uuid-1', message_content: 'Hello <b>there</b>', post_key: pending?.postKey }]);
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
    w.server.on(CHAT_POST_ROUTE, async () => {
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
    w.server.on(CHAT_POST_ROUTE, () => {
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
    w.server.on(CHAT_POST_ROUTE, () => {
      attempts += 1;
      // The first attempt's answer is lost after the server stored the message.
      if (attempts === 1) throw new Error('XmlHttpRequestError boom');
      return 90 + attempts;
    });
    await w.state.send('hello');
    await w.state.send('again');
    const keys = w.server.callsTo(CHAT_POST_ROUTE).map((p) => (p as { post_key?: unknown }).post_key);
    expect(keys).to.have.length(3);
    expect(keys[0]).to.be.a('string').and.match(/^[0-9a-f]{32}$/);
    expect(keys[1]).to.equal(keys[0]);
    expect(keys[2]).to.be.a('string').and.not.equal(keys[0]);
  });

  it('shows a post once when its announcement arrives while the retry of its lost answer is under way', async () => {
    const w = await openWidget();
    let attempts = 0;
    let shownWhileRetrying = -1;
    w.server.on(CHAT_POST_ROUTE, async (params) => {
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
    w.server.on(CHAT_POST_ROUTE, async (params) => {
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
    w.server.on(CHAT_POST_ROUTE, () => {
      if (fail) throw new Error('down');
      return 93;
    });
    await w.state.send('hello');
    fail = false;
    await w.state.retry(w.get(messagesAtom).at(-1)!.id);
    const keys = new Set(w.server.callsTo(CHAT_POST_ROUTE).map((p) => (p as { post_key?: unknown }).post_key));
    expect(keys.size).to.equal(1);
  });

  it('marks the post failed after the retry fails, and sends it again on demand', async () => {
    const w = await openWidget();
    let fail = true;
    w.server.on(CHAT_POST_ROUTE, () => {
      if (fail) throw new Error('down');
      return 91;
    });
    await w.state.send('hello');
    expect(w.server.callsTo(CHAT_POST_ROUTE)).to.have.length(2);
    const failed = w.get(messagesAtom).at(-1);
    expect(failed?.delivery).to.equal('failed');
    fail = false;
    await w.state.retry(failed!.id);
    expect(w.get(messagesAtom).at(-1)).to.include({ id: 91, delivery: 'sent' });
  });

  it('closes the chat with "Session expired" when the post answer is falsy', async () => {
    const w = await openWidget();
    w.server.on(CHAT_POST_ROUTE, () => false);
    await w.state.send('hello');
    expect(w.get(noticeAtom)).to.deep.equal({ code: 'session_expired' });
    expect(w.eventsNamed('livechat:error')[0]?.message).to.equal('Session expired... Please refresh and try again.');
    expect(w.get(isOpenAtom)).to.equal(false);
    expect(w.cookies.get('im_livechat_session')).to.equal(undefined);
    expect(w.eventsNamed('livechat:closed')).to.deep.equal([{ uuid: 'uuid-1' }]);
  });
});
