/**
 * Scenarios 1 and 2: what the widget costs the page that embeds it, and how soon its button shows.
 * Each run opens a fresh browser context (empty cache, no cookies) on the blank host page without the
 * widget (the floor) and with it, in alternating order so drift on a shared machine hits both alike.
 */
import type { BrowserContext, Page, Response } from 'playwright-core';
import { setTimeout as sleep } from 'node:timers/promises';
import { freshPage, metrics, readProbe, type BrowserLab, type PageProbe } from '../lib/browser-lab.js';
import { totalBytes, widgetBytes, type ByteSizes } from '../lib/bundle.js';
import { addTallies, WireBytes, type WireTally } from '../lib/wire-bytes.js';
import type { BenchContext, ScenarioResult } from '../lib/scenario.js';
import { formatSummary, ratioSummary, summarize } from '../lib/stats.js';
import { kb, type Row } from '../lib/table.js';
import { ROOT_DIR } from '../lib/support.js';
import fs from 'node:fs';
import path from 'node:path';

/** SPEC.md §2: the default button text, which is the button's accessible name. */
const BUTTON_NAME = 'Chat with one of our collaborators';
/** SPEC.md §2: the composer's default placeholder, seen once the chat window is open. */
const COMPOSER_PLACEHOLDER = 'Ask something ...';
/** Quiet time after load before the counters are read, identical for both variants (shorter in --quick). */
const SETTLE_MS = 1000;
const QUICK_SETTLE_MS = 400;

interface LoadRun {
  scriptMs: number;
  taskMs: number;
  layoutMs: number;
  heapBytes: number;
  longTaskCount: number;
  longTaskMs: number;
  fcpMs: number;
  probe: PageProbe;
}

/** Script bytes received before any interaction (eager) and once the chat is open (full). */
interface VisitBytes {
  eager: WireTally;
  full: WireTally;
}

interface InteractionRun {
  handOverCls: number;
  handOverMs: number;
  /** Raw script bodies, to check that the server serves the build being measured. */
  eagerRaw: ByteSizes;
  firstVisit: VisitBytes;
  /** The same page again in the same browser profile, with what the first visit cached. */
  repeatVisit?: VisitBytes;
}

async function fcpOf(page: Page): Promise<number> {
  return page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN);
}

function scriptFrom(origin: string, response: Response): boolean {
  return response.url().startsWith(origin) && response.request().resourceType() === 'script';
}

async function widgetReady(page: Page): Promise<void> {
  const available = await Promise.race([
    page.evaluate(() => (window as unknown as { __benchReady: Promise<boolean> }).__benchReady),
    sleep(15_000).then(() => undefined),
  ]);
  if (available !== true) throw new Error(available === false ? 'the widget reported no operator available' : 'the widget never announced livechat:ready');
}

/** Opens the chat from its button and waits for the composer. */
async function openChat(page: Page): Promise<void> {
  await page.getByRole('button', { name: BUTTON_NAME }).click();
  await page.getByPlaceholder(COMPOSER_PLACEHOLDER).waitFor({ state: 'visible', timeout: 15_000 });
  await sleep(300);
}

/** A second visit in the same profile: what the browser fetches again once the first visit cached it. */
async function repeatVisit(lab: BrowserLab, context: BrowserContext, settleMs: number): Promise<VisitBytes> {
  const page = await context.newPage();
  const wire = await WireBytes.start(await context.newCDPSession(page), lab.server.url);
  await page.goto(lab.site.widgetUrl, { waitUntil: 'load' });
  await widgetReady(page);
  await sleep(settleMs);
  const eager = wire.take();
  // A conversation the first visit opened comes back open (its cookie); otherwise the button opens it.
  const button = page.getByRole('button', { name: BUTTON_NAME });
  const composer = page.getByPlaceholder(COMPOSER_PLACEHOLDER);
  await Promise.race([button.waitFor({ state: 'visible', timeout: 15_000 }), composer.waitFor({ state: 'visible', timeout: 15_000 })]);
  if (await composer.isVisible()) await sleep(300);
  else await openChat(page);
  return { eager, full: addTallies(eager, wire.take()) };
}

