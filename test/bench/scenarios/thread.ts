/**
 * Scenario 3: the main-thread cost of one incoming message when the visitor's thread already holds
 * 1,000 messages. The operator posts through the real server; the widget receives each message over its
 * long-poll and renders it. Scripting is read from Chromium's own counters (CDP Performance) around the
 * arrival, and the same counters over an equally long idle window are the floor (timers, the cross-tab
 * heartbeat) measured in the same run.
 * The page is the server's own demo page (same origin as the chat server): the thread's cost does not
 * depend on the origin, and a cross-origin page needs CORS on /longpolling/poll.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Page } from 'playwright-core';
import { freshPage, metrics, type BrowserLab } from '../lib/browser-lab.js';
import type { BenchContext, ScenarioResult } from '../lib/scenario.js';
import { formatSummary, summarize } from '../lib/stats.js';

const BUTTON_NAME = 'Chat with one of our collaborators';
const COMPOSER_PLACEHOLDER = 'Ask something ...';
/** The thread length of issue 8. */
const THREAD_LENGTH = 1000;
/** Issue 8's target for appending one message. */
const TARGET_SCRIPT_MS = 4;
/** Time after the message shows for effects that follow the commit (scrolling, unread state). */
const AFTER_MS = 300;

function messageCount(page: Page): Promise<number> {
  return page.evaluate(() => document.querySelector('live-chat')?.shadowRoot?.querySelectorAll('.lc-message').length ?? 0);
}

/** Arms a MutationObserver that resolves when a node containing `marker` is added to the shadow root. */
function armArrival(page: Page, marker: string): Promise<void> {
  return page.evaluate((m) => {
    const root = document.querySelector('live-chat')?.shadowRoot;
    if (!root) throw new Error('no shadow root');
    (window as unknown as { __arrived: Promise<void> }).__arrived = new Promise<void>((resolve) => {
      const observer = new MutationObserver((records) => {
        for (const r of records) {
          for (const n of Array.from(r.addedNodes)) {
            if (n.textContent?.includes(m)) {
              observer.disconnect();
              resolve();
              return;
            }
          }
        }
      });
      observer.observe(root, { childList: true, subtree: true });
    });
  }, marker);
}

/** Runs scenario 3. */
export async function threadScenario(lab: BrowserLab, ctx: BenchContext): Promise<ScenarioResult> {
  await lab.keepOnline();
  const { context, page, cdp } = await freshPage(lab.browser);
  try {
    let uuid: string | undefined;
    page.on('response', (response) => {
      if (!response.url().endsWith('/im_livechat/get_session')) return;
      void response.json().then(
        (body: { result?: { uuid?: string } }) => {
          uuid ??= body.result?.uuid;
        },
        () => undefined,
      );
    });
    await page.goto(`${lab.server.url}/`, { waitUntil: 'load' });
    await page.getByRole('button', { name: BUTTON_NAME }).click({ timeout: 15_000 });
    await page.getByPlaceholder(COMPOSER_PLACEHOLDER).waitFor({ state: 'visible', timeout: 15_000 });
    for (let i = 0; i < 50 && !uuid; i++) await sleep(100);
    if (!uuid) throw new Error('the chat opened but no session uuid was seen');
    const sessionUuid = uuid;

    ctx.log(`  thread: posting ${THREAD_LENGTH} operator messages`);
    const post = (text: string): Promise<number> => lab.operator.call<number>('/mail/chat_post', { uuid: sessionUuid, message_content: text });
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < THREAD_LENGTH) {
        const n = next++;
        await post(`Earlier message number ${n + 1} of the conversation.`);
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    await page.waitForFunction(
      (want) => (document.querySelector('live-chat')?.shadowRoot?.querySelectorAll('.lc-message').length ?? 0) >= want,
      THREAD_LENGTH,
      { timeout: 120_000, polling: 500 },
    );
    const before = await messageCount(page);
    ctx.log(`  thread: ${before} messages on screen`);
    await sleep(ctx.quick ? 300 : 1000);

    const appendScript: number[] = [];
    const appendTask: number[] = [];
    const idleScript: number[] = [];
    const idleTask: number[] = [];
    const wall: number[] = [];
    const runs = Math.max(ctx.runs, 5);
    for (let i = 0; i < runs; i++) {
      await lab.keepOnline();
      const marker = `bench-append-${i}-${Date.now()}`;
      await armArrival(page, marker);
      await sleep(300);
      const m0 = await metrics(cdp);
      const t0 = performance.now();
      await post(`New message ${marker}`);
      await page.evaluate(() => (window as unknown as { __arrived: Promise<void> }).__arrived);
      const arrivedMs = performance.now() - t0;
      await sleep(AFTER_MS);
      const m1 = await metrics(cdp);
      const windowMs = performance.now() - t0;
      wall.push(arrivedMs);
      appendScript.push(((m1.ScriptDuration ?? 0) - (m0.ScriptDuration ?? 0)) * 1000);
      appendTask.push(((m1.TaskDuration ?? 0) - (m0.TaskDuration ?? 0)) * 1000);
      // The floor: the same window with nothing arriving, including one evaluate like the wait above.
      const i0 = await metrics(cdp);
      await page.evaluate(() => undefined);
      await sleep(windowMs);
      const i1 = await metrics(cdp);
      idleScript.push(((i1.ScriptDuration ?? 0) - (i0.ScriptDuration ?? 0)) * 1000);
      idleTask.push(((i1.TaskDuration ?? 0) - (i0.TaskDuration ?? 0)) * 1000);
    }
    const after = await messageCount(page);
    const notMeasured: string[] = [];
    if (after < before + runs) notMeasured.push(`expected ${before + runs} messages on screen, saw ${after}`);
    const script = summarize(appendScript);
    const net = summarize(appendScript.map((v, i) => v - (idleScript[i] ?? 0)));
    const s = {
      script,
      net,
      task: summarize(appendTask),
      idleScript: summarize(idleScript),
      idleTask: summarize(idleTask),
      postToScreenMs: summarize(wall),
    };
    return {
      name: 'thread',
      notMeasured,
      rows: [
        { scenario: 'thread', metric: `append 1 to ${before}: scripting`, value: formatSummary(s.script, 2, ' ms'), reference: `floor (idle window) ${formatSummary(s.idleScript, 2, ' ms')}; target ≤ ${TARGET_SCRIPT_MS} ms` },
        { scenario: 'thread', metric: 'append: scripting minus floor', value: formatSummary(s.net, 2, ' ms'), reference: s.net.median <= TARGET_SCRIPT_MS ? 'meets target' : 'over target' },
        { scenario: 'thread', metric: 'append: all main-thread work', value: formatSummary(s.task, 2, ' ms'), reference: `floor ${formatSummary(s.idleTask, 2, ' ms')} (script, style, layout, paint)` },
        { scenario: 'thread', metric: 'operator post → on screen', value: formatSummary(s.postToScreenMs, 1, ' ms'), reference: 'loopback, includes the long-poll answer' },
      ],
      data: { threadLength: before, runs, targetScriptMs: TARGET_SCRIPT_MS, summaries: s, samples: { appendScript, appendTask, idleScript, idleTask, postToScreenMs: wall } },
    };
  } finally {
    await context.close();
  }
}
