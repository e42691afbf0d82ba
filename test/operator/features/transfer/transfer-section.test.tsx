import { expect } from '@open-wc/testing';
import { within } from '@testing-library/dom';
import { act } from 'react';
import { createStore } from 'jotai/vanilla';
import type { ConversationDetail } from '../../../../src/protocol/operator-console.js';
import { INVITE_ROUTE, LEAVE_ROUTE, TRANSFER_ROUTE, TRANSFER_TARGETS_ROUTE, type TransferTargets } from '../../../../src/protocol/console/transfer.js';
import { RpcServerError } from '../../../../src/platform/errors.js';
import { loadTranslator, type Locale } from '../../../../src/platform/i18n/index.js';
import { TextProvider } from '../../../../src/operator/core/texts.js';
import type { OperatorApi } from '../../../../src/operator/core/api.js';
import { deskEventAtom, selectedIdAtom } from '../../../../src/operator/desk/desk-atoms.js';
import { TransferSection } from '../../../../src/operator/features/transfer/transfer-section.js';
import { loadConsoleStyles, reactMount, waitUntil, type ConsoleStyles, consoleAxe } from '../../support.js';

const DETAIL: ConversationDetail = {
  id: 7, channel_id: 1, visitor_name: 'Visitor #7', origin: 'chat', created_at: 0, closed_at: null, last_message: null, unread: 0,
  waiting_since: null, status: 'open', snoozed_until: null, messages: [], page_history: null, rating: null, reply_email: null,
};

const TARGETS: TransferTargets = {
  operators: [
    { id: 2, name: 'Bob', presence: 'online', load: 5, capacity: 5, in_conversation: false },
    { id: 3, name: 'Cleo', presence: 'away', load: 1, capacity: null, in_conversation: false },
    { id: 4, name: 'Dan', presence: 'offline', load: 0, capacity: null, in_conversation: true },
  ],
  channels: [
    { id: 9, name: 'Billing', available: true },
    { id: 10, name: 'Night shift', available: false },
  ],
  participants: [{ id: 4, name: 'Dan' }],
};

const refusal = (route: string, name: string, message: string) =>
  new RpcServerError(route, { code: 200, message: 'Server Error', data: { name, message, debug: '', arguments: [message], exception_type: 'user_error', context: {} } } as never);

