import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type { Database, MessageRow } from '../db/tables.js';
import type { BusWrite, BusWriteResult, OrderedWriteHooks } from './bus-write-types.js';
import type { Engine } from '../db/database.js';
import type { FactWriters, TransactionFacts } from '../db/fact-writers.js';
import { alreadyStored, byId, keyOf, messageValues, notificationValues, results, storedByKey, type MessageWrite } from './bus-write-row-store.js';
import { writePostgres } from './postgres-bus-write-store.js';

export { BUS_WRITE_LOCK, payloadTemplate } from './postgres-bus-write-store.js';
export type { BusWrite, BusWriteResult, OrderedWriteHooks } from './bus-write-types.js';

/**
 * Writes a batch of bus writes in one transaction so that notification ids become visible in id
 * order: "no commit-order gaps".
 *
 * With several writers on a sequence, a higher id can commit before a lower one; a poll that hands out
 * the higher id moves the client's `last` past the hole and the lower row is never delivered (Odoo's bus
 * lost notifications this way for years). Here every bus write runs in a transaction that first takes
 * a transaction-scoped advisory lock on PostgreSQL, so ids are drawn and committed by one writer at a
 * time, across every server process on the database; the lock is released only after the commit is
 * visible. SQLite already allows a single writer at a time (and Kysely keeps one connection), so the
 * same transaction gives the same order there.
 *
 * A chat message and its notifications share the transaction: a crash never leaves a message nobody
 * was told about. All messages of the batch go in one multi-row INSERT and all notifications in another,
 * so a batch costs the same few statements whatever its size. Ids are drawn in VALUES order on both
 * engines, so the rows sorted by id line up with the writes.
 *
 * A message write whose post key the conversation already has (a retry, on this process or another,
 * of a post whose answer was lost) stores nothing: its result is the stored message, and the other
 * writes of its batch are written as usual.
 */
export async function writeInOrder(db: Kysely<Database>, engine: Engine, writes: BusWrite[], hooks: OrderedWriteHooks = {}, facts?: FactWriters): Promise<BusWriteResult[]> {
  if (writes.length === 0) return [];
  if (engine === 'sqlite') return writeSqlite(db, writes, hooks, facts);
  if (!facts?.has('messages.stored') || !writes.some((w) => w.kind === 'message')) return writePostgres(db, writes, hooks);
  // The fact writers go after the bus statement: before it, their row locks would be held while the
  // batch waits for the bus lock, and a stalled process would block another process's retry of the
  // same conversation. After it, their statements are made while the bus lock is held.
  return db.transaction().execute(async (trx) => {
    const results = await writePostgres(trx, writes, hooks);
    // A message skipped for its stored key is answered with the stored row, whose time is the first attempt's.
    const fresh = writes.filter((w, i): w is MessageWrite => w.kind === 'message' && results[i]?.message?.created_at === w.now);
    if (fresh.length > 0) await facts.write(trx, 'messages.stored', { messages: storedFacts(fresh) });
    return results;
  });
}

/** What the `messages.stored` fact says of a batch's message writes. */
function storedFacts(writes: MessageWrite[]): TransactionFacts['messages.stored']['messages'] {
  return writes.map((w) => {
    const { session_id, author_operator_id, message_type, created_at } = messageValues(w);
    return { session_id, author_operator_id, message_type, created_at };
  });
}

/** SQLite: one transaction on the single connection; statements cost microseconds, so a lookup more is fine. */
async function writeSqlite(db: Kysely<Database>, writes: BusWrite[], hooks: OrderedWriteHooks, facts: FactWriters | undefined): Promise<BusWriteResult[]> {
  return db.transaction().execute(async (trx) => {
    const messageWrites = writes.filter((w): w is MessageWrite => w.kind === 'message');
    const messages = new Map<BusWrite, MessageRow>();
    // Read in the writing transaction: SQLite has one writer, so no other process stores a key meanwhile.
    const stored = await storedByKey(trx, messageWrites);
    const skipped = alreadyStored(messageWrites, stored);
    const fresh = messageWrites.filter((w) => !skipped.has(w));
    if (fresh.length > 0) {
      const rows = await trx.insertInto('message').values(fresh.map(messageValues)).returningAll().execute();
      rows.sort(byId).forEach((row, i) => {
        messages.set(fresh[i]!, row);
        const key = keyOf(fresh[i]!);
        if (key !== undefined) stored.set(key, row);
      });
    }
    if (fresh.length > 0 && facts?.has('messages.stored')) await facts.write(trx, 'messages.stored', { messages: storedFacts(fresh) });
    for (const w of skipped) messages.set(w, stored.get(keyOf(w as MessageWrite)!)!);
    const { owners, values } = notificationValues(writes, messages, skipped);
    const rows = values.length > 0 ? await trx.insertInto('bus_notification').values(values).returningAll().execute() : [];
    const delay = hooks.commitDelayMs?.() ?? 0;
    if (delay > 0) await sleep(delay);
    return results(writes, messages, owners, rows);
  });
}

/**
 * Whether a batch whose commit was never confirmed (the connection failed during or after COMMIT) is
 * stored, found through the post keys of its messages (every message write has one): the results of
 * the stored batch, or undefined when it is not stored, or has no message to tell by (notifications
 * alone are then written again: at-least-once). A message counts only if it is this write's own row
 * (same time), not one an earlier post with the key stored. The notifications are not read back:
 * they were announced at the commit.
 */
export async function committedBatch(db: Kysely<Database>, writes: BusWrite[]): Promise<BusWriteResult[] | undefined> {
  const messageWrites = writes.filter((w): w is MessageWrite => w.kind === 'message');
  if (messageWrites.length === 0 || messageWrites.some((w) => keyOf(w) === undefined)) return undefined;
  const stored = await storedByKey(db, messageWrites);
  if (!messageWrites.every((w) => stored.get(keyOf(w)!)?.created_at === w.now)) return undefined;
  return writes.map((w) => (w.kind === 'message' ? { message: stored.get(keyOf(w)!)!, notifications: [] } : { notifications: [] }));
}
