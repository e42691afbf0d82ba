/**
 * The busiest hours' aggregate (migration 0030), kept up inside the transaction that creates each
 * conversation: one upsert per conversation, in the channel's zone (UTC without business hours).
 */
import type { FactWriters, TransactionFacts, TransactionHandle } from '../../core/db/fact-writers.js';
import { channelBusinessHours, wallTime } from '../../domain/channels/index.js';
import { bumpHour } from './breakdown-store.js';

/** The local day and hour of `at` in `zone`, daylight-saving changes included. */
export function localHour(at: number, zone: string): { day: string; hour: number } {
  const wall = wallTime(at, zone);
  return { day: wall.date, hour: Math.floor(wall.minute / 60) };
}

async function opened(db: TransactionHandle, { session }: TransactionFacts['conversation.opened']): Promise<void> {
  const hours = await channelBusinessHours(db, session.channel_id);
  const at = localHour(session.created_at, hours?.time_zone ?? 'UTC');
  await bumpHour(db, { channel_id: session.channel_id, operator_id: session.operator_id ?? 0, metric: 'conversations', ...at });
}

/** Registers the busiest hours' writer; returns what removes it. */
export function registerHourlyWriters(facts: FactWriters): () => void {
  return facts.on('conversation.opened', opened);
}
