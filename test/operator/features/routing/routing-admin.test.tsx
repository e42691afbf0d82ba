import { expect } from '@open-wc/testing';
import { within } from '@testing-library/dom';
import { act } from 'react';
import type { ChannelSettings, OperatorAccount } from '../../../../src/protocol/operator-console.js';
import { OPERATOR_ROUTING_ROUTE, SET_OPERATOR_ROUTING_ROUTE, type OperatorRouting } from '../../../../src/protocol/console/routing.js';
import type { OperatorApi } from '../../../../src/operator/core/api.js';
import { RoutingAdmin } from '../../../../src/operator/features/routing/routing-admin.js';
import { routing } from '../../../../src/operator/features/routing/index.js';
import { loadConsoleStyles, reactMount, waitUntil, type ConsoleStyles, consoleAxe } from '../../support.js';

const OPERATORS: OperatorAccount[] = [
  { id: 1, login: 'admin', name: 'Administrator', email: null, is_admin: true, channel_ids: [1], has_avatar: false, avatar_url: '/web/partner_image/1' },
  { id: 2, login: 'nora', name: 'Nora', email: null, is_admin: false, channel_ids: [1, 2], has_avatar: false, avatar_url: '/web/partner_image/2' },
];

const channel = (id: number, name: string, capacity: number | null) => ({ id, name, capacity, reassign_after_seconds: 60 }) as ChannelSettings;

/** An in-memory stand-in for the routing routes; the routes themselves are tested over HTTP on both engines. */
class MemoryRouting {
  calls: string[] = [];
  refuse: string | null = null;
  stored: OperatorRouting = {
    operator_id: 2,
    languages: ['fr'],
    channels: [
      { channel_id: 1, capacity: null },
      { channel_id: 2, capacity: 5 },
    ],
  };
  async operators() {
    return OPERATORS;
  }
  async channels() {
    return [channel(1, 'Website', 3), channel(2, 'Shop', null)];
  }
  async call<T>(route: string, params: Record<string, unknown>): Promise<T> {
    this.calls.push(`${route.split('/').at(-1)} ${JSON.stringify(params)}`);
    if (route === SET_OPERATOR_ROUTING_ROUTE) {
      if (this.refuse) throw new Error(this.refuse);
      const change = params as { languages: string[]; capacities: { channel_id: number; capacity: number | null }[] };
      this.stored = { ...this.stored, languages: change.languages, channels: change.capacities };
    } else if (route !== OPERATOR_ROUTING_ROUTE) throw new Error(`unexpected ${route}`);
    return this.stored as T;
  }
}

function type(input: HTMLElement, value: string): void {
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('Administration → Routing', () => {
  const dom = reactMount();
  // Target sizes are the stylesheet's, as on the console's page.
  let styles: ConsoleStyles;
  before(async () => {
    styles = await loadConsoleStyles();
  });
  after(() => styles.remove());
  let api: MemoryRouting;
  beforeEach(async () => {
    api = new MemoryRouting();
    await act(async () => dom.root.render(<RoutingAdmin api={api as unknown as OperatorApi} />));
    await waitUntil(() => within(dom.host).queryByRole('button', { name: 'Edit routing for Nora' }));
  });

  it('is an administration section', () => {
    expect(routing.adminSections?.map((s) => s.id)).to.deep.equal(['routing']);
  });

  it('edits an operator’s languages and own capacity per channel; empty means the channel’s', async () => {
    const view = within(dom.host);
    expect(await consoleAxe(dom.host)).to.deep.equal([]);
    await act(async () => view.getByRole('button', { name: 'Edit routing for Nora' }).click());
    await waitUntil(() => view.queryByRole('form', { name: 'Routing for Nora' }));
    const form = within(view.getByRole('form', { name: 'Routing for Nora' }));
    const languages = form.getByRole('textbox', { name: 'Languages' }) as HTMLInputElement;
    const website = form.getByRole('spinbutton', { name: 'Conversations at once in Website' }) as HTMLInputElement;
    const shop = form.getByRole('spinbutton', { name: 'Conversations at once in Shop' }) as HTMLInputElement;
    expect([languages.value, website.value, website.placeholder, shop.value, shop.placeholder]).to.deep.equal(['fr', '', '3', '5', 'No limit']);
    expect(await consoleAxe(dom.host)).to.deep.equal([]);
    type(languages, 'fr, en  ar');
    type(website, '2');
    type(shop, '');
    await act(async () => form.getByRole('button', { name: 'Save routing for Nora' }).click());
    await waitUntil(() => view.getByRole('status').textContent === 'Routing saved for Nora.');
    expect(api.calls.at(-1)).to.equal(
      `set_operator_routing ${JSON.stringify({ operator_id: 2, languages: ['fr', 'en', 'ar'], capacities: [{ channel_id: 1, capacity: 2 }, { channel_id: 2, capacity: null }] })}`,
    );
    expect((form.getByRole('textbox', { name: 'Languages' }) as HTMLInputElement).value).to.equal('fr, en, ar');
  });

  it('shows a refused change as an error, and closes on Cancel', async () => {
    const view = within(dom.host);
    await act(async () => view.getByRole('button', { name: 'Edit routing for Nora' }).click());
    await waitUntil(() => view.queryByRole('form', { name: 'Routing for Nora' }));
    api.refuse = 'Not a language tag: ??';
    type(within(view.getByRole('form', { name: 'Routing for Nora' })).getByRole('textbox', { name: 'Languages' }), '??');
    await act(async () => view.getByRole('button', { name: 'Save routing for Nora' }).click());
    await waitUntil(() => view.queryByRole('alert'));
    expect(view.getByRole('alert').textContent).to.equal('Something went wrong: Not a language tag: ??');
    await act(async () => view.getByRole('button', { name: 'Cancel' }).click());
    expect(view.queryByRole('form', { name: 'Routing for Nora' })).to.equal(null);
  });
});
