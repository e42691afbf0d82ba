/**
 * Transfer, invite and leave (issue 26): an operator passes a conversation on to a colleague or to another
 * channel, invites a colleague beside itself, or leaves one it shares. Route paths, bounds and payloads,
 * shared by the server and the console; TypeBox-free (the schemas are in ../schemas/transfer.ts).
 */

/** Who a conversation may be passed to or shared with: the channel's operators and the operator's channels. */
export const TRANSFER_TARGETS_ROUTE = '/im_livechat/operator/transfer_targets';
/** Passes a conversation to an operator or to a channel. */
export const TRANSFER_ROUTE = '/im_livechat/operator/transfer';
/** Invites a colleague into a conversation; the inviting operator stays. */
export const INVITE_ROUTE = '/im_livechat/operator/invite';
/** Removes the calling operator from a conversation someone else still serves. */
export const LEAVE_ROUTE = '/im_livechat/operator/leave';
/** Who is in a conversation: the operator holding it and the colleagues invited beside it. */
export const PARTICIPANTS_ROUTE = '/im_livechat/operator/participants';

/** Bounds of the transfer routes. */
export const TRANSFER_LIMITS = {
  /** Characters of the note the receiver reads first. */
  noteMax: 1000,
  /** Transfers, invitations and leaves one operator may make a minute (together). */
  perMinute: 30,
  /** Target lists one operator may ask for a minute. */
  targetsPerMinute: 60,
  /** Operators a conversation may have beside its own. */
  participantsMax: 10,
  /** Participant lists one operator may ask for a minute (the pane reads it again on each change). */
  participantsPerMinute: 120,
} as const;

/** Whether an operator can take a conversation now: online, away (present but not taking), or offline. */
export type TargetPresence = 'online' | 'away' | 'offline';

/** An operator a conversation may go to, with its load. */
export interface TransferOperator {
  id: number;
  name: string;
  presence: TargetPresence;
  /** Open conversations it serves now. */
  load: number;
  /** How many it takes at most, or null when no limit is set. */
  capacity: number | null;
  /** Already in this conversation (its operator or a participant). */
  in_conversation: boolean;
}

/** A channel a conversation may move to. */
export interface TransferChannel {
  id: number;
  name: string;
  /** Someone there can take it now. */
  available: boolean;
}

/** What `transfer_targets` answers. */
export interface TransferTargets {
  /** The conversation's channel's operators, the caller left out. */
  operators: TransferOperator[];
  /** The caller's channels other than the conversation's. */
  channels: TransferChannel[];
  /** The operators in the conversation beside its own (invited). */
  participants: { id: number; name: string }[];
}

/** What `transfer` answers: who has the conversation now, and in which channel. */
export interface TransferResult {
  session_id: number;
  operator_id: number;
  operator_name: string;
  channel_id: number;
}

/** What `invite` and `leave` answer: the conversation's participants beside its operator now. */
export interface ParticipantsResult {
  session_id: number;
  participants: { id: number; name: string }[];
}

/** What `participants` answers: the operator holding the conversation (none while it waits) and the invited ones. */
export interface ConversationParticipants {
  session_id: number;
  holder: { id: number; name: string } | null;
  participants: { id: number; name: string }[];
}

/** Why a transfer, invitation or leave was refused (the error's `data.name` is `livechat.TransferRefused.<reason>`). */
export type TransferRefusal = 'closed' | 'moved' | 'no_access' | 'at_capacity' | 'nobody_available' | 'same_operator' | 'already_in' | 'alone' | 'not_in' | 'too_many';

/** The `data.name` prefix of a refusal. */
export const TRANSFER_REFUSED = 'livechat.TransferRefused';

/**
 * Bus payload on the receiving operator's channel when a conversation is passed to it: who passed it and
 * the note they wrote, which the console shows first.
 */
export interface ConversationReceivedPayload {
  info: 'conversation_received';
  session_id: number;
  visitor_label: string;
  reason: 'transferred' | 'reassigned' | 'taken' | 'dequeued';
  /** Who passed it on; null when the server did. */
  from_name: string | null;
  note: string | null;
}

/**
 * Bus payload on the conversation's own channel after each change of who is in it (a transfer, routing,
 * a supervisor taking it, an invitation, a leave): every console following the conversation (its
 * operators, its channel's supervisors, administrators) reads `participants` again.
 */
export interface ParticipantsChangedPayload {
  info: 'participants_changed';
  session_id: number;
}

/** Bus payload on an invited operator's channel. */
export interface ConversationInvitedPayload {
  info: 'conversation_invited';
  session_id: number;
  visitor_label: string;
  by_name: string;
}

/**
 * Bus payload on the visitor's uuid channel when the conversation's operator changes: the header shows the
 * new one's name and picture (its partner id). Nothing else (no note) reaches the visitor.
 */
export interface OperatorChangedPayload {
  info: 'operator_changed';
  operator_pid: [number, string];
}
