/**
 * The run's options and its fault schedule. The schedule is drawn from the seed alone, so
 * `--seed S` replays the same faults at the same times against the same process.
 */

/** Every fault the run can inject. */
export const FAULT_KINDS = ['kill', 'stop', 'pg-fast', 'pg-immediate', 'listen', 'pause', 'reset'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/** One planned fault: `at` ms after the workload started. */
export interface PlannedFault {
  at: number;
  kind: FaultKind;
  /** The server process (its proxy, for `pause` and `reset`) the fault is aimed at. */
  target: 'A' | 'B';
  /** How long a SIGSTOP or a proxy pause lasts. */
  durationMs: number;
  /** A number in [0, 1) that picks among equals (which LISTEN backend). */
  pick: number;
}

export interface ChaosOptions {
  minutes: number;
  seed: number;
  only: FaultKind[];
}

/** mulberry32: a small seeded generator, good enough to spread faults. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const USAGE = 'usage: npm run chaos -- [--minutes N] [--seed S] [--only kill,stop,pg-fast,pg-immediate,listen,pause,reset]';

/** Reads `--minutes`, `--seed` and `--only`; throws with the usage on anything else. */
export function parseOptions(argv: string[]): ChaosOptions {
  const options: ChaosOptions = { minutes: 5, seed: Date.now() % 1_000_000_000, only: [...FAULT_KINDS] };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = (argv[i] ?? '').split('=', 2) as [string, string | undefined];
    const value = inline ?? argv[++i];
    if (value === undefined) throw new Error(`${flag} needs a value\n${USAGE}`);
    if (flag === '--minutes') options.minutes = Number(value);
    else if (flag === '--seed') options.seed = Number(value);
    else if (flag === '--only') options.only = value.split(',').map((k) => k.trim()) as FaultKind[];
    else throw new Error(`unknown option ${flag}\n${USAGE}`);
  }
  if (!(options.minutes > 0 && options.minutes <= 60)) throw new Error(`--minutes must be between 0 and 60\n${USAGE}`);
  if (!Number.isSafeInteger(options.seed) || options.seed < 0) throw new Error(`--seed must be a non-negative integer\n${USAGE}`);
  const unknown = options.only.filter((k) => !FAULT_KINDS.includes(k));
  if (unknown.length || options.only.length === 0) throw new Error(`unknown fault kind(s) ${unknown.join(', ')}\n${USAGE}`);
  return options;
}

/**
 * A fault every 2 to 9 s over `minutes`; `pg-immediate` at most once (a crash of the database is
 * the harshest fault, and its recovery takes seconds of the run). Every fault draws the same numbers
 * whether or not it is used, so the schedule depends on the seed and the kinds only.
 */
export function faultSchedule(options: ChaosOptions): PlannedFault[] {
  const random = seededRandom(options.seed);
  const end = options.minutes * 60_000;
  const faults: PlannedFault[] = [];
  let at = 0;
  let immediateUsed = false;
  for (;;) {
    at += 2000 + Math.round(random() * 7000);
    const kindDraw = random();
    const target = random() < 0.5 ? 'A' : 'B';
    const durationMs = 2000 + Math.round(random() * 8000);
    const pick = random();
    if (at > end) break;
    const kinds = immediateUsed ? options.only.filter((k) => k !== 'pg-immediate') : options.only;
    const kind = kinds[Math.floor(kindDraw * kinds.length)];
    if (kind === undefined) continue;
    if (kind === 'pg-immediate') immediateUsed = true;
    faults.push({ at, kind, target, durationMs: kind === 'pause' ? Math.min(durationMs, 8000) : durationMs, pick });
  }
  return faults;
}

/** `t+12.3s` */
export function formatAt(ms: number): string {
  return `t+${(ms / 1000).toFixed(1)}s`;
}

/** One line of the schedule. */
export function describeFault(f: PlannedFault): string {
  switch (f.kind) {
    case 'kill':
      return `kill -9 server ${f.target}`;
    case 'stop':
      return `SIGSTOP server ${f.target} for ${(f.durationMs / 1000).toFixed(1)} s`;
    case 'pg-fast':
      return 'pg_ctl restart -m fast';
    case 'pg-immediate':
      return 'pg_ctl restart -m immediate';
    case 'listen':
      return 'pg_terminate_backend of a LISTEN backend';
    case 'pause':
      return `pause proxy ${f.target} for ${(f.durationMs / 1000).toFixed(1)} s`;
    case 'reset':
      return `reset the connections of proxy ${f.target}`;
  }
}
