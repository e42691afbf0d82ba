import { test as base } from '@playwright/test';

/**
 * Playwright's `test`, plus what the browser said during a failing test: console lines, page errors,
 * failed requests and the widget's `livechat:error` events. A failure on a shared CI machine is often
 * not reproducible; this is what is left to read afterwards.
 */
export const test = base.extend<{ browserLog: void }>({
  browserLog: [
    async ({ context }, use, testInfo) => {
      const lines: string[] = [];
      const started = Date.now();
      const at = (): string => `${((Date.now() - started) / 1000).toFixed(2)}s`;
      await context.addInitScript(() => {
        window.addEventListener('livechat:error', (e) => console.warn(`livechat:error ${JSON.stringify((e as CustomEvent).detail)}`), true);
        window.addEventListener(
          'click',
          (e) => {
            const target = e.composedPath()[0];
            const name = target instanceof Element ? `${target.localName}${target.hasAttribute('data-facade') ? '[data-facade]' : ''} "${target.textContent?.slice(0, 40) ?? ''}"` : String(target);
            console.debug(`click on ${name}`);
          },
          true,
        );
      });
      context.on('console', (m) => lines.push(`${at()} console.${m.type()}: ${m.text()} (${m.location().url})`));
      context.on('weberror', (e) => lines.push(`${at()} page error: ${e.error().stack ?? e.error().message}`));
      context.on('requestfailed', (r) => lines.push(`${at()} request failed: ${r.method()} ${r.url()}: ${r.failure()?.errorText ?? ''}`));
      // Every call but the long poll, with its answer's status: a call that never answered shows as sent only.
      const route = (url: string): string => new URL(url).pathname;
      context.on('request', (r) => {
        if (r.method() === 'POST' && !r.url().includes('/longpolling/')) lines.push(`${at()} sent ${route(r.url())}`);
      });
      context.on('response', (r) => {
        if (r.request().method() === 'POST' || r.status() >= 400) lines.push(`${at()} HTTP ${r.status()}: ${r.request().method()} ${route(r.url())}`);
      });
      await use();
      if (testInfo.status !== testInfo.expectedStatus && lines.length > 0) {
        // Printed rather than attached: the terminal reporters cut attachments short.
        console.log(`Browser log of the failed test:\n${lines.join('\n')}`);
      }
    },
    { auto: true },
  ],
});
