/**
 * Supervisors (issue 26): a role per channel membership between operator and admin. A supervisor of a
 * channel reads every conversation of it, sees its live conversations and its operators' load on one
 * screen, and may take or pass on any of them; opening one never marks it read for the visitor.
 * TypeBox-free, so the console imports it without the schemas (schemas/supervision.ts).
 */
import type { ConversationStatus } from '../conversation-status.js';

/** The channels the caller supervises (every channel for an admin). */
export const SUPERVISED_CHANNELS_ROUTE = '/im_livechat/operator/supervised_channels';
/** One channel's live conversations and its operators' load, for its supervisors and admins. */
export const SUPERVISION_ROUTE = '/im_livechat/operator/supervision';
/** Takes a conversation of a supervised channel for oneself. */
export const TAKE_CONVERSATION_ROUTE = '/im_livechat/operator/take_conversation';
/** Admin: a channel's members and their roles. */
export const CHANNEL_ROLES_ROUTE = '/im_livechat/operator/admin/channel_roles';
/** Admin: makes an operator a channel's operator or supervisor, or takes it out of the channel. */
export const SET_CHANNEL_ROLE_ROUTE = '/im_livechat/operator/admin/set_channel_role';

/**
 * `data.name` of the error a post to the visitor gets from someone who reads a conversation without
 * holding it (a supervisor who is neither its operator nor invited): they write notes, or take it first.
 * The operator upload's `{error: {code}}` says the same with `not_holder`.
 */
export const REPLY_REFUSED_NOT_HOLDER = 'livechat.ReplyRefused.not_holder';

/** What a member does in a channel: answers its conversations, or also oversees all of them. */
export type ChannelRole = 'operator' | 'supervisor';

/** What an admin may set: a role, or `none` to take the operator out of the channel. */
export type ChannelRoleChoice = ChannelRole | 'none';

/** Every choice an admin has for one operator of one channel. */
export const CHANNEL_ROLE_CHOICES: readonly ChannelRoleChoice[] = ['none', 'operator', 'supervisor'];

/** Bounds of the supervision routes. */
export const SUPERVISION_LIMITS = {
  /** Live conversations one screen lists at most (the oldest waiting first). */
  conversationsMax: 200,
  /** Operators one screen lists at most. */
  operatorsMax: 200,
  /** Calls of the screen's route per operator a minute (it reloads on the bus, throttled). */
  readsPerMinute: 120,
  /** Takes per operator a minute. */
  takesPerMinute: 30,
  /** Role changes per admin a minute. */
  roleChangesPerMinute: 60,
} as const;

/** Whether an operator can be reached: online, online but away, or not logged in / not seen lately. */
export type SupervisedPresence = 'online' | 'away' | 'offline';

/** A channel the caller supervises. */
export interface SupervisedChannel {
  id: number;
  name: string;
}

/** One live conversation on the supervision screen. */
export interface SupervisedConversation {
  session_id: number;
  visitor_label: string;
  /** Who holds it; null for one nobody holds (an offline message). */
  operator: { id: number; name: string } | null;
  status: ConversationStatus;
  created_at: number;
  /**
   * Since when the visitor waits for an answer (epoch ms): the start while no operator has written, then
   * the first of its messages after the operator's last one; null when the operator had the last word.
   */
  waiting_since: number | null;
}

/** One operator of the channel on the supervision screen. */
export interface SupervisedOperator {
  id: number;
  name: string;
  role: ChannelRole;
  presence: SupervisedPresence;
  /** The channel's open conversations it holds. */
  load: number;
  /** How many it should hold at most; null when no capacity is set. */
  capacity: number | null;
}

/** The supervision screen of one channel. */
export interface SupervisionSnapshot {
  channel_id: number;
  conversations: SupervisedConversation[];
  operators: SupervisedOperator[];
  /** The server's time of the snapshot (epoch ms), so waiting times do not depend on the console's clock. */
  now: number;
}

/** One member of a channel with its role, for the administration. */
export interface ChannelMember {
  operator_id: number;
  role: ChannelRole;
}

/**
 * Bus payload on a supervisor's (or admin's) own operator channel: something changed on the supervision
 * screen of that channel (a new, moved, closed conversation, a status, a message), so an open screen reads it again.
 */
export interface SupervisionChangedPayload {
  info: 'supervision_changed';
  channel_id: number;
}
