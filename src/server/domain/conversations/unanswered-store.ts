/**
 * What "answered" and "unanswered since" mean, once, for every query that asks (routing's reassignment,
 * missed-chat alerts, the supervision screen's waiting time). An answer is a comment an operator wrote:
 * notes live in their own table and the thread's joined/left lines have no author, so neither counts.
 * Each function builds a subquery on the conversation whose id the caller passes (`eb.ref('vs.id')`),
 * so it nests in any query whatever that query's aliases.
 */
import { expressionBuilder, sql, type Expression } from 'kysely';
import type { Database } from '../../core/db/tables.js';

// A builder of its own: the subqueries below name only their own tables, under aliases no caller uses.
const eb = expressionBuilder<Database, never>();

/** The conversation's operator answers. */
function answers(sessionId: Expression<number>) {
  return eb.selectFrom('message as ans').where('ans.session_id', '=', sessionId).where('ans.author_operator_id', 'is not', null).where('ans.message_type', '=', 'comment');
}

/** True when an operator has answered in the conversation at least once. */
export function hasAnswer(sessionId: Expression<number>) {
  return eb.exists(answers(sessionId).select('ans.id'));
}

/** The time of the operator's newest answer; null while nobody has answered. */
export function lastAnswerAt(sessionId: Expression<number>) {
  return answers(sessionId).select((x) => x.fn.max('ans.created_at').as('t'));
}

/**
 * Since when the visitor has been waiting for an answer: the oldest visitor message that no answer
 * follows (at the same millisecond or later), null when there is none. While nobody has answered, that
 * is the visitor's first message: a visitor message is unanswered when it is newer than the newest answer.
 */
export function unansweredSince(sessionId: Expression<number>) {
  return eb
    .selectFrom('message as unans')
    .select((x) => x.fn.min('unans.created_at').as('t'))
    .where('unans.session_id', '=', sessionId)
    .where('unans.author_operator_id', 'is', null)
    .where('unans.message_type', '=', 'comment')
    .where('unans.created_at', '>', eb.fn.coalesce(lastAnswerAt(sessionId), sql.lit(-1)));
}
