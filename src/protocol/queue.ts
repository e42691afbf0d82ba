/**
 * The visible queue (issue 26), shared by the widget, the console and the server. TypeBox-free: the
 * widget's chat chunk imports it. A visitor's conversation waits in its channel's queue while every
 * online operator is at capacity; it is handed out head first.
 */

/** The waiting visitor leaves the queue: `{uuid}` → true when the waiting conversation ended, false when it was not waiting. */
export const QUEUE_LEAVE_ROUTE = '/im_livechat/queue_leave';

/** Visitors who may wait in one channel's queue at once unless its admin sets another figure. */
export const QUEUE_LIMIT_DEFAULT = 50;
/** The largest queue limit a channel may set. */
export const QUEUE_LIMIT_MAX = 500;

/** Where a waiting visitor stands: 1 is next; the expected wait comes from recent pick-ups, null without any. */
export interface QueuePlace {
  position: number;
  expected_wait_ms: number | null;
}

/** Published on the visitor's channel whenever the visitor's place changes. */
export interface QueuePositionPayload extends QueuePlace {
  info: 'queue_position';
}

/** Published on the visitor's channel when an operator picked the conversation up. */
export interface QueueLeftPayload {
  info: 'queue_left';
  /** The operator now answering: `[id, display name]`. */
  operator_pid: [number, string];
}

/** One waiting conversation in the console's queue list. */
export interface QueueEntry {
  session_id: number;
  channel_id: number;
  /** What the console calls the visitor (their name, or their label). */
  name: string;
  position: number;
  queued_at: number;
}

/** Published on the operators' channels of a channel whose queue changed: their lists read it again. */
export interface QueueChangedPayload {
  info: 'queue_changed';
  channel_id: number;
}

/** Rounds an expected wait to whole minutes, at least one, for "about N minutes". */
export function waitMinutes(ms: number): number {
  return Math.max(1, Math.round(ms / 60_000));
}

/** A place read from an answer or a payload the server sent, or undefined when it is none. */
export function queuePlaceOf(raw: unknown): QueuePlace | undefined {
  const v = raw as Partial<QueuePlace> | null | undefined;
  if (typeof v !== 'object' || v === null || typeof v.position !== 'number') return undefined;
  return { position: v.position, expected_wait_ms: typeof v.expected_wait_ms === 'number' ? v.expected_wait_ms : null };
}
