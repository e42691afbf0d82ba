import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { runPeriodically } from '../../core/periodic.js';
import { queueRoutes } from './queue-routes.js';
import { QueueService } from './queue-service.js';
import { KyselyQueueStore } from './queue-store.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The queue: `dispatch` hands a channel's queue out, `sweep` is the periodic safety net (tests call both). */
    queue: { dispatch(channelId: number): Promise<number>; sweep(): Promise<void> };
  }
}

/** How often the sweep runs: an operator who came online or went back to available takes the queue's head within it. */
export const QUEUE_SWEEP_MS = 10_000;

/**
 * The visible queue (issue 26): the waiting room get_session asks when every online operator is at
 * capacity, the console's list and "take", the hand-out of the head when a slot frees (a conversation
 * closed or moved away), and the sweep.
 */
export const queueFeature = fp(
  async (app: FastifyInstance) => {
    const store = new KyselyQueueStore(app.database.db);
    const service = new QueueService(app, store);
    app.waitingRoom.current = {
      admit: (channel, open) => service.admit(channel, open),
      hasWaiting: async (channelId) => (await store.count(channelId)) > 0,
      placeOf: (session) => service.placeOf(session),
    };
    // A full queue closes the channel to newcomers like business hours do: init says unavailable, so the
    // button goes (SPEC.md §8) or the offline form shows when the channel has it.
    app.availability.gates.add(async (channelId) => ((await store.full(channelId)) ? { open: false } : { open: true }));
    app.decorate('queue', { dispatch: (channelId: number) => service.dispatch(channelId), sweep: () => service.sweep() });
    await app.register(queueRoutes, { store, service });
    // A closed conversation either leaves the queue, or frees its operator's slot in each of their channels.
    app.events.on('conversation.closed', async ({ sessionId, channelId }) => {
      if (await store.remove(sessionId)) return service.queueMoved(channelId);
      const session = await app.store.getVisitorSession(sessionId);
      if (session?.operator_id != null) await dispatchFreed(app, service, store, session.operator_id);
    });
    // A newcomer queued behind others while a slot was free: the head takes that slot now.
    app.events.on('conversation.created', async ({ channelId, origin, operatorId }) => {
      if (origin === 'chat' && operatorId === null) await service.dispatch(channelId);
    });
    app.events.on('conversation.assigned', async ({ fromOperatorId }) => {
      if (fromOperatorId !== null) await dispatchFreed(app, service, store, fromOperatorId);
    });
    runPeriodically(app, { name: 'queue sweep', everyMs: QUEUE_SWEEP_MS, run: () => service.sweep() });
  },
  { name: 'queue-feature', dependencies: ['waiting-room'] },
);

/** An operator's slot freed: each of their channels with a queue hands out its head. */
async function dispatchFreed(app: FastifyInstance, service: QueueService, store: KyselyQueueStore, operatorId: number): Promise<void> {
  const theirs = new Set(await app.store.operatorChannelIds(operatorId));
  for (const channelId of await store.channelsWithWaiting()) if (theirs.has(channelId)) await service.dispatch(channelId);
}
