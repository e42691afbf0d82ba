/** Applies the fault schedule at its times and records what each fault did and when it healed. */
import { describeFault, type FaultKind, type PlannedFault } from './schedule.js';
import type { ChaosCluster } from './cluster.js';
import type { Slot } from './fleet.js';
import type { Timeline } from './timeline.js';

export interface FaultOutcome {
  fault: PlannedFault;
  startedAt: number;
  /** When the fault was over: the process continued, the proxy flowed again, the database answered. */
  endedAt: number;
  /** Applied, or why not (`skipped: …`). */
  result: string;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export class FaultRunner {
  readonly outcomes: FaultOutcome[] = [];
  readonly #pending = new Set<Promise<void>>();
  #databaseRestarting = false;
  readonly #pausedProxies = new Set<string>();
  #aborted = false;

  constructor(
    private readonly slots: Slot[],
    private readonly cluster: ChaosCluster,
    private readonly timeline: Timeline,
  ) {}

  /** Applies each fault at its time (faults that last overlap the next ones), then waits for all to heal. */
  async run(schedule: PlannedFault[]): Promise<void> {
    for (const fault of schedule) {
      const wait = fault.at - this.timeline.now();
      if (wait > 0) await sleep(wait);
      if (this.#aborted) break;
      const applying = this.#apply(fault).finally(() => this.#pending.delete(applying));
      this.#pending.add(applying);
    }
    await Promise.all([...this.#pending]);
  }

  abort(): void {
    this.#aborted = true;
  }

  /** When the last fault healed (0 when none ran). */
  get lastHealedAt(): number {
    return Math.max(0, ...this.outcomes.map((o) => o.endedAt));
  }

  /** Faults applied per kind, and skipped ones. */
  counts(): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const o of this.outcomes) {
      const key = o.result.startsWith('skipped') || o.result.startsWith('failed') ? `${o.fault.kind} (not applied)` : o.fault.kind;
      counts[key] = (counts[key] ?? 0) + 1;
    }
    return counts;
  }

  async #apply(fault: PlannedFault): Promise<void> {
    const startedAt = this.timeline.now();
    this.timeline.note(`fault: ${describeFault(fault)}`);
    let result: string;
    try {
      result = await this.#inject(fault.kind, fault);
    } catch (err) {
      result = `failed: ${(err as Error).message}`;
    }
    const endedAt = this.timeline.now();
    this.outcomes.push({ fault, startedAt, endedAt, result });
    this.timeline.note(`fault over: ${describeFault(fault)}: ${result}`);
  }

  async #inject(kind: FaultKind, fault: PlannedFault): Promise<string> {
    const slot = this.slots.find((s) => s.name === fault.target);
    if (!slot) throw new Error(`no server ${fault.target}`);
    switch (kind) {
      case 'kill': {
        const pid = slot.pid;
        return slot.kill() ? `killed pid ${pid}` : 'skipped: the process was being restarted';
      }
      case 'stop': {
        const pid = slot.pid;
        return (await slot.freeze(fault.durationMs)) ? `pid ${pid} stopped and continued` : 'skipped: the process was being restarted or is stopped already';
      }
      case 'pg-fast':
      case 'pg-immediate': {
        if (this.#databaseRestarting) return 'skipped: the database is already restarting';
        this.#databaseRestarting = true;
        try {
          await this.cluster.restart(kind === 'pg-fast' ? 'fast' : 'immediate');
        } finally {
          this.#databaseRestarting = false;
        }
        return 'restarted';
      }
      case 'listen': {
        const pid = await this.cluster.terminateListener(fault.pick);
        return pid === undefined ? 'skipped: no LISTEN backend' : `terminated backend ${pid}`;
      }
      case 'pause':
        // A proxy already paused stays paused until its own pause ends: the later fault is not applied.
        if (this.#pausedProxies.has(slot.name)) return 'skipped: the proxy is paused already';
        this.#pausedProxies.add(slot.name);
        slot.proxy.pause();
        await sleep(fault.durationMs);
        slot.proxy.resume();
        this.#pausedProxies.delete(slot.name);
        return 'paused and resumed';
      case 'reset':
        return `reset ${slot.proxy.resetAll()} connections`;
    }
  }
}
