/**
 * Headless Chromium, the real server and a host site on another origin, with the seeded operator kept
 * online (the widget only shows its button when someone can answer, SPEC.md §2).
 */
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { chromiumLaunch } from './support.js';
import { operatorCookie, startProductServer, type ProductServer } from './product-server.js';
import { startHostSite, type HostSite } from './host-site.js';
import { RpcClient } from './rpc.js';

/** Everything the browser scenarios share. */
export interface BrowserLab {
  browser: Browser;
  server: ProductServer;
  site: HostSite;
  /** Cookie header of the logged-in operator. */
  operatorCookie: string;
  /** Operator-side JSON-RPC client. */
  operator: RpcClient;
  /** Marks the operator online again (presence lasts 60 s). */
  keepOnline(): Promise<void>;
  close(): Promise<void>;
}

/** What the init script records in every page (both variants get it, so its cost cancels out). */
export interface PageProbe {
  longtasks: { start: number; duration: number }[];
  shifts: { start: number; value: number; hadRecentInput: boolean }[];
  /** `livechat:ready` with `available: true`: the facade button was just inserted. */
  readyAt?: number;
  /** The first animation frame after that: the button's first paint. */
  buttonFrameAt?: number;
  available?: boolean;
}

/**
 * Runs at document start in every page. `livechat:ready` is composed and bubbles, so a capturing
 * listener on document hears it without polling (polling would itself cost main-thread time).
 */
export const PROBE_SCRIPT = `(() => {
  const probe = { longtasks: [], shifts: [] };
  window.__bench = probe;
  window.__benchReady = new Promise((resolve) => {
    document.addEventListener('livechat:ready', (e) => {
      probe.readyAt = performance.now();
      probe.available = Boolean(e.detail && e.detail.available);
      requestAnimationFrame(() => { probe.buttonFrameAt = performance.now(); resolve(probe.available); });
    }, { capture: true, once: true });
  });
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) probe.longtasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask' });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) probe.shifts.push({ start: e.startTime, value: e.value, hadRecentInput: e.hadRecentInput });
    }).observe({ type: 'layout-shift', buffered: true });
  } catch {}
})();`;

/** A fresh page (own context: empty cache, no cookies) with the probe and a CDP session. */
export async function freshPage(browser: Browser): Promise<{ context: BrowserContext; page: Page; cdp: CDPSession }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(PROBE_SCRIPT);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  return { context, page, cdp };
}

/** CDP Performance.getMetrics as a name → value map (durations in seconds). */
export async function metrics(cdp: CDPSession): Promise<Record<string, number>> {
  const { metrics: list } = await cdp.send('Performance.getMetrics');
  return Object.fromEntries(list.map((m) => [m.name, m.value]));
}

/** Reads the probe of a page. */
export function readProbe(page: Page): Promise<PageProbe> {
  return page.evaluate(() => (window as unknown as { __bench: PageProbe }).__bench);
}

/** Starts the lab. */
export async function startBrowserLab(): Promise<BrowserLab> {
  const server = await startProductServer();
  const cookie = await operatorCookie(server.url);
  const operator = new RpcClient(server.url, { cookie });
  const keepOnline = async (): Promise<void> => {
    await operator.call('/web/session/get_session_info', {});
  };
  await keepOnline();
  const timer = setInterval(() => void keepOnline().catch(() => undefined), 20_000);
  const site = await startHostSite(server.url);
  const launch = await chromiumLaunch();
  const browser = await chromium.launch({ executablePath: launch.executablePath, args: launch.args, headless: true });
  return {
    browser,
    server,
    site,
    operatorCookie: cookie,
    operator,
    keepOnline,
    async close() {
      clearInterval(timer);
      await browser.close();
      await site.close();
      operator.close();
      await server.stop();
    },
  };
}
