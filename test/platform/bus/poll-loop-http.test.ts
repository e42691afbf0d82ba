import { expect, waitUntil } from '@open-wc/testing';
import { PollLoop } from '../../../src/platform/bus/poll-loop.js';
import { FakeClock } from './fake-clock.js';
import { failNext, httpPoll, namespace, push, stats } from './http-tabs.js';

// Real HTTP long polls against test/support/routes/40-bus.mjs; only the retry delay runs on a fake clock
// so the test does not wait 11 s per failure.

describe('PollLoop over real HTTP', () => {
  it('retries failed polls with the retry delay and resumes from last, nothing lost or doubled', async () => {
    const ns = namespace();
    const clock = new FakeClock();
    const got: number[] = [];
    const errors: number[] = [];
    const loop = new PollLoop({
      poll: httpPoll(window, ns, 500),
      clock: clock.tab(),
      random: () => 0,
      onNotifications: (list) => got.push(...list.map((n) => n.id)),
      onError: (_err, delay) => errors.push(delay),
    });
    loop.start(['uuid-http']);
    await push(ns, 'uuid-http', { body: 'one' });
    await waitUntil(() => got.length === 1, 'first received', { timeout: 5000 });

    // An outage: the next three polls fail; notifications keep being posted meanwhile.
    await failNext(ns, 3);
    await waitUntil(() => loop.state === 'retrying', 'the loop waits to retry', { timeout: 5000 });
    await push(ns, 'uuid-http', { body: 'two' });
    for (let i = 0; i < 3; i += 1) {
      await waitUntil(() => loop.state === 'retrying', 'retrying', { timeout: 5000 });
      await clock.tick(11_000);
    }
    await push(ns, 'uuid-http', { body: 'three' });
    await waitUntil(() => got.length >= 3, 'all received after the outage', { timeout: 5000 });
    loop.stop();
    expect(got).to.deep.equal([1, 2, 3]);
    expect(errors).to.deep.equal([11_000, 11_000, 11_000]);
    const { lasts } = await stats(ns);
    expect(lasts.slice(1).every((l) => l >= 1), 'every poll after the first resumed from last').to.equal(true);
  });

  it('stopping releases the held request on the server', async () => {
    const ns = namespace();
    const loop = new PollLoop({ poll: httpPoll(window, ns, 10_000), clock: new FakeClock().tab(), onNotifications: () => undefined });
    loop.start(['uuid-http']);
    await waitUntil(async () => (await stats(ns)).inFlight === 1, 'held', { timeout: 5000 });
    loop.stop();
    await waitUntil(async () => (await stats(ns)).inFlight === 0, 'released', { timeout: 5000 });
  });
});
