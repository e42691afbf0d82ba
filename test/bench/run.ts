/**
 * `npm run bench`: measures what users feel, side by side with the physical floor, on loopback only.
 * Options: --quick (under a minute), --polls N (held polls, default 2000, up to about 19000),
 * --only a,b (scenario names), --runs N, --seconds N (the bounds flood, default 60, quick 15; the operators
 * scenario's measured window, default 40, quick 8; the queue scenario's time for departures, default 20, quick 8),
 * --out file.
 * Prints a table and writes JSON to test/bench/results/latest.json (and a dated copy).
 */
import fs from 'node:fs';
import path from 'node:path';
import { machineInfo } from './lib/machine.js';
import { renderTable, type Row } from './lib/table.js';
import { ROOT_DIR } from './lib/support.js';
import type { BenchContext, ScenarioResult } from './lib/scenario.js';
import { startBrowserLab, type BrowserLab } from './lib/browser-lab.js';
import { hostPageScenario } from './scenarios/host-page.js';
import { threadScenario } from './scenarios/thread.js';
import { heldPollsScenario } from './scenarios/held-polls.js';
import { deliveryScenario } from './scenarios/delivery.js';
import { throughputScenario } from './scenarios/throughput.js';
import { abuseScenario } from './scenarios/abuse.js';
import { boundsScenario } from './scenarios/bounds.js';
import { operatorsScenario } from './scenarios/operators.js';
import { searchScenario } from './scenarios/search.js';
import { queueScenario } from './scenarios/queue.js';
import { reportsScenario } from './scenarios/reports.js';
import { stopSharedPostgres, warmBenchPostgres } from './lib/postgres.js';

/** Scenario names, in the order they run (issue 8's priority). */
const SCENARIOS = ['host-page', 'thread', 'held-polls', 'delivery', 'throughput', 'operators', 'abuse', 'bounds', 'search', 'queue', 'reports'] as const;
type ScenarioName = (typeof SCENARIOS)[number];

/** Most held polls: the per-process file limit here is 20,000 and the server needs some for itself. */
const MAX_POLLS = 19_000;

interface Options {
  quick: boolean;
  polls: number;
  runs: number | undefined;
  seconds: number | undefined;
  only: Set<ScenarioName>;
  out: string;
}

