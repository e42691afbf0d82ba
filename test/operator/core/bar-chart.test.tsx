import { expect } from '@open-wc/testing';
import { within } from '@testing-library/dom';
import { act } from 'react';
import { ChartTable, type ChartRow } from '../../../src/operator/core/chart-table.js';
import { CSV_BOM } from '../../../src/operator/core/csv.js';
import { TextProvider } from '../../../src/operator/core/texts.js';
import { loadTranslator, type Locale } from '../../../src/platform/i18n/index.js';
import { captureDownloads } from '../downloads.js';
import { loadConsoleStyles, reactMount, waitUntil, type ConsoleStyles, consoleAxe } from '../support.js';

const ROWS: ChartRow[] = [
  { key: 'conversations', label: 'المحادثات', values: [12, 8], texts: ['١٢', '٨'] },
  { key: 'missed', label: 'الفائتة', values: [3, 6], texts: ['٣', '٦'] },
];
const SERIES = ['الفترة الحالية', 'الفترة السابقة'];

type Box = DOMRect;
const box = (element: Element): Box => element.getBoundingClientRect();

/** The chart's parts as drawn on screen, found by the texts they show. */
function drawn(chart: Element) {
  const texts = [...chart.querySelectorAll('text')];
  const textOf = (content: string) => {
    const found = texts.find((t) => t.textContent === content);
    if (!found) throw new Error(`no text ${content}`);
    return found;
  };
  const row = (label: string) => {
    const name = textOf(label);
    const group = name.parentElement;
    if (!group) throw new Error(`no row ${label}`);
    return { name: box(name), bars: [...group.querySelectorAll('rect')].map(box) };
  };
  const legend = SERIES.map((s) => box(textOf(s).parentElement!.querySelector('rect')!));
  return { row, value: (text: string) => box(textOf(text)), legend, texts };
}

describe('BarChart in the console’s direction', () => {
  const dom = reactMount();
  let styles: ConsoleStyles;
  before(async () => {
    styles = await loadConsoleStyles();
  });
  after(() => styles.remove());

  async function render(lang: Locale) {
    const translator = await loadTranslator(lang);
    // As main.tsx does for the whole page.
    dom.host.dir = translator.direction;
    await act(async () =>
      dom.root.render(
        <TextProvider translator={translator}>
          <ChartTable title="Counts" rowHeader="Figure" series={SERIES} rows={ROWS} fileName="counts.csv" />
        </TextProvider>,
      ),
    );
    const view = within(dom.host);
    await waitUntil(() => view.queryByRole('img', { name: 'Counts' }), 'no chart');
    return { view, chart: drawn(view.getByRole('img', { name: 'Counts' })) };
  }

  /** Text drawn as written: nothing between it and the page flips or turns it (a CSS or SVG mirror would). */
  function expectTextUnmirrored(texts: readonly SVGTextElement[]) {
    for (const text of texts) {
      for (let node: Element | null = text; node && node.tagName !== 'svg'; node = node.parentElement) {
        expect(node.getAttribute('transform') ?? '', node.tagName).not.to.match(/scale|matrix|rotate|skew/);
      }
      const m = text.getScreenCTM();
      expect(m && m.a > 0 && m.d > 0 && m.b === 0 && m.c === 0, text.textContent ?? '').to.equal(true);
    }
  }

  it('in Arabic: names at the right, bars growing to the left, values past their ends, series from the right; no axe violation', async () => {
    const { view, chart } = await render('ar');
    const first = chart.row('المحادثات');
    const second = chart.row('الفائتة');
    for (const row of [first, second]) {
      const barsLeft = Math.min(...row.bars.map((b) => b.left));
      const barsRight = Math.max(...row.bars.map((b) => b.right));
      expect(row.name.left, 'the name stands right of its bars').to.be.at.least(barsRight);
      expect(Math.abs(row.bars[0]!.right - row.bars[1]!.right), 'the bars start from one line').to.be.below(1);
      expect(barsLeft).to.be.below(barsRight);
    }
    expect(first.bars[0]!.left, '12 reaches further left than 8').to.be.below(first.bars[1]!.left);
    expect(chart.value('١٢').right, 'a value is written left of its bar').to.be.at.most(first.bars[0]!.left + 0.5);
    expect(chart.value('٨').right).to.be.at.most(first.bars[1]!.left + 0.5);
    expect(chart.legend[0]!.left, 'the first series is named at the right').to.be.above(chart.legend[1]!.right);
    expect(first.name.top, 'the first row stays on top').to.be.below(second.name.top);
    expectTextUnmirrored(chart.texts);
    expect(await consoleAxe(dom.host)).to.deep.equal([]);
    expect(view.getByRole('button', { name: 'عرض كجدول' })).to.exist;
  });

  it('in English: names at the left, bars growing to the right, series from the left; no axe violation', async () => {
    const { chart } = await render('en');
    const first = chart.row('المحادثات');
    const second = chart.row('الفائتة');
    for (const row of [first, second]) {
      expect(row.name.right, 'the name stands left of its bars').to.be.at.most(Math.min(...row.bars.map((b) => b.left)));
      expect(Math.abs(row.bars[0]!.left - row.bars[1]!.left), 'the bars start from one line').to.be.below(1);
    }
    expect(first.bars[0]!.right, '12 reaches further right than 8').to.be.above(first.bars[1]!.right);
    expect(chart.value('١٢').left, 'a value is written right of its bar').to.be.at.least(first.bars[0]!.right - 0.5);
    expect(chart.legend[0]!.right, 'the first series is named at the left').to.be.below(chart.legend[1]!.left);
    expect(first.name.top).to.be.below(second.name.top);
    expectTextUnmirrored(chart.texts);
    expect(await consoleAxe(dom.host)).to.deep.equal([]);
  });

  for (const [lang, showTable] of [
    ['ar', 'عرض كجدول'],
    ['en', 'Show as table'],
  ] as const) {
    it(`keeps the rows’ order in the table and the CSV in ${lang}`, async () => {
      const downloads = captureDownloads();
      try {
        const { view } = await render(lang);
        await act(async () => view.getByRole('button', { name: showTable }).click());
        const table = view.getByRole('table', { name: 'Counts' });
        expect(within(table).getAllByRole('rowheader').map((h) => h.textContent)).to.deep.equal(['المحادثات', 'الفائتة']);
        expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).to.deep.equal(['Figure', ...SERIES]);
        expect(await consoleAxe(dom.host)).to.deep.equal([]);
        await act(async () => view.getByRole('button', { name: /CSV/ }).click());
        expect(await downloads.files[0]!.text).to.equal(`${CSV_BOM}Figure,${SERIES.join(',')}\r\nالمحادثات,12,8\r\nالفائتة,3,6\r\n`);
      } finally {
        downloads.restore();
      }
    });
  }
});
