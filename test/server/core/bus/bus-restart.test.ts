import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../../support/free-port.mjs';
import { PollLoop, type PollFn, type PollLoopState } from '../../../../src/platform/bus/poll-loop.js';
import type { Clock } from '../../../../src/platform/time/clock.js';
import type { BusNotification } from '../../../../src/protocol/livechat.js';
import { openVisitorSession, rpcCall, startServerProcess, type ServerProcess } from '../../../support/bus-processes.mjs';
import { CHAT_POST_ROUTE, POLL_ROUTE } from '../../../../src/protocol/routes.js';

// The browser's poll loop is plain TypeScript without DOM access, so it runs here unchanged against
// real server processes; only its timers come from Node instead of a window.
const nodeClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** The widget's poll over real HTTP: a JSON-RPC error or a dropped connection rejects. */
function httpPoll(base: string): PollFn {
  return async (params, signal) => {
    const answer = await rpcCall<BusNotification[]>(base, POLL_ROUTE, params, { signal });
    if (answer.error) throw new Error(answer.error.data.message);
    return answer.result;
  };
}

async function until(what: string, check: () => boolean, timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('server killed (kill -9) and restarted during a held poll [sqlite]', () => {
  let dataDir: string;
  let port: number;
  let first: ServerProcess | undefined;
  let second: ServerProcess | undefined;

  before(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lc-bus-restart-'));
    port = await freePort();
  });

  after(async () => {
    await first?.stop();
    await second?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('the poll loop retries, reconnects to the new process and receives everything exactly once', async () => {
    first = await startServerProcess({ port, env: { DATA_DIR: dataDir } });
    const base = first.url;
    const { uuid } = await openVisitorSession(base);
    await rpcCall(base, CHAT_POST_ROUTE, { uuid, message_content: 'before the crash' });

    const received: BusNotification[] = [];
    const states: PollLoopState[] = [];
    const loop = new PollLoop({
      poll: httpPoll(base),
      clock: nodeClock,
      // Injected: the widget waits 11–30 s (SPEC.md §8); the policy itself is what this test exercises.
      retryDelayMs: () => 250,
      onNotifications: (list) => received.push(...list),
      onStateChange: (state) => states.push(state),
    });
    try {
      loop.start([uuid]);
      await until('the first message arrived', () => received.length === 1);
      // Let the next poll reach the server and be held there.
      await new Promise((r) => setTimeout(r, 500));
      assert.equal(loop.state, 'polling');

      await first.crash();
      await until('the loop noticed the crash', () => loop.state === 'retrying');

      second = await startServerProcess({ port, env: { DATA_DIR: dataDir } });
      assert.equal(second.url, base);
      await rpcCall(base, CHAT_POST_ROUTE, { uuid, message_content: 'after the restart, one' });
      await rpcCall(base, CHAT_POST_ROUTE, { uuid, message_content: 'after the restart, two' });
      await until('both later messages arrived', () => received.length >= 3);
      // A duplicate would come with the next answers: give the loop a few more polls' worth of time.
      await rpcCall(base, CHAT_POST_ROUTE, { uuid, message_content: 'marker' });
      await until('the marker arrived', () => received.some((n) => (n.message as { body?: string }).body === '<p>marker</p>'));
    } finally {
      loop.stop();
    }
    const bodies = received.map((n) => (n.message as { body?: string }).body);
    assert.deepEqual(bodies, ['<p>before the crash</p>', '<p>after the restart, one</p>', '<p>after the restart, two</p>', '<p>marker</p>']);
    assert.equal(new Set(received.map((n) => n.id)).size, received.length, 'no id twice');
    assert.ok(states.includes('retrying'), 'the failure went through the retry policy');
  });
});
