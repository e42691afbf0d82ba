/** What every scenario receives and returns. */
import type { Row } from './table.js';

/** Settings shared by the scenarios. */
export interface BenchContext {
  /** The short mode: fewer runs, smaller loads. */
  quick: boolean;
  /** Repetitions of each timed measurement. */
  runs: number;
  /** Held polls for the held-poll and delivery scenarios. */
  polls: number;
  /** Length of the bounds scenario's flood, of the operators scenario's measured window and of the queue scenario's departures (--seconds); their own defaults otherwise. */
  seconds?: number | undefined;
  /** Progress lines on stderr, so the table on stdout stays clean. */
  log(message: string): void;
}

/** A scenario's figures: rows for the table, everything for the JSON. */
export interface ScenarioResult {
  name: string;
  rows: Row[];
  data: Record<string, unknown>;
  /** Parts that could not be measured, with the reason. */
  notMeasured: string[];
}
