/**
 * Real servers of their own for the specs that must not share Playwright's: the built server on a fresh
 * SQLite data folder (no other spec's chats count), or on a throwaway PostgreSQL, for the specs that must
 * hold on both engines. In CI PostgreSQL must be there; elsewhere a machine without its binaries gets the
 * reason instead, reported as a skip that says it did not run.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Browser, type PlaywrightWorkerArgs } from '@playwright/test';
import { freePort } from '../../support/free-port.mjs';
import { startPostgres } from '../../support/postgres.mjs';
import { ADMIN } from '../widget-support.js';
import { test } from './test.js';

/** A running server of a spec's own. */
export interface FreshServer {
  baseURL: string;
  stop(): Promise<void>;
}

/** Starts the built server on a new data folder, with `env` added; `cleanup` runs after it stopped. */
async function startBuiltServer(env: Record<string, string>, cleanup: () => void = () => undefined): Promise<FreshServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'live-chat-e2e-fresh-'));
  const child = spawn(process.execPath, ['packages/server/dist/server/main.js'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LIVECHAT_ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'warn', RATE_LIMIT_LOGIN: '1000', RATE_LIMIT_GET_SESSION: '1000', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    cleanup();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const baseURL = `http://127.0.0.1:${port}`;
  for (let waited = 0; waited < 60_000; waited += 250) {
    if (child.exitCode !== null) break;
    if (await fetch(`${baseURL}/live-chat.js`).then((r) => r.ok, () => false)) return { baseURL, stop };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`the server did not start:\n${errors}`);
}

/** The built server on a fresh SQLite data folder. */
export function startSqliteServer(): Promise<FreshServer> {
  return startBuiltServer({});
}

/** Starts PostgreSQL and the built server on it; resolves with the reason when PostgreSQL cannot start here. */
export async function startPostgresServer(): Promise<FreshServer | { reason: string }> {
  const pg = await startPostgres();
  if (!pg.url) return { reason: pg.reason ?? 'PostgreSQL did not start' };
  return startBuiltServer({ DATABASE_URL: pg.url }, () => pg.stop());
}

type Scenario = (fixtures: { browser: Browser; playwright: PlaywrightWorkerArgs['playwright'] }, baseURL: string) => Promise<void>;

/** Declares `title` as a test of `scenario` on a server of its own over a fresh SQLite data folder. */
export function describeOnSqlite(title: string, scenario: Scenario): void {
  test.describe('on SQLite', () => {
    let server: FreshServer | undefined;
    test.beforeAll(async () => {
      test.setTimeout(90_000);
      server = await startSqliteServer();
    });
    test.afterAll(async () => server?.stop());
    test(title, async ({ browser, playwright }) => scenario({ browser, playwright }, server!.baseURL));
  });
}

/** Declares `title` as a test of `scenario` on the built server over a throwaway PostgreSQL. */
export function describeOnPostgres(title: string, scenario: Scenario): void {
  test.describe('on PostgreSQL', () => {
    let server: FreshServer | undefined;
    let reason: string | undefined;
    test.beforeAll(async () => {
      test.setTimeout(120_000);
      const started = await startPostgresServer();
      if ('reason' in started) reason = started.reason;
      else server = started;
    });
    test.afterAll(async () => server?.stop());
    test(title, async ({ browser, playwright }) => {
      test.skip(!server && !process.env.CI, `PostgreSQL variant NOT RUN: ${reason}`);
      expect(server, reason).toBeDefined();
      await scenario({ browser, playwright }, server!.baseURL);
    });
  });
}