describe('transfer, invite and leave in the conversation pane', () => {
  const dom = reactMount();
  let styles: ConsoleStyles;
  before(async () => (styles = await loadConsoleStyles()));
  after(() => styles.remove());

  async function render(options: { lang?: Locale; answer?: (route: string, params: Record<string, unknown>) => unknown } = {}) {
    const calls: [string, Record<string, unknown>][] = [];
    const reloaded: number[] = [];
    const api = {
      call: async (route: string, params: Record<string, unknown>) => {
        calls.push([route, params]);
        if (options.answer) return options.answer(route, params);
        return route === TRANSFER_TARGETS_ROUTE ? TARGETS : {};
      },
    } as unknown as OperatorApi;
    const store = createStore();
    store.set(deskEventAtom, { type: 'listed', conversations: [DETAIL] });
    store.set(deskEventAtom, { type: 'selected', id: DETAIL.id });
    store.set(deskEventAtom, { type: 'opened', detail: DETAIL });
    const translator = await loadTranslator(options.lang ?? 'en');
    await act(async () =>
      dom.root.render(
        <TextProvider translator={translator}>
          <TransferSection conversation={DETAIL} api={api} store={store} reloadOpen={(id) => reloaded.push(id)} sent={() => {}} />
        </TextProvider>,
      ),
    );
    return { calls, reloaded, store, view: within(dom.host) };
  }

  const click = (el: HTMLElement) => act(async () => el.click());

  it('Transfer lists the colleagues with presence and load against capacity, and the channels; sends the note', async () => {
    const { calls, store, view } = await render();
    const group = within(view.getByRole('group', { name: 'Operators of the conversation' }));
    await click(group.getByRole('button', { name: 'Transfer' }));
    const dialog = within(await waitUntil(() => view.queryByRole('dialog', { name: 'Transfer the conversation' })).then(() => view.getByRole('dialog', { name: 'Transfer the conversation' })));
    await waitUntil(() => view.queryByRole('radio', { name: /Cleo/ }));
    expect(dialog.getByRole('radio', { name: 'Bob · Online · 5 / 5 conversations' })).to.exist;
    expect(dialog.getByRole('radio', { name: 'Cleo · Away · 1 active conversation' })).to.exist;
    expect((dialog.getByRole('radio', { name: /Dan · Offline/ }) as HTMLInputElement).disabled, 'already in it').to.equal(true);
    expect((dialog.getByRole('radio', { name: 'Night shift · nobody available' }) as HTMLInputElement).disabled).to.equal(true);
    expect(await consoleAxe(dom.host)).to.deep.equal([]);
    await click(dialog.getByRole('radio', { name: /Cleo/ }));
    const note = dialog.getByRole('textbox', { name: /Note for the receiver/ }) as HTMLTextAreaElement;
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(note, 'Wants a refund');
      note.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await click(dialog.getByRole('button', { name: 'Transfer' }));
    await waitUntil(() => calls.some(([route]) => route === TRANSFER_ROUTE));
    expect(calls.find(([route]) => route === TRANSFER_ROUTE)?.[1]).to.deep.equal({ session_id: 7, operator_id: 3, note: 'Wants a refund' });
    await waitUntil(() => store.get(selectedIdAtom) === null);
    expect(view.queryByRole('dialog')).to.equal(null);
  });

  it('asks to confirm a transfer to an operator at capacity, then sends confirm', async () => {
    const { calls, view } = await render();
    await click(view.getByRole('button', { name: 'Transfer' }));
    await waitUntil(() => view.queryByRole('radio', { name: /Bob/ }));
    await click(view.getByRole('radio', { name: /Bob/ }));
    await click(within(view.getByRole('dialog')).getByRole('button', { name: 'Transfer' }));
    expect(view.getByRole('alert').textContent).to.equal('Bob is at capacity (5 / 5). Transfer anyway?');
    expect(calls.filter(([route]) => route === TRANSFER_ROUTE), 'nothing sent yet').to.deep.equal([]);
    expect(await consoleAxe(dom.host)).to.deep.equal([]);
    await click(view.getByRole('button', { name: 'Transfer anyway' }));
    await waitUntil(() => calls.some(([route]) => route === TRANSFER_ROUTE));
    expect(calls.find(([route]) => route === TRANSFER_ROUTE)?.[1]).to.deep.equal({ session_id: 7, operator_id: 2, confirm: true });
  });

  it('transfers to a channel, and Escape leaves the dialog without sending', async () => {
    const { calls, view } = await render();
    await click(view.getByRole('button', { name: 'Transfer' }));
    await waitUntil(() => view.queryByRole('radio', { name: /Billing/ }));
    await act(async () => view.getByRole('dialog').dispatchEvent(new Event('close')));
    expect(view.queryByRole('dialog')).to.equal(null);
    await click(view.getByRole('button', { name: 'Transfer' }));
    await waitUntil(() => view.queryByRole('radio', { name: /Billing/ }));
    await click(view.getByRole('radio', { name: 'Billing · someone available' }));
    await click(within(view.getByRole('dialog')).getByRole('button', { name: 'Transfer' }));
    await waitUntil(() => calls.some(([route]) => route === TRANSFER_ROUTE));
    expect(calls.find(([route]) => route === TRANSFER_ROUTE)?.[1]).to.deep.equal({ session_id: 7, channel_id: 9 });
  });

  it('Invite adds a colleague and keeps the conversation open here', async () => {
    const { calls, reloaded, store, view } = await render();
    await click(view.getByRole('button', { name: 'Invite' }));
    const dialog = await waitUntil(() => view.queryByRole('dialog', { name: 'Invite a colleague' })).then(() => within(view.getByRole('dialog')));
    await waitUntil(() => view.queryByRole('radio', { name: /Cleo/ }));
    expect(dialog.queryByRole('radio', { name: /Billing/ }), 'no channels to invite').to.equal(null);
    expect(dialog.queryByRole('textbox'), 'no note').to.equal(null);
    await click(dialog.getByRole('radio', { name: /Cleo/ }));
    await click(dialog.getByRole('button', { name: 'Invite' }));
    await waitUntil(() => reloaded.length === 1);
    expect(calls.find(([route]) => route === INVITE_ROUTE)?.[1]).to.deep.equal({ session_id: 7, operator_id: 3 });
    expect(store.get(selectedIdAtom)).to.equal(7);
  });

  it('Leave tells why it was refused', async () => {
    const { view } = await render({
      answer: (route) => {
        if (route === LEAVE_ROUTE) throw refusal(route, 'livechat.TransferRefused.alone', 'Nobody else would remain in the conversation');
        return {};
      },
    });
    await click(view.getByRole('button', { name: 'Leave' }));
    await waitUntil(() => view.queryByRole('alert'));
    expect(view.getByRole('alert').textContent).to.equal('Something went wrong: Nobody else would remain in the conversation');
  });

  for (const [lang, names] of [
    ['fr', ['Transférer', 'Inviter', 'Quitter']],
    ['ar', ['تحويل', 'دعوة', 'مغادرة']],
  ] as const) {
    it(`names its controls in ${lang}`, async () => {
      const { view } = await render({ lang });
      for (const name of names) expect(view.getByRole('button', { name })).to.exist;
      await click(view.getByRole('button', { name: names[0] }));
      await waitUntil(() => view.queryAllByRole('radio').length === 5);
      expect(await consoleAxe(dom.host)).to.deep.equal([]);
    });
  }
});
