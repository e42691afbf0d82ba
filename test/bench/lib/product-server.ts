/**
 * Runs the real server (packages/server/dist, as `npm run serve` does) in a child process on loopback with a
 * throwaway data folder, and logs in its seeded operator.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, waitForHttp } from './net.js';
import { RpcClient } from './rpc.js';
import { ROOT_DIR } from './support.js';

/** The operator password the bench seeds. */
/** The built server with its limits bypassed: the floor of the rows that count limits (durable chat_post, delivery across processes). */
export const UNLIMITED_ENTRY = path.join(ROOT_DIR, 'test', 'bench', 'workers', 'unlimited-server.mjs');

export const BENCH_ADMIN_PASSWORD = 'bench-admin-password';

/** A running product server. */
export interface ProductServer {
  url: string;
  pid: number;
  process: ChildProcess;
  /** The server's DATA_DIR (SQLite database and stored files), removed by {@link ProductServer.stop}. */
  dataDir: string;
  /** Resident memory of the server process in bytes (Linux /proc). */
  rss(): number;
  /** Ends the process (a clean shutdown: SQLite folds its WAL back) and keeps the data folder. */
  halt(): Promise<void>;
  stop(): Promise<void>;
}

/** Options of {@link startProductServer}. */
export interface ProductServerOptions {
  /** PostgreSQL URL; SQLite in a temporary folder otherwise. */
  databaseUrl?: string;
  /** Extra environment (rate limits, etc.). */
  env?: Record<string, string>;
  /** Node flags, for example a larger heap. */
  nodeArgs?: string[];
  /** The script to run instead of the server's main.js (a bench variant of it, in test/bench/workers). */
  entry?: string;
  /** A data folder already filled (a seeded database); a new temporary one otherwise. Removed by stop() either way. */
  dataDir?: string;
}

/** Environment that puts back the product's default limits the bench server otherwise lifts. */
export const DEFAULT_LIMITS_ENV: Record<string, string> = Object.fromEntries(
  ['INIT', 'GET_SESSION', 'CHAT_HISTORY', 'CHAT_POST', 'TYPING', 'FEEDBACK', 'PAGE_HISTORY', 'TRANSCRIPT', 'POLL', 'LOGIN']
    .map((n) => [`RATE_LIMIT_${n}`, ''])
    .concat(['CHAT_POST', 'TYPING', 'FEEDBACK', 'PAGE_HISTORY'].map((n) => [`SESSION_LIMIT_${n}`, '']))
    .concat([['RATE_LIMIT_DELAY_MS', '']]),
);

/** Resident set size of a process, from /proc/<pid>/status (VmRSS). */
export function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
  if (!kb) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kb[1]) * 1024;
}

/** Starts packages/server/dist/server/main.js; rate limits are lifted because the bench is one client on loopback. */
export async function startProductServer(options: ProductServerOptions = {}): Promise<ProductServer> {
  const main = path.join(ROOT_DIR, 'packages', 'server', 'dist', 'server', 'main.js');
  if (!fs.existsSync(main)) throw new Error('the server build is missing: run `npm run build` first');
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'live-chat-bench-'));
  const port = await freePort();
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), options.entry ?? main], {
    cwd: ROOT_DIR,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LIVECHAT_ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
      LOG_LEVEL: 'error',
      RATE_LIMIT_GET_SESSION: '100000000',
      RATE_LIMIT_CHAT_POST: '100000000',
      RATE_LIMIT_TRANSCRIPT: '100000000',
      RATE_LIMIT_INIT: '100000000',
      RATE_LIMIT_CHAT_HISTORY: '100000000',
      RATE_LIMIT_TYPING: '100000000',
      RATE_LIMIT_FEEDBACK: '100000000',
      RATE_LIMIT_PAGE_HISTORY: '100000000',
      RATE_LIMIT_POLL: '100000000',
      DEMO: '1',
      SESSION_LIMIT_CHAT_POST: '100000000',
      SESSION_LIMIT_TYPING: '100000000',
      SESSION_LIMIT_FEEDBACK: '100000000',
      SESSION_LIMIT_PAGE_HISTORY: '100000000',
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      ...options.env,
    },
  });
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => {
    stderr = (stderr + c.toString()).slice(-4000);
  });
  child.stdout?.resume();
  let alive = true;
  const exited = new Promise<void>((resolve) => child.once('exit', () => {
    alive = false;
    resolve();
  }));
  const halt = async (): Promise<void> => {
    if (!alive) return;
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(killer);
  };
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${url}/live-chat.js`, 60_000, () => alive);
  } catch (err) {
    child.kill('SIGKILL');
    throw new Error(`the server did not start: ${(err as Error).message}\n${stderr}`, { cause: err });
  }
  return {
    url,
    pid: child.pid as number,
    process: child,
    dataDir,
    rss: () => rssOf(child.pid as number),
    halt,
    async stop() {
      await halt();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Logs in the seeded admin and returns the Cookie header that carries the operator's session. */
export async function operatorCookie(url: string): Promise<string> {
  const client = new RpcClient(url);
  try {
    const reply = await client.raw('/web/session/authenticate', { db: 'livechat', login: 'admin', password: BENCH_ADMIN_PASSWORD });
    if (reply.error) throw new Error(`operator log-in failed: ${reply.error.data?.message ?? reply.error.message}`);
    const cookie = reply.setCookie.map((c) => c.split(';')[0]).find((c) => c?.startsWith('session_id='));
    if (!cookie) throw new Error('operator log-in set no session cookie');
    return cookie;
  } finally {
    client.close();
  }
}
