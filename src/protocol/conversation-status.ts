/**
 * A conversation's status and the console list's views, shared by the console and the server. `resolved`
 * is the end the widget knows (the conversation is closed, SPEC.md §4 "Closing"); the server reads it from
 * the close, never from the status column, which holds the other three.
 */

/** Open (needs an answer), waiting for the visitor, snoozed until a time, or resolved (closed). */
export type ConversationStatus = 'open' | 'waiting' | 'snoozed' | 'resolved';

/** Every status, in the order the console offers them. */
export const CONVERSATION_STATUSES: readonly ConversationStatus[] = ['open', 'waiting', 'snoozed', 'resolved'];

/** The furthest a snooze may reach: a year ahead. */
export const SNOOZE_MAX_MS = 366 * 24 * 3600_000;

/** The console list's views: the operator's chats, those nobody holds, everything (admins). */
export type ListView = 'mine' | 'unassigned' | 'all';

/** Every view, in the order the console shows its tabs. */
export const LIST_VIEWS: readonly ListView[] = ['mine', 'unassigned', 'all'];

/** How many open conversations each view holds; `all` is null for an operator who is not an admin. */
export interface ViewCounts {
  mine: number;
  unassigned: number;
  all: number | null;
}

/** What the list and the pane need to tell a conversation's status. */
export interface StatusFields {
  closed_at: number | null;
  status?: ConversationStatus;
  snoozed_until?: number | null;
}

/** The status at `now`: a closed conversation is resolved, an expired snooze is open again. */
export function statusAt(c: StatusFields, now: number): ConversationStatus {
  if (c.closed_at !== null) return 'resolved';
  const status = c.status ?? 'open';
  if (status === 'snoozed' && (c.snoozed_until ?? 0) <= now) return 'open';
  return status;
}

/**
 * Payload the server publishes on the operators' channels when a conversation's status changes (an
 * operator set it, a visitor's message reopened it, a snooze ran out).
 */
export interface ConversationStatusPayload {
  info: 'conversation_status';
  session_id: number;
  status: ConversationStatus;
  snoozed_until: number | null;
}

/** What the list's order reads of a conversation. */
export interface WaitingFields extends StatusFields {
  waiting_since: number | null;
}

/** When the visitor began waiting, for the list's order; open conversations only, the rest count as not waiting. */
function waitingKey(c: WaitingFields, now: number): number {
  return statusAt(c, now) === 'open' && c.waiting_since !== null ? c.waiting_since : Number.POSITIVE_INFINITY;
}

/**
 * The list's order: the visitor waiting longest first (since their oldest unanswered message), then the
 * conversations where nobody waits, in the order given (a stable sort keeps it).
 */
export function byWaitingTime<T extends WaitingFields>(list: readonly T[], now: number): T[] {
  return list
    .map((c, i) => ({ c, i, key: waitingKey(c, now) }))
    .sort((a, b) => (a.key === b.key ? a.i - b.i : a.key < b.key ? -1 : 1))
    .map((x) => x.c);
}
