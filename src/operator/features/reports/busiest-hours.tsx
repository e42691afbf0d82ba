/** Reports → Busiest hours: conversations created per local weekday and hour, as a heat map that is a real table. */
import type { ReportsBusiestHours } from '../../../protocol/console/reports-breakdown.js';
import { toCsv } from '../../core/csv.js';
import { CsvDownload } from '../../core/csv-download.js';
import { useLocale, useT } from '../../core/texts.js';
import { loadBusiestHours } from './breakdown-api.js';
import { PeriodReport } from './report-load.js';
import type { ReportsApi } from './reports-api.js';
import { ScrollTable } from './scroll-table.js';

const HOURS = Array.from({ length: 24 }, (_, h) => h);
const WEEKDAYS = Array.from({ length: 7 }, (_, d) => d);
/** Steps of the colour scale; each step's text colour keeps 4.5:1 on its background (reports.css, colours in theme.css). */
export const HEAT_LEVELS = 5;

// 1 January 2024 was a Monday, the answer's first row; formatted in UTC so no zone shifts the day.
const weekdayDate = (day: number): Date => new Date(Date.UTC(2024, 0, 1 + day, 0));
const hourDate = (hour: number): Date => new Date(Date.UTC(2024, 0, 1, hour));

/** Weekday names, Monday first, in `locale`. */
export function weekdayNames(locale: string, weekday: 'long' | 'short' = 'long'): string[] {
  const format = new Intl.DateTimeFormat(locale, { weekday, timeZone: 'UTC' });
  return WEEKDAYS.map((d) => format.format(weekdayDate(d)));
}

/** The 24 hours as the locale writes them ("14:00", "2 PM"). */
export function hourNames(locale: string): string[] {
  const format = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
  return HOURS.map((h) => format.format(hourDate(h)));
}

/** The colour step of a count: 0 for none, else 1 to HEAT_LEVELS − 1 by its share of the busiest cell. */
export function heatLevel(count: number, max: number): number {
  if (count <= 0 || max <= 0) return 0;
  return Math.max(1, Math.ceil((count / max) * (HEAT_LEVELS - 1)));
}

/**
 * The CSV: one record per weekday (ISO 8601: 1 Monday … 7 Sunday), one column per local hour, then the
 * period and the zones its days and hours are counted in.
 */
export function busiestHoursCsv(answer: ReportsBusiestHours): string {
  const names = weekdayNames('en');
  const period = [answer.from, answer.to, answer.time_zones.join(' ')];
  return toCsv(
    ['weekday (1-7)', 'weekday', ...HOURS.map(String), 'from', 'to', 'time_zone'],
    WEEKDAYS.map((d) => [d + 1, names[d]!, ...HOURS.map((h) => answer.conversations[d]?.[h] ?? 0), ...period]),
  );
}

function HeatMap({ answer }: { answer: ReportsBusiestHours }): React.JSX.Element {
  const t = useT();
  const locale = useLocale();
  const days = weekdayNames(locale);
  const hours = hourNames(locale);
  const count = new Intl.NumberFormat(locale);
  const caption = t('operator.reports.busiestCaption', { from: answer.from, to: answer.to });
  return (
    <>
      <CsvDownload name={caption} fileName={`reports-busiest-hours-${answer.from}-${answer.to}.csv`} csv={() => busiestHoursCsv(answer)} />
      <ScrollTable caption={caption} className="op-heat-map" columns={[t('operator.reports.weekday'), ...hours]}>
        {WEEKDAYS.map((d) => (
          <tr key={d}>
            <th scope="row">{days[d]}</th>
            {HOURS.map((h) => {
              const n = answer.conversations[d]?.[h] ?? 0;
              return (
                <td key={h} className={`op-heat-${heatLevel(n, answer.max)}`}>
                  {count.format(n)}
                </td>
              );
            })}
          </tr>
        ))}
      </ScrollTable>
      <p className="op-report-definition">{t('operator.reports.busiestDefinition')}</p>
    </>
  );
}

/** The heat map of the period the controls chose. */
export function BusiestHours({ api, params }: { api: ReportsApi; params: string }): React.JSX.Element {
  const t = useT();
  return (
    <PeriodReport api={api} params={params} load={loadBusiestHours}>
      {(answer) => (answer.max === 0 ? <p role="status">{t('operator.reports.empty')}</p> : <HeatMap answer={answer} />)}
    </PeriodReport>
  );
}
