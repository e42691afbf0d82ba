import { expect } from '@open-wc/testing';
import { within } from '@testing-library/dom';
import { sendKeys } from '@web/test-runner-commands';
import { act } from 'react';
import { createStore } from 'jotai/vanilla';
import type { SearchFilterOptions, SearchHit, SearchResult } from '../../../../src/protocol/console/search.js';
import type { SearchParams } from '../../../../src/protocol/schemas/search.js';
import { SEARCH_COMMAND, SearchPanel } from '../../../../src/operator/features/search/search-view.js';
import { announceCommand } from '../../../../src/operator/desk/commands.js';
import type { SearchApi } from '../../../../src/operator/features/search/search-api.js';
import { loadConsoleStyles, outsideAct, reactMount, waitUntil, type ConsoleStyles, consoleAxe } from '../../support.js';

const OPTIONS: SearchFilterOptions = {
  channels: [{ id: 1, name: 'Website' }],
  operators: [{ id: 4, name: 'Nora' }],
  tags: [{ id: 9, name: 'Billing' }],
};

const hit = (over: Partial<SearchHit>): SearchHit => ({
  session_id: 7,
  channel_id: 1,
  kind: 'message',
  item_id: 12,
  date: Date.UTC(2026, 10, 20, 10, 30),
  author: 'Grace',
  visitor_label: 'Grace',
  status: 'open',
  snippet: { text: 'I asked for a refund twice', marks: [[14, 20]] },
  ...over,
});

/** A stand-in for the search routes that records what the console asks and answers from a script. */
class ScriptedSearch implements SearchApi {
  asked: SearchParams[] = [];
  answers: (SearchResult | Error)[] = [];
  async search(params: SearchParams): Promise<SearchResult> {
    this.asked.push(params);
    const next = this.answers.shift() ?? { hits: [], next_cursor: null };
    if (next instanceof Error) throw next;
    return next;
  }
  async filters(): Promise<SearchFilterOptions> {
    return OPTIONS;
  }
}

