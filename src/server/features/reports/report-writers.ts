/**
 * The reports' fact writers (core/db/fact-writers.ts): each turns a conversation change into report
 * events and aggregate changes inside the change's own transaction. A batch of messages costs a few
 * statements whatever its size (see messagesStored).
 */
import type { FactWriters, TransactionFacts, TransactionHandle } from '../../core/db/fact-writers.js';
import { channelBusinessHours as channelHours, channelBusinessHoursOf as channelHoursOf, openMillisBetween, wallTime } from '../../domain/channels/index.js';
import type { BusinessHours } from '../../../protocol/business-hours.js';
import { deltasOf, ratingDeltas, type MissedKind, type ReportEventKind } from './report-events.js';
import { bump, conversationState, currentOperator, cycleStates, firstRating, insertConversation, markWaiting, saveCycleStates, setRate, storeEvent, storeEvents, type DailyDelta, type NewReportEvent } from './report-store.js';
import { applyComments, visitorOnlyFirsts } from './reply-cycles.js';

/** An event to record; its day and business-hours duration are worked out from the channel's schedule. */
interface Happening {
  sessionId: number | null;
  channelId: number;
  operatorId: number | null;
  kind: ReportEventKind;
  detail?: string;
  language?: string | null;
  at: number;
  /** When the measured span began; none for an event without a duration. */
  since?: number;
}

/** The local date of `at` in the channel's zone (UTC without business hours). */
export function dayOf(hours: BusinessHours | undefined, at: number): string {
  return wallTime(at, hours?.time_zone ?? 'UTC').date;
}

/** The part of [from, to) inside the channel's hours; all of it for a channel without hours (always open). */
export function businessMillis(hours: BusinessHours | undefined, from: number, to: number): number {
  return hours ? openMillisBetween(hours, from, to) : Math.max(0, to - from);
}

function eventOf(h: Happening, hours: BusinessHours | undefined): { event: NewReportEvent; deltas: DailyDelta[] } {
  const timed = h.since !== undefined;
  const event = {
    session_id: h.sessionId,
    channel_id: h.channelId,
    operator_id: h.operatorId ?? 0,
    kind: h.kind,
    detail: h.detail ?? null,
    language: h.language ?? null,
    at: h.at,
    day: dayOf(hours, h.at),
    wall_ms: timed ? Math.max(0, h.at - h.since!) : null,
    business_ms: timed ? businessMillis(hours, h.since!, h.at) : null,
  };
  return { event, deltas: deltasOf(event) };
}

async function record(db: TransactionHandle, h: Happening, known?: BusinessHours | null): Promise<void> {
  const hours = known === undefined ? await channelHours(db, h.channelId) : (known ?? undefined);
  const { event, deltas } = eventOf(h, hours);
  await storeEvent(db, event, deltas);
}

const missed = (kind: MissedKind) => ({ kind: 'missed' as const, detail: kind });

async function opened(db: TransactionHandle, { session }: TransactionFacts['conversation.opened']): Promise<void> {
  const base = { sessionId: session.id, channelId: session.channel_id, operatorId: session.operator_id, at: session.created_at };
  const queued = session.origin === 'chat' && session.operator_id === null;
  const hours = (await channelHours(db, session.channel_id)) ?? null;
  // `assigned`: an operator was available; `queued`: operators were online, all at capacity; `offline`: nobody.
  const detail = session.origin === 'offline' ? 'offline' : queued ? 'queued' : 'assigned';
  await record(db, { ...base, kind: 'created', detail, language: session.language }, hours);
  if (session.origin === 'offline') {
    await record(db, { ...base, ...missed('nobody_available') }, hours);
    return;
  }
  await insertConversation(db, { session_id: session.id, channel_id: session.channel_id, created_at: session.created_at, queued_at: queued ? session.created_at : null });
}

/**
 * Visitor and operator messages of a batch, written while the bus write's lock is held (PostgreSQL),
 * so in a few statements whatever the batch's size: conversations with visitor messages only take one
 * conditional UPDATE; those with an operator's message are read, their cycles worked out in order, and
 * written back with their events in three statements more.
 */
