import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { runPeriodically } from '../../core/periodic.js';
import { statusRoutes } from './status-routes.js';
import { publishStatus, wakeExpired } from './status-service.js';
import { KyselyStatusStore } from './status-store.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Conversation statuses: `wakeExpired()` opens the snoozes whose time has come (the sweep's run; tests). */
    conversationStatuses: { wakeExpired(): Promise<number> };
  }
}

/** How often snoozes that ran out are opened and announced (a list shows them open at once anyway). */
export const SNOOZE_SWEEP_MS = 30_000;

/**
 * Statuses (issue 25): `set_status`, a visitor's message opening a waiting or snoozed conversation again
 * (listening to `message.posted`), and the sweep that opens snoozes whose time has come and tells the
 * operators, so their lists follow live.
 */
export const statusesFeature = fp(
  async (app: FastifyInstance) => {
    const store = new KyselyStatusStore(app.database.db);
    app.decorate('conversationStatuses', { wakeExpired: () => wakeExpired(app, store) });
    await app.register(statusRoutes, { store });
    app.events.on('message.posted', async ({ sessionId, channelId, author, status }) => {
      if (author !== 'visitor' || status === 'open' || !(await store.reopen(sessionId))) return;
      const session = await app.store.getVisitorSession(sessionId);
      await publishStatus(app, { id: sessionId, channel_id: channelId, operator_id: session?.operator_id ?? null }, 'open', null);
    });
    runPeriodically(app, {
      name: 'snooze sweep',
      everyMs: SNOOZE_SWEEP_MS,
      run: async () => {
        await wakeExpired(app, store);
      },
    });
  },
  { name: 'statuses-feature' },
);
