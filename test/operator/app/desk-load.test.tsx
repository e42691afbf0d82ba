/**
 * Issue 25, scale: what the desk asks of the server while messages arrive. A message of the open
 * conversation is shown from the bus without reading the conversation again, and marked seen; messages
 * do not read the views' counts, what may move a conversation in or out of "open" does; a burst of
 * messages of conversations the list does not hold reads the list a few times, not once each, and the
 * new conversation shows up.
 */
import { expect } from '@open-wc/testing';
import { within } from '@testing-library/dom';
import { act } from 'react';
import { BusChannel, type BusNotification, type ChatMessage } from '../../../src/protocol/livechat.js';
import type { ConversationDetail, ConversationSummary } from '../../../src/protocol/operator-console.js';
import type { CrossTabBus } from '../../../src/platform/bus/cross-tab-bus.js';
import type { OperatorApi } from '../../../src/operator/core/api.js';
import { Desk } from '../../../src/operator/app/desk.js';
import { LIST_SPACING_MS } from '../../../src/operator/desk/use-desk-loaders.js';
import { loadConsoleStyles, outsideAct, reactMount, waitUntil, type ConsoleStyles, consoleAxe } from '../support.js';

const PARTNER = 7;

const message = (id: number, sessionId: number, body: string): ChatMessage => ({
  id,
  body: `<p>${body}</p>`,
  date: '2024-05-11 14:03:27',
  author_id: [0, 'Visitor'],
  message_type: 'comment',
  attachment_ids: [],
  channel_ids: [sessionId],
  is_discussion: true,
  is_notification: false,
});

const summary = (id: number, name: string, last: ChatMessage): ConversationSummary => ({
  id,
  channel_id: 1,
  visitor_name: name,
  origin: 'chat',
  created_at: 0,
  closed_at: null,
  last_message: last,
  unread: 1,
  waiting_since: 1_000,
});

/** A stand-in server that counts the desk's calls; `listed` is what the list route answers. */
function countingApi() {
  const calls = { conversations: 0, conversation: 0, viewCounts: 0, markSeen: [] as number[] };
  let listed: ConversationSummary[] = [summary(1, 'Grace', message(11, 1, 'Hello'))];
  const api = {
    conversations: async () => {
      calls.conversations += 1;
      return listed.map((s) => ({ ...s }));
    },
    conversation: async (id: number): Promise<ConversationDetail> => {
      calls.conversation += 1;
      const s = listed.find((c) => c.id === id) as ConversationSummary;
      return { ...s, messages: s.last_message ? [s.last_message] : [], page_history: [], rating: null, reply_email: null };
    },
    viewCounts: async () => {
      calls.viewCounts += 1;
      return { mine: listed.length, unassigned: 0, all: null };
    },
    presence: async () => 'available',
    markSeen: async (_id: number, upTo: number) => {
      calls.markSeen.push(upTo);
      return true;
    },
    typing: async () => undefined,
    conversationTags: async () => [],
    call: async () => [],
  };
  return { api: api as unknown as OperatorApi, calls, list: (next: ConversationSummary[]) => (listed = next) };
}

/** A bus the test feeds: every notification goes to the desk's listeners. */
function feedingBus() {
  const listeners: ((n: BusNotification) => void)[] = [];
  let id = 0;
  const bus = {
    subscribe: (listener: (n: BusNotification) => void) => {
      listeners.push(listener);
      return () => undefined;
    },
    addChannel() {},
    removeChannel() {},
    start() {},
    stop() {},
  } as unknown as CrossTabBus;
  const deliver = (payload: Record<string, unknown>) =>
    act(() => {
      id += 1;
      for (const listener of listeners) listener({ id, channel: BusChannel.operator(PARTNER), message: payload });
    });
  return { bus, deliver };
}

const settle = (ms: number) => outsideAct(() => new Promise((resolve) => setTimeout(resolve, ms)));

describe('the desk under a stream of messages', () => {
  const dom = reactMount();
  let styles: ConsoleStyles | undefined;
  before(async () => {
    styles = await loadConsoleStyles();
  });
  after(() => styles?.remove());

  async function renderDesk() {
    const server = countingApi();
    const { bus, deliver } = feedingBus();
    await act(async () =>
      dom.root.render(
        <Desk api={server.api} partnerId={PARTNER} operatorName="Alice" isAdmin={false} createBus={() => bus} notify={() => 'none'} canAskDesktop={false} onAskDesktop={() => {}} onLogout={() => {}} features={[]} />,
      ),
    );
    const view = within(dom.host);
    await waitUntil(() => view.queryByRole('button', { name: /^Grace/ }), 'the list loads');
    return { ...server, view, deliver };
  }

  it('shows a message of the open conversation from the bus, marks it seen, and reads neither the conversation nor the counts again', async () => {
    const { view, calls, deliver } = await renderDesk();
    await act(async () => view.getByRole('button', { name: /^Grace/ }).click());
    await waitUntil(() => view.queryByRole('textbox', { name: 'Message to Grace' }), 'the conversation opens');
    await waitUntil(() => calls.markSeen.includes(11), 'opening marks it seen');
    await settle(400);
    const before = { ...calls, markSeen: [...calls.markSeen] };

    await deliver({ ...message(12, 1, 'Are you there?') });
    await waitUntil(() => within(view.getByRole('list', { name: /Grace/ })).queryByText('Are you there?'), 'the message is shown in the pane');
    await waitUntil(() => calls.markSeen.includes(12), 'the new message is marked seen');
    await settle(400);
    expect(calls.conversation).to.equal(before.conversation);
    expect(calls.viewCounts).to.equal(before.viewCounts);
    expect(calls.conversations).to.equal(before.conversations);
    expect(await consoleAxe(dom.host)).to.deep.equal([]);
  });

  it('reads the counts again when a conversation changes status or closes', async () => {
    const { calls, deliver } = await renderDesk();
    await settle(400);
    const counted = calls.viewCounts;
    await deliver({ info: 'conversation_status', session_id: 1, status: 'waiting', snoozed_until: null });
    await waitUntil(() => calls.viewCounts === counted + 1, 'a status change reads the counts');
  });

  it('reads the list a few times for a burst of messages of an unlisted conversation, which then shows up', async () => {
    const { view, calls, list, deliver } = await renderDesk();
    await settle(LIST_SPACING_MS + 100);
    const listedBefore = calls.conversations;
    list([summary(2, 'Lin', message(30, 2, 'm10')), summary(1, 'Grace', message(11, 1, 'Hello'))]);
    for (let i = 1; i <= 10; i += 1) await deliver({ ...message(20 + i, 2, `m${i}`) });
    await waitUntil(() => view.queryByRole('button', { name: /^Lin/ }), 'the new conversation shows up');
    await settle(LIST_SPACING_MS * 2);
    expect(calls.conversations - listedBefore).to.be.within(1, 2);
  });
});
