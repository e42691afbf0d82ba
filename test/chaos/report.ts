/** What a run prints: its schedule, its totals and every anomaly with its timeline. */
import type { Anomaly } from './checker.js';
import type { FaultOutcome } from './faults.js';
import { describeFault, formatAt, type ChaosOptions, type PlannedFault } from './schedule.js';

/** Anomalies printed with their whole timeline; the rest by their summary only. */
const DETAILED = 25;

export function printPlan(options: ChaosOptions, schedule: PlannedFault[]): void {
  console.log(`chaos run: ${options.minutes} min, seed ${options.seed}, faults: ${options.only.join(', ')}`);
  console.log(`  replay with: npm run chaos -- --minutes ${options.minutes} --seed ${options.seed}${options.only.length < 7 ? ` --only ${options.only.join(',')}` : ''}`);
  console.log(`fault schedule (${schedule.length} faults):`);
  for (const f of schedule) console.log(`  ${formatAt(f.at).padEnd(9)} ${describeFault(f)}`);
}

export function printOutcomes(outcomes: FaultOutcome[]): void {
  console.log('faults as applied:');
  for (const o of [...outcomes].sort((a, b) => a.startedAt - b.startedAt)) {
    console.log(`  ${formatAt(o.startedAt).padEnd(9)} → ${formatAt(o.endedAt).padEnd(9)} ${describeFault(o.fault)}: ${o.result}`);
  }
}

export interface Totals {
  'posts sent': number;
  'posts acknowledged': number;
  retries: number;
  'reader polls': number;
  'failed polls': number;
  'process restarts': number;
  'failed starts (retried)': number;
  'last fault healed at': string;
  'readers caught up at': string;
  'delivery after acknowledgement': string;
}

export function printTotals(totals: Totals, faults: Record<string, number>): void {
  console.log('totals:');
  for (const [name, value] of Object.entries(totals)) console.log(`  ${name}: ${value}`);
  console.log(`  faults by kind: ${Object.entries(faults).map(([k, n]) => `${k} ${n}`).join(', ') || 'none'}`);
}

export function printAnomalies(anomalies: Anomaly[]): void {
  if (anomalies.length === 0) {
    console.log('no anomaly: every acknowledged post stored once and read once, in order, by every reader of its conversation');
    return;
  }
  const byKind = new Map<string, number>();
  for (const a of anomalies) byKind.set(a.kind, (byKind.get(a.kind) ?? 0) + 1);
  console.log(`${anomalies.length} anomalies (${[...byKind].map(([k, n]) => `${k} ${n}`).join(', ')}):`);
  for (const [i, a] of anomalies.entries()) {
    console.log(`\n[${a.kind}] ${a.summary}`);
    if (i < DETAILED) for (const l of a.timeline) console.log(`    ${l}`);
  }
  if (anomalies.length > DETAILED) console.log(`\n(timelines of the first ${DETAILED} anomalies only)`);
}
