/** Plain-text tables for the terminal. */

/** One printed line: what was measured, the figure, the floor or target it is compared with. */
export interface Row {
  scenario: string;
  metric: string;
  value: string;
  /** The floor measured in the same run, or the target, with the ratio. */
  reference?: string;
}

/** Renders rows as an aligned table with a header. */
export function renderTable(rows: readonly Row[]): string {
  const header: Row = { scenario: 'scenario', metric: 'metric', value: 'median (min–max)', reference: 'floor / target' };
  const all = [header, ...rows];
  const width = (k: keyof Row): number => Math.max(...all.map((r) => (r[k] ?? '').length));
  const w = { scenario: width('scenario'), metric: width('metric'), value: width('value') };
  const line = (r: Row): string =>
    `${r.scenario.padEnd(w.scenario)}  ${r.metric.padEnd(w.metric)}  ${r.value.padStart(w.value)}  ${r.reference ?? ''}`.trimEnd();
  const rule = '-'.repeat(line(header).length);
  return [line(header), rule, ...rows.map(line)].join('\n');
}

/** Kilobytes with one decimal (1 KB = 1024 bytes, as the budgets use). */
export function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
