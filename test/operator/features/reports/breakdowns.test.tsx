import { expect } from '@open-wc/testing';
import { within } from '@testing-library/dom';
import { act } from 'react';
import type { Locale } from '../../../../src/platform/i18n/index.js';
import { loadTranslator } from '../../../../src/platform/i18n/index.js';
import { REPORTS_OVERVIEW_ROUTE, type ReportFigures, type ReportsOverview } from '../../../../src/protocol/console/reports.js';
import {
  REPORTS_BUSIEST_HOURS_ROUTE,
  REPORTS_BY_CHANNEL_ROUTE,
  REPORTS_BY_OPERATOR_ROUTE,
  REPORTS_BY_TAG_ROUTE,
  REPORTS_LIVE_ROUTE,
  type ReportsBusiestHours,
  type ReportsByChannel,
  type ReportsByOperator,
  type ReportsByTag,
  type ReportsLive,
} from '../../../../src/protocol/console/reports-breakdown.js';
import { SEARCH_FILTERS_ROUTE } from '../../../../src/protocol/console/search.js';
import { CSV_BOM } from '../../../../src/operator/core/csv.js';
import { TextProvider } from '../../../../src/operator/core/texts.js';
import { ReportsPanel } from '../../../../src/operator/features/reports/reports-view.js';
import { captureDownloads } from '../../downloads.js';
import { loadConsoleStyles, reactMount, standInApi, waitUntil, type ConsoleStyles, consoleAxe } from '../../support.js';

const duration = (median: number | null, p90: number | null) => ({ count: median === null ? 0 : 4, median_ms: median, p90_ms: p90 });

function figures(over: Partial<ReportFigures> = {}): ReportFigures {
  return {
    from: '2024-05-08',
    to: '2024-05-14',
    conversations: 12,
    missed: { never_answered: 2, nobody_available: 1 },
    first_response: duration(42_000, 200_000),
    reply: duration(30_000, 90_000),
    resolution: duration(3_900_000, 7_200_000),
    queue_wait: duration(null, null),
    transfers: 3,
    satisfaction: { rated: 8, best: 6, share: 0.75, rating_rate: 0.5 },
    ...over,
  };
}

const ZONES = ['America/New_York', 'Europe/Paris'];
const PERIOD = { scope: 'all' as const, basis: 'wall' as const, channel_ids: [1, 2], time_zones: ZONES, from: '2024-05-08', to: '2024-05-14' };
const OVERVIEW: ReportsOverview = { scope: 'all', basis: 'wall', channel_ids: [1, 2], time_zones: ZONES, current: figures(), previous: figures({ from: '2024-05-01', to: '2024-05-07' }) };

const BY_OPERATOR: ReportsByOperator = {
  ...PERIOD,
  operators: [
    {
      operator_id: 7,
      name: 'Alice',
      conversations: 9,
      first_response: duration(42_000, 200_000),
      resolution: duration(3_900_000, 7_200_000),
      satisfaction: { rated: 4, best: 3, share: 0.75 },
      load: [
        { day: '2024-05-08', conversations: 5, replies: 11 },
        { day: '2024-05-09', conversations: 4, replies: 6 },
      ],
    },
    { operator_id: 8, name: '=Bob', conversations: 1, first_response: duration(null, null), resolution: duration(60_000, 60_000), satisfaction: { rated: 0, best: 0, share: null }, load: [{ day: '2024-05-10', conversations: 1, replies: 2 }] },
  ],
};

const BY_CHANNEL: ReportsByChannel = {
  ...PERIOD,
  channels: [
    { channel_id: 1, name: 'Website', figures: figures() },
    { channel_id: 2, name: 'Shop, "main"', figures: figures({ conversations: 0, first_response: duration(null, null) }) },
  ],
};

const BY_TAG: ReportsByTag = {
  ...PERIOD,
  tags: [{ tag_id: 4, name: 'billing', channel_id: 1, conversations: 5, first_response: duration(12_500, 30_000), resolution: duration(600_000, 900_000), satisfaction: { rated: 2, best: 1, share: 0.5 } }],
};

