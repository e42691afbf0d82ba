import type { ConsoleFeature } from '../../app/registry.js';
import { StatisticsView, onStatisticsEvent } from './statistics-view.js';

/** Conversations per day and ratings of the last week. */
export const statistics: ConsoleFeature = {
  views: [{ id: 'statistics', label: 'operator.statistics.view', Panel: StatisticsView }],
  busHandlers: [onStatisticsEvent],
};
