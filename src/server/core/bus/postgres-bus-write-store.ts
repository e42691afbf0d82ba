import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database, BusNotificationRow, MessageRow } from '../db/tables.js';
import type { BusWrite, BusWriteResult, OrderedWriteHooks } from './bus-write-types.js';
import { keyOf, messageRow, notificationValues, results, storedByKey, type MessageWrite } from './bus-write-row-store.js';
import { packChannels } from './notify-payload.js';
import { BUS_NOTIFY_CHANNEL } from './pg-listener.js';

/** Advisory lock key that orders bus writes on PostgreSQL ("lcbus" in ASCII). */
export const BUS_WRITE_LOCK = 0x6c63627573;

/** Two ids no real message has, as long as each other, differing in every digit (below 2^53). */
const PROBE_IDS = [1111111111111111, 2222222222222222] as const;

/**
 * A message payload's JSON text cut where the message id goes, so PostgreSQL can complete it with the
 * id it draws (`array_to_string(parts, id)`). Found by rendering the payload with two probe ids and
 * keeping the places where the texts differ; undefined when the payload uses its id in any other way
 * (the caller then draws the ids first, one round trip more).
 */
export function payloadTemplate(render: (id: number) => unknown): string[] | undefined {
  const [a, b] = PROBE_IDS.map((id) => JSON.stringify(render(id)));
  if (a === undefined || b === undefined || a.length !== b.length) return undefined;
  const [probeA, probeB] = PROBE_IDS.map(String) as [string, string];
  const parts: string[] = [];
  let from = 0;
  let i = 0;
  while (i < a.length) {
    if (a[i] === b[i]) {
      i += 1;
      continue;
    }
    if (a.slice(i, i + probeA.length) !== probeA || b.slice(i, i + probeB.length) !== probeB) return undefined;
    parts.push(a.slice(from, i));
    i += probeA.length;
    from = i;
  }
  parts.push(a.slice(from));
  return parts.join(probeB) === b ? parts : undefined;
}

/**
 * PostgreSQL: every round trip made while holding the advisory lock delays every writer of every
 * process, and on a busy machine each round trip costs more than the statement, so a batch is one
 * statement (its own transaction): take the lock, draw the message ids, insert the messages, insert
 * the notifications (a message's payload completed in SQL with its id, see {@link payloadTemplate}),
 * NOTIFY the other processes (delivered by PostgreSQL at the commit, so a woken process finds the
 * rows), commit, release. The lock is a joined CTE: no row, hence no id, exists before it is granted.
 * One NOTIFY per batch: NOTIFY takes a global lock at commit, which the advisory lock already
 * serialises. A payload that cannot be templated makes the batch draw its message ids first.
 */
