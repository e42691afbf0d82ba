import { expect } from '@open-wc/testing';
import { within } from '@testing-library/dom';
import { act } from 'react';
import type { ChannelSettings, OperatorAccount } from '../../../../src/protocol/operator-console.js';
import type { ChannelMember, ChannelRoleChoice, SupervisedChannel, SupervisionSnapshot } from '../../../../src/protocol/console/supervision.js';
import { SupervisionPanel } from '../../../../src/operator/features/supervision/supervision-panel.js';
import { ChannelRolesSection, type ChannelRolesSource } from '../../../../src/operator/features/supervision/channel-roles-section.js';
import type { SupervisionApi } from '../../../../src/operator/features/supervision/supervision-api.js';
import { supervision } from '../../../../src/operator/features/supervision/index.js';
import { viewsOf } from '../../../../src/operator/app/registry.js';
import { reactMount, waitUntil, consoleAxe } from '../../support.js';

const NOW = Date.UTC(2024, 4, 14, 9, 30);

/**
 * An in-memory stand-in for the supervision routes that records the calls; the routes (rights, bounds,
 * hostile input) are tested over HTTP on both engines.
 */
class MemorySupervision implements SupervisionApi {
  calls: string[] = [];
  list: SupervisedChannel[] = [{ id: 1, name: 'Website' }];
  screen: SupervisionSnapshot = {
    channel_id: 1,
    now: NOW,
    conversations: [
      { session_id: 11, visitor_label: 'Visitor 4821', operator: { id: 2, name: 'Ada' }, status: 'open', created_at: NOW - 600_000, waiting_since: NOW - 5 * 60_000 },
      { session_id: 12, visitor_label: 'Grace', operator: { id: 7, name: 'Me' }, status: 'waiting', created_at: NOW - 60_000, waiting_since: null },
    ],
    operators: [
      { id: 2, name: 'Ada', role: 'operator', presence: 'online', load: 1, capacity: null },
      { id: 3, name: 'Linus', role: 'operator', presence: 'away', load: 2, capacity: 4 },
      { id: 7, name: 'Me', role: 'supervisor', presence: 'online', load: 1, capacity: null },
    ],
  };
  async channels() {
    return this.list;
  }
  async snapshot(channelId: number) {
    this.calls.push(`snapshot ${channelId}`);
    return this.screen;
  }
  async take(sessionId: number) {
    this.calls.push(`take ${sessionId}`);
    this.screen = { ...this.screen, conversations: this.screen.conversations.map((c) => (c.session_id === sessionId ? { ...c, operator: { id: 7, name: 'Me' } } : c)) };
    return { session_id: sessionId, operator_id: 7 };
  }
}

const CHANNEL = { id: 1, name: 'Website' } as ChannelSettings;
const OPERATORS = [
  { id: 2, name: 'Ada', login: 'ada' },
  { id: 3, name: 'Linus', login: 'linus' },
] as OperatorAccount[];

class MemoryRoles implements ChannelRolesSource {
  calls: string[] = [];
  current: ChannelMember[] = [{ operator_id: 2, role: 'operator' }];
  async operators() {
    return OPERATORS;
  }
  async channels() {
    return [CHANNEL];
  }
  async members() {
    return this.current;
  }
  async setRole(channelId: number, operatorId: number, role: ChannelRoleChoice) {
    this.calls.push(`${channelId} ${operatorId} ${role}`);
    this.current = [...this.current.filter((m) => m.operator_id !== operatorId), ...(role === 'none' ? [] : [{ operator_id: operatorId, role }])];
    return this.current;
  }
}

describe('supervision', () => {
  const dom = reactMount();

  it('is offered to supervisors and admins, not to plain operators', () => {
    const ids = (isAdmin: boolean, isSupervisor: boolean) => viewsOf([supervision], isAdmin, isSupervisor).map((v) => v.id);
    expect(ids(false, false)).to.deep.equal([]);
    expect(ids(false, true)).to.deep.equal(['supervision']);
    expect(ids(true, false)).to.deep.equal(['supervision']);
  });

  it('shows the live conversations and the operators’ load; Take hands a conversation over and reads again', async () => {
    const api = new MemorySupervision();
    const now = () => NOW;
    await act(async () => dom.root.render(<SupervisionPanel api={api} selfId={7} refreshKey={0} now={now} throttleMs={0} />));
    const view = within(dom.host);
    await waitUntil(() => dom.host.querySelector('table'));
    const conversations = view.getByRole('table', { name: 'Live conversations' });
    const first = within(conversations).getByRole('row', { name: /Visitor 4821/ });
    expect(within(first).getByRole('link', { name: 'Visitor 4821' }).getAttribute('href')).to.equal('#/conversations/11');
    expect(within(first).getByText('5 minutes')).to.exist;
    expect(within(first).getByText('Ada')).to.exist;
    const mine = within(conversations).getByRole('row', { name: /Grace/ });
    expect(within(mine).getByText('Answered')).to.exist;
    expect(within(mine).queryByRole('button')).to.equal(null, 'one’s own conversation offers no Take');

    const operators = view.getByRole('table', { name: 'Operators' });
    const linus = within(operators).getByRole('row', { name: /Linus/ });
    expect(within(linus).getByText('Away')).to.exist;
    expect(within(linus).getByText('2 / 4')).to.exist;
    expect(within(within(operators).getByRole('row', { name: /Ada/ })).getByText('Online')).to.exist;
    expect(await consoleAxe(dom.host)).to.deep.equal([]);

    await act(async () => view.getByRole('button', { name: 'Take the conversation with Visitor 4821' }).click());
    await waitUntil(() => view.queryByText('The conversation with Visitor 4821 is now yours.'));
    await waitUntil(() => !view.queryByRole('button', { name: 'Take the conversation with Visitor 4821' }));
    expect(api.calls).to.deep.equal(['snapshot 1', 'take 11', 'snapshot 1']);

    await act(async () => dom.root.render(<SupervisionPanel api={api} selfId={7} refreshKey={1} now={now} throttleMs={0} />));
    await waitUntil(() => api.calls.length === 4, 'a bus notice reads the screen again');
  });

  it('says so when the operator supervises no channel', async () => {
    const api = new MemorySupervision();
    api.list = [];
    await act(async () => dom.root.render(<SupervisionPanel api={api} selfId={7} refreshKey={0} now={() => NOW} />));
    await waitUntil(() => within(dom.host).queryByText('You supervise no channel.'));
    expect(api.calls).to.deep.equal([]);
  });

  it('lets an admin choose each operator’s role in a channel', async () => {
    const api = new MemoryRoles();
    await act(async () => dom.root.render(<ChannelRolesSection api={api} />));
    const view = within(dom.host);
    await waitUntil(() => dom.host.querySelector('select'));
    const ada = view.getByRole('combobox', { name: 'Role of Ada in Website' }) as HTMLSelectElement;
    const linus = view.getByRole('combobox', { name: 'Role of Linus in Website' }) as HTMLSelectElement;
    expect([ada.value, linus.value]).to.deep.equal(['operator', 'none']);
    expect(await consoleAxe(dom.host)).to.deep.equal([]);

    await act(async () => {
      linus.value = 'supervisor';
      linus.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await waitUntil(() => view.queryByText('Linus in Website: Supervisor.'));
    expect(api.calls).to.deep.equal(['1 3 supervisor']);
    expect((view.getByRole('combobox', { name: 'Role of Linus in Website' }) as HTMLSelectElement).value).to.equal('supervisor');
  });
});