async function loadOnce(lab: BrowserLab, withWidget: boolean, ctx: BenchContext, repeat = false): Promise<{ load: LoadRun; interaction?: InteractionRun }> {
  await lab.keepOnline();
  const { context, page, cdp } = await freshPage(lab.browser);
  try {
    const wire = await WireBytes.start(cdp, lab.server.url);
    let phase: 'load' | 'interaction' = 'load';
    const scripts: { url: string; phase: 'load' | 'interaction'; body: Promise<Buffer> }[] = [];
    page.on('response', (response) => {
      if (scriptFrom(lab.server.url, response)) scripts.push({ url: response.url(), phase, body: response.body() });
    });
    await page.goto(withWidget ? lab.site.widgetUrl : lab.site.blankUrl, { waitUntil: 'load' });
    if (withWidget) await widgetReady(page);
    const settleMs = ctx.quick ? QUICK_SETTLE_MS : SETTLE_MS;
    await sleep(settleMs);
    const eagerWire = wire.take();
    const m = await metrics(cdp);
    const probe = await readProbe(page);
    const load: LoadRun = {
      scriptMs: (m.ScriptDuration ?? Number.NaN) * 1000,
      taskMs: (m.TaskDuration ?? Number.NaN) * 1000,
      layoutMs: ((m.LayoutDuration ?? 0) + (m.RecalcStyleDuration ?? 0)) * 1000,
      heapBytes: m.JSHeapUsedSize ?? Number.NaN,
      longTaskCount: probe.longtasks.length,
      longTaskMs: probe.longtasks.reduce((s, t) => s + t.duration, 0),
      fcpMs: await fcpOf(page),
      probe,
    };
    if (!withWidget) return { load };

    const button = page.getByRole('button', { name: BUTTON_NAME });
    await button.waitFor({ state: 'visible', timeout: 5000 });
    // Hovering is the loader's sign of interest; pointer moves are not "recent input" for layout shift,
    // so any shift while React replaces the facade counts.
    const shiftsBefore = probe.shifts.length;
    const hoverAt = Date.now();
    phase = 'interaction';
    await button.hover();
    await page.waitForFunction(
      () => {
        const root = document.querySelector('live-chat')?.shadowRoot;
        return Boolean(root && !root.querySelector('[data-facade]') && root.querySelector('button'));
      },
      null,
      { timeout: 15_000, polling: 50 },
    );
    const handOverMs = Date.now() - hoverAt;
    await sleep(500);
    const after = await readProbe(page);
    const handOverCls = after.shifts.slice(shiftsBefore).filter((s) => !s.hadRecentInput).reduce((sum, s) => sum + s.value, 0);
    await openChat(page);
    const firstVisit = { eager: eagerWire, full: addTallies(eagerWire, wire.take()) };
    const bodies = await Promise.all(scripts.map(async (s) => ({ ...s, content: await s.body })));
    const eagerList = bodies.filter((s) => s.phase === 'load');
    ctx.log(`  host page: ${bodies.length} scripts from the chat server (${eagerList.length} before interaction)`);
    return {
      load,
      interaction: {
        handOverCls,
        handOverMs,
        eagerRaw: totalBytes(eagerList.map((s) => s.content)),
        firstVisit,
        ...(repeat ? { repeatVisit: await repeatVisit(lab, context, settleMs) } : {}),
      },
    };
  } finally {
    await context.close();
  }
}

/** The size budgets the CI test enforces (test/budgets/size-budgets.json, owned with the element). */
function readBudgets(): { eagerBrotliMax: number; chatGzipMax: number; chatGzipTarget?: number; onDemandGzipMax: Record<string, { max: number }> } {
  return JSON.parse(fs.readFileSync(path.join(ROOT_DIR, 'test', 'budgets', 'size-budgets.json'), 'utf8')) as ReturnType<typeof readBudgets>;
}

function wireRow(metric: string, t: WireTally, reference: string): Row {
  const value = `${kb(t.bodyBytes)} body + ${kb(t.headerBytes)} headers`;
  return { scenario: 'host page', metric, value, reference: `${t.requests} script(s): ${t.notModified} revalidated (304), ${t.fromCache} from cache; ${reference}` };
}

