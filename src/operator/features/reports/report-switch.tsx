/** Which report the Reports screen shows; every one follows the period, basis and channel chosen above it. */
import { useState } from 'react';
import { Choice } from '../../core/choice.js';
import { useT } from '../../core/texts.js';
import { ByChannel, ByTag } from './by-channel-tag.js';
import { ByOperator } from './by-operator.js';
import { BusiestHours } from './busiest-hours.js';
import { LiveNow } from './live-now.js';
import type { ReportsApi } from './reports-api.js';

/** The reports, the overview first. */
export const REPORT_KINDS = ['overview', 'operators', 'channels', 'tags', 'hours', 'live'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

const KIND_TEXTS = {
  overview: 'operator.reports.overview',
  operators: 'operator.reports.byOperator',
  channels: 'operator.reports.byChannel',
  tags: 'operator.reports.byTag',
  hours: 'operator.reports.busiestHours',
  live: 'operator.reports.liveNow',
} as const;

/** Props of {@link ReportSwitch}. */
export interface ReportSwitchProps {
  api: ReportsApi;
  /** The overview's parameters as JSON; undefined while the custom period is invalid. */
  params: string | undefined;
  /** The channel chosen, '' for every channel. */
  channelId: string;
  /** The overview as the screen renders it. */
  overview: React.ReactNode;
}

function Chosen({ kind, api, params, channelId }: Omit<ReportSwitchProps, 'overview'> & { kind: Exclude<ReportKind, 'overview'> }): React.JSX.Element | null {
  // Live figures have no period: they show even while a custom period is being typed.
  if (kind === 'live') return <LiveNow api={api} channelId={channelId} />;
  if (!params) return null;
  if (kind === 'operators') return <ByOperator api={api} params={params} />;
  if (kind === 'channels') return <ByChannel api={api} params={params} />;
  if (kind === 'tags') return <ByTag api={api} params={params} />;
  return <BusiestHours api={api} params={params} />;
}

/** The report chosen, under a choice of report. */
export function ReportSwitch({ api, params, channelId, overview }: ReportSwitchProps): React.JSX.Element {
  const t = useT();
  const [kind, setKind] = useState<ReportKind>('overview');
  return (
    <>
      <div className="op-report-controls">
        <Choice label={t('operator.reports.report')} value={kind} options={REPORT_KINDS.map((k) => [k, KIND_TEXTS[k]] as const)} onChange={(v) => setKind(v as ReportKind)} />
      </div>
      {kind === 'overview' ? (
        overview
      ) : (
        <section aria-labelledby="op-report-chosen">
          <h3 id="op-report-chosen">{t(KIND_TEXTS[kind])}</h3>
          <Chosen kind={kind} api={api} params={params} channelId={channelId} />
        </section>
      )}
    </>
  );
}
