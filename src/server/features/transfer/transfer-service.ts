import type { FastifyInstance } from 'fastify';
import { isLiveChat, type ChatSessionRow, type OperatorRow } from '../../core/db/tables.js';
import { InvalidParamError } from '../../core/rpc/errors.js';
import { toId, toOptionalId } from '../../core/schemas/params.js';
import { ConversationNotFoundError, assignConversation, mayRead } from '../../domain/conversations/index.js';
import { ONLINE_WINDOW_MS, atCapacity, hasFreeCapacity, onlineOperators, operatorCapacity, operatorLoads, pickOperator, type LoadSubject } from '../../domain/channels/index.js';
import { TRANSFER_LIMITS, type ConversationParticipants, type ParticipantsResult, type TargetPresence, type TransferResult, type TransferTargets } from '../../../protocol/console/transfer.js';
import type { InviteParams, TransferParams } from '../../../protocol/schemas/transfer.js';
import { TransferRefusedError } from './transfer-errors.js';
import type { TransferStore } from './transfer-store.js';

declare module '../../core/events.js' {
  interface DomainEvents {
    /** An operator was invited into a conversation beside its operator. */
    'conversation.participant_joined': { sessionId: number; channelId: number; operatorId: number; byOperatorId: number };
    /** An invited operator left a conversation (its operator stays). */
    'conversation.participant_left': { sessionId: number; channelId: number; operatorId: number };
  }
}

/** The note as stored: trimmed, none when empty. */
function noteOf(raw: string | null | false | undefined): string | null {
  const note = typeof raw === 'string' ? raw.trim() : '';
  return note === '' ? null : note;
}

/** Transfer, invite and leave: the rules, over the domain's one way a conversation changes hands. */
export class TransferService {
  constructor(
    private readonly app: FastifyInstance,
    private readonly store: TransferStore,
  ) {}

  /** The open live chat the operator may act in; anything else reads as unknown, or closed when it is. */
  async conversation(operator: OperatorRow, sessionId: number | string): Promise<ChatSessionRow> {
    const session = await this.app.store.getVisitorSession(toId(sessionId));
    if (!session || !isLiveChat(session) || !(await mayRead(this.app.store, operator, session))) throw new ConversationNotFoundError();
    if (session.closed_at !== null) throw new TransferRefusedError('closed');
    return session;
  }

  /** Who holds a conversation the operator may read, open or closed, and who was invited beside them. */
  async participants(operator: OperatorRow, sessionId: number | string): Promise<ConversationParticipants> {
    const session = await this.app.store.getVisitorSession(toId(sessionId));
    if (!session || !isLiveChat(session) || !(await mayRead(this.app.store, operator, session))) throw new ConversationNotFoundError();
    const invited = (await this.app.store.participants.list(session.id)).filter((id) => id !== session.operator_id);
    const [holder] = session.operator_id === null ? [] : await this.#named([session.operator_id]);
    return { session_id: session.id, holder: holder ?? null, participants: await this.#named(invited) };
  }

  /** The channel's active operators (those with access to its conversations). */
  async #members(channelId: number): Promise<OperatorRow[]> {
    const out: OperatorRow[] = [];
    for (const id of await this.app.store.channelOperatorIds(channelId)) {
      const row = await this.app.store.getOperator(id);
      if (row && row.archived_at === null) out.push(row);
    }
    return out;
  }

