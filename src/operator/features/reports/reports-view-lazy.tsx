import { Suspense, lazy } from 'react';
import type { FeatureContext } from '../../app/registry.js';
import { useT } from '../../core/texts.js';

// Most operators never open the reports: the view and its charting library load on the first visit.
const ReportsPage = lazy(() => import('./reports-page.js'));

/** The Reports view, fetched when first shown. */
export function ReportsView(context: FeatureContext): React.JSX.Element {
  const t = useT();
  return (
    <Suspense fallback={<p role="status">{t('operator.common.loading')}</p>}>
      <ReportsPage {...context} />
    </Suspense>
  );
}
