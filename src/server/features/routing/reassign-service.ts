import type { FastifyInstance } from 'fastify';
import type { VisitorSessionRow } from '../../core/db/tables.js';
import { onlineOperators, pickOperator } from '../../domain/channels/index.js';
import { assignConversation } from '../../domain/conversations/index.js';
import type { RoutingStore } from './routing-store.js';

/** Bounds of the reassignment sweep (README "Routing and capacity"). */
export const REASSIGN_LIMITS = {
  /** Conversations older than this are left where they are (a long outage, an upgrade). */
  lookbackMs: 24 * 3600_000,
  /** Conversations one sweep moves at most; the next sweep takes the rest. */
  perSweep: 100,
} as const;

/**
 * Moves unanswered conversations on (issue 26): a live chat whose visitor wrote and that nobody answered
 * within the channel's delay goes to the next operator by the routing rule, never to one it already went
 * to; when nobody else is available it stays, and the next sweep tries again. The delay counts from the
 * visitor's first message, then from each hand-over.
 *
 * Several processes may sweep at once: the target is claimed (recorded) before the move, so a process
 * reading the conversation after it sees the delay start again and another aiming at the same operator
 * stops; the move itself is assignConversation's conditional write, which only one process wins; a lost
 * move takes its claim back.
 */
export class ReassignService {
  #running: Promise<number> = Promise.resolve(0);

  constructor(
    private readonly app: FastifyInstance,
    private readonly store: RoutingStore,
  ) {}

  /** Moves every due conversation; how many moved. Runs one at a time in this process. */
  reassignDue(): Promise<number> {
    const run = this.#running.then(
      () => this.#sweep(),
      () => this.#sweep(),
    );
    this.#running = run.catch(() => 0);
    return run;
  }

  async #sweep(): Promise<number> {
    const now = this.app.clock.now();
    let moved = 0;
    for (const session of await this.store.due(now, now - REASSIGN_LIMITS.lookbackMs, REASSIGN_LIMITS.perSweep)) {
      if (await this.#moveOn(session, now)) moved++;
    }
    return moved;
  }

  async #moveOn(session: VisitorSessionRow, now: number): Promise<boolean> {
    const from = session.operator_id;
    if (from === null) return false;
    const exclude = new Set([from, ...(await this.store.assignedOperators(session.id))]);
    const next = pickOperator(await onlineOperators(this.app.store, session.channel_id, now), { exclude, language: session.language ?? undefined });
    const to = next && (await this.app.store.getOperator(next.id));
    if (!to) return false;
    // Answered, closed or claimed by another process since the sweep read it: it stays.
    if ((await this.store.due(now, now - REASSIGN_LIMITS.lookbackMs, 1, session.id)).length === 0) return false;
    await this.store.claim(session.id, from, session.created_at);
    // `to` was not recorded when read: a record now is another process moving it there.
    if (!(await this.store.claim(session.id, to.id, now))) return false;
    const done = await assignConversation(this.app, session, to, { reason: 'reassigned', byOperatorId: null });
    if (!done) await this.store.forget(session.id, to.id, now);
    return done !== undefined;
  }
}
