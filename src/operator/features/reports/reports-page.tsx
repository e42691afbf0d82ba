import type { FeatureContext } from '../../app/registry.js';
import { ReportsPanel } from './reports-view.js';

/** The Reports view's chunk: the panel and, through it, the charting library. */
export default function ReportsPage({ api }: FeatureContext): React.JSX.Element {
  return <ReportsPanel api={api} />;
}
