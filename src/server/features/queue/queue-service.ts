import type { FastifyInstance } from 'fastify';
import { BusChannel } from '../../../protocol/livechat.js';
import type { QueueChangedPayload, QueueLeftPayload, QueuePlace, QueuePositionPayload } from '../../../protocol/queue.js';
import type { ChannelRow, OperatorRow, QueuedChatRow, VisitorSessionRow } from '../../core/db/tables.js';
import { onlineOperators, pickOperator } from '../../domain/channels/index.js';
import { assignConversation, type AssignmentReason } from '../../domain/conversations/index.js';
import type { KyselyQueueStore } from './queue-store.js';

/** Recent pick-ups the expected wait is drawn from, and how far back they may be. */
export const WAIT_SAMPLE = 10;
export const WAIT_HISTORY_MS = 24 * 3600_000;
/** How long one process may hold a channel's hand-out before another may take over. */
export const DISPATCH_LEASE_MS = 15_000;
/** A claim older than this whose conversation still has no operator goes back in line. */
export const STALE_CLAIM_MS = 30_000;

/** The queue's operations, shared by the waiting room, the routes, the event handlers and the sweep. */
export class QueueService {
  constructor(
    private readonly app: FastifyInstance,
    private readonly store: KyselyQueueStore,
  ) {}

  /** How long one place of the channel's queue has lately taken (the mean over recent pick-ups); null without history. */
  async waitPerPlace(channelId: number): Promise<number | null> {
    const waits = await this.store.recentWaitsPerPlace(channelId, this.app.clock.now() - WAIT_HISTORY_MS, WAIT_SAMPLE);
    return waits.length === 0 ? null : waits.reduce((a, b) => a + b, 0) / waits.length;
  }

  /** The place `position` of the channel's queue, with its expected wait. */
  async place(channelId: number, position: number, perPlace?: number | null): Promise<QueuePlace> {
    const each = perPlace === undefined ? await this.waitPerPlace(channelId) : perPlace;
    return { position, expected_wait_ms: each === null ? null : Math.round(position * each) };
  }

  /**
   * Queues a new conversation when the channel's queue has room (under concurrent arrivals on several
   * processes the limit may be passed by those arriving in the same instant). A slot freed meanwhile is
   * filled by the next close, assignment or sweep.
   */
  async admit(channel: ChannelRow, open: () => Promise<VisitorSessionRow>): Promise<{ session: VisitorSessionRow; place: QueuePlace } | undefined> {
    const before = await this.store.count(channel.id);
    if (before >= channel.queue_limit) return undefined;
    const session = await open();
    await this.store.enqueue(session.id, channel.id, before + 1, this.app.clock.now());
    const position = (await this.store.positionOf(session.id)) ?? before + 1;
    await this.tellOperators(channel.id);
    return { session, place: await this.place(channel.id, position) };
  }

  /** A waiting conversation's place; undefined when it is not waiting. */
  async placeOf(session: QueuedChatRow): Promise<QueuePlace | undefined> {
    const position = await this.store.positionOf(session.id);
    if (position === undefined) return undefined;
    return this.place(session.channel_id, position);
  }

  /**
   * Hands a waiting conversation to `to`: the claim on its entry lets one call on one process win, and
   * the conditional assignment keeps it so. False when it was no longer waiting.
   */
  async handOut(sessionId: number, to: Pick<OperatorRow, 'id'>, reason: AssignmentReason, byOperatorId: number | null): Promise<boolean> {
    if (!(await this.store.claim(sessionId, this.app.clock.now()))) return false;
    const session = await this.app.store.getVisitorSession(sessionId);
    const operator = await this.app.store.getOperator(to.id);
    const moved = session && operator ? await assignConversation(this.app, session, operator, { reason, byOperatorId }) : undefined;
    if (!moved || !operator) {
      if (session && session.closed_at === null && session.operator_id === null) await this.store.unclaim(sessionId);
      else await this.store.remove(sessionId);
      return false;
    }
    const left: QueueLeftPayload = { info: 'queue_left', operator_pid: [operator.id, operator.display_name] };
    await this.app.bus.publish([BusChannel.visitor(moved.uuid)], left);
    return true;
  }

  /**
   * Hands the channel's queue out, head first, while an online operator has room (the routing rule
   * chooses whom); then tells everyone still waiting where they stand. One process at a time per channel.
   */
  async dispatch(channelId: number): Promise<number> {
    const now = this.app.clock.now();
    if (!(await this.store.lease(channelId, now, DISPATCH_LEASE_MS))) return 0;
    let handed = 0;
    try {
      const channel = await this.app.store.getChannel(channelId);
      // Each turn hands one out or stops; the queue's limit bounds the turns.
      for (let turn = 0; channel && turn <= channel.queue_limit; turn += 1) {
        const head = (await this.store.waiting([channelId], 1))[0];
        if (!head) break;
        const operator = pickOperator(await onlineOperators(this.app.store, channelId, this.app.clock.now()));
        if (!operator) break;
        if (await this.handOut(head.session_id, operator, 'dequeued', null)) handed += 1;
      }
    } finally {
      await this.store.release(channelId);
    }
    if (handed > 0) await this.queueMoved(channelId);
    return handed;
  }

  /** After a departure: every visitor still waiting hears their place (one payload each), the operators re-read the list. */
  async queueMoved(channelId: number): Promise<void> {
    const waiting = await this.store.waiting([channelId]);
    const perPlace = await this.waitPerPlace(channelId);
    // Submitted together, the bus commits them in a few batched transactions instead of one per visitor.
    await Promise.all(
      waiting.map(async (w, i) => {
        const payload: QueuePositionPayload = { info: 'queue_position', ...(await this.place(channelId, i + 1, perPlace)) };
        await this.app.bus.publish([BusChannel.visitor(w.uuid)], payload);
      }),
    );
    await this.tellOperators(channelId);
  }

  /** Tells the channel's operators that its queue changed. */
  async tellOperators(channelId: number): Promise<void> {
    const ids = await this.app.store.channelOperatorIds(channelId);
    if (ids.length === 0) return;
    const payload: QueueChangedPayload = { info: 'queue_changed', channel_id: channelId };
    await this.app.bus.publish(ids.map((id) => BusChannel.operator(id)), payload);
  }

  /** The safety net: claims left halfway go back in line, every channel with a queue is handed out, old pick-ups are forgotten. */
  async sweep(): Promise<void> {
    const now = this.app.clock.now();
    for (const channelId of await this.store.releaseStaleClaims(now - STALE_CLAIM_MS)) await this.queueMoved(channelId);
    for (const channelId of await this.store.channelsWithWaiting()) await this.dispatch(channelId);
    await this.store.prune(now - WAIT_HISTORY_MS);
  }
}
