import { expect } from '@open-wc/testing';
import { within } from '@testing-library/dom';
import { act } from 'react';
import { createStore } from 'jotai/vanilla';
import type { ConversationDetail } from '../../../../src/protocol/operator-console.js';
import type { ConversationStatus } from '../../../../src/protocol/conversation-status.js';
import { loadTranslator, type Locale } from '../../../../src/platform/i18n/index.js';
import { TextProvider } from '../../../../src/operator/core/texts.js';
import type { OperatorApi } from '../../../../src/operator/core/api.js';
import { conversationsAtom, deskEventAtom, openConversationAtom } from '../../../../src/operator/desk/desk-atoms.js';
import { StatusSection } from '../../../../src/operator/features/statuses/status-control.js';
import { fromPickerValue, isSnoozeTime, toPickerValue, tomorrowAtNine } from '../../../../src/operator/features/statuses/snooze-times.js';
import { reactMount, waitUntil, consoleAxe } from '../../support.js';

const DETAIL: ConversationDetail = {
  id: 7,
  channel_id: 1,
  visitor_name: 'Ann',
  origin: 'chat',
  created_at: 0,
  closed_at: null,
  last_message: null,
  unread: 0,
  waiting_since: null,
  status: 'open',
  snoozed_until: null,
  messages: [],
  page_history: null,
  rating: null,
  reply_email: null,
};

type Call = [sessionId: number, status: ConversationStatus, until: number | undefined];

