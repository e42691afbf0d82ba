import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { SESSION_UUID_PATTERN } from '../../../protocol/livechat.js';
import type { AttachmentRow, Database, MessageRow, NewAttachment, RatingRow, VisitorSessionRow } from '../../core/db/tables.js';
import type { Engine, OpenDatabase } from '../../core/db/database.js';
import { BatchedLookup } from '../../core/db/batched-lookup.js';
import type { FactWriters } from '../../core/db/fact-writers.js';
import { getMessage, listMessages } from './message-store.js';
import './facts.js';
import type { MessageWithRelations, NewMessage, NewVisitorSession, SessionFilter } from '../store/store.js';

/** The conversation side of the Kysely store: visitor sessions, messages, files and ratings (the bus has its own store). */
export abstract class KyselyConversationStore {
  /** The Kysely handle: for the store's own queries only (subclasses and store/ modules). */
  protected readonly db: Kysely<Database>;
  readonly engine: Engine;
  /** In-transaction writers of the conversation facts (facts.ts). */
  protected readonly facts: FactWriters;
  /**
   * Every visitor call (a post, a typing notice, a poll) starts by finding its session by uuid; on
   * PostgreSQL concurrent calls share the query. SQLite answers in microseconds without a round trip.
   */
  readonly #sessionsByUuid: BatchedLookup<string, VisitorSessionRow> | undefined;

  constructor(open: OpenDatabase) {
    this.db = open.db;
    this.engine = open.engine;
    this.facts = open.facts;
    this.#sessionsByUuid =
      open.engine === 'postgres'
        ? new BatchedLookup({
            fetch: (uuids) => this.db.selectFrom('visitor_session').selectAll().where('uuid', 'in', uuids).execute(),
            keyOf: (row) => row.uuid,
          })
        : undefined;
  }

  async createVisitorSession(fields: NewVisitorSession, now: number): Promise<VisitorSessionRow> {
    return this.facts.inTransaction(
      this.db,
      'conversation.opened',
      (db) => db.insertInto('visitor_session').values({ ...fields, page_history: null, created_at: now, closed_at: null }).returningAll().executeTakeFirstOrThrow(),
      (session) => ({ session }),
    );
  }

  /** Tells the fact writers that a visitor was refused for want of an operator (nothing else is stored). */
  async recordRefusal(channelId: number, now: number): Promise<void> {
    await this.facts.inTransaction(this.db, 'conversation.refused', async () => undefined, () => ({ channelId, at: now }));
  }

  async getVisitorSessionByUuid(uuid: string): Promise<VisitorSessionRow | undefined> {
    // Only a well-formed uuid can name a session; anything else never reaches a query another call shares.
    if (!SESSION_UUID_PATTERN.test(uuid)) return undefined;
    if (this.#sessionsByUuid) return this.#sessionsByUuid.get(uuid);
    return this.db.selectFrom('visitor_session').selectAll().where('uuid', '=', uuid).executeTakeFirst();
  }

  async getVisitorSession(id: number): Promise<VisitorSessionRow | undefined> {
    return this.db.selectFrom('visitor_session').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async listVisitorSessions(filter: SessionFilter): Promise<VisitorSessionRow[]> {
    let q = this.db.selectFrom('visitor_session').selectAll();
    for (const condition of filter.where ?? []) q = q.where(condition);
    if (filter.operatorId !== undefined) q = q.where('operator_id', '=', filter.operatorId);
    if (filter.open === true) q = q.where('closed_at', 'is', null);
    if (filter.open === false) q = q.where('closed_at', 'is not', null);
    return q.orderBy('id', 'desc').limit(filter.limit ?? 1000).execute();
  }

  async closeVisitorSession(id: number, now: number): Promise<void> {
    await this.facts.inTransaction(
      this.db,
      'conversation.resolved',
      (db) => db.updateTable('visitor_session').set({ closed_at: now }).where('id', '=', id).where('closed_at', 'is', null).executeTakeFirst(),
      (result) => (Number(result.numUpdatedRows) > 0 ? { sessionId: id, closedAt: now } : undefined),
    );
  }

  async assignVisitorSession(id: number, fromOperatorId: number | null, toOperatorId: number, name: string, now = Date.now()): Promise<VisitorSessionRow | undefined> {
    return this.facts.inTransaction(
      this.db,
      'conversation.assigned',
      (db) =>
        db
          .updateTable('visitor_session')
          .set({ operator_id: toOperatorId, name })
          .where('id', '=', id)
          .where('closed_at', 'is', null)
          .where('operator_id', fromOperatorId === null ? 'is' : '=', fromOperatorId)
          .returningAll()
          .executeTakeFirst(),
      (session) => (session ? { session, fromOperatorId, at: now } : undefined),
    );
  }

  async setPageHistory(id: number, pages: string[]): Promise<void> {
    await this.db.updateTable('visitor_session').set({ page_history: JSON.stringify(pages) }).where('id', '=', id).execute();
  }

  async insertMessage(fields: NewMessage, now: number): Promise<MessageRow> {
    return this.db
      .insertInto('message')
      .values({ message_type: 'comment', ...fields, created_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async findMessageIdByPostKey(sessionId: number, postKey: string): Promise<number | undefined> {
    const row = await this.db.selectFrom('message').select('id').where('session_id', '=', sessionId).where('post_key', '=', postKey).orderBy('id').executeTakeFirst();
    return row?.id;
  }

  listMessages(sessionId: number, limit: number, beforeId?: number): Promise<MessageWithRelations[]> {
    return listMessages(this.db, sessionId, limit, beforeId);
  }

  getMessage(id: number): Promise<MessageWithRelations | undefined> {
    return getMessage(this.db, id);
  }

  async createAttachment(fields: NewAttachment, now: number): Promise<AttachmentRow> {
    return this.db
      .insertInto('attachment')
      .values({ ...fields, public_id: randomBytes(16).toString('base64url'), created_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async getAttachmentByPublicId(publicId: string): Promise<AttachmentRow | undefined> {
    return this.db.selectFrom('attachment').selectAll().where('public_id', '=', publicId).executeTakeFirst();
  }

  async upsertRating(sessionId: number, rate: number, reason: string, now: number): Promise<RatingRow> {
    return this.facts.inTransaction(
      this.db,
      'conversation.rated',
      (db) =>
        db
          .insertInto('rating')
          .values({ session_id: sessionId, rate, reason, created_at: now, updated_at: now })
          .onConflict((oc) => oc.column('session_id').doUpdateSet({ rate, reason, updated_at: now }))
          .returningAll()
          .executeTakeFirstOrThrow(),
      (rating) => ({ rating }),
    );
  }

  async getRating(sessionId: number): Promise<RatingRow | undefined> {
    return this.db.selectFrom('rating').selectAll().where('session_id', '=', sessionId).executeTakeFirst();
  }
}
