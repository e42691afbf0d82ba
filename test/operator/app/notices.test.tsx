import { expect } from '@open-wc/testing';
import { within } from '@testing-library/dom';
import { act, useCallback, useState } from 'react';
import { Notices, type ShownNotice } from '../../../src/operator/app/notices.js';
import { MAX_VISIBLE_NOTICES, NOTICE_DISMISS_MS, shouldNotifyMessage, withNotice } from '../../../src/operator/core/notice-policy.js';
import { FakeClock } from '../../platform/bus/fake-clock.js';
import { createStore } from 'jotai/vanilla';
import type { ChatMessage } from '../../../src/protocol/livechat.js';
import type { UserNotice } from '../../../src/platform/notify/notifier.js';
import type { ConsoleBusEvent } from '../../../src/operator/core/console-bus.js';
import { deskEventAtom } from '../../../src/operator/desk/desk-atoms.js';
import { handleDeskBusEvent } from '../../../src/operator/desk/desk-bus-events.js';
import { reactMount, visitorMessage as aVisitorMessage } from '../support.js';

/** The desk's way of keeping notices, with a button standing in for the bus delivering one more. */
function Harness({ clock }: { clock: FakeClock }): React.JSX.Element {
  const [notices, setNotices] = useState<ShownNotice[]>([]);
  const dismiss = useCallback((id: number) => setNotices((list) => list.filter((n) => n.id !== id)), []);
  return (
    <>
      <button type="button" onClick={() => setNotices((list) => withNotice(list, { id: list.length ? list[list.length - 1]!.id + 1 : 1, title: `New message from Visitor ${list.length ? list[list.length - 1]!.id + 1 : 1}`, body: 'Hello' }))}>
        deliver
      </button>
      <Notices notices={notices} onDismiss={dismiss} clock={clock.tab()} />
    </>
  );
}

