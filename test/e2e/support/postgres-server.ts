/**
 * A second real server for the specs that must hold on both engines: the built server on a throwaway
 * PostgreSQL, beside the SQLite one Playwright starts. In CI PostgreSQL must be there; elsewhere a machine
 * without its binaries gets the reason instead.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../support/free-port.mjs';
import { startPostgres } from '../../support/postgres.mjs';
import { ADMIN } from '../widget-support.js';

/** A running server on PostgreSQL. */
export interface PostgresServer {
  baseURL: string;
  stop(): Promise<void>;
}

/** Starts PostgreSQL and the built server on it; resolves with the reason when PostgreSQL cannot start here. */
export async function startPostgresServer(): Promise<PostgresServer | { reason: string }> {
  const pg = await startPostgres();
  if (!pg.url) return { reason: pg.reason ?? 'PostgreSQL did not start' };
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'live-chat-e2e-pg-'));
  const child = spawn(process.execPath, ['packages/server/dist/server/main.js'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: pg.url, LIVECHAT_ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'warn', RATE_LIMIT_LOGIN: '1000' },
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
    pg.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const baseURL = `http://127.0.0.1:${port}`;
  for (let waited = 0; waited < 60_000; waited += 250) {
    if (child.exitCode !== null) break;
    const ready = await fetch(`${baseURL}/live-chat.js`).then((r) => r.ok, () => false);
    if (ready) return { baseURL, stop };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`the server on PostgreSQL did not start:\n${errors}`);
}
