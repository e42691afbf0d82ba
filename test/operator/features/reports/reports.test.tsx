import { expect } from '@open-wc/testing';
import { within } from '@testing-library/dom';
import { act } from 'react';
import type { Locale } from '../../../../src/platform/i18n/index.js';
import { loadTranslator } from '../../../../src/platform/i18n/index.js';
import { REPORTS_OVERVIEW_ROUTE, type ReportFigures, type ReportsOverview } from '../../../../src/protocol/console/reports.js';
import { SEARCH_FILTERS_ROUTE } from '../../../../src/protocol/console/search.js';
import type { ReportsOverviewParams } from '../../../../src/protocol/schemas/reports.js';
import { CSV_BOM } from '../../../../src/operator/core/csv.js';
import { TextProvider } from '../../../../src/operator/core/texts.js';
import { reports } from '../../../../src/operator/features/reports/index.js';
import { ReportsPanel } from '../../../../src/operator/features/reports/reports-view.js';
import { captureDownloads } from '../../downloads.js';
import { loadConsoleStyles, reactMount, standInApi, waitUntil, type ConsoleStyles, consoleAxe } from '../../support.js';

const duration = (median: number | null, p90: number | null) => ({ count: median === null ? 0 : 4, median_ms: median, p90_ms: p90 });