describe('operator in-page notices', () => {
  const dom = reactMount();
  let clock: FakeClock;
  beforeEach(() => {
    clock = new FakeClock();
    act(() => dom.root.render(<Harness clock={clock} />));
  });

  const view = () => within(dom.host);
  const region = () => within(view().getByRole('status', { name: 'Notifications' }));
  const deliver = (count: number) => {
    for (let i = 0; i < count; i += 1) act(() => view().getByRole('button', { name: 'deliver' }).click());
  };
  const tick = (ms: number) => act(() => clock.tick(ms));
  const shown = () => region().queryAllByRole('group').map((g) => g.getAttribute('aria-labelledby') && document.getElementById(g.getAttribute('aria-labelledby')!)?.textContent);

  it('announces politely and shows at most three, keeping the newest', () => {
    expect(view().getByRole('status', { name: 'Notifications' }).getAttribute('aria-live')).to.equal('polite');
    deliver(5);
    expect(MAX_VISIBLE_NOTICES).to.equal(3);
    expect(shown()).to.deep.equal(['New message from Visitor 3', 'New message from Visitor 4', 'New message from Visitor 5']);
  });

  it('each notice goes away by itself after 8 seconds', async () => {
    deliver(1);
    await tick(NOTICE_DISMISS_MS - 1);
    expect(shown()).to.deep.equal(['New message from Visitor 1']);
    await tick(1);
    expect(shown()).to.deep.equal([]);
  });

  it('stays while hovered and while its Dismiss button has the keyboard focus, then counts down afresh', async () => {
    deliver(2);
    const [first, second] = region().getAllByRole('group');
    act(() => {
      first!.dispatchEvent(new MouseEvent('mouseover', { bubbles: true, relatedTarget: document.body }));
    });
    act(() => within(second!).getByRole('button', { name: 'Dismiss' }).focus());
    await tick(NOTICE_DISMISS_MS * 3);
    expect(shown()).to.deep.equal(['New message from Visitor 1', 'New message from Visitor 2']);

    act(() => {
      first!.dispatchEvent(new MouseEvent('mouseout', { bubbles: true, relatedTarget: document.body }));
    });
    await tick(NOTICE_DISMISS_MS - 1);
    expect(shown()).to.deep.equal(['New message from Visitor 1', 'New message from Visitor 2']);
    await tick(1);
    expect(shown(), 'the focused one is still there').to.deep.equal(['New message from Visitor 2']);

    act(() => (document.activeElement as HTMLElement).blur());
    await tick(NOTICE_DISMISS_MS);
    expect(shown()).to.deep.equal([]);
  });

  it('is dismissed from the keyboard with its button or with Escape', () => {
    deliver(2);
    const first = region().getByRole('group', { name: 'New message from Visitor 1' });
    act(() => within(first).getByRole('button', { name: 'Dismiss' }).click());
    expect(shown()).to.deep.equal(['New message from Visitor 2']);
    const button = within(region().getByRole('group', { name: 'New message from Visitor 2' })).getByRole('button', { name: 'Dismiss' });
    act(() => {
      button.focus();
      button.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(shown()).to.deep.equal([]);
  });
});

describe('which visitor messages raise a notice', () => {
  const base = { sessionId: 7, openId: 7, pageVisible: true, pageFocused: true };
  it('none for the open conversation while the console is visible and focused', () => {
    expect(shouldNotifyMessage(base)).to.equal(false);
  });
  it('one for another conversation, or when the console is hidden or not focused', () => {
    expect(shouldNotifyMessage({ ...base, sessionId: 8 })).to.equal(true);
    expect(shouldNotifyMessage({ ...base, openId: null })).to.equal(true);
    expect(shouldNotifyMessage({ ...base, pageVisible: false })).to.equal(true);
    expect(shouldNotifyMessage({ ...base, pageFocused: false })).to.equal(true);
    expect(shouldNotifyMessage({ ...base, sessionId: undefined, openId: null })).to.equal(true);
  });
});

describe('notices of a new chat', () => {
  const visitorMessage = (id: number, sessionId: number): ChatMessage => aVisitorMessage(id, `message ${id}`, sessionId);
  const newSession = (id: number): ConsoleBusEvent => ({ kind: 'new_session', session: { id, name: `Visitor ${id}`, anonymous_name: 'Visitor', visitor_label: `Visitor 40${id}`, channel_id: 1 } });

  /** The notices on screen (as the desk keeps them) and how many of them came with a sound. */
  function desk() {
    let notices: UserNotice[] = [];
    const sounds: string[] = [];
    const store = createStore();
    const actions = {
      store,
      reloadList() {},
      reloadOpen() {},
      showNotice: (n: UserNotice) => {
        notices = withNotice(notices, n);
        if (!n.followUp) sounds.push(n.title);
      },
      t: (key: string, values?: Record<string, unknown>) => `${key} ${String(values?.name ?? '')}`.trim(),
      announced: new Map<number, string>(),
    };
    const shown = () => notices.map((n) => (n.body ? `${n.title}: ${n.body}` : n.title));
    return { shown, sounds, store, deliver: (event: ConsoleBusEvent) => handleDeskBusEvent(event, actions) };
  }

  it('one new chat raises one notice: its first message completes it instead of raising "New message"', () => {
    const { shown, sounds, deliver } = desk();
    deliver(newSession(7));
    expect(shown()).to.deep.equal(['operator.notice.newConversation Visitor 407']);
    deliver({ kind: 'message', message: visitorMessage(70, 7) });
    expect(shown()).to.deep.equal(['operator.notice.newConversation Visitor 407: message 70']);
    expect(sounds, 'one sound for one chat').to.deep.equal(['operator.notice.newConversation Visitor 407']);
  });

  it('the next messages of that chat, and other chats’ messages, still raise one each', () => {
    const { shown, store, deliver } = desk();
    const listed = (id: number) => ({ id, channel_id: 1, visitor_name: `Visitor 40${id}`, origin: 'chat' as const, created_at: 0, closed_at: null, last_message: null, unread: 0, waiting_since: null });
    store.set(deskEventAtom, { type: 'listed', conversations: [listed(8)] });
    deliver(newSession(7));
    // The list read again after the announcement.
    store.set(deskEventAtom, { type: 'listed', conversations: [listed(7), listed(8)] });
    deliver({ kind: 'message', message: visitorMessage(70, 7) });
    deliver({ kind: 'message', message: visitorMessage(71, 7) });
    deliver({ kind: 'message', message: visitorMessage(80, 8) });
    expect(shown()).to.deep.equal([
      'operator.notice.newConversation Visitor 407: message 70',
      'operator.notice.newMessage Visitor 407: message 71',
      'operator.notice.newMessage Visitor 408: message 80',
    ]);
  });
});