async function messagesStored(db: TransactionHandle, { messages }: TransactionFacts['messages.stored']): Promise<void> {
  const comments = messages.filter((m) => m.message_type === 'comment');
  const { firsts, answered } = visitorOnlyFirsts(comments);
  await markWaiting(db, firsts);
  if (answered.size === 0) return;
  const { changed, ends } = applyComments(await cycleStates(db, [...answered]), comments.filter((c) => answered.has(c.session_id)));
  await saveCycleStates(db, changed);
  if (ends.length === 0) return;
  const hours = await channelHoursOf(db, [...new Set(ends.map((e) => e.channelId))]);
  const happenings = ends.flatMap((e): Happening[] => {
    const base = { sessionId: e.sessionId, channelId: e.channelId, operatorId: e.operatorId, at: e.at, since: e.since };
    return e.first ? [{ ...base, kind: 'first_response' }, { ...base, kind: 'reply' }] : [{ ...base, kind: 'reply' }];
  });
  await storeEvents(db, happenings.map((h) => eventOf(h, hours.get(h.channelId))));
}

async function assigned(db: TransactionHandle, { session, fromOperatorId, at }: TransactionFacts['conversation.assigned']): Promise<void> {
  const state = await conversationState(db, session.id);
  if (!state) return;
  const base = { sessionId: session.id, channelId: session.channel_id, at };
  if (fromOperatorId !== null) {
    await record(db, { ...base, operatorId: fromOperatorId, kind: 'transfer', detail: String(session.operator_id) });
    return;
  }
  if (state.queued_at !== null) await record(db, { ...base, operatorId: session.operator_id, kind: 'queue_wait', since: Number(state.queued_at) });
}

async function resolved(db: TransactionHandle, { sessionId, closedAt }: TransactionFacts['conversation.resolved']): Promise<void> {
  const state = await conversationState(db, sessionId);
  if (!state) return;
  const operatorId = await currentOperator(db, sessionId);
  const hours = (await channelHours(db, state.channel_id)) ?? null;
  const base = { sessionId, channelId: state.channel_id, operatorId, at: closedAt };
  await record(db, { ...base, kind: 'resolved', since: Number(state.created_at) }, hours);
  if (operatorId === null) await record(db, { ...base, ...missed('nobody_available') }, hours);
  else if (state.first_visitor_at !== null && state.first_reply_at === null) await record(db, { ...base, ...missed('never_answered') }, hours);
}

async function rated(db: TransactionHandle, { rating }: TransactionFacts['conversation.rated']): Promise<void> {
  const state = await conversationState(db, rating.session_id);
  if (!state) return;
  const first = await firstRating(db, rating.session_id);
  const hours = await channelHours(db, state.channel_id);
  const day = dayOf(hours, rating.updated_at);
  const operatorId = first?.operator_id ?? (await currentOperator(db, rating.session_id)) ?? 0;
  const previous = first && state.rate !== null ? { rate: Number(state.rate), day: first.day } : undefined;
  const event = { session_id: rating.session_id, channel_id: state.channel_id, operator_id: operatorId, kind: 'rating', detail: String(rating.rate), language: null, at: rating.updated_at, day, wall_ms: null, business_ms: null };
  await storeEvent(db, event, []);
  for (const delta of ratingDeltas({ channel_id: state.channel_id, operator_id: operatorId }, previous, rating.rate, day)) await bump(db, delta);
  await setRate(db, rating.session_id, rating.rate, previous?.day ?? day);
}

async function refused(db: TransactionHandle, { channelId, at }: TransactionFacts['conversation.refused']): Promise<void> {
  await record(db, { sessionId: null, channelId, operatorId: null, at, ...missed('nobody_available') });
}

/** Registers the reports' writers; returns what removes them. */
export function registerReportWriters(facts: FactWriters): () => void {
  const off = [
    facts.on('conversation.opened', opened),
    facts.on('messages.stored', messagesStored),
    facts.on('conversation.assigned', assigned),
    facts.on('conversation.resolved', resolved),
    facts.on('conversation.rated', rated),
    facts.on('conversation.refused', refused),
  ];
  return () => off.forEach((o) => o());
}
