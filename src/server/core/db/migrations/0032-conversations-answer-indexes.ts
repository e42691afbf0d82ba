import { sql, type Kysely, type Migration } from 'kysely';

/**
 * "Answered" and "unanswered since" (domain/conversations/unanswered-store.ts) are asked of every open
 * chat by routing's reassignment sweep every 5 s and by the missed-chat alerts. Read through the
 * conversation's whole thread, they cost the square of its length: one unanswered chat of 8,000 messages
 * held a SQLite server for 5.6 s per sweep. These two partial indexes answer both questions with a seek:
 * the newest operator answer, then the oldest visitor comment after it. Their predicates are the queries'
 * own conditions, so each message enters at most one of them.
 */
export const conversationsAnswerIndexes: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('message_answer_idx')
      .on('message')
      .columns(['session_id', 'created_at'])
      .where(sql.ref('author_operator_id'), 'is not', null)
      .where(sql.ref('message_type'), '=', sql.lit('comment'))
      .execute();
    await db.schema
      .createIndex('message_visitor_comment_idx')
      .on('message')
      .columns(['session_id', 'created_at'])
      .where(sql.ref('author_operator_id'), 'is', null)
      .where(sql.ref('message_type'), '=', sql.lit('comment'))
      .execute();
  },
};
