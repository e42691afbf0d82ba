/**
 * Keyboard shortcuts in the console: `?` lists every registered command, each key does its command,
 * keys without a modifier never fire while the operator types in a field, and the list is an accessible
 * modal dialog. The whole desk is drawn, with the features that register commands, over a stand-in API.
 */
import { expect } from '@open-wc/testing';
import { within } from '@testing-library/dom';
import { sendKeys } from '@web/test-runner-commands';
import { act, useRef } from 'react';
import type { ConversationDetail, ConversationSummary } from '../../../src/protocol/operator-console.js';
import { CANNED_REPLIES_ROUTE, CANNED_REPLY_VALUES_ROUTE } from '../../../src/protocol/canned-replies.js';
import type { CrossTabBus } from '../../../src/platform/bus/cross-tab-bus.js';
import type { OperatorApi } from '../../../src/operator/core/api.js';
import { Desk } from '../../../src/operator/app/desk.js';
import type { ConsoleFeature, FeatureContext } from '../../../src/operator/app/registry.js';
import { useCommand } from '../../../src/operator/desk/commands.js';
import { cannedReplies } from '../../../src/operator/features/canned-replies/index.js';
import { notes } from '../../../src/operator/features/notes/index.js';
import { statuses } from '../../../src/operator/features/statuses/index.js';
import { tags } from '../../../src/operator/features/tags/index.js';
import { outsideAct, reactMount, visitorMessage, waitUntil, consoleAxe } from '../support.js';

const message = visitorMessage;

// Grace has waited longest, so the list shows her first.
const summaries: ConversationSummary[] = [
  { id: 1, channel_id: 1, visitor_name: 'Grace', origin: 'chat', created_at: 0, closed_at: null, last_message: message(11, 'Hello'), unread: 0, waiting_since: 1_000 },
  { id: 2, channel_id: 1, visitor_name: 'Ada', origin: 'chat', created_at: 0, closed_at: null, last_message: message(21, 'Hi'), unread: 0, waiting_since: 2_000 },
];
const detail = (id: number): ConversationDetail => ({ ...summaries.find((s) => s.id === id)!, messages: [], page_history: [], rating: null, reply_email: null });

/** The console's calls, answered as a quiet server would; messages and notes sent are recorded. */
function standInApi() {
  const sent: string[] = [];
  const api = {
    conversations: async () => summaries.map((s) => ({ ...s })),
    conversation: async (id: number) => detail(id),
    viewCounts: async () => ({ mine: 2, unassigned: 0, all: null }),
    presence: async () => 'available',
    markSeen: async () => true,
    typing: async () => undefined,
    tags: async () => [],
    conversationTags: async () => [],
    post: async (_id: number, text: string) => {
      sent.push(text);
      return 99;
    },
    call: async (route: string) => {
      if (route === CANNED_REPLIES_ROUTE) return { replies: [{ id: 1, shortcut: 'hi', text: 'Hello there', channel_id: null }] };
      if (route === CANNED_REPLY_VALUES_ROUTE) return {};
      return [];
    },
  };
  return { api: api as unknown as OperatorApi, sent };
}

const quietBus = { subscribe: () => () => undefined, addChannel() {}, removeChannel() {}, start() {}, stop() {} } as unknown as CrossTabBus;

/** A colleague's feature as the search will be: a view, and one line registering its command. */
function FindPanel({ store }: FeatureContext): React.JSX.Element {
  const field = useRef<HTMLInputElement>(null);
  useCommand(store, 'search', () => void field.current?.focus());
  return <input ref={field} aria-label="Find" />;
}
const find: ConsoleFeature = {
  views: [{ id: 'find', label: 'operator.statistics.view', Panel: FindPanel }],
  commands: [{ id: 'search', label: 'operator.statistics.heading', key: { key: 'f' }, view: 'find' }],
};

const press = (key: string) => outsideAct(() => sendKeys({ press: key }));
const type = (text: string) => outsideAct(() => sendKeys({ type: text }));

