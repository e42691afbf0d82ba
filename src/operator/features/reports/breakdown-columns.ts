/** The columns of the by-operator and by-tag tables, with the overview's names and definitions. */
import type { DurationFigure } from '../../../protocol/console/reports.js';
import type { SatisfactionFigure } from '../../../protocol/console/reports-breakdown.js';
import type { TableColumn } from './report-table.js';

/** What an operator's and a tag's lines have in common. */
interface PersonFigures {
  conversations: number;
  first_response: DurationFigure;
  resolution: DurationFigure;
  satisfaction: SatisfactionFigure;
}

/** Conversations, first response and resolution (median, p90), and satisfaction (share of 😊, rated). */
export function personColumns<R extends PersonFigures>(): TableColumn<R>[] {
  return [
    { id: 'conversations', kind: 'count', name: 'operator.reports.conversations', definition: 'operator.reports.conversationsDefinition', value: (r) => r.conversations },
    { id: 'first_response_median', kind: 'duration', name: 'operator.reports.firstResponseMedian', definition: 'operator.reports.firstResponseDefinition', value: (r) => r.first_response.median_ms },
    { id: 'first_response_p90', kind: 'duration', name: 'operator.reports.firstResponseP90', definition: 'operator.reports.firstResponseDefinition', value: (r) => r.first_response.p90_ms },
    { id: 'resolution_median', kind: 'duration', name: 'operator.reports.resolutionMedian', definition: 'operator.reports.resolutionDefinition', value: (r) => r.resolution.median_ms },
    { id: 'resolution_p90', kind: 'duration', name: 'operator.reports.resolutionP90', definition: 'operator.reports.resolutionDefinition', value: (r) => r.resolution.p90_ms },
    { id: 'satisfaction_share', kind: 'share', name: 'operator.reports.satisfaction', definition: 'operator.reports.satisfactionDefinition', value: (r) => r.satisfaction.share },
    { id: 'rated', kind: 'count', name: 'operator.reports.rated', definition: 'operator.reports.satisfactionDefinition', value: (r) => r.satisfaction.rated },
  ];
}
