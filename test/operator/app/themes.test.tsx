import { expect } from '@open-wc/testing';
import { within } from '@testing-library/dom';
import { emulateMedia } from '@web/test-runner-commands';
import { act } from 'react';
import { ChartTable, type ChartRow } from '../../../src/operator/core/chart-table.js';
import { contrastRatio } from '../../../src/protocol/console/tags.js';
import { loadConsoleStyles, reactMount, waitUntil, type ConsoleStyles } from '../support.js';

type Scheme = 'light' | 'dark';

/** A computed `rgb(r, g, b)` as `#rrggbb`. */
function hex(rgb: string): string {
  const parts = rgb.match(/\d+/g)?.slice(0, 3).map(Number);
  if (!parts || parts.length < 3) throw new Error(`not a colour: ${rgb}`);
  return `#${parts.map((n) => n.toString(16).padStart(2, '0')).join('')}`;
}

/** The colour a console variable resolves to in the theme shown now. */
function colour(name: string): string {
  const probe = document.createElement('span');
  probe.style.color = `var(--op-${name})`;
  document.body.append(probe);
  const value = hex(getComputedStyle(probe).color);
  probe.remove();
  return value;
}

/** Text over its background: WCAG 1.4.3, 4.5:1. */
const TEXT: [string, string][] = [
  ['fg', 'bg'],
  ['fg', 'surface'],
  ['fg', 'hover'],
  ['fg', 'selected'],
  ['fg', 'own-message'],
  ['fg', 'note-bg'],
  ['fg', 'closed-bg'],
  ['muted', 'bg'],
  ['muted', 'surface'],
  ['muted', 'selected'],
  ['muted', 'own-message'],
  ['danger', 'bg'],
  ['danger', 'surface'],
  ['warning', 'surface'],
  ['warning', 'note-bg'],
  ['info', 'surface'],
  ['info', 'selected'],
  ['note-fg', 'note-bg'],
  ['on-accent', 'accent-fill'],
  ['mark-fg', 'mark-bg'],
  ...[0, 1, 2, 3, 4].map((step): [string, string] => [`heat-${step}-fg`, `heat-${step}-bg`]),
];

/** Focus rings, switches, presence dots, bars and a note's edge against what they sit on: WCAG 1.4.11, 3:1. */
const MARKS: [string, string][] = [
  ['accent', 'bg'],
  ['accent', 'surface'],
  ['accent', 'selected'],
  ['accent', 'hover'],
  ['switch-off', 'surface'],
  ['switch-on', 'surface'],
  ['knob', 'switch-off'],
  ['knob', 'switch-on'],
  ['presence-off', 'surface'],
  ['presence-online', 'surface'],
  ['presence-away', 'surface'],
  ['found', 'surface'],
  ['found', 'own-message'],
  ['note-edge', 'surface'],
  ['note-edge', 'note-bg'],
  ...[0, 1, 2, 3].map((series): [string, string] => [`series-${series}`, 'surface']),
];

/** Every pair below its minimum, as readable lines. */
function weakPairs(): string[] {
  const weak: string[] = [];
  for (const [pairs, least] of [[TEXT, 4.5], [MARKS, 3]] as const) {
    for (const [front, back] of pairs) {
      const ratio = contrastRatio(colour(front), colour(back));
      if (ratio < least) weak.push(`${front} on ${back}: ${ratio.toFixed(2)}:1 < ${least}:1`);
    }
  }
  return weak;
}

const FOUR_SERIES = ['This period', 'Previous period', 'Same period last year', 'Target'];
const ROWS: ChartRow[] = [{ key: 'conversations', label: 'Conversations', values: [12, 8, 10, 9], texts: ['12', '8', '10', '9'] }];

describe('The console’s themes', () => {
  const dom = reactMount();
  let styles: ConsoleStyles;
  before(async () => {
    styles = await loadConsoleStyles();
    // The chart's lazy chunk, loaded ahead so no test waits for its first compilation.
    await import('../../../src/operator/core/bar-chart.js');
  });
  after(async () => {
    styles.remove();
    delete document.documentElement.dataset.theme;
    await emulateMedia({ colorScheme: 'light' });
  });
  afterEach(() => {
    delete document.documentElement.dataset.theme;
  });

  for (const scheme of ['light', 'dark'] as const) {
    it(`keeps every text and every mark of state readable in the ${scheme} theme`, async () => {
      await emulateMedia({ colorScheme: scheme });
      expect(weakPairs()).to.deep.equal([]);
    });
  }

  it('follows the system, and a chosen theme wins over it', async () => {
    const page = () => colour('bg');
    await emulateMedia({ colorScheme: 'light' });
    const light = page();
    await emulateMedia({ colorScheme: 'dark' });
    const dark = page();
    expect(light).to.not.equal(dark);
    expect(contrastRatio(light, '#ffffff')).to.be.below(1.2);
    expect(contrastRatio(dark, '#000000')).to.be.below(1.5);

    document.documentElement.dataset.theme = 'light';
    expect(page()).to.equal(light);
    await emulateMedia({ colorScheme: 'light' });
    document.documentElement.dataset.theme = 'dark';
    expect(page()).to.equal(dark);
    expect(getComputedStyle(document.documentElement).colorScheme).to.equal('dark');
  });

  const bars = (scheme: Scheme) => async () => {
    await emulateMedia({ colorScheme: scheme });
    await act(async () => dom.root.render(<ChartTable title="Counts" rowHeader="Figure" series={FOUR_SERIES} rows={ROWS} fileName="counts.csv" />));
    const view = within(dom.host);
    await waitUntil(() => view.queryByRole('img', { name: 'Counts' }), 'no chart');
    const figure = view.getByRole('figure', { name: 'Counts' });
    const behind = hex(getComputedStyle(figure).backgroundColor);
    const fills = [...view.getByRole('img', { name: 'Counts' }).querySelectorAll('rect')].map((rect) => hex(getComputedStyle(rect).fill));
    // Four legend swatches and four bars, one colour per series.
    expect(fills).to.have.length(8);
    expect(new Set(fills).size).to.equal(4);
    for (const fill of fills) expect(contrastRatio(fill, behind), `${fill} on ${behind}`).to.be.at.least(3);
  };
  it('draws each series of a chart in its own colour, 3:1 against the chart, in the light theme', bars('light'));
  it('draws each series of a chart in its own colour, 3:1 against the chart, in the dark theme', bars('dark'));
});
