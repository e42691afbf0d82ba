import { useCallback, useEffect, useId, useState } from 'react';
import { markHandled } from '../../../platform/errors.js';
import { REPORT_BASES, REPORT_PERIODS, type ReportsOverview } from '../../../protocol/console/reports.js';
import type { SearchFilterOption } from '../../../protocol/console/search.js';
import { Choice } from '../../core/choice.js';
import { ErrorLine } from '../../core/outcome-lines.js';
import { useT } from '../../core/texts.js';
import { useLoaded } from '../../core/use-loaded.js';
import { OverviewFigures } from './overview-figures.js';
import { DEFAULT_REPORT_FORM, browserTimeZone, overviewParams, periodProblem, type ReportForm } from './report-form.js';
import { ReportSwitch } from './report-switch.js';
import { loadOverview, loadReportChannels, type ReportsApi } from './reports-api.js';

/** Props of {@link ReportsPanel}. */
export interface ReportsPanelProps {
  api: ReportsApi;
  /** The zone whose date is "today"; the browser's by default. */
  timeZone?: string;
}

const PERIOD_TEXTS = { today: 'operator.reports.today', '7d': 'operator.reports.last7', '30d': 'operator.reports.last30', custom: 'operator.reports.custom' } as const;
const BASIS_TEXTS = { wall: 'operator.reports.wallClock', business: 'operator.reports.businessHours' } as const;

/** The overview of a valid choice: loading, failed (with a retry), empty, or its figures. */
function OverviewResult({ api, params, onScope }: { api: ReportsApi; params: string; onScope(overview: ReportsOverview): void }): React.JSX.Element {
  const t = useT();
  const [attempt, setAttempt] = useState(0);
  const load = useLoaded(() => loadOverview(api, JSON.parse(params) as Parameters<typeof loadOverview>[1]), [api, params, attempt]);
  useEffect(() => {
    if (load.kind === 'ready') onScope(load.value);
  }, [load, onScope]);
  if (load.kind === 'loading') return <p role="status">{t('operator.common.loading')}</p>;
  if (load.kind === 'failed') {
    return (
      <>
        <ErrorLine text={t('operator.common.error', { reason: load.reason })} />
        <button type="button" onClick={() => setAttempt((n) => n + 1)}>
          {t('operator.reports.retry')}
        </button>
      </>
    );
  }
  if (load.value.current.conversations === 0) return <p role="status">{t('operator.reports.empty')}</p>;
  return <OverviewFigures overview={load.value} />;
}

/** The channel filter: only when the caller reads several channels. */
function ChannelChoice({ channels, value, onChange }: { channels: SearchFilterOption[]; value: string; onChange(v: string): void }): React.JSX.Element | null {
  const t = useT();
  if (channels.length < 2) return null;
  return (
    <label>
      {t('operator.reports.channel')}
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{t('operator.reports.allChannels')}</option>
        {channels.map((c) => (
          <option key={c.id} value={String(c.id)}>
            {c.name}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Reports → Overview: the period, the basis of durations and the channel, then the figures. */
export function ReportsPanel({ api, timeZone = browserTimeZone() }: ReportsPanelProps): React.JSX.Element {
  const t = useT();
  const problemId = useId();
  const [form, setForm] = useState<ReportForm>(DEFAULT_REPORT_FORM);
  const [named, setNamed] = useState<SearchFilterOption[]>([]);
  const [scope, setScope] = useState<number[] | undefined>();
  const set = <K extends keyof ReportForm>(key: K, value: ReportForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  useEffect(() => {
    loadReportChannels(api).then(setNamed, markHandled);
  }, [api]);
  // The answer without a channel filter names every channel the caller's reports cover; one for a single
  // channel names only it, so the widest answer is kept (an answer may arrive after the filter changed).
  const onScope = useCallback((o: ReportsOverview) => setScope((s) => (s && s.length >= o.channel_ids.length ? s : o.channel_ids)), []);
  const channels = named.filter((c) => scope?.includes(c.id));
  const problem = periodProblem(form);
  const params = problem ? undefined : JSON.stringify(overviewParams(form, timeZone));
  const custom = form.period === 'custom';
  return (
    <section className="op-reports" aria-labelledby="op-reports-heading">
      <h2 id="op-reports-heading">{t('operator.reports.heading')}</h2>
      <div className="op-report-controls">
        <Choice label={t('operator.reports.period')} value={form.period} options={REPORT_PERIODS.map((p) => [p, PERIOD_TEXTS[p]] as const)} onChange={(v) => set('period', v as ReportForm['period'])} />
        {custom ? (
          <>
            <label>
              {t('operator.reports.from')}
              <input type="date" value={form.from} aria-invalid={problem ? true : undefined} aria-describedby={problem ? problemId : undefined} onChange={(e) => set('from', e.target.value)} />
            </label>
            <label>
              {t('operator.reports.to')}
              <input type="date" value={form.to} aria-invalid={problem ? true : undefined} aria-describedby={problem ? problemId : undefined} onChange={(e) => set('to', e.target.value)} />
            </label>
          </>
        ) : null}
        <Choice label={t('operator.reports.basis')} value={form.basis} options={REPORT_BASES.map((b) => [b, BASIS_TEXTS[b]] as const)} onChange={(v) => set('basis', v as ReportForm['basis'])} />
        <ChannelChoice channels={channels} value={form.channelId} onChange={(v) => set('channelId', v)} />
      </div>
      {problem ? (
        <p id={problemId} className="op-error">
          {t(`operator.reports.${problem}`)}
        </p>
      ) : null}
      <ReportSwitch api={api} params={params} channelId={form.channelId} overview={params ? <OverviewResult api={api} params={params} onScope={onScope} /> : null} />
    </section>
  );
}
