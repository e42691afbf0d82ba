/**
 * A throwaway PostgreSQL cluster for the bench, on 127.0.0.1. Unlike the test suites' cluster
 * (test/support/postgres.mjs, tuned for speed with fsync off), this one keeps PostgreSQL's durable
 * defaults (fsync, synchronous_commit, full_page_writes), because the bench reports durable writes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './net.js';

/** A running cluster. */
export interface BenchPostgres {
  url: string;
  stop(): void;
}

const execFileAsync = promisify(execFile);

function findPgBin(): string | undefined {
  const base = '/usr/lib/postgresql';
  if (!fs.existsSync(base)) return undefined;
  const versions = fs
    .readdirSync(base)
    .filter((v) => fs.existsSync(path.join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? undefined : path.join(base, versions[0], 'bin');
}

/** Starts the cluster; throws with the reason when PostgreSQL is not installed. */
export async function startBenchPostgres(): Promise<BenchPostgres> {
  const bin = findPgBin();
  if (!bin) throw new Error('no PostgreSQL server binaries under /usr/lib/postgresql (Debian: apt-get install postgresql)');
  // PostgreSQL refuses to run as root, so as root the cluster runs as the `postgres` user.
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'live-chat-bench-pg-'));
  fs.chmodSync(dir, 0o755);
  const run = (cmd: string, args: string[]): void => {
    const exe = path.join(bin, cmd);
    if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', exe, ...args], { stdio: 'pipe' });
    else execFileSync(exe, args, { stdio: 'pipe' });
  };
  // Asynchronous, so the cluster can start while another scenario runs (see warmBenchPostgres).
  const runAsync = async (cmd: string, args: string[]): Promise<void> => {
    const exe = path.join(bin, cmd);
    if (asRoot) await execFileAsync('runuser', ['-u', 'postgres', '--', exe, ...args]);
    else await execFileAsync(exe, args);
  };
  if (asRoot) execFileSync('chown', ['postgres:postgres', dir]);
  const data = path.join(dir, 'data');
  const port = await freePort();
  await runAsync('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C']);
  await runAsync('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-w', '-t', '60', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200`, 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

let shared: Promise<BenchPostgres> | undefined;
let databases = 0;

/**
 * A fresh, empty database on one cluster shared by the whole run: initdb and start cost seconds, which
 * `--quick` cannot spend twice. The cluster keeps the durable defaults; {@link stopSharedPostgres} ends it.
 */
export async function benchDatabase(): Promise<string> {
  shared ??= startBenchPostgres();
  const cluster = await shared;
  const name = `bench_${process.pid}_${++databases}`;
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(cluster.url);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Starts the shared cluster in the background; used while the held-poll scenario runs, which measures
 * memory, not time, so initdb's CPU use changes none of its figures.
 */
export function warmBenchPostgres(): void {
  shared ??= startBenchPostgres();
  shared.catch(() => undefined);
}

/** Stops the shared cluster, if one was started. */
export async function stopSharedPostgres(): Promise<void> {
  const cluster = shared;
  shared = undefined;
  if (cluster) (await cluster.catch(() => undefined))?.stop();
}
