/**
 * Two server processes on one database, each behind a TCP proxy of its own, under a supervisor that
 * starts a dead process again after a second, as systemd's `Restart=` would. Every exit is recorded;
 * an exit the harness did not cause with its own kill -9 (or its final SIGTERM) is unplanned.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServerProcess, type ServerProcess } from '../support/bus-processes.mjs';
import { freePort } from '../support/free-port.mjs';
import { TcpProxy } from '../server/support/tcp-proxy.js';
import { RATE_LIMIT_DEFAULTS, SESSION_LIMIT_DEFAULTS } from '../../src/server/core/config/config-limits.js';
import type { Timeline } from './timeline.js';

/** Every client of the run comes from 127.0.0.1: the per-address and per-session limits are lifted. */
const LIFTED_LIMITS: Record<string, string> = Object.fromEntries(
  [...Object.values(RATE_LIMIT_DEFAULTS), ...Object.values(SESSION_LIMIT_DEFAULTS)].map(([variable]) => [variable, '100000000']),
);

/** An exit nobody asked for. */
export interface UnplannedExit {
  at: number;
  slot: string;
  pid: number;
  code: number | null;
  signal: string | null;
  output: string;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** One supervised server process (A or B) on a fixed port, behind its proxy to the database. */
export class Slot {
  readonly proxy: TcpProxy;
  readonly #dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'live-chat-chaos-data-'));
  readonly #killed = new Set<number>();
  readonly #stopped = new Set<number>();
  #current: ServerProcess | undefined;
  #stopping = false;
  #loop: Promise<void> | undefined;
  port = 0;
  starts = 0;
  failedStarts = 0;
  readonly unplanned: UnplannedExit[] = [];

  constructor(
    readonly name: 'A' | 'B',
    databasePort: number,
    private readonly databaseUrl: string,
    private readonly timeline: Timeline,
  ) {
    this.proxy = new TcpProxy({ host: '127.0.0.1', port: databasePort });
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The pid of the process that answers now, if one does. */
  get pid(): number | undefined {
    return this.#current?.pid;
  }

  /** Starts the proxy and the first process; resolves once it listens. */
  async start(): Promise<void> {
    await this.proxy.up();
    this.port = await freePort();
    const first = await this.#spawn();
    this.#loop = this.#supervise(first);
  }

  #spawn(): Promise<ServerProcess> {
    this.starts++;
    return startServerProcess({
      port: this.port,
      readyTimeoutMs: 90_000,
      env: {
        ...LIFTED_LIMITS,
        DATABASE_URL: this.proxy.url(this.databaseUrl),
        DATA_DIR: this.#dataDir,
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
      },
    });
  }

  async #supervise(first: ServerProcess): Promise<void> {
    let running: ServerProcess | undefined = first;
    while (!this.#stopping) {
      if (running) {
        this.#current = running;
        this.timeline.note(`server ${this.name} ready (pid ${running.pid})`);
        const exit = await running.exited;
        this.#current = undefined;
        const planned = this.#stopping || this.#killed.has(running.pid);
        if (!planned) {
          this.unplanned.push({ at: this.timeline.now(), slot: this.name, pid: running.pid, ...exit, output: running.output().slice(-3000) });
        }
        this.timeline.note(`server ${this.name} (pid ${running.pid}) exited (${exit.code ?? exit.signal})${planned ? '' : ' UNPLANNED'}`);
        running = undefined;
      }
      if (this.#stopping) break;
      await sleep(1000);
      if (this.#stopping) break;
      try {
        running = await this.#spawn();
      } catch (err) {
        // A start while the database restarts fails and exits 1; the supervisor tries again, as systemd would.
        this.failedStarts++;
        this.timeline.note(`server ${this.name} failed to start: ${(err as Error).message.split('\n')[0] ?? ''}`);
      }
    }
    // Started while the harness began to stop: it goes too.
    await running?.stop();
  }

  /** kill -9 of the answering process; false when none answers (it is being restarted). */
  kill(): boolean {
    const pid = this.pid;
    if (pid === undefined) return false;
    this.#killed.add(pid);
    process.kill(pid, 'SIGKILL');
    return true;
  }

  /** SIGSTOP now, SIGCONT after `ms` (to the same pid; one killed meanwhile gets nothing); false when not applied. */
  async freeze(ms: number): Promise<boolean> {
    const pid = this.pid;
    // A process already stopped stays stopped until its first SIGCONT: the later fault is not applied.
    if (pid === undefined || this.#stopped.has(pid)) return false;
    this.#stopped.add(pid);
    process.kill(pid, 'SIGSTOP');
    await sleep(ms);
    this.#thaw(pid);
    return true;
  }

  #thaw(pid: number): void {
    if (!this.#stopped.delete(pid)) return;
    try {
      process.kill(pid, 'SIGCONT');
    } catch {
      // Killed while stopped: nothing to continue.
    }
  }

  /** Ends the supervisor and its process (SIGTERM, SIGKILL after 10 s), the proxy and the data folder. */
  async stop(): Promise<void> {
    this.#stopping = true;
    for (const pid of [...this.#stopped]) this.#thaw(pid);
    await this.#current?.stop();
    await this.#loop?.catch(() => undefined);
    this.proxy.resume();
    await this.proxy.down();
    fs.rmSync(this.#dataDir, { recursive: true, force: true });
  }
}

/** Both slots; the first starts alone so that it creates and seeds the database. */
export async function startFleet(databasePort: number, databaseUrl: string, timeline: Timeline): Promise<Slot[]> {
  const slots = [new Slot('A', databasePort, databaseUrl, timeline), new Slot('B', databasePort, databaseUrl, timeline)];
  for (const slot of slots) await slot.start();
  return slots;
}
