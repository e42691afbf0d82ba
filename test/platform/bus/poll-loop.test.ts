import { expect } from '@open-wc/testing';
import type { BusNotification, PollParams } from '../../../src/protocol/livechat.js';
import { PollLoop, type PollFn } from '../../../src/platform/bus/poll-loop.js';
import { FakeClock, flush } from './fake-clock.js';

interface PendingPoll {
  params: PollParams;
  signal: AbortSignal;
  resolve(list: unknown): void;
  reject(err: unknown): void;
}

/** A poll function the test answers by hand: each call waits until the test settles it. */
function scriptedPoll(): { poll: PollFn; calls: PendingPoll[] } {
  const calls: PendingPoll[] = [];
  const poll: PollFn = (params, signal) =>
    new Promise((resolve, reject) => {
      calls.push({ params, signal, resolve: resolve as (l: unknown) => void, reject });
      signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    });
  return { poll, calls };
}

const note = (id: number, channel = 'uuid-1'): BusNotification => ({ id, channel, message: { id, body: `m${id}` } });

describe('PollLoop', () => {
  it('polls again at once with the highest id received as last', async () => {
    const clock = new FakeClock();
    const { poll, calls } = scriptedPoll();
    const got: number[] = [];
    const loop = new PollLoop({ poll, clock: clock.tab(), onNotifications: (list) => got.push(...list.map((n) => n.id)) });
    loop.start(['uuid-1']);
    expect(calls[0]!.params).to.deep.equal({ channels: ['uuid-1'], last: 0 });
    calls[0]!.resolve([note(7), note(5)]);
    await flush();
    expect(got).to.deep.equal([5, 7]);
    expect(calls[1]!.params.last).to.equal(7);
    calls[1]!.resolve([]);
    await flush();
    expect(calls[2]!.params.last).to.equal(7);
    loop.stop();
  });

  it('retries a failure after 10 s plus a random whole 1 to 20 s', async () => {
    for (const [random, delay] of [
      [0, 11_000],
      [0.999, 30_000],
      [0.5, 21_000],
    ] as const) {
      const clock = new FakeClock();
      const { poll, calls } = scriptedPoll();
      const loop = new PollLoop({ poll, clock: clock.tab(), random: () => random, onNotifications: () => undefined });
      loop.start(['uuid-1']);
      calls[0]!.reject(new Error('XmlHttpRequestError Failed to fetch'));
      await flush();
      expect(loop.state).to.equal('retrying');
      await clock.tick(delay - 1);
      expect(calls.length, `no retry before ${delay} ms`).to.equal(1);
      await clock.tick(1);
      expect(calls.length, `retry at ${delay} ms`).to.equal(2);
      loop.stop();
    }
  });

  it('restarts an aborted poll at once', async () => {
    const clock = new FakeClock();
    const { poll, calls } = scriptedPoll();
    const loop = new PollLoop({ poll, clock: clock.tab(), onNotifications: () => undefined });
    loop.start(['uuid-1']);
    calls[0]!.reject(new Error('XmlHttpRequestError abort'));
    await flush();
    expect(calls.length).to.equal(2);
    expect(loop.state).to.equal('polling');
    loop.stop();
  });

  it('falls back to the retry delay when polls keep aborting instantly', async () => {
    const clock = new FakeClock();
    const { poll, calls } = scriptedPoll();
    const loop = new PollLoop({ poll, clock: clock.tab(), random: () => 0, onNotifications: () => undefined });
    loop.start(['uuid-1']);
    for (let i = 0; i < 4; i += 1) {
      calls[i]!.reject(new DOMException('aborted', 'AbortError'));
      await flush();
    }
    expect(calls.length).to.equal(4);
    expect(loop.state).to.equal('retrying');
    loop.stop();
  });

  it('restarts the poll when channels are added or removed, and not when they are the same', async () => {
    const clock = new FakeClock();
    const { poll, calls } = scriptedPoll();
    const loop = new PollLoop({ poll, clock: clock.tab(), onNotifications: () => undefined });
    loop.start(['a']);
    loop.start(['a']);
    expect(calls.length).to.equal(1);
    loop.start(['a', 'b']);
    expect(calls[0]!.signal.aborted).to.equal(true);
    expect(calls[1]!.params.channels).to.deep.equal(['a', 'b']);
    loop.start(['b']);
    expect(calls[1]!.signal.aborted).to.equal(true);
    expect(calls[2]!.params.channels).to.deep.equal(['b']);
    await flush();
    expect(calls.length, 'the aborts caused by the change start no extra poll').to.equal(3);
    loop.stop();
  });

  it('keeps last through an outage of any length and resumes from it', async () => {
    const clock = new FakeClock();
    const { poll, calls } = scriptedPoll();
    const got: number[] = [];
    const loop = new PollLoop({ poll, clock: clock.tab(), random: () => 0, onNotifications: (l) => got.push(...l.map((n) => n.id)) });
    loop.start(['uuid-1']);
    calls[0]!.resolve([note(3)]);
    await flush();
    for (let i = 1; i <= 50; i += 1) {
      calls[i]!.reject(new TypeError('Failed to fetch'));
      await clock.tick(11_000);
    }
    expect(calls[51]!.params.last).to.equal(3);
    calls[51]!.resolve([note(3), note(4)]);
    await flush();
    expect(got, 'nothing lost, nothing twice').to.deep.equal([3, 4]);
    loop.stop();
  });

  it('treats a malformed answer as a failure and does not advance last', async () => {
    const clock = new FakeClock();
    const { poll, calls } = scriptedPoll();
    const errors: unknown[] = [];
    const loop = new PollLoop({ poll, clock: clock.tab(), random: () => 0, onNotifications: () => undefined, onError: (e) => errors.push(e) });
    loop.start(['uuid-1']);
    calls[0]!.resolve({ not: 'a list' });
    await flush();
    expect(loop.state).to.equal('retrying');
    expect((errors[0] as { code: string }).code).to.equal('bus_bad_answer');
    await clock.tick(11_000);
    expect(calls[1]!.params.last).to.equal(0);
    loop.stop();
  });

  it('stop aborts the poll in flight and polls no more', async () => {
    const clock = new FakeClock();
    const { poll, calls } = scriptedPoll();
    const loop = new PollLoop({ poll, clock: clock.tab(), onNotifications: () => undefined });
    loop.start(['uuid-1']);
    loop.stop();
    await clock.tick(60_000);
    expect(calls[0]!.signal.aborted).to.equal(true);
    expect(calls.length).to.equal(1);
    expect(loop.state).to.equal('stopped');
  });
});
