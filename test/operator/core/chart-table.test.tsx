import { expect } from '@open-wc/testing';
import { within } from '@testing-library/dom';
import { act } from 'react';
import { ChartTable, type ChartRow } from '../../../src/operator/core/chart-table.js';
import { CSV_BOM } from '../../../src/operator/core/csv.js';
import { captureDownloads } from '../downloads.js';
import { loadConsoleStyles, reactMount, waitUntil, type ConsoleStyles, consoleAxe } from '../support.js';

const ROWS: ChartRow[] = [
  { key: 'a', label: 'Conversations', values: [12, 8], texts: ['12', '8'] },
  { key: 'b', label: '=cmd|" /C calc"!A0', values: [3, null], texts: ['3', '—'] },
];

describe('ChartTable', () => {
  const dom = reactMount();
  let styles: ConsoleStyles;
  before(async () => {
    styles = await loadConsoleStyles();
  });
  after(() => styles.remove());

  it('draws the chart as an image named by its title, shows the same figures as a table on demand, without axe violations', async () => {
    await act(async () => dom.root.render(<ChartTable title="Counts" rowHeader="Figure" series={['This period', 'Previous period']} rows={ROWS} fileName="counts.csv" />));
    const view = within(dom.host);
    await waitUntil(() => view.queryByRole('img', { name: 'Counts' }), 'no chart');
    expect(view.getByRole('figure', { name: 'Counts' })).to.exist;
    expect(view.getByRole('img', { name: 'Counts' }).querySelectorAll('rect').length).to.equal(2 + 4);
    expect(await consoleAxe(dom.host)).to.deep.equal([]);

    const toggle = view.getByRole('button', { name: 'Show as table' });
    expect(toggle.getAttribute('aria-pressed')).to.equal('false');
    await act(async () => toggle.click());
    expect(toggle.getAttribute('aria-pressed')).to.equal('true');
    const table = view.getByRole('table', { name: 'Counts' });
    expect(within(table).getAllByRole('columnheader').map((c) => c.textContent)).to.deep.equal(['Figure', 'This period', 'Previous period']);
    expect(within(within(table).getByRole('row', { name: /Conversations/ })).getAllByRole('cell').map((c) => c.textContent)).to.deep.equal(['12', '8']);
    expect(view.queryByRole('img')).to.equal(null);
    expect(await consoleAxe(dom.host)).to.deep.equal([]);
  });

  it('downloads its table as CSV: raw numbers, the unit in the header, a formula kept as text', async () => {
    const downloads = captureDownloads();
    try {
      await act(async () => dom.root.render(<ChartTable title="Times" rowHeader="Figure" series={['Now', 'Before']} rows={ROWS} unit="s" fileName="times.csv" />));
      await act(async () => within(dom.host).getByRole('button', { name: 'Download “Times” (CSV)' }).click());
      expect(downloads.files.map((f) => f.name)).to.deep.equal(['times.csv']);
      expect(await downloads.files[0]!.text).to.equal(`${CSV_BOM}Figure,Now (s),Before (s)\r\nConversations,12,8\r\n"'=cmd|"" /C calc""!A0",3,\r\n`);
    } finally {
      downloads.restore();
    }
  });
});
