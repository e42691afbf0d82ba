/**
 * The conversation events (core/events.ts), emitted once their write has committed. Features react to
 * them instead of being called by the chat: alerts, and later webhooks, routing, reports.
 */
import type { StoredStatus, VisitorSessionRow } from '../../core/db/tables.js';
import type { Rate } from '../../../protocol/livechat.js';

declare module '../../core/events.js' {
  interface DomainEvents {
    /**
     * A message was stored in a conversation (a live chat's post, an operator's answer to an offline
     * message). `status` and `participants` are the conversation's as the posting request read it, so a
     * listener with nothing to do for the common case (open, nobody invited) makes no query: at a thousand
     * posts a second those queries were what a PostgreSQL server queued on. A change committed between that
     * read and the post (an invitation, a status set in the same milliseconds) is seen from the next post on.
     */
    'message.posted': { sessionId: number; channelId: number; messageId: number; author: 'visitor' | 'operator'; operatorId: number | null; status: StoredStatus; participants: number };
    /** A conversation began: a live chat with its operator, or an offline message (origin `offline`, no operator). */
    'conversation.created': { sessionId: number; channelId: number; origin: VisitorSessionRow['origin']; operatorId: number | null };
    /** An operator closed a conversation (closing one already closed emits nothing). */
    /** Who closed it: an operator, or null when the visitor left the queue before anyone took it. */
    'conversation.closed': { sessionId: number; channelId: number; operatorId: number | null; closedAt: number };
    /**
     * An operator wrote an internal note in a conversation (features/notes). Notes are not messages: they
     * never emit `message.posted`, so nothing that answers, counts or receipts a chat ever sees one.
     */
    'note.posted': { sessionId: number; channelId: number; noteId: number; operatorId: number };
    /** A note mentioned an operator of the conversation's channel (once per operator and note; never the author). */
    'note.mentioned': { sessionId: number; channelId: number; noteId: number; authorId: number; authorName: string; mentionedId: number; text: string };
    /** The visitor rated a conversation, or changed the rating. */
    'session.rated': { sessionId: number; channelId: number; ratingId: number; rate: Rate };
  }
}