export async function writePostgres(db: Kysely<Database>, writes: BusWrite[], hooks: OrderedWriteHooks): Promise<BusWriteResult[]> {
  const messageWrites = writes.filter((w): w is MessageWrite => w.kind === 'message');
  const templates = new Map<BusWrite, string[]>();
  for (const w of messageWrites) {
    const parts = payloadTemplate((id) => w.payload(messageRow(w, id)));
    if (!parts) return writePostgresIdsFirst(db, writes, hooks);
    templates.set(w, parts);
  }
  const ordinal = new Map(messageWrites.map((w, i) => [w, i + 1]));
  const owners: number[] = [];
  const notificationRows: RawBuilder<unknown>[] = [];
  writes.forEach((w, i) => {
    const channels = [...new Set(w.channels)];
    if (channels.length === 0) return;
    const text = w.kind === 'message' ? null : JSON.stringify(w.payload);
    for (const channel of channels) {
      owners.push(i);
      const seq = owners.length;
      notificationRows.push(
        w.kind === 'message'
          ? sql`(${seq}::int, ${channel}::text, NULL::text, ${templates.get(w)!}::text[], ${ordinal.get(w)!}::int, ${w.now}::int8)`
          : sql`(${seq}::int, ${channel}::text, ${text}::text, NULL::text[], NULL::int, ${w.now}::int8)`,
      );
    }
  });
  const delay = hooks.commitDelayMs?.() ?? 0;
  const drawIds =
    messageWrites.length > 0
      ? sql`, ids AS MATERIALIZED (SELECT ord, nextval(pg_get_serial_sequence('message', 'id')) AS id FROM bus_lock CROSS JOIN generate_series(1, ${messageWrites.length}::int) AS ord),
        new_message AS (
          INSERT INTO message (id, session_id, body, author_operator_id, message_type, created_at, post_key)
          SELECT ids.id::int4, v.session_id, v.body, v.author_operator_id, v.message_type, v.created_at, v.post_key
          FROM (VALUES ${sql.join(
            messageWrites.map(
              (w, i) =>
                sql`(${i + 1}::int, ${w.message.session_id}::int4, ${w.message.body}::text, ${w.message.author_operator_id}::int4, ${w.message.message_type ?? 'comment'}::text, ${w.now}::int8, ${w.message.post_key ?? null}::text)`,
            ),
          )}) AS v(ord, session_id, body, author_operator_id, message_type, created_at, post_key) JOIN ids USING (ord)
          ON CONFLICT (session_id, post_key) DO NOTHING
          RETURNING id),
        stored AS (SELECT ids.ord, ids.id FROM ids JOIN new_message ON new_message.id = ids.id)`
      : sql`, ids AS (SELECT NULL::int AS ord, NULL::int8 AS id WHERE false), stored AS (SELECT ord, id FROM ids)`;
  const insertNotifications =
    notificationRows.length > 0
      ? sql`INSERT INTO bus_notification (channel, message, created_at)
          SELECT v.channel, COALESCE(v.message, array_to_string(v.parts, ids.id::text)), v.created_at
          FROM bus_lock CROSS JOIN (VALUES ${sql.join(notificationRows)}) AS v(seq, channel, message, parts, ord, created_at) LEFT JOIN ids USING (ord)
          WHERE v.ord IS NULL OR v.ord IN (SELECT ord FROM stored)
          ORDER BY v.seq
          RETURNING id, channel, message, created_at`
      : sql`SELECT NULL::int8 AS id, NULL AS channel, NULL AS message, NULL::int8 AS created_at FROM bus_lock WHERE false`;
  const payloads = packChannels(new Set(writes.flatMap((w) => w.channels)));
  // The wake-up runs once the notifications are inserted (it counts them first); tests may then keep the
  // statement, so its transaction, open after the ids are drawn.
  const query = sql<BusNotificationRow & { ord: number | null }>`WITH bus_lock AS MATERIALIZED (SELECT pg_advisory_xact_lock(${BUS_WRITE_LOCK})) ${drawIds}, inserted AS (${insertNotifications}),
      wake AS MATERIALIZED (SELECT count(pg_notify(${BUS_NOTIFY_CHANNEL}, p)) AS n FROM (SELECT count(*) FROM inserted) AS c, unnest(${payloads}::text[]) AS p),
      hold AS MATERIALIZED (SELECT pg_sleep(${delay / 1000}::float8) FROM wake)
    SELECT inserted.*, NULL::int AS ord FROM inserted, wake, hold
    UNION ALL SELECT stored.id, NULL, NULL, NULL, stored.ord FROM stored, wake, hold`;
  const { rows } = await query.execute(db);
  const messages = new Map<BusWrite, MessageRow>();
  const notifications: BusNotificationRow[] = [];
  for (const r of rows) {
    if (r.ord === null) notifications.push({ id: Number(r.id), channel: r.channel, message: r.message, created_at: r.created_at });
    else messages.set(messageWrites[r.ord - 1]!, messageRow(messageWrites[r.ord - 1]!, Number(r.id)));
  }
  return withStored(db, writes, messages, owners, notifications);
}

/**
 * The fallback of {@link writePostgres} for payloads that cannot be templated: message ids are drawn
 * beforehand (outside the lock; only notification ids must be ordered), so the payloads are complete
 * before the one statement that takes the lock and writes.
 */