describe('the status control', () => {
  const dom = reactMount();

  /** The section over a stand-in API that records each call and answers as the server would (or fails with `fail`). */
  async function render(conversation: ConversationDetail = DETAIL, options: { lang?: Locale; fail?: string } = {}) {
    const calls: Call[] = [];
    const api = {
      setStatus: async (sessionId: number, status: ConversationStatus, until?: number) => {
        calls.push([sessionId, status, until]);
        if (options.fail) throw new Error(options.fail);
        return { session_id: sessionId, status, snoozed_until: until ?? null };
      },
    } as unknown as OperatorApi;
    const store = createStore();
    store.set(deskEventAtom, { type: 'listed', conversations: [conversation] });
    store.set(deskEventAtom, { type: 'selected', id: conversation.id });
    store.set(deskEventAtom, { type: 'opened', detail: conversation });
    const translator = await loadTranslator(options.lang ?? 'en');
    await act(async () =>
      dom.root.render(
        <TextProvider translator={translator}>
          <StatusSection conversation={conversation} api={api} store={store} reloadOpen={() => {}} sent={() => {}} />
        </TextProvider>,
      ),
    );
    return { calls, store, view: within(dom.host) };
  }

  const choose = async (select: HTMLSelectElement, value: string) => {
    await act(async () => {
      select.value = value;
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
  };

  it('offers the four statuses under "Status", and sets one at once; the list and the pane follow', async () => {
    const { calls, store, view } = await render();
    const select = view.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement;
    expect([...select.options].map((o) => o.text)).to.deep.equal(['Open', 'Waiting for visitor', 'Snoozed', 'Resolved']);
    expect(select.value).to.equal('open');
    await choose(select, 'waiting');
    await waitUntil(() => calls.length === 1);
    expect(calls).to.deep.equal([[7, 'waiting', undefined]]);
    await waitUntil(() => store.get(conversationsAtom)[0]?.status === 'waiting');
    expect(store.get(openConversationAtom)?.status).to.equal('waiting');
    expect(await consoleAxe(dom.host)).to.deep.equal([]);
  });

  it('Snoozed offers in 1 hour, tomorrow at 9:00 and a date and time; each sends its time', async () => {
    const { calls, view } = await render();
    await choose(view.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement, 'snoozed');
    expect(calls, 'nothing is sent before a time is chosen').to.deep.equal([]);
    const group = within(view.getByRole('group', { name: 'Snooze' }));
    expect(await consoleAxe(dom.host)).to.deep.equal([]);

    const before = Date.now();
    await act(async () => group.getByRole('button', { name: 'In 1 hour' }).click());
    await waitUntil(() => calls.length === 1);
    expect(calls[0]![2]).to.be.within(before + 3600_000, Date.now() + 3600_000);
  });

  it('tomorrow at 9:00 is in the browser’s time zone; a picked time must be ahead and within a year', async () => {
    const { calls, view } = await render();
    await choose(view.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement, 'snoozed');
    const group = () => within(view.getByRole('group', { name: 'Snooze' }));
    await act(async () => group().getByRole('button', { name: 'Tomorrow at 9:00' }).click());
    await waitUntil(() => calls.length === 1);
    const at = new Date(calls[0]![2]!);
    const tomorrow = new Date();
    tomorrow.setDate(tomorrow.getDate() + 1);
    expect([at.getDate(), at.getHours(), at.getMinutes()]).to.deep.equal([tomorrow.getDate(), 9, 0]);

    await choose(view.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement, 'snoozed');
    const field = group().getByLabelText('Snooze until') as HTMLInputElement;
    expect(field.type).to.equal('datetime-local');
    const setField = async (value: string) =>
      act(async () => {
        const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
        setter.call(field, value);
        field.dispatchEvent(new Event('input', { bubbles: true }));
      });
    await setField('2001-01-01T10:00');
    await act(async () => group().getByRole('button', { name: 'Snooze until this time' }).click());
    expect(view.getByRole('alert').textContent).to.equal('Choose a time in the coming year');
    expect(calls.length, 'a past time is not sent').to.equal(1);
    const inTwoDays = toPickerValue(Date.now() + 2 * 86_400_000);
    await setField(inTwoDays);
    await act(async () => group().getByRole('button', { name: 'Snooze until this time' }).click());
    await waitUntil(() => calls.length === 2);
    expect(calls[1]![2]).to.equal(fromPickerValue(inTwoDays));
  });

  it('a snoozed conversation says until when; a resolved one keeps its end; a refusal is shown', async () => {
    const until = Date.now() + 3 * 3600_000;
    const snoozed = await render({ ...DETAIL, status: 'snoozed', snoozed_until: until });
    expect((snoozed.view.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement).value).to.equal('snoozed');
    expect(snoozed.view.getByText(/^Snoozed until /)).to.exist;

    const resolved = await render({ ...DETAIL, closed_at: 1 });
    const select = resolved.view.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement;
    expect([select.value, select.disabled]).to.deep.equal(['resolved', true]);

    const refused = await render(DETAIL, { fail: 'This conversation is closed' });
    await choose(refused.view.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement, 'waiting');
    await waitUntil(() => refused.view.queryByRole('alert'));
    expect(refused.view.getByRole('alert').textContent).to.contain('This conversation is closed');
  });

  it('resolving closes the conversation in the desk', async () => {
    const { calls, store, view } = await render();
    await choose(view.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement, 'resolved');
    await waitUntil(() => store.get(openConversationAtom)?.closed_at !== null);
    expect(calls).to.deep.equal([[7, 'resolved', undefined]]);
  });

  it('reads in French and Arabic', async () => {
    const fr = await render(DETAIL, { lang: 'fr' });
    expect([...(fr.view.getByRole('combobox', { name: 'Statut' }) as HTMLSelectElement).options].map((o) => o.text)).to.deep.equal(['Ouverte', 'En attente du visiteur', 'En pause', 'Résolue']);
    const ar = await render(DETAIL, { lang: 'ar' });
    expect(ar.view.getByRole('combobox', { name: 'الحالة' })).to.exist;
  });

  it('snooze times: tomorrow at 9:00 local, picker values round-trip, bounds', () => {
    const evening = new Date(2026, 10, 26, 22, 30);
    expect(new Date(tomorrowAtNine(evening)).toString()).to.equal(new Date(2026, 10, 27, 9, 0).toString());
    expect(fromPickerValue(toPickerValue(new Date(2026, 0, 2, 3, 4).getTime()))).to.equal(new Date(2026, 0, 2, 3, 4).getTime());
    for (const bad of ['', 'tomorrow', '2026-13-01T99:00x', '2026-01-01 10:00']) expect(fromPickerValue(bad), bad).to.equal(null);
    const now = Date.now();
    expect([isSnoozeTime(now, now), isSnoozeTime(now + 1, now), isSnoozeTime(now + 367 * 86_400_000, now), isSnoozeTime(null, now)]).to.deep.equal([false, true, false, false]);
  });
});
