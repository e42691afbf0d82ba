/**
 * Messages visitors leave while nobody is online: conversations without an operator (the channel's
 * operators share them), answered by e-mail.
 */
import type { Kysely } from 'kysely';
import type { FactWriters } from '../../core/db/fact-writers.js';
import type { Database, MessageRow, VisitorSessionRow } from '../../core/db/tables.js';

/** An offline message as the visitor's form sent it, after every check. */
export interface NewOfflineMessage {
  uuid: string;
  channel_id: number;
  /** The name the visitor gave, or the default visitor name. */
  anonymous_name: string;
  /** Whether the visitor gave the name; left out, it is the default one. */
  name_given?: boolean;
  /** The visitor's address, where answers go. */
  email: string;
  /** The message as stored HTML (escaped visitor text). */
  body: string;
  /** The form's key, the same for every retry of one sending. */
  post_key: string | null;
  /** What the browser said of itself, for the visitor card. */
  user_agent: string | null;
  language: string | null;
}

/** The offline conversations' storage (the domain's store lists them with the others). */
export interface OfflineStore {
  /** Stores the conversation and its message together. */
  create(fields: NewOfflineMessage, now: number): Promise<{ session: VisitorSessionRow; message: MessageRow }>;
  /** The conversation an earlier sending with this key created in the channel since `since`, if any. */
  findByKey(channelId: number, postKey: string, since: number): Promise<VisitorSessionRow | undefined>;
}

/** {@link OfflineStore} over Kysely, for both engines. */
export class KyselyOfflineStore implements OfflineStore {
  /** `facts`: the database's in-transaction writers, told of each conversation an offline message opens. */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly facts?: FactWriters,
  ) {}

  create(fields: NewOfflineMessage, now: number): Promise<{ session: VisitorSessionRow; message: MessageRow }> {
    return this.db.transaction().execute(async (trx) => {
      const session = await trx
        .insertInto('visitor_session')
        .values({
          uuid: fields.uuid,
          channel_id: fields.channel_id,
          operator_id: null,
          anonymous_name: fields.anonymous_name,
          name: fields.anonymous_name,
          name_given: fields.name_given ? 1 : 0,
          page_history: null,
          created_at: now,
          closed_at: null,
          origin: 'offline',
          email: fields.email,
          identity: 'unverified',
          user_agent: fields.user_agent,
          language: fields.language,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const message = await trx
        .insertInto('message')
        .values({ session_id: session.id, body: fields.body, author_operator_id: null, message_type: 'comment', post_key: fields.post_key, created_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
      await this.facts?.write(trx, 'conversation.opened', { session });
      return { session, message };
    });
  }

  findByKey(channelId: number, postKey: string, since: number): Promise<VisitorSessionRow | undefined> {
    return this.db
      .selectFrom('visitor_session as vs')
      .innerJoin('message as m', 'm.session_id', 'vs.id')
      .selectAll('vs')
      .where('vs.channel_id', '=', channelId)
      .where('vs.origin', '=', 'offline')
      .where('vs.created_at', '>=', since)
      .where('m.post_key', '=', postKey)
      .orderBy('vs.id')
      .executeTakeFirst();
  }
}
