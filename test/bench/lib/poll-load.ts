/**
 * Many held long-polls from several client processes, each on its own 127.0.0.x source address, so the
 * load passes the per-process file limit (about 20,000 here) and the ~28k ports per address pair.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ROOT_DIR } from './support.js';

/** Most polls one client process opens. */
export const POLLS_PER_CLIENT = 5000;

/** Counters summed over the client processes. */
export interface PollLoadStats {
  sent: number;
  answered: number;
  errors: number;
  lastError: string;
}

/** A running poll load. */
export interface PollLoad {
  stats(): PollLoadStats;
  /** Resolves once `count` polls were sent (or rejects after `timeoutMs`). */
  waitSent(timeoutMs: number): Promise<void>;
  stop(): Promise<void>;
}

/** Options of {@link startPollLoad}. */
export interface PollLoadOptions {
  url: string;
  count: number;
  /** Poll params, used round-robin. */
  bodies: Record<string, unknown>[];
  cookie?: string;
}

// Each client process binds its own loopback address, and loads running together or one after the other
// take different ones: a local address has one range of ports, which thousands of polls from several
// loads (and the TIME_WAIT sockets of the last run) would exhaust (connect EADDRINUSE).
let nextAddress = 10;
export function loopbackAddress(): string {
  const address = `127.0.0.${nextAddress}`;
  nextAddress = nextAddress >= 250 ? 10 : nextAddress + 1;
  return address;
}

/** Starts the client processes. */
export function startPollLoad(options: PollLoadOptions): PollLoad {
  const script = path.join(ROOT_DIR, 'test', 'bench', 'workers', 'poll-clients.mjs');
  const processes = Math.ceil(options.count / POLLS_PER_CLIENT);
  const children: { child: ChildProcess; stats: PollLoadStats }[] = [];
  for (let k = 0; k < processes; k++) {
    const count = Math.min(POLLS_PER_CLIENT, options.count - k * POLLS_PER_CLIENT);
    const arg = JSON.stringify({ url: options.url, count, localAddress: loopbackAddress(), bodies: options.bodies, cookie: options.cookie });
    const child = fork(script, [arg], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    const entry = { child, stats: { sent: 0, answered: 0, errors: 0, lastError: '' } };
    child.on('message', (m: { type?: string } & PollLoadStats) => {
      if (m.type === 'progress') entry.stats = { sent: m.sent, answered: m.answered, errors: m.errors, lastError: m.lastError };
    });
    children.push(entry);
  }
  const stats = (): PollLoadStats =>
    children.reduce<PollLoadStats>(
      (t, c) => ({ sent: t.sent + c.stats.sent, answered: t.answered + c.stats.answered, errors: t.errors + c.stats.errors, lastError: c.stats.lastError || t.lastError }),
      { sent: 0, answered: 0, errors: 0, lastError: '' },
    );
  return {
    stats,
    async waitSent(timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (stats().sent < options.count) {
        if (Date.now() > deadline) throw new Error(`only ${stats().sent} of ${options.count} polls were sent in ${timeoutMs} ms (${stats().errors} errors: ${stats().lastError})`);
        await sleep(100);
      }
    },
    async stop() {
      await Promise.all(
        children.map(
          ({ child }) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null) return resolve();
              const t = setTimeout(() => child.kill('SIGKILL'), 5000);
              child.once('exit', () => {
                clearTimeout(t);
                resolve();
              });
              child.send('stop');
            }),
        ),
      );
    },
  };
}
