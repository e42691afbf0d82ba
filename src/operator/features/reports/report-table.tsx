/** A breakdown as a table: one row per operator, channel or tag, a caption, the definitions and a CSV of it. */
import type { MessageKey } from '../../../platform/i18n/index.js';
import { toCsv, type CsvCell } from '../../core/csv.js';
import { CsvDownload } from '../../core/csv-download.js';
import { useLocale, useT } from '../../core/texts.js';
import { valueText } from './figure-texts.js';
import type { FigureKind } from './report-figures.js';
import { ScrollTable } from './scroll-table.js';

/** One column of figures. */
export interface TableColumn<R> {
  /** Its column in the CSV, the unit added as the overview's CSV does. */
  id: string;
  kind: FigureKind;
  name: MessageKey;
  /** The overview's definition of the figure. */
  definition: MessageKey;
  value(row: R): number | null;
}

/** Props of {@link ReportTable}. */
export interface ReportTableProps<R> {
  caption: string;
  /** The header of the column naming each row, and its CSV columns (the id, then the name). */
  rowHeader: string;
  csvKey: string;
  rows: readonly R[];
  rowId(row: R): number;
  rowName(row: R): string;
  columns: readonly TableColumn<R>[];
  fileName: string;
}

/** A column's CSV header, as the overview writes it: durations in seconds, shares from 0 to 1. */
export function csvColumn(id: string, kind: FigureKind): string {
  return kind === 'duration' ? `${id} (s)` : kind === 'share' ? `${id} (0-1)` : id;
}

/** A value as the CSV writes it: milliseconds as seconds, empty where there is none. */
export function csvValue(kind: FigureKind, value: number | null): CsvCell {
  return value === null ? null : kind === 'duration' ? value / 1000 : value;
}

/** The rows as a captioned table with each column's definition under it and a download of the same figures. */
export function ReportTable<R>({ caption, rowHeader, csvKey, rows, rowId, rowName, columns, fileName }: ReportTableProps<R>): React.JSX.Element {
  const t = useT();
  const locale = useLocale();
  const csv = () =>
    toCsv(
      [`${csvKey}_id`, csvKey, ...columns.map((c) => csvColumn(c.id, c.kind))],
      rows.map((r) => [rowId(r), rowName(r), ...columns.map((c) => csvValue(c.kind, c.value(r)))]),
    );
  const definitions = [...new Set(columns.map((c) => c.definition))];
  return (
    <div className="op-report-table">
      <CsvDownload name={caption} fileName={fileName} csv={csv} />
      <ScrollTable caption={caption} columns={[rowHeader, ...columns.map((c) => t(c.name))]}>
        {rows.map((r) => (
          <tr key={rowId(r)}>
            <th scope="row">{rowName(r)}</th>
            {columns.map((c) => (
              <td key={c.id}>{valueText(c.kind, c.value(r), locale)}</td>
            ))}
          </tr>
        ))}
      </ScrollTable>
      <details>
        <summary>{t('operator.reports.definitions')}</summary>
        <dl className="op-report-definition">
          {definitions.map((d) => (
            <div key={d}>
              <dt>{columns.filter((c) => c.definition === d).map((c) => t(c.name)).join(', ')}</dt>
              <dd>{t(d)}</dd>
            </div>
          ))}
        </dl>
      </details>
    </div>
  );
}