function pick(select: HTMLElement, value: string): void {
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')?.set?.call(select, value);
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

function setDate(input: HTMLElement, value: string): void {
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('console search', () => {
  const dom = reactMount();
  let api: ScriptedSearch;
  let store: ReturnType<typeof createStore>;
  let styles: ConsoleStyles;
  before(async () => {
    styles = await loadConsoleStyles();
  });
  after(() => styles.remove());
  beforeEach(() => {
    api = new ScriptedSearch();
    store = createStore();
  });

  async function render() {
    await act(async () => dom.root.render(<SearchPanel store={store} api={api} />));
    const view = within(dom.host);
    await waitUntil(() => view.queryByRole('option', { name: 'Website' }));
    return view;
  }

  async function search(view: ReturnType<typeof within>, text: string) {
    const box = view.getByRole('searchbox', { name: 'Words to find' });
    box.focus();
    await outsideAct(() => sendKeys({ type: text }));
    await outsideAct(() => sendKeys({ press: 'Enter' }));
  }

  it('asks for a word before searching, and says which field is wrong', async () => {
    const view = await render();
    await search(view, ' ,; ');
    const alert = await waitUntilFound(() => view.queryByRole('alert'));
    expect(alert.textContent).to.equal('Type at least one word to search for.');
    expect(view.getByRole('searchbox', { name: 'Words to find' }).getAttribute('aria-invalid')).to.equal('true');
    expect(api.asked).to.deep.equal([]);
  });

  it('sends the words with every filter, the days whole in the operator’s time zone, and shows the hits marked', async () => {
    api.answers.push({ hits: [hit({}), hit({ kind: 'note', item_id: 3, author: 'Nora', snippet: { text: 'Refund approved by Sam', marks: [[0, 6]] } })], next_cursor: null });
    const view = await render();
    pick(view.getByRole('combobox', { name: 'Status' }), 'resolved');
    pick(view.getByRole('combobox', { name: 'Channel' }), '1');
    pick(view.getByRole('combobox', { name: 'Operator' }), '4');
    pick(view.getByRole('combobox', { name: 'Tag' }), '9');
    setDate(view.getByLabelText('From (day)'), '2026-11-01');
    setDate(view.getByLabelText('To (day)'), '2026-11-30');
    await search(view, 'refund');
    await waitUntil(() => view.queryByRole('status')?.textContent === '2 results.');
    expect(api.asked).to.deep.equal([
      { query: 'refund', status: 'resolved', channel_id: 1, operator_id: 4, tag_id: 9, from: new Date(2026, 10, 1).getTime(), to: new Date(2026, 11, 1).getTime() },
    ]);
    const results = view.getByRole('list', { name: 'Results' });
    const links = within(results).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).to.deep.equal(['#/conversations/7/messages/12', '#/conversations/7/notes/3']);
    expect([...results.querySelectorAll('mark')].map((m) => m.textContent)).to.deep.equal(['refund', 'Refund']);
    expect(links[1]!.textContent).to.contain('Note').and.contain('Nora:');
    expect(await consoleAxe(dom.host)).to.deep.equal([]);
  });

  it('shows a snippet’s markup as text, never as elements', async () => {
    api.answers.push({ hits: [hit({ kind: 'visitor', item_id: null, snippet: { text: '<img src=x onerror=alert(1)> grace@example.com', marks: [[29, 34]] } })], next_cursor: null });
    const view = await render();
    await search(view, 'grace');
    const link = await waitUntilFound(() => view.queryByRole('link'));
    expect(link.getAttribute('href')).to.equal('#/conversations/7');
    expect(link.querySelector('img')).to.equal(null);
    expect(link.textContent).to.contain('<img src=x onerror=alert(1)>');
    expect(link.querySelector('mark')?.textContent).to.equal('grace');
  });

  it('says when nothing matches, and refuses a range that ends before it starts', async () => {
    const view = await render();
    await search(view, 'nothing');
    await waitUntil(() => view.queryByRole('status')?.textContent === 'No conversation matches.');
    setDate(view.getByLabelText('From (day)'), '2026-11-10');
    setDate(view.getByLabelText('To (day)'), '2026-11-01');
    await act(async () => view.getByRole('button', { name: 'Search' }).click());
    expect(view.getByRole('alert').textContent).to.equal('The last day comes before the first one.');
    expect(view.getByLabelText('To (day)').getAttribute('aria-invalid')).to.equal('true');
    expect(api.asked).to.have.length(1);
  });

  it('keeps the hits when a search fails, and tries again on demand', async () => {
    api.answers.push(new Error('Too many requests'), { hits: [hit({})], next_cursor: null });
    const view = await render();
    await search(view, 'refund');
    const alert = await waitUntilFound(() => view.queryByRole('alert'));
    expect(alert.textContent).to.contain('Something went wrong: Too many requests');
    await act(async () => within(alert).getByRole('button', { name: 'Try again' }).click());
    await waitUntil(() => view.queryByRole('status')?.textContent === '1 result.');
    expect(api.asked.map((p) => p.query)).to.deep.equal(['refund', 'refund']);
  });

  it('reads more hits with the cursor and adds them below', async () => {
    api.answers.push({ hits: [hit({ item_id: 20 })], next_cursor: 'c1' }, { hits: [hit({ item_id: 10 })], next_cursor: null });
    const view = await render();
    await search(view, 'refund');
    await waitUntil(() => view.queryByRole('status')?.textContent === '1 result so far; more below.');
    await act(async () => view.getByRole('button', { name: 'More results' }).click());
    await waitUntil(() => view.queryByRole('status')?.textContent === '2 results.');
    expect(api.asked[1]).to.deep.equal({ query: 'refund', cursor: 'c1' });
    expect(view.getAllByRole('link').map((l) => l.getAttribute('href'))).to.deep.equal(['#/conversations/7/messages/20', '#/conversations/7/messages/10']);
    expect(view.queryByRole('button', { name: 'More results' })).to.equal(null);
  });

  it('takes the keyboard command to its box, words selected for a new search', async () => {
    const view = await render();
    const box = view.getByRole('searchbox', { name: 'Words to find' }) as HTMLInputElement;
    box.focus();
    await outsideAct(() => sendKeys({ type: 'refund' }));
    box.blur();
    expect(announceCommand(store, SEARCH_COMMAND)).to.equal(true);
    expect(document.activeElement).to.equal(box);
    expect([box.selectionStart, box.selectionEnd]).to.deep.equal([0, 6]);
  });

  it('keeps the last search and its hits when the operator comes back from a conversation', async () => {
    api.answers.push({ hits: [hit({})], next_cursor: null });
    let view = await render();
    await search(view, 'refund');
    await waitUntil(() => view.queryByRole('link'));
    await act(async () => dom.root.render(<p>desk</p>));
    view = await render();
    expect((view.getByRole('searchbox', { name: 'Words to find' }) as HTMLInputElement).value).to.equal('refund');
    expect(view.getAllByRole('link')).to.have.length(1);
  });
});

async function waitUntilFound<T>(find: () => T | null): Promise<T> {
  await waitUntil(() => find());
  return find()!;
}
