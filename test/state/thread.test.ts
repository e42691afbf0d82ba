import { expect } from '@open-wc/testing';
import {
  messageNoticeAtom,
  messagesAtom,
  unreadCountAtom,
} from '../../src/state/index.js';
import { openWidget, serverMessage } from './harness.js';

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
