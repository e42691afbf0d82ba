import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { RetentionQueries, type PurgeCounts } from './retention-store.js';
import { pruneUsage } from '../../domain/attachments/index.js';

const DAY_MS = 86_400_000;

/** Conversations deleted per transaction: short enough that chats writing beside the job never wait long. */
export const RETENTION_BATCH = 100;

/** The retention job (README "Retention"). */
export interface RetentionJob {
  /** Runs the job now (after a run already under way); what it deleted. */
  runOnce(): Promise<PurgeCounts>;
}

declare module 'fastify' {
  interface FastifyInstance {
    retention: RetentionJob;
  }
}

/** Options of {@link retentionPlugin}. */
export interface RetentionOptions {
  /** The server's ceiling in days (RETENTION_DAYS); undefined: each channel decides alone. */
  ceilingDays: number | undefined;
}

/** Days a channel keeps ended conversations: the shorter of its own setting and the server's ceiling. */
export function retentionDaysOf(channelDays: number | null, ceilingDays: number | undefined): number | undefined {
  if (channelDays === null) return ceilingDays;
  return ceilingDays === undefined ? channelDays : Math.min(channelDays, ceilingDays);
}

const yieldToOthers = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Deletes ended conversations past their retention once at start-up and then every day, a batch of
 * {@link RETENTION_BATCH} per transaction with a pause between batches, on the app's clock (tests move it).
 * The statistics keep their counts (retention/retention-store.ts). Also forgets ended days' upload tallies.
 */
export const retentionPlugin = fp(
  async (app: FastifyInstance, opts: RetentionOptions) => {
    const retention = new RetentionQueries(app.database.db);
    const purgeChannel = async (channelId: number, endedBefore: number, total: PurgeCounts): Promise<void> => {
      for (;;) {
        const batch = await retention.purgeEnded(channelId, endedBefore, RETENTION_BATCH);
        total.conversations += batch.conversations;
        total.attachments += batch.attachments;
        total.bytes += batch.bytes;
        app.metrics.retentionDeleted.conversations.inc(batch.conversations);
        app.metrics.retentionDeleted.attachments.inc(batch.attachments);
        app.metrics.retentionDeleted.bytes.inc(batch.bytes);
        if (batch.conversations < RETENTION_BATCH) return;
        await yieldToOthers();
      }
    };
    const purge = async (): Promise<PurgeCounts> => {
      const now = app.clock.now();
      const total: PurgeCounts = { conversations: 0, attachments: 0, bytes: 0 };
      for (const channel of await app.store.listChannels()) {
        const days = retentionDaysOf(channel.retention_days, opts.ceilingDays);
        if (days !== undefined) await purgeChannel(channel.id, now - days * DAY_MS, total);
      }
      await pruneUsage(app);
      if (total.conversations > 0) app.log.info(total, 'retention: deleted ended conversations past their retention');
      return total;
    };
    let running: Promise<unknown> = Promise.resolve();
    const runOnce = (): Promise<PurgeCounts> => {
      const run = running.then(purge, purge);
      running = run.catch(() => undefined);
      return run;
    };
    app.decorate('retention', { runOnce });
    const runLogged = () => void runOnce().catch((err: unknown) => app.log.error({ err }, 'retention: the job failed; it runs again tomorrow'));
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      runLogged();
      timer = setInterval(runLogged, DAY_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'retention', dependencies: ['store', 'clock', 'metrics'] },
);
