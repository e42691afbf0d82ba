/** The row-level parts shared by both engines' bus writers (core/bus/bus-write-store.ts). */
import type { Kysely, Transaction } from 'kysely';
import type { BusNotificationRow, Database, MessageRow } from '../db/tables.js';
import type { BusWrite, BusWriteResult } from './bus-write-types.js';

export type MessageWrite = Extract<BusWrite, { kind: 'message' }>;

export const byId = (a: { id: number }, b: { id: number }): number => Number(a.id) - Number(b.id);

/** The conversation and post key a message write is unique by; undefined without a key. */
export function keyOf(w: MessageWrite): string | undefined {
  const key = w.message.post_key;
  return key === null || key === undefined ? undefined : `${w.message.session_id}:${key}`;
}

/** The columns of a message write's row, all but its id. */
export function messageValues(w: MessageWrite): Omit<MessageRow, 'id'> {
  return {
    session_id: w.message.session_id,
    body: w.message.body,
    author_operator_id: w.message.author_operator_id,
    message_type: w.message.message_type ?? 'comment',
    created_at: w.now,
    post_key: w.message.post_key ?? null,
  };
}

export function messageRow(w: MessageWrite, id: number): MessageRow {
  return { id, ...messageValues(w) };
}

/**
 * The notification rows of a batch, each with the index of the write it belongs to. A message write in
 * `stored` found its message already there (a retry of a post whose key is stored): that message was
 * announced when it was stored, so it is not announced again.
 */
export function notificationValues(
  writes: BusWrite[],
  messages: Map<BusWrite, MessageRow>,
  stored: ReadonlySet<BusWrite> = new Set(),
): { owners: number[]; values: { channel: string; message: string; created_at: number }[] } {
  const owners: number[] = [];
  const values: { channel: string; message: string; created_at: number }[] = [];
  writes.forEach((w, i) => {
    const channels = [...new Set(w.channels)];
    if (channels.length === 0 || stored.has(w)) return;
    const text = JSON.stringify(w.kind === 'message' ? w.payload(messages.get(w)!) : w.payload);
    for (const channel of channels) {
      owners.push(i);
      values.push({ channel, message: text, created_at: w.now });
    }
  });
  return { owners, values };
}

export function results(writes: BusWrite[], messages: Map<BusWrite, MessageRow>, owners: number[], rows: BusNotificationRow[]): BusWriteResult[] {
  const out: BusWriteResult[] = writes.map((w) => ({ ...(messages.has(w) ? { message: messages.get(w)! } : {}), notifications: [] }));
  rows.sort(byId).forEach((row, k) => out[owners[k]!]!.notifications.push(row));
  return out;
}

/** The stored messages of the keyed `writes`, by {@link keyOf}. */
export async function storedByKey(db: Kysely<Database> | Transaction<Database>, writes: MessageWrite[]): Promise<Map<string, MessageRow>> {
  const keyed = writes.filter((w) => keyOf(w) !== undefined);
  if (keyed.length === 0) return new Map();
  const rows = await db
    .selectFrom('message')
    .selectAll()
    .where((eb) => eb.or(keyed.map((w) => eb.and([eb('session_id', '=', w.message.session_id), eb('post_key', '=', w.message.post_key!)]))))
    .execute();
  return new Map(rows.map((r) => [`${r.session_id}:${r.post_key}`, { ...r, id: Number(r.id) }]));
}

/**
 * The keyed message writes of a batch that must not be inserted: their key is already stored, or an
 * earlier write of the same batch carries it. Each gets the stored (or first) message as its answer.
 */
export function alreadyStored(writes: MessageWrite[], stored: Map<string, MessageRow>): Set<BusWrite> {
  const seen = new Set<string>();
  const out = new Set<BusWrite>();
  for (const w of writes) {
    const key = keyOf(w);
    if (key === undefined) continue;
    if (stored.has(key) || seen.has(key)) out.add(w);
    seen.add(key);
  }
  return out;
}
