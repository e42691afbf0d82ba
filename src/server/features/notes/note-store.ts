/**
 * The notes' table (migration 0019): one row per note, beside the conversation's messages, never among
 * them, so every visitor path (which reads `message`) stays blind to notes by construction.
 */
import type { Generated, Kysely } from 'kysely';
import type { Database } from '../../core/db/tables.js';

/** One note. */
export interface NoteTable {
  id: Generated<number>;
  session_id: number;
  author_operator_id: number;
  /** The text as typed. */
  body: string;
  /** The newest message of the conversation when it was written, 0 for none: where it shows. */
  after_message_id: number;
  /** JSON list of the mentioned operators' ids. */
  mentions: string;
  created_at: number;
}

// A type alias, not an interface: `withTables` wants an index-signature-compatible record.
type NoteDatabase = { note: NoteTable };

/** A stored note with its author's name. */
export interface NoteRecord {
  id: number;
  session_id: number;
  author_operator_id: number;
  author_name: string;
  body: string;
  after_message_id: number;
  mentions: number[];
  created_at: number;
}

/** An operator of a channel, as mentions and their autocompletion see it. */
export interface ChannelMember {
  id: number;
  display_name: string;
}

function mentionIds(raw: string): number[] {
  try {
    const ids: unknown = JSON.parse(raw);
    return Array.isArray(ids) ? ids.filter((id): id is number => Number.isSafeInteger(id)) : [];
  } catch {
    return [];
  }
}

/** The notes' queries, for both engines. */
export class NoteStore {
  readonly #db: Kysely<Database & NoteDatabase>;

  constructor(db: Kysely<Database>) {
    this.#db = db.withTables<NoteDatabase>();
  }

  /** Stores a note after the conversation's newest message; its id. */
  async insert(fields: { sessionId: number; authorId: number; body: string; mentions: number[] }, now: number): Promise<number> {
    return this.#db.transaction().execute(async (trx) => {
      const newest = await trx.selectFrom('message').select((eb) => eb.fn.max('id').as('max_id')).where('session_id', '=', fields.sessionId).executeTakeFirst();
      const row = await trx
        .insertInto('note')
        .values({ session_id: fields.sessionId, author_operator_id: fields.authorId, body: fields.body, after_message_id: Number(newest?.max_id ?? 0), mentions: JSON.stringify(fields.mentions), created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    });
  }

  /** The newest `limit` notes of a conversation (or the one `noteId`), oldest first. */
  async list(sessionId: number, limit: number, noteId?: number): Promise<NoteRecord[]> {
    let q = this.#db
      .selectFrom('note as n')
      .innerJoin('operator as o', 'o.id', 'n.author_operator_id')
      .select(['n.id', 'n.session_id', 'n.author_operator_id', 'o.display_name as author_name', 'n.body', 'n.after_message_id', 'n.mentions', 'n.created_at'])
      .where('n.session_id', '=', sessionId);
    if (noteId !== undefined) q = q.where('n.id', '=', noteId);
    const rows = await q.orderBy('n.id', 'desc').limit(limit).execute();
    return rows.reverse().map((r) => ({ ...r, after_message_id: Number(r.after_message_id), created_at: Number(r.created_at), mentions: mentionIds(r.mentions) }));
  }

  /** The active operators of a channel, by name. */
  async channelMembers(channelId: number): Promise<ChannelMember[]> {
    return this.#db
      .selectFrom('operator as o')
      .innerJoin('channel_operator as co', 'co.operator_id', 'o.id')
      .select(['o.id', 'o.display_name'])
      .where('co.channel_id', '=', channelId)
      .where('o.archived_at', 'is', null)
      .orderBy('o.display_name')
      .orderBy('o.id')
      .execute();
  }
}
