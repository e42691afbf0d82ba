/**
 * `npm run chaos [-- --minutes N --seed S --only kinds]`: a randomized fault run against two server
 * processes on a PostgreSQL cluster of its own, on 127.0.0.1 only (README "Reliability"). Exits 1 on
 * any anomaly; stops everything it started, also on Ctrl-C.
 */
import { ChaosCluster } from './cluster.js';
import { openConversations } from './client.js';
import { checkDatabase, checkReaders, checkService, deliveryLatency, missingPerReader, type Anomaly } from './checker.js';
import { FaultRunner } from './faults.js';
import { startFleet, type Slot } from './fleet.js';
import { Reader } from './readers.js';
import { printAnomalies, printOutcomes, printPlan, printTotals } from './report.js';
import { faultSchedule, formatAt, parseOptions, type ChaosOptions } from './schedule.js';
import { Timeline } from './timeline.js';
import { Workload } from './workload.js';

const VISITORS = 20;
const OPERATOR_READERS = 2;
/** A reader must have everything this long after the last fault healed. */
const CATCH_UP_MS = 60_000;
/** Readers keep polling this long after catching up, so a late duplicate shows. */
const LINGER_MS = 3000;

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

interface Run {
  timeline: Timeline;
  cluster: ChaosCluster;
  slots: Slot[];
  readers: Reader[];
  workload?: Workload;
  faults?: FaultRunner;
}

async function setUp(run: Run): Promise<Workload> {
  await run.cluster.start();
  run.slots.push(...(await startFleet(run.cluster.port, run.cluster.url(), run.timeline)));
  const first = run.slots[0] as Slot;
  const { operator, conversations } = await openConversations(first.url, VISITORS);
  const [{ last } = { last: 0 }] = await run.cluster.query<{ last: number }>('SELECT coalesce(max(id), 0)::int AS last FROM bus_notification');
  run.readers.push(
    ...conversations.map((c, i) => new Reader(`reader-v${String(i + 1).padStart(2, '0')}`, [c.uuid], new Set([c.sessionId]), last, undefined)),
    ...Array.from({ length: OPERATOR_READERS }, (_, i) => new Reader(`reader-op${i + 1}`, [operator.channel], undefined, last, operator.cookie)),
  );
  return new Workload(run.slots, conversations, operator, run.timeline);
}

/** Waits until the posters are done and every reader has every acknowledged post, or `deadline`. */
async function quietPeriod(run: Run, workload: Workload, posting: Promise<void>, deadline: number): Promise<number | undefined> {
  let posted = false;
  void posting.then(() => (posted = true));
  while (run.timeline.now() < deadline) {
    if (posted && missingPerReader(workload.posts, run.readers).size === 0) return run.timeline.now();
    await sleep(250);
  }
  return undefined;
}

async function execute(options: ChaosOptions, run: Run): Promise<Anomaly[]> {
  const schedule = faultSchedule(options);
  printPlan(options, schedule);
  console.log('starting the database and two server processes…');
  const workload = await setUp(run);
  run.workload = workload;
  run.timeline.begin();
  for (const reader of run.readers) reader.start(run.slots, run.timeline);
  const posting = workload.run();
  const faults = new FaultRunner(run.slots, run.cluster, run.timeline);
  run.faults = faults;
  console.log(`workload and faults running for ${options.minutes} min…`);
  const faulting = faults.run(schedule);
  await sleep(options.minutes * 60_000 - run.timeline.now());
  workload.stopPosting();
  await faulting;
  const healed = Math.max(faults.lastHealedAt, run.timeline.now());
  console.log(`${formatAt(run.timeline.now())}: posting stopped, faults healed; quiet period (at most until ${formatAt(healed + CATCH_UP_MS)})…`);
  const caughtUpAt = await quietPeriod(run, workload, posting, healed + CATCH_UP_MS);
  if (caughtUpAt !== undefined) await sleep(LINGER_MS);
  const behind = missingPerReader(workload.posts, run.readers);
  workload.abort();
  await posting;
  await Promise.all(run.readers.map((r) => r.stop()));
  printOutcomes(faults.outcomes);
  const anomalies: Anomaly[] = [
    ...checkService(workload.posts, run.slots.flatMap((s) => s.unplanned), run.timeline),
    ...(await checkDatabase(run.cluster, workload.posts, run.timeline)),
    ...checkReaders(run.readers, workload.posts, run.timeline),
    ...[...behind].map(([reader, posts]): Anomaly => ({
      kind: 'not caught up',
      summary: `${reader.name} still lacked ${posts.length} acknowledged posts ${CATCH_UP_MS / 1000} s after the last fault healed`,
      timeline: reader.failures.slice(-10).map((f) => `${formatAt(f.at)}  ${f.what}`),
    })),
  ];
  printTotals(
    {
      'posts sent': workload.posts.length,
      'posts acknowledged': workload.posts.filter((p) => p.ackedId !== undefined).length,
      retries: workload.retries(),
      'reader polls': run.readers.reduce((n, r) => n + r.polls, 0),
      'failed polls': run.readers.reduce((n, r) => n + r.failures.length, 0),
      'process restarts': run.slots.reduce((n, s) => n + s.starts - 1 - s.failedStarts, 0),
      'failed starts (retried)': run.slots.reduce((n, s) => n + s.failedStarts, 0),
      'last fault healed at': formatAt(faults.lastHealedAt),
      'readers caught up at': caughtUpAt === undefined ? 'never' : formatAt(caughtUpAt),
      'delivery after acknowledgement': deliveryLatency(workload.posts, run.readers),
    },
    faults.counts(),
  );
  printAnomalies(anomalies);
  return anomalies;
}

async function main(): Promise<void> {
  let options: ChaosOptions;
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (err) {
    console.error((err as Error).message);
    process.exit(2);
  }
  const run: Run = { timeline: new Timeline(), cluster: new ChaosCluster(), slots: [], readers: [] };
  let cleaning: Promise<void> | undefined;
  const cleanUp = (): Promise<void> =>
    (cleaning ??= (async () => {
      run.workload?.abort();
      run.faults?.abort();
      await Promise.all(run.readers.map((r) => r.stop()));
      await Promise.all(run.slots.map((s) => s.stop()));
      run.cluster.stop();
    })());
  const bail = (why: string, code: number) => async () => {
    console.error(why);
    await cleanUp().catch((err: unknown) => console.error('clean-up failed:', err));
    process.exit(code);
  };
  process.once('SIGINT', bail('interrupted: stopping everything the run started', 130));
  process.once('SIGTERM', bail('terminated: stopping everything the run started', 143));
  // Set-up, the run, the quiet period and the check, with room for a slow machine: never longer.
  const budgetMs = (options.minutes * 60 + CATCH_UP_MS / 1000 + 300) * 1000;
  setTimeout(bail(`the run took longer than ${budgetMs / 1000} s: stopped`, 1), budgetMs).unref();
  let failed = true;
  try {
    failed = (await execute(options, run)).length > 0;
  } catch (err) {
    console.error('the run failed:', err);
  } finally {
    await cleanUp();
  }
  process.exit(failed ? 1 : 0);
}

void main();
