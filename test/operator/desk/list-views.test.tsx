import { expect } from '@open-wc/testing';
import { within } from '@testing-library/dom';
import { act } from 'react';
import { createStore } from 'jotai/vanilla';
import { BusChannel } from '../../../src/protocol/livechat.js';
import type { ConversationSummary } from '../../../src/protocol/operator-console.js';
import type { ListView, ViewCounts } from '../../../src/protocol/conversation-status.js';
import { loadTranslator } from '../../../src/platform/i18n/index.js';
import { TextProvider } from '../../../src/operator/core/texts.js';
import { decodeConsoleNotification } from '../../../src/operator/core/console-bus.js';
import type { OperatorApi } from '../../../src/operator/core/api.js';
import { ConversationList } from '../../../src/operator/desk/conversation-list.js';
import { DeskConversations } from '../../../src/operator/desk/desk-conversations.js';
import { deskEventAtom, listQueryAtom, viewCountsAtom } from '../../../src/operator/desk/desk-atoms.js';
import { EMPTY_DESK, deskReducer } from '../../../src/operator/desk/desk-state.js';
import { ListViews } from '../../../src/operator/desk/list-views.js';
import { NO_PANE_SLOTS } from '../../../src/operator/desk/pane-slots.js';
import { reactMount, consoleAxe } from '../support.js';

const NOW = Date.UTC(2026, 10, 26, 12, 0);

const summary = (id: number, name: string, over: Partial<ConversationSummary> = {}): ConversationSummary => ({
  id,
  channel_id: 1,
  visitor_name: name,
  origin: 'chat',
  created_at: 0,
  closed_at: null,
  last_message: null,
  unread: 0,
  waiting_since: null,
  status: 'open',
  snoozed_until: null,
  ...over,
});

describe('the list’s views and order', () => {
  const dom = reactMount();

  async function render(node: React.ReactNode) {
    const translator = await loadTranslator('en');
    await act(async () => dom.root.render(<TextProvider translator={translator}>{node}</TextProvider>));
    return within(dom.host);
  }

  it('shows Mine and Unassigned with their open counts, All for admins only; the pressed one is the current view', async () => {
    const counts: ViewCounts = { mine: 3, unassigned: 1, all: null };
    const picked: ListView[] = [];
    let view = await render(<ListViews view="mine" counts={counts} isAdmin={false} onView={(v) => picked.push(v)} />);
    const group = within(view.getByRole('group', { name: 'Views' }));
    expect(group.getAllByRole('button').map((b) => b.textContent)).to.deep.equal(['Mine 33 open', 'Unassigned 11 open']);
    expect(group.getByRole('button', { name: 'Mine 3 open' }).getAttribute('aria-pressed')).to.equal('true');
    expect(group.getByRole('button', { name: 'Unassigned 1 open' }).getAttribute('aria-pressed')).to.equal('false');
    await act(async () => group.getByRole('button', { name: /^Unassigned/ }).click());
    expect(picked).to.deep.equal(['unassigned']);
    expect(await consoleAxe(dom.host)).to.deep.equal([]);

    view = await render(<ListViews view="all" counts={{ mine: 0, unassigned: 0, all: 12 }} isAdmin onView={() => {}} />);
    expect(view.getByRole('button', { name: 'All 12 open' }).getAttribute('aria-pressed')).to.equal('true');
    view = await render(<ListViews view="mine" counts={null} isAdmin onView={() => {}} />);
    expect(view.getAllByRole('button').map((b) => b.textContent), 'no count before the server said').to.deep.equal(['Mine', 'Unassigned', 'All']);
  });

  it('lists the longest-waiting visitor first, then the rest in their order, with each one’s status', async () => {
    const conversations = [
      summary(1, 'Quiet'),
      summary(2, 'Recent', { waiting_since: NOW - 60_000 }),
      summary(3, 'Snoozed', { waiting_since: NOW - 3 * 3600_000, status: 'snoozed', snoozed_until: NOW + 3600_000 }),
      summary(4, 'Longest', { waiting_since: NOW - 600_000 }),
      summary(5, 'Waiting', { status: 'waiting' }),
      summary(6, 'Woken', { waiting_since: NOW - 300_000, status: 'snoozed', snoozed_until: NOW - 1 }),
    ];
    const view = await render(<ConversationList conversations={conversations} selectedId={null} now={NOW} onSelect={() => {}} />);
    const items = within(view.getByRole('list')).getAllByRole('button');
    expect(items.map((b) => b.querySelector('.op-list-name')?.textContent)).to.deep.equal(['Longest', 'Woken', 'Recent', 'Quiet', 'Snoozed', 'Waiting']);
    expect(items[4]!.textContent).to.contain('Snoozed until');
    expect(items[4]!.textContent, 'a snoozed visitor is not shown as waiting').to.not.contain('Waiting for 3');
    expect(items[5]!.textContent).to.contain('Waiting for visitor');
    expect(items[1]!.textContent, 'a snooze that ran out is open').to.not.contain('Snoozed until');
  });

  it('the desk reads the list again for the view the operator picks', async () => {
    const store = createStore();
    store.set(deskEventAtom, { type: 'listed', conversations: [summary(1, 'Ann')] });
    store.set(viewCountsAtom, { mine: 1, unassigned: 2, all: 5 });
    const api = {} as OperatorApi;
    const view = await render(<DeskConversations api={api} store={store} reloadOpen={() => {}} reportError={() => {}} slots={NO_PANE_SLOTS} isAdmin />);
    await act(async () => view.getByRole('button', { name: 'Unassigned 2 open' }).click());
    expect(store.get(listQueryAtom)).to.deep.equal({ view: 'unassigned' });
    expect(view.getByRole('button', { name: 'Unassigned 2 open' }).getAttribute('aria-pressed')).to.equal('true');
    await act(async () => view.getByRole('button', { name: 'All 5 open' }).click());
    expect(store.get(listQueryAtom).view).to.equal('all');
  });

  it('a status notice on the operator’s channel updates the conversation in the list and the pane', () => {
    const event = decodeConsoleNotification(
      { id: 1, channel: BusChannel.operator(3), message: { info: 'conversation_status', session_id: 7, status: 'snoozed', snoozed_until: NOW } },
      3,
    );
    expect(event).to.deep.equal({ kind: 'status', sessionId: 7, status: 'snoozed', snoozedUntil: NOW });
    const forged = decodeConsoleNotification({ id: 2, channel: BusChannel.operator(3), message: { info: 'conversation_status', session_id: 7, status: '__proto__' } }, 3);
    expect(forged.kind).to.equal('ignored');
    let s = deskReducer(EMPTY_DESK, { type: 'listed', conversations: [summary(7, 'Ann'), summary(8, 'Bob')] });
    s = deskReducer(s, { type: 'selected', id: 7 });
    s = deskReducer(s, { type: 'opened', detail: { ...summary(7, 'Ann'), messages: [], page_history: null, rating: null, reply_email: null } });
    s = deskReducer(s, { type: 'status', sessionId: 7, status: 'snoozed', snoozedUntil: NOW });
    expect(s.conversations.map((c) => [c.id, c.status, c.snoozed_until])).to.deep.equal([
      [7, 'snoozed', NOW],
      [8, 'open', null],
    ]);
    expect([s.open?.status, s.open?.snoozed_until]).to.deep.equal(['snoozed', NOW]);
  });
});
