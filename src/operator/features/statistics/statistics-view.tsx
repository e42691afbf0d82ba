import { atom } from 'jotai/vanilla';
import type { ConsoleBusEvent } from '../../core/console-bus.js';
import { useStoreValue } from '../../../ui/shared/use-store-value.js';
import type { FeatureContext } from '../../app/registry.js';
import type { DeskStore } from '../../desk/desk-atoms.js';
import { StatisticsPanel } from './statistics-panel.js';

/** Bumped when the statistics may have changed, so an open statistics panel reads them again. */
export const statisticsVersionAtom = atom(0);

/** A new conversation or a rating changes the counts. */
export function onStatisticsEvent(event: ConsoleBusEvent, store: DeskStore): void {
  if (event.kind === 'new_session' || event.kind === 'rated') store.set(statisticsVersionAtom, (v) => v + 1);
}

const wallClock = (): number => Date.now();

/** The statistics section of the console. */
export function StatisticsView({ api, store }: FeatureContext): React.JSX.Element {
  return <StatisticsPanel source={api} refreshKey={useStoreValue(store, statisticsVersionAtom)} now={wallClock} />;
}
