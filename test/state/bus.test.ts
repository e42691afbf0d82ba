import { expect } from '@open-wc/testing';
import {
  connectionAtom,
  feedbackAtom,
  isOpenAtom,
  noticeAtom,
  phaseAtom,
} from '../../src/state/index.js';
import { openWidget, serverMessage, settle } from './harness.js';
import { CHAT_POST_ROUTE, FEEDBACK_ROUTE, HISTORY_ROUTE } from '../../src/protocol/routes.js';

describe('chat state: bus payloads and connection', () => {
  it('answers a history command with the visited pages', async () => {
    const w = await openWidget();
    w.bus.push({ _type: 'history_command' });
    await settle();
    expect(w.server.callsTo(HISTORY_ROUTE)).to.deep.equal([{ pid: 3, channel_uuid: 'uuid-1', page_history: ['/shop?x=1'] }]);
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
    w.server.on(CHAT_POST_ROUTE, () => false);
    w.server.on(FEEDBACK_ROUTE, () => 7);
    await w.state.rate(5);
    expect(w.get(feedbackAtom).step).to.equal('thanks');
    expect(w.server.callsTo(CHAT_POST_ROUTE)).to.deep.equal([{ uuid: 'uuid-1', message_content: 'Rating: 😊' }]);
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