function parseArgs(argv: string[]): Options {
  const value = (name: string): string | undefined => {
    const eq = argv.find((a) => a.startsWith(`--${name}=`));
    if (eq) return eq.slice(name.length + 3);
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const quick = argv.includes('--quick');
  const polls = Number(value('polls') ?? (quick ? 500 : 2000));
  if (!Number.isInteger(polls) || polls < 1 || polls > MAX_POLLS) throw new Error(`--polls must be an integer from 1 to ${MAX_POLLS}`);
  const runsText = value('runs');
  const runs = runsText === undefined ? undefined : Number(runsText);
  if (runs !== undefined && (!Number.isInteger(runs) || runs < 1 || runs > 50)) throw new Error('--runs must be an integer from 1 to 50');
  const secondsText = value('seconds');
  const seconds = secondsText === undefined ? undefined : Number(secondsText);
  if (seconds !== undefined && (!Number.isInteger(seconds) || seconds < 5 || seconds > 3600)) throw new Error('--seconds must be an integer from 5 to 3600');
  const onlyText = value('only');
  const only = new Set<ScenarioName>();
  for (const n of onlyText ? onlyText.split(',') : SCENARIOS) {
    if (!(SCENARIOS as readonly string[]).includes(n)) throw new Error(`unknown scenario "${n}"; known: ${SCENARIOS.join(', ')}`);
    only.add(n as ScenarioName);
  }
  const out = value('out') ?? path.join(ROOT_DIR, 'test', 'bench', 'results', 'latest.json');
  return { quick, polls, runs, seconds, only, out };
}

/** Warns when the build is older than the sources it came from: the figures would describe old code. */
function staleBuildWarning(): string | undefined {
  const newest = (dir: string): number => {
    let t = 0;
    for (const f of fs.readdirSync(dir, { recursive: true }).map(String)) {
      const st = fs.statSync(path.join(dir, f));
      if (st.isFile()) t = Math.max(t, st.mtimeMs);
    }
    return t;
  };
  const built = path.join(ROOT_DIR, 'dist', 'live-chat.js');
  const server = path.join(ROOT_DIR, 'packages', 'server', 'dist', 'server', 'main.js');
  if (!fs.existsSync(built) || !fs.existsSync(server)) return 'the build is missing: run `npm run build` first';
  const src = newest(path.join(ROOT_DIR, 'src'));
  if (src > fs.statSync(built).mtimeMs || src > fs.statSync(server).mtimeMs) return 'src/ changed after the last build: run `npm run build` for current figures';
  return undefined;
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const started = Date.now();
  const log = (m: string): void => void process.stderr.write(`${m}\n`);
  const ctx: BenchContext = { quick: options.quick, runs: options.runs ?? (options.quick ? 3 : 7), polls: options.polls, seconds: options.seconds, log };
  const stale = staleBuildWarning();
  if (stale) log(`warning: ${stale}`);
  // The search and queue scenarios run the sources in process: only the others need the build.
  if (stale?.includes('missing') && [...options.only].some((n) => n !== 'search' && n !== 'queue')) process.exit(2);
  const results: ScenarioResult[] = [];
  const failures: Record<string, string> = {};
  const attempt = async (name: string, run: () => Promise<ScenarioResult | ScenarioResult[]>): Promise<void> => {
    log(`\n${name}…`);
    const t0 = Date.now();
    try {
      const r = await run();
      results.push(...(Array.isArray(r) ? r : [r]));
      log(`${name}: done in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    } catch (err) {
      failures[name] = err instanceof Error ? err.message : String(err);
      log(`${name}: not measured: ${failures[name]}`);
    }
  };

  if (options.only.has('host-page') || options.only.has('thread')) {
    let lab: BrowserLab | undefined;
    try {
      lab = await startBrowserLab();
      const l = lab;
      if (options.only.has('host-page')) await attempt('host-page', () => hostPageScenario(l, ctx));
      if (options.only.has('thread')) await attempt('thread', () => threadScenario(l, ctx));
    } catch (err) {
      failures.browser = err instanceof Error ? err.message : String(err);
      log(`browser scenarios: not measured: ${failures.browser}`);
    } finally {
      await lab?.close();
    }
  }

  try {
    if (options.only.has('held-polls')) {
      if (options.only.has('delivery') || options.only.has('throughput')) warmBenchPostgres();
      await attempt('held-polls', () => heldPollsScenario(ctx));
    }
    if (options.only.has('delivery')) await attempt('delivery', () => deliveryScenario(ctx));
    if (options.only.has('throughput')) await attempt('throughput', () => throughputScenario(ctx));
    if (options.only.has('operators')) await attempt('operators', () => operatorsScenario(ctx));
    if (options.only.has('abuse')) await attempt('abuse', () => abuseScenario(ctx));
    if (options.only.has('bounds')) await attempt('bounds', () => boundsScenario(ctx));
    if (options.only.has('search')) await attempt('search', () => searchScenario(ctx));
    if (options.only.has('queue')) await attempt('queue', () => queueScenario(ctx));
    if (options.only.has('reports')) await attempt('reports', () => reportsScenario(ctx));
  } finally {
    await stopSharedPostgres();
  }

  const rows: Row[] = results.flatMap((r) => r.rows);
  const machine = machineInfo();
  process.stdout.write(`\n${renderTable(rows)}\n`);
  for (const r of results) for (const n of r.notMeasured) process.stdout.write(`note (${r.name}): ${n}\n`);
  for (const [name, reason] of Object.entries(failures)) process.stdout.write(`not measured (${name}): ${reason}\n`);
  process.stdout.write(
    `\nmachine: ${machine.cores} cores (${machine.cpuModel}), ${machine.memoryGiB} GiB, Node ${machine.node}, ${machine.platform} ${machine.release}; ` +
      `mode ${options.quick ? 'quick' : 'default'}, ${ctx.runs} runs, ${options.polls} polls; ${((Date.now() - started) / 1000).toFixed(0)} s\n`,
  );
  const report = {
    generatedAt: new Date().toISOString(),
    mode: options.quick ? 'quick' : 'default',
    runs: ctx.runs,
    polls: options.polls,
    durationSeconds: (Date.now() - started) / 1000,
    buildWarning: stale ?? null,
    machine,
    scenarios: Object.fromEntries(results.map((r) => [r.name, { rows: r.rows, notMeasured: r.notMeasured, ...r.data }])),
    notMeasured: failures,
  };
  fs.mkdirSync(path.dirname(options.out), { recursive: true });
  const json = `${JSON.stringify(report, null, 2)}\n`;
  fs.writeFileSync(options.out, json);
  if (path.basename(options.out) === 'latest.json') {
    fs.writeFileSync(path.join(path.dirname(options.out), `${report.generatedAt.replace(/[:.]/g, '-')}.json`), json);
  }
  process.stdout.write(`results: ${path.relative(process.cwd(), options.out)}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`bench: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
