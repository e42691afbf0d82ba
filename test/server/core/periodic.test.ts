import { it } from 'node:test';
import assert from 'node:assert/strict';
import Fastify from 'fastify';
import { runPeriodically } from '../../../src/server/core/periodic.js';

it('runs a job when the app is ready, never twice at once, logs a failure and waits for a run under way on close', async () => {
  const logged: string[] = [];
  const app = Fastify({ logger: false });
  app.log.error = ((_obj: unknown, msg: string) => void logged.push(msg)) as typeof app.log.error;
  let runs = 0;
  let release!: () => void;
  const events: string[] = [];
  runPeriodically(app, {
    name: 'test job',
    everyMs: 5,
    run: async () => {
      runs += 1;
      if (runs === 1) throw new Error('boom');
      await new Promise<void>((resolve) => (release = resolve));
      events.push('finished');
    },
    beforeStop: () => events.push('stopping'),
  });
  await app.ready();
  await new Promise((r) => setTimeout(r, 60));
  assert.deepEqual(logged, ['test job failed']);
  // The second run is still waiting: the timer fired many times meanwhile, but no run started beside it.
  assert.equal(runs, 2);
  const closed = app.close();
  await new Promise((r) => setTimeout(r, 10));
  assert.deepEqual(events, ['stopping']);
  release();
  await closed;
  assert.deepEqual(events, ['stopping', 'finished']);
  await new Promise((r) => setTimeout(r, 20));
  assert.equal(runs, 2);
});
