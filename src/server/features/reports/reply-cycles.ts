/**
 * Reply cycles from a batch of stored messages, in their stored order (pure: the writer reads and writes).
 * A cycle starts at the first visitor message no operator has answered and ends at the next operator
 * message; a batch may hold several cycles of one conversation.
 */

/** What the cycles of one conversation depend on. */
export interface CycleState {
  session_id: number;
  channel_id: number;
  first_visitor_at: number | null;
  first_reply_at: number | null;
  pending_since: number | null;
}

/** A stored chat message, as the `messages.stored` fact tells it. */
export interface StoredComment {
  session_id: number;
  author_operator_id: number | null;
  created_at: number;
}

/** A cycle a batch ended: the operator's reply at `at` answered a visitor waiting since `since`. */
export interface CycleEnd {
  sessionId: number;
  channelId: number;
  operatorId: number;
  since: number;
  at: number;
  /** The conversation's first operator reply to a visitor message. */
  first: boolean;
}

/**
 * Applies `comments` to the conversations' `states`; returns the states that changed and the cycles
 * ended. A conversation without a state (not followed by the reports) is left out.
 */
export function applyComments(states: ReadonlyMap<number, CycleState>, comments: readonly StoredComment[]): { changed: CycleState[]; ends: CycleEnd[] } {
  const now = new Map<number, CycleState>();
  const ends: CycleEnd[] = [];
  for (const m of comments) {
    const known = now.get(m.session_id) ?? states.get(m.session_id);
    if (!known) continue;
    const state = { ...known };
    if (m.author_operator_id === null) {
      state.pending_since ??= m.created_at;
      state.first_visitor_at ??= m.created_at;
    } else if (state.pending_since !== null) {
      ends.push({ sessionId: m.session_id, channelId: state.channel_id, operatorId: m.author_operator_id, since: state.pending_since, at: m.created_at, first: state.first_reply_at === null });
      state.pending_since = null;
      state.first_reply_at ??= m.created_at;
    }
    now.set(m.session_id, state);
  }
  const changed = [...now.values()].filter((s) => {
    const was = states.get(s.session_id)!;
    return was.pending_since !== s.pending_since || was.first_visitor_at !== s.first_visitor_at || was.first_reply_at !== s.first_reply_at;
  });
  return { changed, ends };
}

/**
 * The first message of each conversation `comments` hold when none of them is an operator's: such a
 * conversation needs no read, one conditional write starts its cycle (see the writer).
 */
export function visitorOnlyFirsts(comments: readonly StoredComment[]): { firsts: Map<number, number>; answered: Set<number> } {
  const answered = new Set(comments.filter((c) => c.author_operator_id !== null).map((c) => c.session_id));
  const firsts = new Map<number, number>();
  for (const c of comments) if (!answered.has(c.session_id) && !firsts.has(c.session_id)) firsts.set(c.session_id, c.created_at);
  return { firsts, answered };
}
