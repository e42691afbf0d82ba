/**
 * The bench side of workers/memory-probe.mjs: the Node flags that load it into a server, and a reading
 * of that server's memory right after a full garbage collection. The product server and the floor are
 * started with the same flags and read the same way, so neither is measured with garbage the other
 * has already collected.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ROOT_DIR } from './support.js';
import { rssOf } from './product-server.js';

/** Memory of a process after a full collection, in bytes. */
export interface MemoryReading {
  /** Resident set size from /proc, the median of a few samples taken after the collection. */
  rss: number;
  /** V8 heap in use after the collection: what JavaScript objects retain. */
  heapUsed: number;
  /** Memory of C++ objects bound to JavaScript ones (buffers included). */
  external: number;
  /**
   * Resident size of V8's young generation (the nursery), empty right after the collection. V8 sizes it
   * from the recent allocation rate, up to a fixed cap, whatever the number of polls: a process that
   * happens to grow it between two readings would otherwise show megabytes no poll holds.
   */
  young: number;
}

/** A probe attached to one server process. */
export interface MemoryProbe {
  /** Node flags for the server's command line. */
  nodeArgs: string[];
  /** Environment the server needs for the probe. */
  env: Record<string, string>;
  /** Collects garbage in `pid`, then reads its memory. */
  read(pid: number, samples?: number): Promise<MemoryReading>;
  /** Removes the probe's file. */
  dispose(): void;
}

/** Creates a probe for one server process (one file per process, so servers can be probed at once). */
export function createMemoryProbe(): MemoryProbe {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'live-chat-bench-probe-'));
  const file = path.join(dir, 'memory.json');
  let last = 0;
  return {
    nodeArgs: ['--expose-gc', '--import', path.join(ROOT_DIR, 'test', 'bench', 'workers', 'memory-probe.mjs')],
    env: { BENCH_PROBE_FILE: file },
    async read(pid, samples = 5) {
      const want = last + 1;
      process.kill(pid, 'SIGUSR2');
      const deadline = Date.now() + 30_000;
      let answer: { n: number; heapUsed: number; external: number; young: number } | undefined;
      while (!answer || answer.n < want) {
        if (Date.now() > deadline) throw new Error(`process ${pid} did not answer the memory probe`);
        await sleep(50);
        try {
          answer = JSON.parse(fs.readFileSync(file, 'utf8')) as { n: number; heapUsed: number; external: number; young: number };
        } catch {
          // Not written yet.
        }
      }
      last = answer.n;
      const rss: number[] = [];
      for (let i = 0; i < samples; i++) {
        rss.push(rssOf(pid));
        await sleep(50);
      }
      rss.sort((a, b) => a - b);
      return { rss: rss[Math.floor(rss.length / 2)] as number, heapUsed: answer.heapUsed, external: answer.external, young: answer.young };
    },
    dispose() {
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
