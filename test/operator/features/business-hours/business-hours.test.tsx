import { expect } from '@open-wc/testing';
import { within } from '@testing-library/dom';
import { act } from 'react';
import type { BusinessHours, BusinessHoursAnswer, ClosedChannel } from '../../../../src/protocol/business-hours.js';
import { HoursAdmin } from '../../../../src/operator/features/business-hours/hours-admin.js';
import { ClosedNotice } from '../../../../src/operator/features/business-hours/closed-notice.js';
import type { HoursApi } from '../../../../src/operator/features/business-hours/hours-api.js';
import { listSlotsOf, adminSectionsOf } from '../../../../src/operator/app/registry.js';
import { features } from '../../../../src/operator/features/index.js';
import { loadConsoleStyles, reactMount, waitUntil, type ConsoleStyles, consoleAxe } from '../../support.js';

/** A stand-in for the business hours' routes that records what the console sends. */
class MemoryHours implements HoursApi {
  sent: (BusinessHours | null)[] = [];
  stored = new Map<number, BusinessHours>();
  closedList: ClosedChannel[] = [];
  async channels() {
    return [{ id: 1, name: 'Website' }];
  }
  async get(channelId: number): Promise<BusinessHoursAnswer> {
    return { channel_id: channelId, hours: this.stored.get(channelId) ?? null };
  }
  async set(channelId: number, hours: BusinessHours | null): Promise<BusinessHoursAnswer> {
    this.sent.push(hours);
    if (hours) this.stored.set(channelId, hours);
    else this.stored.delete(channelId);
    return this.get(channelId);
  }
  async closed() {
    return this.closedList;
  }
}

function type(input: HTMLElement, value: string): void {
  const proto = input instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
  act(() => {
    Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(input, value);
    input.dispatchEvent(new Event(input instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  });
}

// Issue 26: administrators edit each channel's hours; the desk says which channels are closed now.
describe('business hours in the console', () => {
  const dom = reactMount();
  let styles: ConsoleStyles;
  before(async () => {
    styles = await loadConsoleStyles();
  });
  after(() => styles.remove());

  it('registers its admin section and its notice above the list', () => {
    expect(adminSectionsOf(features).map((s) => s.id)).to.include('business-hours');
    expect(listSlotsOf(features).controls.length).to.be.greaterThan(0);
  });

  it('turns hours on with a zone and ranges, refuses a range that closes before it opens, then saves', async () => {
    const api = new MemoryHours();
    await act(async () => dom.root.render(<HoursAdmin api={api} />));
    const view = within(dom.host);
    await waitUntil(() => view.queryByRole('checkbox', { name: 'Use business hours' }), 'no editor');
    expect(view.getByText(/No business hours/)).to.exist;
    act(() => view.getByRole('checkbox', { name: 'Use business hours' }).click());
    type(view.getByRole('combobox', { name: 'Time zone' }), 'America/New_York');
    const monday = within(view.getByRole('group', { name: 'Monday' }));
    type(monday.getByLabelText('Monday, range 1: closes at'), '08:00');
    act(() => view.getByRole('button', { name: 'Save the business hours of Website' }).click());
    expect(view.getByRole('alert').textContent).to.equal('Monday: The range 09:00–08:00 must close after it opens.');
    expect(api.sent).to.deep.equal([]);

    type(monday.getByLabelText('Monday, range 1: closes at'), '12:00');
    act(() => monday.getByRole('button', { name: 'Add a range to Monday' }).click());
    type(monday.getByLabelText('Monday, range 2: opens at'), '14:00');
    type(monday.getByLabelText('Monday, range 2: closes at'), '00:00');
    act(() => within(view.getByRole('group', { name: 'Friday' })).getByRole('button', { name: 'Remove range 1 of Friday' }).click());
    type(view.getByLabelText('Closed date'), '2026-12-25');
    act(() => view.getByRole('button', { name: 'Add the date' }).click());
    expect(view.getByRole('button', { name: 'Remove 2026-12-25' })).to.exist;
    await act(async () => view.getByRole('button', { name: 'Save the business hours of Website' }).click());
    await waitUntil(() => view.queryByText('Business hours of Website saved.'), 'not saved');
    expect(api.sent[0]).to.deep.equal({
      time_zone: 'America/New_York',
      week: [[{ start: '09:00', end: '12:00' }, { start: '14:00', end: '24:00' }], [{ start: '09:00', end: '17:00' }], [{ start: '09:00', end: '17:00' }], [{ start: '09:00', end: '17:00' }], [], [], []],
      closed_dates: ['2026-12-25'],
    });
    expect(await consoleAxe(dom.host)).to.deep.equal([]);

    act(() => view.getByRole('checkbox', { name: 'Use business hours' }).click());
    await act(async () => view.getByRole('button', { name: 'Save the business hours of Website' }).click());
    await waitUntil(() => api.sent.length === 2, 'not removed');
    expect(api.sent[1]).to.equal(null);
  });

  it('above the list: the channels closed now and when they are back; nothing when none is', async () => {
    const api = new MemoryHours();
    api.closedList = [{ channel_id: 1, name: 'Website', reopens_at: Date.UTC(2026, 2, 30, 7) }, { channel_id: 2, name: 'Shop', reopens_at: null }];
    await act(async () => dom.root.render(<ClosedNotice api={api} />));
    const view = within(dom.host);
    await waitUntil(() => view.queryByRole('region', { name: 'Outside business hours' }), 'no notice');
    const when = new Intl.DateTimeFormat('en', { weekday: 'short', hour: 'numeric', minute: '2-digit' }).format(Date.UTC(2026, 2, 30, 7));
    expect(view.getAllByRole('listitem').map((li) => li.textContent)).to.deep.equal([`Website, back ${when}`, 'Shop']);
    expect(view.getByText(/you can still answer open conversations/)).to.exist;
    expect(await consoleAxe(dom.host)).to.deep.equal([]);
    api.closedList = [];
    await act(async () => dom.root.render(<ClosedNotice api={api} refreshMs={50} />));
    await waitUntil(() => view.queryByRole('region') === null, 'the notice stayed');
  });
});