  /** The channels the operator may see: its own, every one for an admin. */
  async #visibleChannelIds(operator: OperatorRow): Promise<number[]> {
    if (operator.is_admin) return (await this.app.store.listChannels()).map((c) => c.id);
    return this.app.store.operatorChannelIds(operator.id);
  }

  async #named(ids: readonly number[]): Promise<{ id: number; name: string }[]> {
    const out: { id: number; name: string }[] = [];
    for (const id of ids) {
      const row = await this.app.store.getOperator(id);
      if (row) out.push({ id, name: row.display_name });
    }
    return out;
  }

  async targets(operator: OperatorRow, session: ChatSessionRow): Promise<TransferTargets> {
    const now = this.app.clock.now();
    const members = (await this.#members(session.channel_id)).filter((m) => m.id !== operator.id);
    const online = new Set((await onlineOperators(this.app.store, session.channel_id, now)).map((o) => o.id));
    const participants = await this.app.store.participants.list(session.id);
    const presenceOf = (m: OperatorRow): TargetPresence => (online.has(m.id) ? 'online' : m.last_seen !== null && m.last_seen >= now - ONLINE_WINDOW_MS ? 'away' : 'offline');
    const measured: LoadSubject[] = [];
    for (const m of members) measured.push({ id: m.id, capacity: await operatorCapacity(this.app, session.channel_id, m.id) });
    const loads = await operatorLoads(this.app.store, measured, now);
    const operators = members.map((m, i) => ({
      id: m.id,
      name: m.display_name,
      presence: presenceOf(m),
      load: loads.get(m.id) ?? 0,
      capacity: measured[i]?.capacity ?? null,
      in_conversation: m.id === session.operator_id || participants.includes(m.id),
    }));
    const channels = [];
    for (const id of await this.#visibleChannelIds(operator)) {
      if (id === session.channel_id) continue;
      const channel = await this.app.store.getChannel(id);
      if (channel) channels.push({ id, name: channel.name, available: (await this.#candidates(id, session.operator_id)).length > 0 });
    }
    return { operators, channels, participants: await this.#named(participants) };
  }

  /** Who in the channel could take the conversation now: online, not its operator, below capacity. */
  async #candidates(channelId: number, exceptId: number) {
    return (await onlineOperators(this.app.store, channelId, this.app.clock.now())).filter((o) => o.id !== exceptId && hasFreeCapacity(o));
  }

  async transfer(operator: OperatorRow, params: TransferParams): Promise<TransferResult> {
    const toOperatorId = toOptionalId(params.operator_id);
    const toChannelId = toOptionalId(params.channel_id);
    if ((toOperatorId === undefined) === (toChannelId === undefined)) throw new InvalidParamError('give either operator_id or channel_id');
    const session = await this.conversation(operator, params.session_id);
    const change = { reason: 'transferred' as const, byOperatorId: operator.id, note: noteOf(params.note) };
    if (toOperatorId !== undefined) {
      const target = (await this.#members(session.channel_id)).find((m) => m.id === toOperatorId);
      if (!target) throw new TransferRefusedError('no_access');
      if (target.id === session.operator_id) throw new TransferRefusedError('same_operator');
      const capacity = await operatorCapacity(this.app, session.channel_id, target.id);
      const load = (await operatorLoads(this.app.store, [{ id: target.id, capacity }], this.app.clock.now())).get(target.id) ?? 0;
      if (params.confirm !== true && atCapacity(load, capacity)) throw new TransferRefusedError('at_capacity');
      const moved = await assignConversation(this.app, session, target, change);
      if (!moved) throw new TransferRefusedError('moved');
      return { session_id: moved.id, operator_id: target.id, operator_name: target.display_name, channel_id: moved.channel_id };
    }
    const channelId = toChannelId as number;
    if (!(await this.#visibleChannelIds(operator)).includes(channelId) || !(await this.app.store.getChannel(channelId))) throw new TransferRefusedError('no_access');
    const chosen = pickOperator(await this.#candidates(channelId, session.operator_id), undefined);
    const target = chosen && (await this.app.store.getOperator(chosen.id));
    if (!target) throw new TransferRefusedError('nobody_available');
    const sameChannel = channelId === session.channel_id;
    if (!sameChannel && !(await this.store.moveChannel(session.id, session.channel_id, channelId, session.operator_id))) throw new TransferRefusedError('moved');
    const moved = await assignConversation(this.app, { ...session, channel_id: channelId }, target, change);
    if (!moved) {
      if (!sameChannel) await this.store.moveChannel(session.id, channelId, session.channel_id, session.operator_id);
      throw new TransferRefusedError('moved');
    }
    return { session_id: moved.id, operator_id: target.id, operator_name: target.display_name, channel_id: moved.channel_id };
  }

  async invite(operator: OperatorRow, params: InviteParams): Promise<ParticipantsResult> {
    const session = await this.conversation(operator, params.session_id);
    const target = (await this.#members(session.channel_id)).find((m) => m.id === toId(params.operator_id));
    if (!target) throw new TransferRefusedError('no_access');
    const participants = await this.app.store.participants.list(session.id);
    if (target.id === session.operator_id || participants.includes(target.id)) throw new TransferRefusedError('already_in');
    if (participants.length >= TRANSFER_LIMITS.participantsMax) throw new TransferRefusedError('too_many');
    if (!(await this.app.store.participants.add(session.id, target.id, operator.id, this.app.clock.now()))) throw new TransferRefusedError('already_in');
    this.app.events.emit('conversation.participant_joined', { sessionId: session.id, channelId: session.channel_id, operatorId: target.id, byOperatorId: operator.id });
    return { session_id: session.id, participants: await this.#named(await this.app.store.participants.list(session.id)) };
  }

  /**
   * The caller leaves: an invited operator simply goes; the conversation's own operator hands it to the
   * first remaining participant. Refused when nobody else would remain.
   */
  async leave(operator: OperatorRow, sessionId: number | string): Promise<ParticipantsResult> {
    const session = await this.conversation(operator, sessionId);
    const participants = await this.app.store.participants.list(session.id);
    if (participants.includes(operator.id)) {
      if (await this.app.store.participants.remove(session.id, operator.id)) {
        this.app.events.emit('conversation.participant_left', { sessionId: session.id, channelId: session.channel_id, operatorId: operator.id });
      }
      return { session_id: session.id, participants: await this.#named(participants.filter((id) => id !== operator.id)) };
    }
    if (session.operator_id !== operator.id) throw new TransferRefusedError('not_in');
    let next: OperatorRow | undefined;
    for (const id of participants) {
      next = await this.app.store.getOperator(id);
      if (next && next.archived_at === null) break;
    }
    if (!next || next.archived_at !== null) throw new TransferRefusedError('alone');
    const moved = await assignConversation(this.app, session, next, { reason: 'transferred', byOperatorId: operator.id });
    if (!moved) throw new TransferRefusedError('moved');
    return { session_id: session.id, participants: await this.#named(participants.filter((id) => id !== next.id)) };
  }
}