async function writePostgresIdsFirst(db: Kysely<Database>, writes: BusWrite[], hooks: OrderedWriteHooks): Promise<BusWriteResult[]> {
  const messageWrites = writes.filter((w): w is MessageWrite => w.kind === 'message');
  const messages = new Map<BusWrite, MessageRow>();
  if (messageWrites.length > 0) {
    const ids = await sql<{ id: number }>`SELECT nextval(pg_get_serial_sequence('message', 'id')) AS id FROM generate_series(1, ${messageWrites.length}::int)`.execute(db);
    messageWrites.forEach((w, i) => messages.set(w, messageRow(w, Number(ids.rows[i]!.id))));
  }
  const { owners, values } = notificationValues(writes, messages);
  const delay = hooks.commitDelayMs?.() ?? 0;
  const messageRows = [...messages.values()].map(
    (m) => sql`(${m.id}::int4, ${m.session_id}::int4, ${m.body}::text, ${m.author_operator_id}::int4, ${m.message_type}::text, ${m.created_at}::int8, ${m.post_key}::text)`,
  );
  const insertMessages =
    messageRows.length > 0
      ? sql`, new_message AS (
          INSERT INTO message (id, session_id, body, author_operator_id, message_type, created_at, post_key)
          SELECT v.* FROM bus_lock CROSS JOIN (VALUES ${sql.join(messageRows)}) AS v(id, session_id, body, author_operator_id, message_type, created_at, post_key)
          ON CONFLICT (session_id, post_key) DO NOTHING
          RETURNING id)`
      : sql`, new_message AS (SELECT NULL::int4 AS id WHERE false)`;
  const notificationRows = values.map((v, k) => {
    const owner = writes[owners[k]!]!;
    const messageId = owner.kind === 'message' ? messages.get(owner)!.id : null;
    return sql`(${v.channel}::text, ${v.message}::text, ${v.created_at}::int8, ${messageId}::int4)`;
  });
  const insertNotifications =
    notificationRows.length > 0
      ? sql`INSERT INTO bus_notification (channel, message, created_at)
          SELECT v.channel, v.message, v.created_at FROM bus_lock CROSS JOIN (VALUES ${sql.join(notificationRows)}) AS v(channel, message, created_at, message_id)
          WHERE v.message_id IS NULL OR v.message_id IN (SELECT id FROM new_message)
          RETURNING id, channel, message, created_at`
      : sql`SELECT NULL::int8 AS id, NULL AS channel, NULL AS message, NULL::int8 AS created_at FROM bus_lock WHERE false`;
  const payloads = packChannels(new Set(values.map((v) => v.channel)));
  // The wake-up runs once the notifications are inserted (it counts them first); tests may then keep the
  // statement, so its transaction, open after the ids are drawn.
  const query = sql<BusNotificationRow & { message_id: number | null }>`WITH bus_lock AS MATERIALIZED (SELECT pg_advisory_xact_lock(${BUS_WRITE_LOCK})) ${insertMessages}, inserted AS (${insertNotifications}),
      wake AS MATERIALIZED (SELECT count(pg_notify(${BUS_NOTIFY_CHANNEL}, p)) AS n FROM (SELECT count(*) FROM inserted) AS c, unnest(${payloads}::text[]) AS p),
      hold AS MATERIALIZED (SELECT pg_sleep(${delay / 1000}::float8) FROM wake)
    SELECT inserted.*, NULL::int4 AS message_id FROM inserted, wake, hold
    UNION ALL SELECT NULL, NULL, NULL, NULL, new_message.id FROM new_message, wake, hold`;
  const { rows } = await query.execute(db);
  const inserted = new Set(rows.filter((r) => r.message_id !== null).map((r) => Number(r.message_id)));
  for (const w of messageWrites) if (!inserted.has(messages.get(w)!.id)) messages.delete(w);
  const notifications = rows.filter((r) => r.message_id === null).map((r) => ({ id: Number(r.id), channel: r.channel, message: r.message, created_at: r.created_at }));
  return withStored(db, writes, messages, owners, notifications);
}

/**
 * Completes the results of a statement that inserted the messages in `messages` and skipped the others
 * (ON CONFLICT: their key was stored already, by an earlier attempt or an earlier write of the batch):
 * each skipped write is answered with the stored message, read after the commit, and had no
 * notification written.
 */
async function withStored(db: Kysely<Database>, writes: BusWrite[], messages: Map<BusWrite, MessageRow>, owners: number[], notifications: BusNotificationRow[]): Promise<BusWriteResult[]> {
  const written = owners.filter((i) => writes[i]!.kind !== 'message' || messages.has(writes[i]!));
  const skipped = writes.filter((w): w is MessageWrite => w.kind === 'message' && !messages.has(w));
  if (skipped.length > 0) {
    const stored = await storedByKey(db, skipped);
    for (const w of skipped) {
      const row = stored.get(keyOf(w) ?? '');
      if (!row) throw new Error('a message skipped for its post key is not stored');
      messages.set(w, row);
    }
  }
  return results(writes, messages, written, notifications);
}
