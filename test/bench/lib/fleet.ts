/**
 * What the operators scenario shares with its client processes (workers/operator-consoles.ts and
 * workers/visitor-chats.ts): one clock, the markers messages carry, the reports, and the forking.
 * Every process stamps with the same wall clock, so a message's latency is read where it arrives and no
 * message has to be matched across processes.
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT_DIR } from './support.js';

/** Milliseconds since the epoch with sub-millisecond precision, comparable between processes of one machine. */
export function clock(): number {
  return performance.timeOrigin + performance.now();
}

/** Who wrote a bench message: a visitor or an operator. */
export type Author = 'v' | 'o';

/** The text of a bench message: its author and the moment it was sent. */
export function stampedText(author: Author): string {
  return `bench ${author}${clock().toFixed(3)}x`;
}

/** The send moments of `author`'s bench messages found in `text` (a message body or a notification). */
export function stampsIn(text: string, author: Author): number[] {
  const out: number[] = [];
  for (const m of text.matchAll(author === 'v' ? /bench v(\d+\.\d+)x/g : /bench o(\d+\.\d+)x/g)) out.push(Number(m[1]));
  return out;
}

/** Failures of a client process: how many, the last, and how many of each kind. */
export interface Failures {
  errors: number;
  lastError: string;
  /** Counts by route and cause, numbers left out ("/mail/chat_post: socket hang up"). */
  errorKinds: Record<string, number>;
}

/** Counts one failure under its kind. */
export function noteFailure(into: Failures, err: unknown): void {
  const message = err instanceof Error ? err.message : String(err);
  into.errors++;
  into.lastError = message;
  const kind = message.replace(/\d+/g, 'N').slice(0, 120);
  into.errorKinds[kind] = (into.errorKinds[kind] ?? 0) + 1;
}

/** Pairs flattened as [at, value, at, value, …]: thousands of them cross IPC as one array of numbers. */
export type Pairs = number[];

/** What an operator process measured. */
export interface OperatorReport extends Failures {
  /** [sent, latency] of each visitor message an operator's poll returned. */
  toOperator: Pairs;
  /** [started, latency] of each conversation-list call. */
  list: Pairs;
  /** [started, latency] of each view-counts call. */
  counts: Pairs;
  /** Send moments of the answers the server stored. */
  answers: number[];
  answersFailed: number;
  /** Polls dropped and sent again because the conversations to follow changed. */
  pollRestarts: number;
  /** Calls each console route received while the window of {@link OperatorReport} was measured, polls included. */
  calls: Record<string, number>;
}

/** What a visitor process measured. */
export interface VisitorReport extends Failures {
  /** [sent, latency] of each operator answer a visitor's poll returned. */
  toVisitor: Pairs;
  /** Send moments of the messages the server stored. */
  posts: number[];
  postsFailed: number;
  /** Messages due but not sent because too many were still unanswered (the server fell behind). */
  skipped: number;
  opened: number;
  refused: number;
}

/** The first message of a given type from a worker. */
type Message = { type: string } & Record<string, unknown>;

/** A client process of the scenario, spoken to over IPC. */
export interface Worker {
  pid: number;
  send(message: Message): void;
  /** Resolves with the next message of `type` (rejects on exit or after `timeoutMs`). */
  next<T extends Message>(type: string, timeoutMs: number): Promise<T>;
  stop(): Promise<void>;
}

/** Forks test/bench/workers/`name` under tsx with `config` as its JSON argument. */
export function forkWorker(name: string, config: Record<string, unknown>): Worker {
  const child: ChildProcess = fork(path.join(ROOT_DIR, 'test', 'bench', 'workers', name), [JSON.stringify(config)], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const inbox: Message[] = [];
  const waiting: { type: string; resolve(m: Message): void }[] = [];
  child.on('message', (m: Message) => {
    const i = waiting.findIndex((w) => w.type === m.type);
    if (i >= 0) waiting.splice(i, 1)[0]?.resolve(m);
    else inbox.push(m);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    pid: child.pid as number,
    send: (message) => {
      if (child.connected) child.send(message);
    },
    next<T extends Message>(type: string, timeoutMs: number): Promise<T> {
      const queued = inbox.findIndex((m) => m.type === type);
      if (queued >= 0) return Promise.resolve(inbox.splice(queued, 1)[0] as T);
      return new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${name} sent no "${type}" within ${timeoutMs} ms`)), timeoutMs);
        const entry = { type, resolve: (m: Message) => (clearTimeout(timer), resolve(m as T)) };
        waiting.push(entry);
        void exited.then(() => {
          clearTimeout(timer);
          reject(new Error(`${name} exited before "${type}"`));
        });
      });
    },
    async stop() {
      if (child.exitCode !== null) return;
      const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
      if (child.connected) child.send({ type: 'stop' });
      else child.kill('SIGTERM');
      await exited;
      clearTimeout(killer);
    },
  };
}

/** CPU seconds (user + system) a process has used, from /proc/<pid>/stat. */
export function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces): utime is the 14th field, stime the 15th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

/** Linux's USER_HZ: the unit of /proc/<pid>/stat's times, 100 on every common kernel. */
const CLOCK_TICKS = 100;

/** Peak resident memory of a process in bytes (VmHWM of /proc/<pid>/status). */
export function peakRss(pid: number): number {
  const kb = /^VmHWM:\s+(\d+)\s+kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return kb ? Number(kb[1]) * 1024 : Number.NaN;
}
