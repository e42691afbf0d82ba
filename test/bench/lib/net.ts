/** Loopback helpers: free ports and waiting for a server to answer. */
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** Asks the kernel for a free TCP port on `host`. */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, host, () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

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
