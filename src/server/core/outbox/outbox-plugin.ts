import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { Outbox } from './outbox.js';
import { KyselyOutboxStore, type OutboxHandle } from './outbox-store.js';
import { outboxMetrics } from './outbox-metrics.js';
import { runPeriodically } from '../periodic.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Side effects performed at least once, with retries (core/outbox/outbox.ts). */
    outbox: Outbox;
  }
}

/** How often every process sweeps the outbox: retries that came due, claims a stopped process left. */
export const OUTBOX_SWEEP_MS = 60_000;
/** How long an attempt may run before a sweep presumes its process stopped and takes the row back. */
export const OUTBOX_LEASE_MS = 5 * 60_000;

/** Options of {@link outboxPlugin}: the database handle the outbox's table lives in. */
export interface OutboxPluginOptions {
  db: OutboxHandle;
}

/** Decorates `app.outbox`, sweeps once the server is ready and then every minute, and stops with the app. */
export const outboxPlugin = fp(
  async (app: FastifyInstance, opts: OutboxPluginOptions) => {
    const store = new KyselyOutboxStore(opts.db);
    const outbox = new Outbox({
      store,
      now: () => app.clock.now(),
      metrics: outboxMetrics(app.metrics.registry, () => store.counts()),
      log: app.log,
      leaseMs: OUTBOX_LEASE_MS,
      perSweep: 100,
    });
    app.decorate('outbox', outbox);
    runPeriodically(app, { name: 'outbox sweep', everyMs: OUTBOX_SWEEP_MS, run: () => outbox.sweep() });
  },
  { name: 'outbox', dependencies: ['clock'] },
);
