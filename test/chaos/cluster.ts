/**
 * The run's own PostgreSQL cluster on 127.0.0.1, which the run restarts (`pg_ctl restart`): a shared
 * server cannot be. fsync is off (the machine does not crash, only PostgreSQL does) but commits stay
 * synchronous, so a commit the server was told of survives `-m immediate`, as in production.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync, spawn } from 'node:child_process';
import pg from 'pg';
import { freePort } from '../support/free-port.mjs';

function findPgBin(): string {
  const base = '/usr/lib/postgresql';
  const versions = fs.existsSync(base)
    ? fs.readdirSync(base).filter((v) => fs.existsSync(path.join(base, v, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions[0] === undefined) throw new Error('no PostgreSQL server binaries under /usr/lib/postgresql (Debian: apt-get install postgresql)');
  return path.join(base, versions[0], 'bin');
}

/** The application's database in the cluster. */
export const APP_DATABASE = 'livechat';

export class ChaosCluster {
  readonly #bin = findPgBin();
  // PostgreSQL refuses to run as root, so as root the cluster runs as the `postgres` user.
  readonly #asRoot = process.getuid?.() === 0;
  readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), 'live-chat-chaos-pg-'));
  port = 0;

  get #data(): string {
    return path.join(this.dir, 'data');
  }

  /** The superuser's URL of `database`, straight to the cluster (no proxy). */
  url(database = APP_DATABASE): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  #command(cmd: string, args: string[]): [string, string[]] {
    const exe = path.join(this.#bin, cmd);
    return this.#asRoot ? ['runuser', ['-u', 'postgres', '--', exe, ...args]] : [exe, args];
  }

  // pg_ctl's server inherits the output pipes of pg_ctl: with them ignored, nothing waits for them to close.
  #pgCtl(args: string[]): Promise<void> {
    const [exe, full] = this.#command('pg_ctl', ['-D', this.#data, '-l', path.join(this.dir, 'log'), '-w', '-t', '60', ...args]);
    return new Promise((resolve, reject) => {
      const child = spawn(exe, full, { stdio: 'ignore' });
      child.once('error', reject);
      child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`pg_ctl ${args.join(' ')} exited with ${code}`))));
    });
  }

  async start(): Promise<void> {
    fs.chmodSync(this.dir, 0o755);
    if (this.#asRoot) execFileSync('chown', ['postgres:postgres', this.dir]);
    this.port = await freePort();
    const [exe, args] = this.#command('initdb', ['-D', this.#data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C']);
    execFileSync(exe, args, { stdio: 'pipe' });
    const settings = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`;
    await this.#pgCtl(['-o', settings, 'start']);
    await this.query(`CREATE DATABASE ${APP_DATABASE}`, [], 'postgres');
  }

  /** `pg_ctl restart -m fast|immediate`; resolves once the cluster accepts connections again. */
  restart(mode: 'fast' | 'immediate'): Promise<void> {
    return this.#pgCtl(['-m', mode, 'restart']);
  }

  /** One statement on a connection of its own; fails after 5 s rather than waiting on a restart. */
  async query<R extends pg.QueryResultRow>(sql: string, params: unknown[] = [], database = APP_DATABASE): Promise<R[]> {
    const client = new pg.Client({ connectionString: this.url(database), connectionTimeoutMillis: 5000, statement_timeout: 5000 });
    client.on('error', () => undefined);
    await client.connect();
    try {
      return (await client.query<R>(sql, params)).rows;
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  /**
   * Terminates one backend of a bus LISTEN connection (`pick` in [0, 1) chooses which); returns its pid,
   * or undefined when no process is listening right now.
   */
  async terminateListener(pick: number): Promise<number | undefined> {
    const rows = await this.query<{ pid: number }>(
      "SELECT pid FROM pg_stat_activity WHERE application_name = 'live-chat bus listener' AND datname = $1 ORDER BY backend_start",
      [APP_DATABASE],
    );
    const victim = rows[Math.floor(pick * rows.length)];
    if (!victim) return undefined;
    await this.query('SELECT pg_terminate_backend($1)', [victim.pid]);
    return victim.pid;
  }

  /** Stops the cluster at once and deletes its folder. */
  stop(): void {
    try {
      const [exe, args] = this.#command('pg_ctl', ['-D', this.#data, '-m', 'immediate', '-w', 'stop']);
      execFileSync(exe, args, { stdio: 'ignore' });
    } catch {
      // Never started, or already stopped: the folder goes all the same.
    } finally {
      fs.rmSync(this.dir, { recursive: true, force: true });
    }
  }
}
