/** Loopback helpers: free ports and waiting for a server to answer. */
import { setTimeout as sleep } from 'node:timers/promises';

export { freePort } from '../../support/free-port.mjs';

/** Polls `url` until it answers (any status) or `timeoutMs` passes. */
export async function waitForHttp(url: string, timeoutMs: number, isAlive: () => boolean = () => true): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    if (!isAlive()) throw new Error(`the process serving ${url} exited`);
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      return;
    } catch (err) {
      last = err;
      await sleep(100);
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms: ${String(last)}`);
}
