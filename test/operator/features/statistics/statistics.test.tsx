import { expect, waitUntil } from '@open-wc/testing';
import { within } from '@testing-library/dom';
import { act } from 'react';
import { StatisticsPanel } from '../../../../src/operator/features/statistics/statistics-panel.js';
import { loadStatistics, statisticsFrom, windowDays, type GroupRow, type StatisticsSource } from '../../../../src/operator/features/statistics/statistics.js';
import { reactMount } from '../../support.js';
import { TextProvider } from '../../../../src/operator/core/texts.js';
import { loadTranslator } from '../../../../src/platform/i18n/index.js';

const NOW = Date.UTC(2024, 4, 14, 9, 30);

/** A stand-in for the dataset route that records the calls; the server side is tested over real HTTP. */
class RecordingSource implements StatisticsSource {
  calls: [string, unknown[], string][] = [];
  constructor(public answers: Record<string, GroupRow[]>) {}
  async readGroup(model: string, domain: unknown[], groupby: string): Promise<GroupRow[]> {
    this.calls.push([model, domain, groupby]);
    return this.answers[model] ?? [];
  }
}

describe('operator statistics', () => {
  it('the window is the last seven UTC days, today included, oldest first', () => {
    expect(windowDays(NOW)).to.deep.equal(['2024-05-08', '2024-05-09', '2024-05-10', '2024-05-11', '2024-05-12', '2024-05-13', '2024-05-14']);
  });

  it('fills missing days with 0 and ignores days and rates outside what it shows', () => {
    const stats = statisticsFrom(
      ['2024-05-13', '2024-05-14'],
      [
        { 'create_date:day': '2024-05-14', create_date_count: 4 },
        { 'create_date:day': '2024-04-01', create_date_count: 9 },
      ],
      [
        { rating: 5, rating_count: 2 },
        { rating: 10, rating_count: 7 },
        { rating: 1, rating_count: 1 },
      ],
    );
    expect(stats.perDay).to.deep.equal([
      { day: '2024-05-13', count: 0 },
      { day: '2024-05-14', count: 4 },
    ]);
    expect(stats.ratings).to.deep.equal({ 5: 2, 3: 0, 1: 1 });
  });

  it('asks read_group per day for conversations and per value for ratings, from the first day of the window', async () => {
    const source = new RecordingSource({});
    await loadStatistics(source, NOW);
    expect(source.calls).to.deep.equal([
      ['mail.channel', [['create_date', '>=', '2024-05-08 00:00:00']], 'create_date:day'],
      ['rating.rating', [['create_date', '>=', '2024-05-08 00:00:00']], 'rating'],
    ]);
  });

  describe('panel', () => {
    const dom = reactMount();

    it('shows both tables and reads again when its refresh key changes', async () => {
      const source = new RecordingSource({
        'mail.channel': [{ 'create_date:day': '2024-05-14', create_date_count: 3 }],
        'rating.rating': [{ rating: 3, rating_count: 1 }],
      });
      const now = () => NOW;
      await act(async () => dom.root.render(<StatisticsPanel source={source} refreshKey={0} now={now} />));
      const view = within(dom.host);
      await waitUntil(() => dom.host.querySelector('table'));
      const ratings = view.getByRole('table', { name: 'Ratings (last 7 days)' });
      const neutral = within(ratings).getByRole('row', { name: /neutral/ });
      expect(within(neutral).getByRole('cell').textContent).to.equal('1');
      const perDay = view.getByRole('table', { name: 'Conversations per day (last 7 days)' });
      expect(within(perDay).getAllByRole('row')).to.have.length(8);
      expect(within(perDay).getAllByRole('cell').map((c) => c.textContent)).to.deep.equal(['0', '0', '0', '0', '0', '0', '3']);

      source.answers['rating.rating'] = [{ rating: 3, rating_count: 2 }];
      await act(async () => dom.root.render(<StatisticsPanel source={source} refreshKey={1} now={now} />));
      await waitUntil(() => within(view.getByRole('table', { name: 'Ratings (last 7 days)' })).getByRole('row', { name: /neutral/ }).querySelector('td')?.textContent === '2');
      expect(source.calls).to.have.length(4);
    });

    it('writes the days in the console\'s language, not the browser\'s', async () => {
      const source = new RecordingSource({ 'mail.channel': [{ 'create_date:day': '2024-05-14', create_date_count: 2 }] });
      const french = await loadTranslator('fr');
      await act(async () =>
        dom.root.render(
          <TextProvider translator={french}>
            <StatisticsPanel source={source} refreshKey={0} now={() => NOW} />
          </TextProvider>,
        ),
      );
      await waitUntil(() => dom.host.querySelector('table time'));
      const days = [...dom.host.querySelectorAll('table time')].map((d) => d.textContent);
      // 14 May 2024 was a Tuesday: "mar. 14 mai" in French, where an English browser would say "Tue, May 14".
      expect(days.at(-1)).to.equal(new Intl.DateTimeFormat('fr', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(NOW));
      expect(days.at(-1)).to.match(/mai/);
    });

    it('says so when the statistics cannot be read', async () => {
      const failing: StatisticsSource = { readGroup: () => Promise.reject(new Error('Only administrators may change this')) };
      await act(async () => dom.root.render(<StatisticsPanel source={failing} refreshKey={0} now={() => NOW} />));
      await waitUntil(() => dom.host.querySelector('[role="alert"]'));
      expect(within(dom.host).getByRole('alert').textContent).to.equal('Something went wrong: Only administrators may change this');
    });
  });
});