function busiest(): ReportsBusiestHours {
  const conversations = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
  conversations[0]![14] = 8;
  conversations[0]![9] = 2;
  conversations[6]![23] = 1;
  return { ...PERIOD, conversations, max: 8 };
}

const LIVE: ReportsLive = {
  scope: 'all',
  now: Date.UTC(2024, 4, 14, 12, 0, 0),
  channels: [
    { channel_id: 1, name: 'Website', waiting: 3, longest_wait_ms: 200_000, open: 4, operators: [{ id: 7, name: 'Alice', load: 2, capacity: 5 }] },
    { channel_id: 2, name: 'Shop', waiting: 0, longest_wait_ms: null, open: 1, operators: [{ id: 8, name: 'Bob', load: 1, capacity: null }] },
  ],
};

const CHANNELS = { channels: [{ id: 1, name: 'Website' }, { id: 2, name: 'Shop' }], operators: [], tags: [] };

type Answers = Record<string, (params: unknown) => unknown>;

describe('Reports → by operator, by channel, by tag, busiest hours, live now', () => {
  const dom = reactMount();
  let styles: ConsoleStyles;
  before(async () => {
    styles = await loadConsoleStyles();
  });
  after(() => styles.remove());

  async function render(over: Answers = {}, lang: Locale = 'en') {
    const stand = standInApi<unknown>({
      [REPORTS_OVERVIEW_ROUTE]: () => OVERVIEW,
      [SEARCH_FILTERS_ROUTE]: () => CHANNELS,
      [REPORTS_BY_OPERATOR_ROUTE]: () => BY_OPERATOR,
      [REPORTS_BY_CHANNEL_ROUTE]: () => BY_CHANNEL,
      [REPORTS_BY_TAG_ROUTE]: () => BY_TAG,
      [REPORTS_BUSIEST_HOURS_ROUTE]: busiest,
      [REPORTS_LIVE_ROUTE]: () => LIVE,
      ...over,
    });
    const translator = await loadTranslator(lang);
    await act(async () =>
      dom.root.render(
        <TextProvider translator={translator}>
          <ReportsPanel api={stand.api} timeZone="Europe/Paris" />
        </TextProvider>,
      ),
    );
    const asked = (route: string) => stand.calls.filter(([r]) => r === route).map(([, p]) => p);
    return { view: within(dom.host), asked };
  }

  const select = (element: HTMLElement, value: string) =>
    act(async () => {
      (element as HTMLSelectElement).value = value;
      element.dispatchEvent(new Event('change', { bubbles: true }));
    });

  async function show(view: ReturnType<typeof within>, report: string, reportLabel = 'Report') {
    await waitUntil(() => view.queryByRole('combobox', { name: reportLabel }), 'no report choice');
    await select(view.getByRole('combobox', { name: reportLabel }), report);
  }

  async function csvOf(view: ReturnType<typeof within>, button: string): Promise<{ name: string; lines: string[] }> {
    const downloads = captureDownloads();
    try {
      await act(async () => view.getByRole('button', { name: button }).click());
      const file = downloads.files[0]!;
      return { name: file.name, lines: (await file.text).split('\r\n') };
    } finally {
      downloads.restore();
    }
  }

  it('offers every report, the overview first', async () => {
    const { view } = await render();
    await waitUntil(() => view.queryByRole('combobox', { name: 'Report' }));
    expect(within(view.getByRole('combobox', { name: 'Report' })).getAllByRole('option').map((o) => o.textContent)).to.deep.equal([
      'Overview',
      'By operator',
      'By channel',
      'By tag',
      'Busiest hours',
      'Live now',
    ]);
  });

  it('shows each operator’s figures for the period chosen above, with the definitions, the load chart and no axe violation', async () => {
    const { view, asked } = await render();
    await show(view, 'operators');
    const table = await findTable(view, 'Figures by operator, 2024-05-08 to 2024-05-14');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).to.deep.equal([
      'Operator',
      'Conversations',
      'First response time (median)',
      'First response time (90th percentile)',
      'Resolution time (median)',
      'Resolution time (90th percentile)',
      'Satisfaction (share of 😊)',
      'Rated conversations',
    ]);
    const alice = within(table).getByRole('row', { name: /^Alice/ });
    expect(within(alice).getAllByRole('cell').map((c) => c.textContent)).to.deep.equal(['9', '42 sec', '3 min 20 sec', '1 hr 5 min', '2 hr', '75%', '4']);
    expect(within(within(table).getByRole('row', { name: /^=Bob/ })).getAllByRole('cell')[1]!.textContent).to.equal('—');
    expect(view.getByText('Resolved minus created.')).to.exist;
    expect(asked(REPORTS_BY_OPERATOR_ROUTE)).to.deep.equal([{ period: '7d', basis: 'wall', time_zone: 'Europe/Paris' }]);
    await waitUntil(() => view.queryByRole('img', { name: 'Load of Alice per day' }), 'no load chart');
    await select(view.getByRole('combobox', { name: 'Load over time of' }), '8');
    await waitUntil(() => view.queryByRole('img', { name: 'Load of =Bob per day' }), 'no load chart of the other operator');
    expect(await consoleAxe(dom.host)).to.deep.equal([]);
    const load = await csvOf(view, 'Download “Load of =Bob per day” (CSV)');
    expect(load.lines).to.deep.equal([`${CSV_BOM}Day,Conversations,Replies,time_zone`, '2024-05-10,1,2,America/New_York Europe/Paris', '']);
    await select(view.getByRole('combobox', { name: 'Durations' }), 'business');
    await waitUntil(() => asked(REPORTS_BY_OPERATOR_ROUTE).length === 2, 'the basis did not drive the breakdown');
    expect(asked(REPORTS_BY_OPERATOR_ROUTE)[1]).to.deep.equal({ period: '7d', basis: 'business', time_zone: 'Europe/Paris' });
  });

  it('downloads the by-operator table in the overview’s CSV format, a formula-like name kept as text', async () => {
    const { view } = await render();
    await show(view, 'operators');
    await findTable(view, 'Figures by operator, 2024-05-08 to 2024-05-14');
    const csv = await csvOf(view, 'Download “Figures by operator, 2024-05-08 to 2024-05-14” (CSV)');
    expect(csv.name).to.equal('reports-by-operator-2024-05-08-2024-05-14.csv');
    expect(csv.lines).to.deep.equal([
      `${CSV_BOM}operator_id,operator,conversations,first_response_median (s),first_response_p90 (s),resolution_median (s),resolution_p90 (s),satisfaction_share (0-1),rated`,
      '7,Alice,9,42,200,3900,7200,0.75,4',
      "8,'=Bob,1,,,60,60,,0",
      '',
    ]);
  });

  it('shows the overview’s figures per channel, for the channel chosen, with its CSV', async () => {
    const { view, asked } = await render();
    await show(view, 'channels');
    const table = await findTable(view, 'Figures by channel, 2024-05-08 to 2024-05-14');
    expect(within(table).getAllByRole('columnheader')).to.have.length(15);
    expect(within(within(table).getByRole('row', { name: /^Website/ })).getAllByRole('cell')[3]!.textContent).to.equal('42 sec');
    const csv = await csvOf(view, 'Download “Figures by channel, 2024-05-08 to 2024-05-14” (CSV)');
    expect(csv.lines[0]).to.equal(
      `${CSV_BOM}channel_id,channel,conversations,missed_never_answered,missed_nobody_available,first_response_median (s),first_response_p90 (s),reply_median (s),reply_p90 (s),resolution_median (s),resolution_p90 (s),queue_wait_median (s),queue_wait_p90 (s),transfers,satisfaction_share (0-1),rating_rate (0-1)`,
    );
    expect(csv.lines[2]).to.equal('2,"Shop, ""main""",0,2,1,,,30,90,3900,7200,,,3,0.75,0.5');
    await select(view.getByRole('combobox', { name: 'Channel' }), '2');
    await waitUntil(() => asked(REPORTS_BY_CHANNEL_ROUTE).length === 2);
    expect(asked(REPORTS_BY_CHANNEL_ROUTE)[1]).to.deep.equal({ period: '7d', basis: 'wall', time_zone: 'Europe/Paris', channel_ids: [2] });
    expect(await consoleAxe(dom.host)).to.deep.equal([]);
  });

  it('shows the tags, and says so when none was used', async () => {
    let tags = BY_TAG.tags;
    const { view } = await render({ [REPORTS_BY_TAG_ROUTE]: () => ({ ...BY_TAG, tags }) });
    await show(view, 'tags');
    const table = await findTable(view, 'Figures by tag, 2024-05-08 to 2024-05-14');
    expect(within(within(table).getByRole('row', { name: /^billing/ })).getAllByRole('cell').map((c) => c.textContent)).to.deep.equal(['5', '13 sec', '30 sec', '10 min', '15 min', '50%', '2']);
    tags = [];
    await select(view.getByRole('combobox', { name: 'Period' }), '30d');
    await waitUntil(() => view.queryByText('No tagged conversations in this period'), 'no empty state');
  });

  it('shows the busiest hours as a 7 × 24 table with weekday and hour headers, shaded by count, with its CSV', async () => {
    const { view } = await render();
    await show(view, 'hours');
    const table = await findTable(view, 'Conversations created by day of the week and hour, 2024-05-08 to 2024-05-14');
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).to.have.length(25);
    expect(headers.slice(0, 2)).to.deep.equal(['Day of the week', '12:00 AM']);
    expect(headers[15]).to.equal('2:00 PM');
    expect(within(table).getAllByRole('rowheader').map((h) => h.textContent)).to.deep.equal(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
    const monday = within(table).getAllByRole('row')[1]!;
    const cells = within(monday).getAllByRole('cell');
    expect(cells).to.have.length(24);
    expect([cells[14]!.textContent, cells[14]!.className, cells[9]!.className, cells[0]!.className]).to.deep.equal(['8', 'op-heat-4', 'op-heat-1', 'op-heat-0']);
    expect(await consoleAxe(dom.host)).to.deep.equal([]);
    const csv = await csvOf(view, 'Download “Conversations created by day of the week and hour, 2024-05-08 to 2024-05-14” (CSV)');
    expect(csv.name).to.equal('reports-busiest-hours-2024-05-08-2024-05-14.csv');
    expect(csv.lines[0]).to.equal(`${CSV_BOM}weekday (1-7),weekday,${Array.from({ length: 24 }, (_, h) => h).join(',')},from,to,time_zone`);
    const period = ',2024-05-08,2024-05-14,America/New_York Europe/Paris';
    expect(csv.lines[1]).to.equal(`1,Monday,0,0,0,0,0,0,0,0,0,2,0,0,0,0,8,0,0,0,0,0,0,0,0,0${period}`);
    expect(csv.lines[7]).to.equal(`7,Sunday,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1${period}`);
  });

  it('shows the queue, the open conversations and each operator’s load against capacity, each table with its CSV, read again when the page shows', async () => {
    const { view, asked } = await render();
    await show(view, 'live');
    const queue = await findTable(view, 'Channels now');
    expect(within(within(queue).getByRole('row', { name: /^Website/ })).getAllByRole('cell').map((c) => c.textContent)).to.deep.equal(['3', '3 min 20 sec', '4', '1']);
    expect(within(within(queue).getByRole('row', { name: /^Shop/ })).getAllByRole('cell')[1]!.textContent).to.equal('—');
    const operators = view.getByRole('table', { name: 'Operators online now' });
    expect(within(within(operators).getByRole('row', { name: /^Alice/ })).getAllByRole('cell').map((c) => c.textContent)).to.deep.equal(['Website', '2 of 5']);
    expect(within(within(operators).getByRole('row', { name: /^Bob/ })).getAllByRole('cell')[1]!.textContent).to.equal('1 (no limit)');
    expect(await consoleAxe(dom.host)).to.deep.equal([]);
    const channels = await csvOf(view, 'Download “Channels now” (CSV)');
    expect(channels.name).to.equal('reports-live-channels-2024-05-14T12-00-00Z.csv');
    expect(channels.lines).to.deep.equal([
      `${CSV_BOM}channel_id,channel,waiting,longest_wait (s),open,operators_online,at`,
      '1,Website,3,200,4,1,2024-05-14T12:00:00Z',
      '2,Shop,0,,1,1,2024-05-14T12:00:00Z',
      '',
    ]);
    const online = await csvOf(view, 'Download “Operators online now” (CSV)');
    expect(online.lines).to.deep.equal([`${CSV_BOM}operator_id,operator,channel_id,channel,load,capacity,at`, '7,Alice,1,Website,2,5,2024-05-14T12:00:00Z', '8,Bob,2,Shop,1,,2024-05-14T12:00:00Z', '']);
    expect(asked(REPORTS_LIVE_ROUTE)).to.deep.equal([{}]);
    await act(async () => document.dispatchEvent(new Event('visibilitychange')));
    await waitUntil(() => asked(REPORTS_LIVE_ROUTE).length === 2, 'not read again when the page showed');
    await select(view.getByRole('combobox', { name: 'Channel' }), '1');
    await waitUntil(() => asked(REPORTS_LIVE_ROUTE).length === 3);
    expect(asked(REPORTS_LIVE_ROUTE)[2]).to.deep.equal({ channel_ids: [1] });
  });

  it('says what failed and reads again on Try again', async () => {
    let fail = true;
    const { view } = await render({
      [REPORTS_LIVE_ROUTE]: () => {
        if (fail) throw new Error('Too many requests');
        return LIVE;
      },
    });
    await show(view, 'live');
    await waitUntil(() => view.queryByRole('alert'), 'no error');
    expect(view.getByRole('alert').textContent).to.equal('Something went wrong: Too many requests');
    fail = false;
    await act(async () => view.getByRole('button', { name: 'Try again' }).click());
    await waitUntil(() => view.queryByRole('table', { name: 'Channels now' }), 'no figures after the retry');
  });

  for (const [lang, report, caption, monday, hour] of [
    ['fr', 'Rapport', 'Conversations créées par jour de la semaine et par heure, du 2024-05-08 au 2024-05-14', 'lundi', '14:00'],
    ['ar', 'التقرير', 'المحادثات المُنشأة حسب يوم الأسبوع والساعة، من 2024-05-08 إلى 2024-05-14', 'الاثنين', '2:00 م'],
  ] as const) {
    it(`reads in ${lang}: weekday and hour names in the console's language, no accessibility violation`, async () => {
      const { view } = await render({}, lang);
      await show(view, 'hours', report);
      const table = await findTable(view, caption);
      expect(within(table).getAllByRole('rowheader')[0]!.textContent).to.equal(monday);
      expect(within(table).getAllByRole('columnheader')[15]!.textContent).to.contain(hour.split(':')[0]);
      expect(await consoleAxe(dom.host)).to.deep.equal([]);
      await show(view, 'operators', report);
      await waitUntil(() => view.queryAllByRole('table').length === 1, 'no operator table');
      expect(await consoleAxe(dom.host)).to.deep.equal([]);
    });
  }
});

async function findTable(view: ReturnType<typeof within>, name: string): Promise<HTMLElement> {
  await waitUntil(() => view.queryByRole('table', { name }), `no table “${name}”`);
  return view.getByRole('table', { name });
}