describe('keyboard shortcuts in the console', () => {
  const dom = reactMount();
  beforeEach(() => localStorage.removeItem('live-chat.operator.single-keys'));

  async function renderDesk(features: ConsoleFeature[] = [statuses, tags, cannedReplies, notes, find]) {
    const server = standInApi();
    await act(async () =>
      dom.root.render(
        <Desk api={server.api} partnerId={7} operatorName="Alice" isAdmin={false} createBus={() => quietBus} notify={() => 'none'} canAskDesktop={false} onAskDesktop={() => {}} onLogout={() => {}} features={features} />,
      ),
    );
    const view = within(dom.host);
    await waitUntil(() => view.queryByRole('button', { name: /^Grace/ }), 'the list loads');
    return { ...server, view };
  }

  const open = async (view: ReturnType<typeof within>, name: string) => {
    await act(async () => view.getByRole('button', { name: new RegExp(`^${name}`) }).click());
    await waitUntil(() => view.queryByRole('textbox', { name: `Message to ${name}` }), `${name}'s conversation opens`);
  };
  const selected = () => dom.host.querySelector('.op-list-item[aria-current="true"] .op-list-name')?.textContent ?? null;
  const shortcutsDialog = () => within(document.body).queryByRole('dialog', { name: 'Keyboard shortcuts' });

  it('Alt+J and Alt+K move through the list in its order, the focus following in the list', async () => {
    const { view } = await renderDesk();
    await open(view, 'Grace');
    view.getByRole('button', { name: /^Grace/ }).focus();
    await press('Alt+j');
    await waitUntil(() => view.queryByRole('heading', { name: 'Ada' }), 'the next one opens');
    expect(selected()).to.equal('Ada');
    expect(document.activeElement?.textContent).to.contain('Ada');
    await press('Alt+k');
    await waitUntil(() => view.queryByRole('heading', { name: 'Grace' }), 'the previous one opens');
    await press('Alt+k');
    await waitUntil(() => dom.host.querySelector('.op-shortcut-status')?.textContent === 'Previous conversation: not possible here', 'there is none before the first');
  });

  it('`?` lists every registered command with its keys, has no axe violation, and Escape closes it and gives the focus back', async () => {
    const { view } = await renderDesk();
    const row = view.getByRole('button', { name: /^Grace/ });
    row.focus();
    await press('?');
    const dialog = shortcutsDialog();
    expect(dialog, 'the list is open').to.exist;
    const rows = within(dialog!).getAllByRole('row').slice(1).map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent));
    expect(rows).to.deep.equal([
      ['?', 'Show the keyboard shortcuts'],
      ['Alt + J', 'Next conversation'],
      ['Alt + K', 'Previous conversation'],
      ['r', 'Write in the message field'],
      ['s', 'Change the status'],
      ['z', 'Snooze the conversation'],
      ['t', 'Tag the conversation'],
      ['c', 'Insert a canned reply'],
      ['Alt + P', 'Switch between Reply and Note'],
      ['f', 'Statistics'],
    ]);
    expect(await consoleAxe(dialog!)).to.deep.equal([]);
    await press('Escape');
    await waitUntil(() => !shortcutsDialog(), 'Escape closes the list');
    expect(document.activeElement).to.equal(row);
  });

  it('the header\'s "Keyboard shortcuts" button opens the same list; Close gives the focus back to it', async () => {
    const { view } = await renderDesk();
    const button = view.getByRole('button', { name: 'Keyboard shortcuts' });
    expect(button.getAttribute('aria-haspopup')).to.equal('dialog');
    button.focus();
    await act(async () => button.click());
    const dialog = shortcutsDialog()!;
    expect(within(dialog).getAllByRole('row')).to.have.length(11);
    await act(async () => within(dialog).getByRole('button', { name: 'Close' }).click());
    expect(shortcutsDialog()).to.equal(null);
    expect(document.activeElement).to.equal(button);
  });

  it('r goes to the composer, and Alt+P switches to Note and back from inside it', async () => {
    const { view } = await renderDesk();
    await open(view, 'Grace');
    (document.activeElement as HTMLElement | null)?.blur();
    await press('r');
    const field = view.getByRole('textbox', { name: 'Message to Grace' });
    expect(document.activeElement).to.equal(field);
    await press('Alt+p');
    expect((view.getByRole('radio', { name: 'Note' }) as HTMLInputElement).checked).to.equal(true);
    expect(document.activeElement?.getAttribute('aria-label')).to.equal('Internal note on the conversation with Grace');
    await press('Alt+p');
    expect((view.getByRole('radio', { name: 'Reply' }) as HTMLInputElement).checked).to.equal(true);
  });

  it('no key without a modifier fires while typing in the composer or another field: they are text there', async () => {
    const { view, sent } = await renderDesk();
    await open(view, 'Grace');
    const field = view.getByRole('textbox', { name: 'Message to Grace' }) as HTMLTextAreaElement;
    field.focus();
    await type('?rsztcfjk');
    expect(field.value).to.equal('?rsztcfjk');
    expect(shortcutsDialog()).to.equal(null);
    expect(document.activeElement).to.equal(field);
    expect(view.queryByRole('listbox', { name: 'Canned replies' })).to.equal(null);
    const tagField = view.getByRole('combobox', { name: 'Add a tag' }) as HTMLInputElement;
    tagField.focus();
    await type('?rs');
    expect(tagField.value).to.equal('?rs');
    expect(document.activeElement).to.equal(tagField);
    expect(sent).to.deep.equal([]);
  });

  it('c opens the canned replies, s goes to the status, z to the snooze choices, t to the tag field', async () => {
    const { view } = await renderDesk();
    await open(view, 'Grace');
    (document.activeElement as HTMLElement | null)?.blur();
    await press('c');
    await waitUntil(() => view.queryByRole('option', { name: /Hello there/ }), 'the canned replies show');
    expect(document.activeElement).to.equal(view.getByRole('textbox', { name: 'Message to Grace' }));
    await press('Escape');
    (document.activeElement as HTMLElement).blur();
    await press('s');
    expect(document.activeElement).to.equal(view.getByRole('combobox', { name: 'Status' }));
    (document.activeElement as HTMLElement).blur();
    await press('z');
    expect(document.activeElement).to.equal(view.getByRole('button', { name: 'In 1 hour' }));
    await press('t');
    expect(document.activeElement).to.equal(view.getByRole('combobox', { name: 'Add a tag' }));
  });

  it('a feature\'s command shows its view and reaches its field; a desk command brings the conversations back', async () => {
    const { view } = await renderDesk();
    await open(view, 'Grace');
    (document.activeElement as HTMLElement | null)?.blur();
    await press('f');
    expect(document.activeElement).to.equal(view.getByRole('textbox', { name: 'Find' }));
    (document.activeElement as HTMLElement).blur();
    await press('r');
    await waitUntil(() => document.activeElement === view.queryByRole('textbox', { name: 'Message to Grace' }), 'back in the conversation, in its composer');
  });

  it('says when there is nothing to act on, and the keys without a modifier can be turned off', async () => {
    const { view } = await renderDesk();
    await press('t');
    expect(dom.host.querySelector('.op-shortcut-status')?.textContent).to.equal('Tag the conversation: not possible here');
    await press('?');
    await act(async () => within(shortcutsDialog()!).getByRole('checkbox', { name: 'Use the keys without Alt, Ctrl or Meta' }).click());
    await press('Escape');
    await waitUntil(() => !shortcutsDialog(), 'the list closes');
    await press('?');
    expect(shortcutsDialog(), 'turned off').to.equal(null);
    await press('Alt+j');
    await waitUntil(() => view.queryByRole('heading', { name: 'Grace' }), 'Alt+J still works');
  });
});