function figures(from: string, to: string, over: Partial<ReportFigures> = {}): ReportFigures {
  return {
    from,
    to,
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

const OVERVIEW: ReportsOverview = {
  scope: 'all',
  basis: 'wall',
  channel_ids: [1, 2],
  time_zones: ['Europe/Paris'],
  current: figures('2024-05-08', '2024-05-14'),
  previous: figures('2024-05-01', '2024-05-07', { conversations: 8, satisfaction: { rated: 4, best: 2, share: 0.5, rating_rate: 0.5 } }),
};

const CHANNELS = { channels: [{ id: 1, name: 'Website' }, { id: 2, name: 'Shop' }, { id: 3, name: 'Read only, not reported' }], operators: [], tags: [] };

type Answer = (params: ReportsOverviewParams) => unknown;

describe('Reports → Overview', () => {
  const dom = reactMount();
  let styles: ConsoleStyles;
  before(async () => {
    styles = await loadConsoleStyles();
  });
  after(() => styles.remove());

  const scoped: Answer = (p) => ({ ...OVERVIEW, channel_ids: p.channel_ids ?? OVERVIEW.channel_ids });

  async function render(overview: Answer = scoped, lang: Locale = 'en') {
    const stand = standInApi<ReportsOverviewParams>({ [REPORTS_OVERVIEW_ROUTE]: overview, [SEARCH_FILTERS_ROUTE]: () => CHANNELS });
    const translator = await loadTranslator(lang);
    await act(async () =>
      dom.root.render(
        <TextProvider translator={translator}>
          <ReportsPanel api={stand.api} timeZone="Europe/Paris" />
        </TextProvider>,
      ),
    );
    const asked = () => stand.calls.filter(([route]) => route === REPORTS_OVERVIEW_ROUTE).map(([, p]) => p);
    return { view: within(dom.host), asked };
  }

  const select = (element: HTMLElement, value: string) =>
    act(async () => {
      (element as HTMLSelectElement).value = value;
      element.dispatchEvent(new Event('change', { bubbles: true }));
    });
  const type = (element: HTMLElement, value: string) =>
    act(async () => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(element, value);
      element.dispatchEvent(new Event('input', { bubbles: true }));
    });

  it('is a view every operator may open', () => {
    expect(reports.views?.map((v) => [v.id, v.label, v.adminOnly ?? false, v.supervisorOnly ?? false])).to.deep.equal([['reports', 'operator.reports.view', false, false]]);
  });

  it('shows each figure beside the previous period and the change, described by its definition, with charts and no axe violation', async () => {
    const { view, asked } = await render();
    await waitUntil(() => view.queryByRole('article', { name: 'Conversations' }), 'no figures');
    expect(asked()).to.deep.equal([{ period: '7d', basis: 'wall', time_zone: 'Europe/Paris' }]);
    const conversations = view.getByRole('article', { name: 'Conversations', description: /counted on the day they were created/ });
    expect(conversations.textContent).to.contain('12').and.contain('Previous period: 8').and.contain('change: +4 (+50%)');
    const first = view.getByRole('article', { name: 'First response time (median)', description: /First operator reply minus first visitor message/ });
    expect(first.querySelector('.op-report-value')?.textContent).to.equal('42 sec');
    expect(view.getByRole('article', { name: 'Resolution time (median)' }).querySelector('.op-report-value')?.textContent).to.equal('1 hr 5 min');
    expect(view.getByRole('article', { name: 'Wait in queue (median)' }).textContent).to.contain('—').and.contain('no comparison');
    expect(view.getByRole('article', { name: 'Satisfaction (share of 😊)' }).textContent).to.contain('75%').and.contain('change: +25 pts');
    expect(view.getByRole('article', { name: 'Missed: nobody available' })).to.exist;
    await waitUntil(() => view.queryByRole('img', { name: 'Median times' }), 'no chart');
    expect(view.getByRole('img', { name: 'Conversations, missed and transfers' })).to.exist;
    expect(await consoleAxe(dom.host)).to.deep.equal([]);
  });

  it('asks again for the period, the basis and the channel chosen; offers only the channels the reports cover', async () => {
    const { view, asked } = await render();
    await waitUntil(() => view.queryByRole('combobox', { name: 'Channel' }), 'no channel filter');
    const channel = view.getByRole('combobox', { name: 'Channel' });
    expect(within(channel).getAllByRole('option').map((o) => o.textContent)).to.deep.equal(['All my channels', 'Website', 'Shop']);
    await select(view.getByRole('combobox', { name: 'Period' }), '30d');
    await select(view.getByRole('combobox', { name: 'Durations' }), 'business');
    await select(view.getByRole('combobox', { name: 'Channel' }), '2');
    await waitUntil(() => asked().length === 4);
    expect(asked().slice(1)).to.deep.equal([
      { period: '30d', basis: 'wall', time_zone: 'Europe/Paris' },
      { period: '30d', basis: 'business', time_zone: 'Europe/Paris' },
      { period: '30d', basis: 'business', time_zone: 'Europe/Paris', channel_ids: [2] },
    ]);
    // One channel's answer names only it: the filter still offers every channel, and going back asks for all.
    await waitUntil(() => view.queryByRole('article', { name: 'Conversations' }));
    await select(view.getByRole('combobox', { name: 'Channel' }), '');
    await waitUntil(() => asked().length === 5);
    expect(within(view.getByRole('combobox', { name: 'Channel' })).getAllByRole('option')).to.have.length(3);
    expect(asked()[4]).to.deep.equal({ period: '30d', basis: 'business', time_zone: 'Europe/Paris' });
  });

  it('checks a custom period as the server does before asking for it', async () => {
    const { view, asked } = await render();
    await waitUntil(() => view.queryByRole('article', { name: 'Conversations' }));
    await select(view.getByRole('combobox', { name: 'Period' }), 'custom');
    expect(view.getByText('Choose both the first and the last day of the period.')).to.exist;
    const from = view.getByLabelText('From');
    const to = view.getByLabelText('To');
    expect(from.getAttribute('aria-invalid')).to.equal('true');
    await type(from, '2024-05-10');
    await type(to, '2024-05-01');
    expect(view.getByLabelText('To', { selector: 'input' }).getAttribute('aria-describedby')).to.equal(view.getByText('The last day must not be before the first.').id);
    await type(from, '2023-01-01');
    await type(to, '2024-05-01');
    expect(view.getByText('A period is at most 366 days.')).to.exist;
    await type(from, '2024-04-01');
    await waitUntil(() => asked().length === 2);
    expect(asked()[1]).to.deep.equal({ period: 'custom', basis: 'wall', time_zone: 'Europe/Paris', from: '2024-04-01', to: '2024-05-01' });
    expect(from.getAttribute('aria-invalid')).to.equal(null);
  });

  it('says so when the period has no conversation', async () => {
    const { view } = await render(() => ({ ...OVERVIEW, current: figures('2024-05-08', '2024-05-14', { conversations: 0 }) }));
    await waitUntil(() => view.queryByText('No conversations in this period'), 'no empty state');
    expect(view.getByRole('status').textContent).to.equal('No conversations in this period');
  });

  it('shows what failed and reads again on Try again', async () => {
    let fail = true;
    const { view } = await render(() => {
      if (fail) throw new Error('Too many requests');
      return OVERVIEW;
    });
    await waitUntil(() => view.queryByRole('alert'), 'no error');
    expect(view.getByRole('alert').textContent).to.equal('Something went wrong: Too many requests');
    fail = false;
    await act(async () => view.getByRole('button', { name: 'Try again' }).click());
    await waitUntil(() => view.queryByRole('article', { name: 'Conversations' }), 'no figures after the retry');
  });

  it('downloads the overview as CSV: both periods with the zone their days are in, durations in seconds, shares from 0 to 1', async () => {
    const downloads = captureDownloads();
    try {
      const { view } = await render();
      await waitUntil(() => view.queryByRole('button', { name: 'Download the overview (CSV)' }));
      await act(async () => view.getByRole('button', { name: 'Download the overview (CSV)' }).click());
      expect(downloads.files.map((f) => f.name)).to.deep.equal(['reports-overview-2024-05-08-2024-05-14.csv']);
      const lines = (await downloads.files[0]!.text).split('\r\n');
      expect(lines[0]).to.equal(
        `${CSV_BOM}period,from,to,time_zone,conversations,missed_never_answered,missed_nobody_available,first_response_median (s),first_response_p90 (s),reply_median (s),reply_p90 (s),resolution_median (s),resolution_p90 (s),queue_wait_median (s),queue_wait_p90 (s),transfers,satisfaction_share (0-1),rating_rate (0-1)`,
      );
      expect(lines[1]).to.equal('current,2024-05-08,2024-05-14,Europe/Paris,12,2,1,42,200,30,90,3900,7200,,,3,0.75,0.5');
      expect(lines[2]).to.equal('previous,2024-05-01,2024-05-07,Europe/Paris,8,2,1,42,200,30,90,3900,7200,,,3,0.5,0.5');
      expect(lines[3]).to.equal('');
    } finally {
      downloads.restore();
    }
  });

  for (const [lang, heading, figure] of [
    ['fr', 'Rapports : vue d’ensemble', 'Délai de première réponse (médiane)'],
    ['ar', 'التقارير: نظرة عامة', 'زمن الرد الأول (الوسيط)'],
  ] as const) {
    it(`reads in ${lang} with its charts and no accessibility violation`, async () => {
      const { view } = await render(() => OVERVIEW, lang);
      await waitUntil(() => view.queryByRole('article', { name: figure }), 'no figures');
      expect(view.getByRole('heading', { level: 2, name: heading })).to.exist;
      await waitUntil(() => view.queryAllByRole('img').length === 2, 'no charts');
      expect(await consoleAxe(dom.host)).to.deep.equal([]);
    });
  }
});
