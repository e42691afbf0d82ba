import { useId } from 'react';
import type { ReportFigures, ReportsOverview } from '../../../protocol/console/reports.js';
import { ChartTable, type ChartRow } from '../../core/chart-table.js';
import { downloadCsv, toCsv } from '../../core/csv.js';
import { useLocale, useT } from '../../core/texts.js';
import { changeText, valueText } from './figure-texts.js';
import { REPORT_FIGURES, csvHeader, csvRecord, type ReportFigure } from './report-figures.js';

/** One figure: its name, its value, the previous period's and the change, and its definition describing it. */
function FigureCard({ figure, current, previous }: { figure: ReportFigure; current: ReportFigures; previous: ReportFigures }): React.JSX.Element {
  const t = useT();
  const locale = useLocale();
  const nameId = useId();
  const definitionId = useId();
  const now = figure.value(current);
  const before = figure.value(previous);
  const change = changeText(figure.kind, now, before, locale, (n) => t('operator.reports.points', { points: n }));
  return (
    <article className="op-report-figure" aria-labelledby={nameId} aria-describedby={definitionId}>
      <h3 id={nameId}>{t(figure.name)}</h3>
      <p className="op-report-value">{valueText(figure.kind, now, locale)}</p>
      <p>
        {t('operator.reports.previous', { value: valueText(figure.kind, before, locale) })}
        {' · '}
        {change === undefined ? t('operator.reports.noChange') : t('operator.reports.change', { change })}
      </p>
      <p id={definitionId} className="op-report-definition">
        {t(figure.definition)}
      </p>
    </article>
  );
}

const CHART_COUNTS = ['conversations', 'missed_never_answered', 'missed_nobody_available', 'transfers'];
const CHART_DURATIONS = ['first_response_median', 'reply_median', 'resolution_median', 'queue_wait_median'];

/** The chart rows of some figures: the current and the previous period's values, as numbers and as written. */
function chartRows(ids: readonly string[], overview: ReportsOverview, label: (f: ReportFigure) => string, locale: string, scale = 1): ChartRow[] {
  return REPORT_FIGURES.filter((f) => ids.includes(f.id)).map((f) => {
    const values = [f.value(overview.current), f.value(overview.previous)];
    return { key: f.id, label: label(f), values: values.map((v) => (v === null ? null : v / scale)), texts: values.map((v) => valueText(f.kind, v, locale)) };
  });
}

/** The overview's figures, two charts comparing both periods, and the whole overview as a CSV. */
export function OverviewFigures({ overview }: { overview: ReportsOverview }): React.JSX.Element {
  const t = useT();
  const locale = useLocale();
  const label = (f: ReportFigure) => t(f.name);
  const series = [t('operator.reports.currentPeriod'), t('operator.reports.previousPeriod')];
  const fileName = `reports-overview-${overview.current.from}-${overview.current.to}.csv`;
  const downloadOverview = () => downloadCsv(fileName, toCsv(csvHeader(), [csvRecord('current', overview.current, overview.time_zones), csvRecord('previous', overview.previous, overview.time_zones)]));
  return (
    <>
      <p>
        {t('operator.reports.periods', { from: overview.current.from, to: overview.current.to, previousFrom: overview.previous.from, previousTo: overview.previous.to })}
      </p>
      <button type="button" onClick={downloadOverview}>
        {t('operator.reports.downloadOverview')}
      </button>
      <div className="op-report-figures">
        {REPORT_FIGURES.map((f) => (
          <FigureCard key={f.id} figure={f} current={overview.current} previous={overview.previous} />
        ))}
      </div>
      <ChartTable
        title={t('operator.reports.countsChart')}
        rowHeader={t('operator.reports.figure')}
        series={series}
        rows={chartRows(CHART_COUNTS, overview, label, locale)}
        fileName={`reports-counts-${overview.current.from}-${overview.current.to}.csv`}
      />
      <ChartTable
        title={t('operator.reports.durationsChart')}
        rowHeader={t('operator.reports.figure')}
        series={series}
        rows={chartRows(CHART_DURATIONS, overview, label, locale, 1000)}
        unit="s"
        fileName={`reports-durations-${overview.current.from}-${overview.current.to}.csv`}
      />
    </>
  );
}
