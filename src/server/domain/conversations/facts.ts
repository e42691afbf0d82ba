/**
 * The conversation facts (core/db/fact-writers.ts): written by the conversation store inside the
 * transaction of the change, so a feature's derived rows (reports) commit or roll back with it.
 */
import type { RatingRow, VisitorSessionRow } from '../../core/db/tables.js';

declare module '../../core/db/fact-writers.js' {
  interface TransactionFacts {
    /** A conversation began: a live chat with its operator, one waiting in the queue (no operator), or an offline message. */
    'conversation.opened': { session: VisitorSessionRow };
    /** An open conversation changed hands, or a queued one got its first operator (`fromOperatorId` null). */
    'conversation.assigned': { session: VisitorSessionRow; fromOperatorId: number | null; at: number };
    /** An open conversation was closed (resolved). */
    'conversation.resolved': { sessionId: number; closedAt: number };
    /** The visitor rated a conversation, or changed the rating. */
    'conversation.rated': { rating: RatingRow };
    /** A visitor asked for a chat and nobody could take it: no conversation was made. */
    'conversation.refused': { channelId: number; at: number };
  }
}