/** What the browser received, as counted by DevTools, before interaction and with the chat open. */
function wireRows(visit: string, v: VisitBytes, reference: string): Row[] {
  return [wireRow(`eager received, ${visit}`, v.eager, reference), wireRow(`full received, ${visit}`, v.full, 'after opening the chat')];
}

function bytesRow(metric: string, b: ByteSizes, reference?: string): Row {
  return { scenario: 'host page', metric, value: `${kb(b.raw)} raw, ${kb(b.gzip)} gz, ${kb(b.brotli)} br`, reference };
}

/** Runs scenarios 1 (host-page cost) and 2 (time to button). */
export async function hostPageScenario(lab: BrowserLab, ctx: BenchContext): Promise<ScenarioResult[]> {
  const notMeasured: string[] = [];
  const budgets = readBudgets();
  const built = widgetBytes(ROOT_DIR, Object.keys(budgets.onDemandGzipMax));
  const without: LoadRun[] = [];
  const withW: LoadRun[] = [];
  const interactions: InteractionRun[] = [];
  // Untimed warm-up: the first navigation of a new browser pays for process start-up (--quick warms
  // with the widget page alone, which loads everything the blank page does).
  if (!ctx.quick) await loadOnce(lab, false, ctx);
  await loadOnce(lab, true, ctx);
  for (let i = 0; i < ctx.runs; i++) {
    const order = i % 2 === 0 ? [false, true] : [true, false];
    for (const w of order) {
      // The repeat visit needs the first one's cache: it follows the last run with the widget.
      const r = await loadOnce(lab, w, ctx, w && i === ctx.runs - 1);
      (w ? withW : without).push(r.load);
      if (r.interaction) interactions.push(r.interaction);
    }
    ctx.log(`  host page: run ${i + 1}/${ctx.runs}`);
  }
  const pick = (runs: LoadRun[], f: (r: LoadRun) => number): number[] => runs.map(f);
  const s = {
    scriptWith: summarize(pick(withW, (r) => r.scriptMs)),
    scriptWithout: summarize(pick(without, (r) => r.scriptMs)),
    scriptRatio: ratioSummary(pick(withW, (r) => r.scriptMs), pick(without, (r) => r.scriptMs)),
    scriptAdded: summarize(withW.map((r, i) => r.scriptMs - (without[i]?.scriptMs ?? Number.NaN))),
    taskWith: summarize(pick(withW, (r) => r.taskMs)),
    taskWithout: summarize(pick(without, (r) => r.taskMs)),
    layoutWith: summarize(pick(withW, (r) => r.layoutMs)),
    layoutWithout: summarize(pick(without, (r) => r.layoutMs)),
    heapWith: summarize(pick(withW, (r) => r.heapBytes)),
    heapWithout: summarize(pick(without, (r) => r.heapBytes)),
    longTasksWith: summarize(pick(withW, (r) => r.longTaskCount)),
    longTasksWithout: summarize(pick(without, (r) => r.longTaskCount)),
    longTaskMsWith: summarize(pick(withW, (r) => r.longTaskMs)),
    longTaskMsWithout: summarize(pick(without, (r) => r.longTaskMs)),
    loadCls: summarize(withW.map((r) => r.probe.shifts.filter((x) => !x.hadRecentInput).reduce((a, x) => a + x.value, 0))),
    handOverCls: summarize(interactions.map((r) => r.handOverCls)),
    handOverMs: summarize(interactions.map((r) => r.handOverMs)),
  };
  const ttbReady = summarize(withW.map((r) => r.probe.readyAt ?? Number.NaN));
  const ttbFrame = summarize(withW.map((r) => r.probe.buttonFrameAt ?? Number.NaN));
  const fcpBlank = summarize(without.map((r) => r.fcpMs));
  const ttbRatio = ratioSummary(
    withW.map((r) => r.probe.buttonFrameAt ?? Number.NaN),
    without.map((r) => r.fcpMs),
  );
  const net = interactions[interactions.length - 1];
  if (!net) notMeasured.push('bytes over the network: no interaction run completed');
  // The dist figure for the full widget also counts chunks fetched only on demand (for example the
  // attachment viewer), so only the eager bytes must match exactly.
  if (net && net.eagerRaw.raw !== built.eager.bytes.raw) notMeasured.push('eager bytes over the network differ from dist/ (a server serving another build?)');
  if (net && !net.repeatVisit) notMeasured.push('repeat visit: the last run did not complete one');

  const chatTarget = budgets.chatGzipTarget === undefined ? '' : `, target ${kb(budgets.chatGzipTarget)} gz`;
  const rows: Row[] = [
    bytesRow('eager script (dist)', built.eager.bytes, `${built.eager.files.length} file(s); budget ${kb(budgets.eagerBrotliMax)} br`),
    bytesRow('chat (dist, en, eager + chunks to open it)', built.chat.bytes, `${built.chat.files.length} file(s); budget ${kb(budgets.chatGzipMax)} gz${chatTarget}`),
    bytesRow('full widget (dist, en, all lazy)', built.full.bytes, `${built.full.files.length} file(s); each on-demand chunk has its own budget`),
    ...(net ? wireRows('first visit', net.firstVisit, `dist: ${kb(built.eager.bytes.brotli)} br eager`) : []),
    ...(net?.repeatVisit ? wireRows('repeat visit', net.repeatVisit, 'same profile, after the first visit') : []),
    { scenario: 'host page', metric: 'scripting, with widget', value: formatSummary(s.scriptWith, 1, ' ms'), reference: `floor (blank page) ${formatSummary(s.scriptWithout, 1, ' ms')}` },
    { scenario: 'host page', metric: 'scripting added', value: formatSummary(s.scriptAdded, 1, ' ms'), reference: s.scriptWithout.median > 0.05 ? `ratio to floor ${formatSummary(s.scriptRatio, 2, '×')}` : 'the blank page runs no script: no ratio' },
    { scenario: 'host page', metric: 'main-thread tasks, with', value: formatSummary(s.taskWith, 1, ' ms'), reference: `floor ${formatSummary(s.taskWithout, 1, ' ms')}, ratio ${formatSummary(ratioSummary(pick(withW, (r) => r.taskMs), pick(without, (r) => r.taskMs)), 2, '×')}` },
    { scenario: 'host page', metric: 'style + layout, with', value: formatSummary(s.layoutWith, 1, ' ms'), reference: `floor ${formatSummary(s.layoutWithout, 1, ' ms')}` },
    { scenario: 'host page', metric: 'long tasks, with', value: `${formatSummary(s.longTasksWith, 0)} / ${formatSummary(s.longTaskMsWith, 0, ' ms')}`, reference: `floor ${formatSummary(s.longTasksWithout, 0)} / ${formatSummary(s.longTaskMsWithout, 0, ' ms')}` },
    { scenario: 'host page', metric: 'JS heap, with', value: formatSummary({ ...s.heapWith, median: s.heapWith.median / 1024, min: s.heapWith.min / 1024, max: s.heapWith.max / 1024 }, 0, ' KB'), reference: `floor ${(s.heapWithout.median / 1024).toFixed(0)} KB` },
    { scenario: 'host page', metric: 'layout shift at load', value: formatSummary(s.loadCls, 4), reference: 'target 0' },
    { scenario: 'host page', metric: 'layout shift, facade→React', value: formatSummary(s.handOverCls, 4), reference: `target 0; hand-over ${formatSummary(s.handOverMs, 0, ' ms')} after hover` },
    { scenario: 'time to button', metric: 'navigation → button frame', value: formatSummary(ttbFrame, 1, ' ms'), reference: `floor (blank page FCP) ${formatSummary(fcpBlank, 1, ' ms')}, ratio ${formatSummary(ttbRatio, 2, '×')}` },
  ];
  return [
    {
      name: 'host-page',
      rows: rows.filter((r) => r.scenario === 'host page'),
      notMeasured,
      data: { bytesBuilt: built, bytesNetwork: net ?? null, summaries: s, runs: { without, with: withW.map(({ probe: _p, ...r }) => r), interactions } },
    },
    {
      name: 'time-to-button',
      rows: rows.filter((r) => r.scenario === 'time to button'),
      notMeasured: [],
      data: { readyEventMs: ttbReady, buttonFrameMs: ttbFrame, blankPageFcpMs: fcpBlank, ratioToBlankFcp: ttbRatio },
    },
  ];
}

