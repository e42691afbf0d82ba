/** A report read from the server: loading, failed with a retry, or its content. */
import { useState } from 'react';
import { ErrorLine } from '../../core/outcome-lines.js';
import { useT } from '../../core/texts.js';
import { useLoaded } from '../../core/use-loaded.js';
import type { ReportsOverviewParams } from '../../../protocol/schemas/reports.js';
import type { ReportsApi } from './reports-api.js';

/** Props of {@link PeriodReport}. */
export interface PeriodReportProps<T> {
  api: ReportsApi;
  /** The overview's parameters as JSON, so that an equal choice does not read again. */
  params: string;
  load(api: ReportsApi, params: ReportsOverviewParams): Promise<T>;
  children(value: T): React.JSX.Element;
}

/** Reads a period report for the choice the overview's controls made, and shows it once read. */
export function PeriodReport<T>({ api, params, load, children }: PeriodReportProps<T>): React.JSX.Element {
  const t = useT();
  const [attempt, setAttempt] = useState(0);
  const loaded = useLoaded(() => load(api, JSON.parse(params) as ReportsOverviewParams), [api, params, load, attempt]);
  if (loaded.kind === 'loading') return <p role="status">{t('operator.common.loading')}</p>;
  if (loaded.kind === 'failed') return <Failed reason={loaded.reason} onRetry={() => setAttempt((n) => n + 1)} />;
  return children(loaded.value);
}

/** What failed, and a button to read again. */
export function Failed({ reason, onRetry }: { reason: string; onRetry(): void }): React.JSX.Element {
  const t = useT();
  return (
    <>
      <ErrorLine text={t('operator.common.error', { reason })} />
      <button type="button" onClick={onRetry}>
        {t('operator.reports.retry')}
      </button>
    </>
  );
}
