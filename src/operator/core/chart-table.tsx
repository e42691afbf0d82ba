import { Suspense, lazy, useId, useState } from 'react';
import { toCsv } from './csv.js';
import { CsvDownload } from './csv-download.js';
import { useDirection, useT } from './texts.js';
import type { ChartRow } from './chart-row.js';

export type { ChartRow } from './chart-row.js';

/** Props of {@link ChartTable}. */
export interface ChartTableProps {
  /** The chart's name, the table's caption. */
  title: string;
  /** The name of the column of row names. */
  rowHeader: string;
  /** Each series' name, in the order of each row's values. */
  series: readonly string[];
  rows: readonly ChartRow[];
  /** The unit of the values as the CSV writes them (raw numbers), put in its header: "s" gives "Current (s)". */
  unit?: string;
  /** The downloaded file's name, `.csv` included. */
  fileName: string;
  /** When the rows are days: the zones they are counted in, written as the CSV's last column, `time_zone`. */
  timeZones?: readonly string[];
}

// Only the reports load the charting library, so it stays out of the console's first chunk.
const BarChart = lazy(() => import('./bar-chart.js'));

/**
 * A bar chart with the same figures as a table one click away ("Show as table", a toggle), and a CSV of
 * that table. The chart is an image named by the title; the table is the way screen readers read it.
 * The chart is drawn in the console's direction; the table and the CSV keep the rows' order in both.
 */
export function ChartTable({ title, rowHeader, series, rows, unit, fileName, timeZones }: ChartTableProps): React.JSX.Element {
  const t = useT();
  const direction = useDirection();
  const titleId = useId();
  const [asTable, setAsTable] = useState(false);
  const csv = () => {
    const header = [rowHeader, ...series.map((s) => (unit ? `${s} (${unit})` : s))];
    const zone = timeZones ? [timeZones.join(' ')] : [];
    return toCsv(timeZones ? [...header, 'time_zone'] : header, rows.map((r) => [r.label, ...r.values, ...zone]));
  };
  return (
    <figure className="op-chart" aria-labelledby={titleId}>
      <figcaption id={titleId}>{title}</figcaption>
      <div className="op-chart-tools">
        <button type="button" aria-pressed={asTable} onClick={() => setAsTable((v) => !v)}>
          {t('operator.common.showTable')}
        </button>
        <CsvDownload name={title} fileName={fileName} csv={csv} />
      </div>
      {asTable ? (
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{rowHeader}</th>
              {series.map((s) => (
                <th scope="col" key={s}>
                  {s}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.key}>
                <th scope="row">{r.label}</th>
                {r.texts.map((text, i) => (
                  <td key={series[i] ?? i}>{text}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <Suspense fallback={<p role="status">{t('operator.common.loading')}</p>}>
          <BarChart title={title} series={series} rows={rows} direction={direction} />
        </Suspense>
      )}
    </figure>
  );
}
