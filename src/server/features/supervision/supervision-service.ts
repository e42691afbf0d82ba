import type { FastifyInstance } from 'fastify';
import { BusChannel } from '../../../protocol/livechat.js';
import { statusAt } from '../../../protocol/conversation-status.js';
import { visitorLabel } from '../../../protocol/visitor-label.js';
import type { SupervisedPresence, SupervisedConversation, SupervisedOperator, SupervisionChangedPayload, SupervisionSnapshot } from '../../../protocol/console/supervision.js';
import { SUPERVISION_LIMITS } from '../../../protocol/console/supervision.js';
import { Coalescer, localGate } from '../../core/bus/coalescer.js';
import { RpcError } from '../../core/rpc/errors.js';
import type { OperatorRow } from '../../core/db/tables.js';
import { AWAY_AFTER_MS } from '../../core/bus/presence.js';
import { ONLINE_WINDOW_MS, operatorCapacity, operatorLoads, type LoadSubject } from '../../domain/channels/index.js';
import type { LiveConversation, MemberLoad, SupervisionStore } from './supervision-store.js';

/** The caller neither supervises the channel nor is an admin; an unknown channel reads the same. */
export class NotSupervisedError extends RpcError {
  constructor() {
    super('You do not supervise this channel', 'access_error', undefined, 'livechat.AccessError');
  }
}

/** Whether the operator may see the channel's supervision screen: an admin, or one of its supervisors. */
export async function maySupervise(app: FastifyInstance, operator: OperatorRow, channelId: number): Promise<boolean> {
  return Boolean(operator.is_admin) || app.store.roles.supervises(operator.id, channelId);
}

/** Online: logged in, seen lately, not away; away: logged in and seen but away or idle; offline otherwise. */
export function presenceOf(m: Pick<MemberLoad, 'away' | 'last_seen' | 'last_active' | 'has_web_session'>, now: number): SupervisedPresence {
  if (!m.has_web_session || m.last_seen === null || m.last_seen < now - ONLINE_WINDOW_MS) return 'offline';
  if (m.away !== 0 || (m.last_active !== null && m.last_active < now - AWAY_AFTER_MS)) return 'away';
  return 'online';
}

/** The visitor waits since the start while no operator wrote yet, then since its first message after the operator's last one. */
function waitingSince(c: LiveConversation): number | null {
  return c.last_answer_at === null ? c.created_at : c.first_unanswered_at;
}

function conversationOf(c: LiveConversation, now: number): SupervisedConversation {
  return {
    session_id: c.id,
    visitor_label: visitorLabel(c),
    operator: c.operator_id === null ? null : { id: c.operator_id, name: c.operator_name ?? '' },
    status: statusAt(c, now),
    created_at: c.created_at,
    waiting_since: waitingSince(c),
  };
}

/** One channel's supervision screen as of now. */
export async function snapshot(app: FastifyInstance, store: SupervisionStore, channelId: number): Promise<SupervisionSnapshot> {
  const now = app.clock.now();
  const live = await store.liveConversations(channelId, SUPERVISION_LIMITS.conversationsMax);
  const members = await store.members(channelId, now, SUPERVISION_LIMITS.operatorsMax);
  const measured: LoadSubject[] = [];
  for (const m of members) measured.push({ id: m.id, capacity: await operatorCapacity(app, channelId, m.id) });
  const loads = await operatorLoads(app.store, measured, now);
  const operators: SupervisedOperator[] = members.map((m, i) => {
    const capacity = measured[i]?.capacity ?? null;
    return { id: m.id, name: m.display_name, role: m.role, presence: presenceOf(m, now), load: loads.get(m.id) ?? 0, capacity };
  });
  return { channel_id: channelId, conversations: live.map((c) => conversationOf(c, now)), operators, now };
}

/** Tells the channel's supervisors and the admins, on their own channels, that its screen changed. */
export async function announceChange(app: FastifyInstance, store: SupervisionStore, channelId: number): Promise<void> {
  const ids = await store.watchers(channelId);
  if (ids.length === 0) return;
  const payload: SupervisionChangedPayload = { info: 'supervision_changed', channel_id: channelId };
  await app.bus.publish(ids.map((id) => BusChannel.operator(id)), payload);
}

/** The least time between two announcements of one channel. */
export const ANNOUNCE_GAP_MS = 500;

/**
 * Every event that changes what a supervision screen shows announces its channel. A busy channel posts
 * many messages a second: the first change goes out at once, later ones within the gap go out as one when
 * it ends (the screen reads again at most every 2 s anyway). The wait is a timer, not part of the
 * listener, so no event or shutdown waits for it; closing the app drops an announcement still waiting.
 */
export function listenForChanges(app: FastifyInstance, store: SupervisionStore): void {
  const announcements = new Coalescer<number>(
    localGate(ANNOUNCE_GAP_MS),
    (_key, channelId) => announceChange(app, store, channelId),
    (err) => app.log.warn({ err }, 'a supervision notice could not be published'),
  );
  const announce = ({ channelId }: { channelId: number }) => announcements.offer(String(channelId), channelId);
  app.events.on('conversation.created', announce);
  app.events.on('conversation.assigned', announce);
  app.events.on('conversation.closed', announce);
  app.events.on('message.posted', announce);
  app.addHook('onClose', async () => announcements.close());
}
