import type {
  ChannelSettings,
  ConversationDetail,
  ConversationSummary,
  IdentitySecretGenerated,
  IdentitySecretStatus,
  NewOperatorAccount,
  OperatorAccount,
  OperatorAlertSettings,
  OperatorPresence,
} from '../../protocol/operator-console.js';
import type { VisitorCard } from '../../protocol/visitor.js';
import type { ConversationStatus, ConversationStatusPayload, ViewCounts } from '../../protocol/conversation-status.js';
import { SET_STATUS_ROUTE, VIEW_COUNTS_ROUTE } from '../../protocol/console/status-routes.js';
import { QUEUE_ROUTE, QUEUE_TAKE_ROUTE } from '../../protocol/console/queue-routes.js';
import type { QueueEntry } from '../../protocol/queue.js';
import type { QueueTakeParams } from '../../protocol/schemas/queue.js';
import type {
  AddOperatorParams,
  ConversationListParams,
  ConversationParams,
  MarkSeenParams,
  OnChannelParams,
  OnOperatorParams,
  OnSessionParams,
  ReplyByEmailParams,
  ResetPasswordParams,
  SessionParams,
  SetAlertSettingsParams,
  SetOperatorProfileParams,
  SetOwnProfileParams,
  SetPresenceParams,
  SetStatusParams,
  UpdateChannelParams,
} from '../../protocol/schemas/console-params.js';
import {
  ADMIN_AVATAR_ROUTE,
  ADMIN_REMOVE_AVATAR_ROUTE,
  ADMIN_SET_PROFILE_ROUTE,
  OPERATOR_AVATAR_ROUTE,
  OPERATOR_PROFILE_ROUTE,
  OPERATOR_REMOVE_AVATAR_ROUTE,
  OPERATOR_SET_PROFILE_ROUTE,
  type OperatorProfile,
} from '../../protocol/operator-profile.js';
import { uploadAvatar } from './avatar-upload.js';
import type { RpcClient } from '../../platform/rpc/index.js';
import { uploadAttachments, type UploadResult } from './upload.js';
import {
  ADD_OPERATOR_ROUTE,
  ALERT_SETTINGS_ROUTE,
  CHANNELS_ROUTE,
  CLOSE_SESSION_ROUTE,
  CONVERSATIONS_ROUTE,
  CONVERSATION_ROUTE,
  GENERATE_IDENTITY_SECRET_ROUTE,
  IDENTITY_SECRETS_ROUTE,
  MARK_SEEN_ROUTE,
  OPERATOR_UPLOAD_ROUTE,
  OPERATORS_ROUTE,
  PRESENCE_ROUTE,
  REMOVE_IDENTITY_SECRET_ROUTE,
  REMOVE_OPERATOR_ROUTE,
  REPLY_BY_EMAIL_ROUTE,
  REQUEST_HISTORY_ROUTE,
  RESET_PASSWORD_ROUTE,
  SET_ALERT_SETTINGS_ROUTE,
  SET_PRESENCE_ROUTE,
  UPDATE_CHANNEL_ROUTE,
  VISITOR_CARD_ROUTE,
} from '../../protocol/console/routes.js';
import { CALL_KW_ROUTE, CHAT_POST_ROUTE, NOTIFY_TYPING_ROUTE } from '../../protocol/routes.js';
import {
  ADD_CONVERSATION_TAG_ROUTE,
  CONVERSATION_TAGS_ROUTE,
  DELETE_TAG_ROUTE,
  REMOVE_CONVERSATION_TAG_ROUTE,
  TAGS_ROUTE,
  UPDATE_TAG_ROUTE,
  type ConversationTagInfo,
  type TaggedConversation,
} from '../../protocol/console/tags.js';
import type { AddConversationTagParams, ConversationTagsParams, RemoveConversationTagParams, UpdateTagParams } from '../../protocol/schemas/tags.js';

/** A `read_group` answer row: the group value under `key`, its count under `<field>_count`. */
export type GroupRow = Record<string, unknown>;

/**
 * The console's calls to its own server (same origin, session cookie). Visitor-facing routes are reused
 * where they fit: an operator posts and announces typing through `/mail/chat_post` and
 * `/im_livechat/notify_typing`, which recognise its session cookie.
 */
export class OperatorApi {
  constructor(private readonly rpc: RpcClient) {}

  /**
   * Calls a feature's own route (its path from src/protocol), so a feature of the console brings its calls
   * with it instead of adding them here.
   */
  call<T>(route: string, params: object, options: { silent?: boolean } = {}): Promise<T> {
    return this.rpc.call<T>(route, params, options);
  }

  /** The operator's recent conversations, newest first, narrowed by the filters given. */
  conversations(filters: ConversationListParams = {}): Promise<ConversationSummary[]> {
    return this.rpc.call<ConversationSummary[]>(CONVERSATIONS_ROUTE, { ...filters } satisfies ConversationListParams);
  }

  /** The conversations waiting in the queues of the operator's channels, each queue head first. */
  queue(): Promise<QueueEntry[]> {
    return this.rpc.call<QueueEntry[]>(QUEUE_ROUTE, {});
  }

  /** Takes a waiting conversation: the one named, or the head of the channel's queue. */
  takeFromQueue(target: QueueTakeParams): Promise<{ session_id: number }> {
    return this.rpc.call<{ session_id: number }>(QUEUE_TAKE_ROUTE, target);
  }

  /** The tags of the operator's channels (every channel's for an admin). */
  tags(): Promise<ConversationTagInfo[]> {
    return this.rpc.call<ConversationTagInfo[]>(TAGS_ROUTE, {});
  }

  /** The tags on these conversations. */
  conversationTags(sessionIds: number[]): Promise<TaggedConversation[]> {
    return this.rpc.call<TaggedConversation[]>(CONVERSATION_TAGS_ROUTE, { session_ids: sessionIds } satisfies ConversationTagsParams);
  }

  /** Puts the tag of that name on a conversation (a new name makes a tag). */
  addConversationTag(sessionId: number, name: string): Promise<ConversationTagInfo> {
    return this.rpc.call<ConversationTagInfo>(ADD_CONVERSATION_TAG_ROUTE, { session_id: sessionId, name } satisfies AddConversationTagParams);
  }

  /** Takes a tag off a conversation. */
  removeConversationTag(sessionId: number, tagId: number): Promise<boolean> {
    return this.rpc.call<boolean>(REMOVE_CONVERSATION_TAG_ROUTE, { session_id: sessionId, tag_id: tagId } satisfies RemoveConversationTagParams);
  }

  /** Admin: renames and/or recolours a tag. */
  updateTag(tagId: number, patch: { name?: string; color?: string }): Promise<ConversationTagInfo> {
    return this.rpc.call<ConversationTagInfo>(UPDATE_TAG_ROUTE, { tag_id: tagId, ...patch } satisfies UpdateTagParams);
  }

  /** Admin: deletes a tag. */
  deleteTag(tagId: number): Promise<void> {
    return this.rpc.call<void>(DELETE_TAG_ROUTE, { tag_id: tagId });
  }

  /** How many open conversations each list view holds. */
  viewCounts(): Promise<ViewCounts> {
    return this.rpc.call<ViewCounts>(VIEW_COUNTS_ROUTE, {});
  }

  /** Sets a conversation's status (`snoozedUntil`, epoch ms, for `snoozed`); `resolved` closes it. */
  setStatus(sessionId: number, status: ConversationStatus, snoozedUntil?: number): Promise<Omit<ConversationStatusPayload, 'info'>> {
    const params: SetStatusParams = { session_id: sessionId, status, ...(snoozedUntil === undefined ? {} : { snoozed_until: snoozedUntil }) };
    return this.rpc.call<Omit<ConversationStatusPayload, 'info'>>(SET_STATUS_ROUTE, params);
  }

  /** One conversation with its messages (oldest first): the newest 100, or every one from `sinceMessageId` on (at most 1,000); page history and rating. */
  conversation(sessionId: number, sinceMessageId?: number): Promise<ConversationDetail> {
    const params: ConversationParams = { session_id: sessionId, ...(sinceMessageId === undefined ? {} : { since_message_id: sinceMessageId }) };
    return this.rpc.call<ConversationDetail>(CONVERSATION_ROUTE, params);
  }

  /** What is known of a conversation's visitor (issue 14). */
  visitorCard(sessionId: number): Promise<VisitorCard> {
    return this.rpc.call<VisitorCard>(VISITOR_CARD_ROUTE, { session_id: sessionId } satisfies SessionParams);
  }

  /** Admin: which channels have an identity secret, since when. */
  identitySecrets(): Promise<IdentitySecretStatus[]> {
    return this.rpc.call<IdentitySecretStatus[]>(IDENTITY_SECRETS_ROUTE, {});
  }

  /** Admin: makes (or rotates) a channel's identity secret; the answer is the only time it is shown. */
  generateIdentitySecret(channelId: number): Promise<IdentitySecretGenerated> {
    return this.rpc.call<IdentitySecretGenerated>(GENERATE_IDENTITY_SECRET_ROUTE, { channel_id: channelId } satisfies OnChannelParams);
  }

  /** Admin: removes a channel's identity secret; verified identities are refused until a new one is made. */
  removeIdentitySecret(channelId: number): Promise<void> {
    return this.rpc.call<void>(REMOVE_IDENTITY_SECRET_ROUTE, { channel_id: channelId } satisfies OnChannelParams);
  }

  /** Posts a message; resolves with its id, or false when the conversation is over. */
  post(sessionId: number, text: string): Promise<number | false> {
    return this.rpc.call<number | false>(CHAT_POST_ROUTE, { session_id: sessionId, message_content: text });
  }

  /** Answers an offline message: mailed to the visitor, then stored; resolves with the message id. */
  replyByEmail(sessionId: number, text: string): Promise<number> {
    return this.rpc.call<number>(REPLY_BY_EMAIL_ROUTE, { session_id: sessionId, message: text } satisfies ReplyByEmailParams);
  }

  /** The operator's own alert e-mails. */
  alertSettings(): Promise<OperatorAlertSettings> {
    return this.rpc.call<OperatorAlertSettings>(ALERT_SETTINGS_ROUTE, {});
  }

  /** Changes the operator's own alert e-mails; resolves with them as saved. */
  setAlertSettings(settings: OperatorAlertSettings): Promise<OperatorAlertSettings> {
    return this.rpc.call<OperatorAlertSettings>(SET_ALERT_SETTINGS_ROUTE, { ...settings } satisfies SetAlertSettingsParams);
  }

  /** Tells the visitor whether the operator is typing (silent: no loading indicator). */
  typing(sessionId: number, isTyping: boolean): Promise<void> {
    return this.rpc.call<void>(NOTIFY_TYPING_ROUTE, { session_id: sessionId, is_typing: isTyping }, { silent: true });
  }

  /** Marks the conversation read up to `messageId`: the visitor's widget shows "Seen" (issue 15). */
  markSeen(sessionId: number, messageId: number): Promise<boolean> {
    return this.rpc.call<boolean>(MARK_SEEN_ROUTE, { session_id: sessionId, message_id: messageId } satisfies MarkSeenParams, { silent: true });
  }

  /** Ends the conversation; the visitor's widget is told on the bus. */
  close(sessionId: number): Promise<void> {
    return this.rpc.call<void>(CLOSE_SESSION_ROUTE, { session_id: sessionId } satisfies OnSessionParams);
  }

  /** Asks the visitor's widget for its visited pages; the answer arrives on the bus. */
  requestHistory(sessionId: number): Promise<void> {
    return this.rpc.call<void>(REQUEST_HISTORY_ROUTE, { session_id: sessionId } satisfies OnSessionParams);
  }

  /** Whether the operator takes new conversations. */
  presence(): Promise<OperatorPresence> {
    return this.rpc.call<OperatorPresence>(PRESENCE_ROUTE, {});
  }

  /** Sends files to a conversation as one message; rejects with an UploadFailure. */
  upload(sessionId: number, files: readonly File[]): Promise<UploadResult> {
    return uploadAttachments(new URL(`${this.rpc.baseUrl}${OPERATOR_UPLOAD_ROUTE}`, document.baseURI).href, sessionId, files);
  }

  /** Goes available or away. */
  setPresence(presence: OperatorPresence): Promise<OperatorPresence> {
    return this.rpc.call<OperatorPresence>(SET_PRESENCE_ROUTE, { presence } satisfies SetPresenceParams);
  }

  /** Odoo `read_group` through the dataset route: a count per value of `groupby` (`field:day` for dates). */
  readGroup(model: string, domain: unknown[], groupby: string): Promise<GroupRow[]> {
    return this.rpc.call<GroupRow[]>(`${CALL_KW_ROUTE}/${model}/read_group`, { model, method: 'read_group', args: [domain, [], [groupby]], kwargs: {} });
  }

  /** Admin: the active operators. */
  operators(): Promise<OperatorAccount[]> {
    return this.rpc.call<OperatorAccount[]>(OPERATORS_ROUTE, {});
  }

  /** Admin: adds an operator. */
  addOperator(account: NewOperatorAccount): Promise<OperatorAccount> {
    return this.rpc.call<OperatorAccount>(ADD_OPERATOR_ROUTE, { ...account } satisfies AddOperatorParams);
  }

  /** Admin: removes an operator (its conversations stay). */
  removeOperator(operatorId: number): Promise<void> {
    return this.rpc.call<void>(REMOVE_OPERATOR_ROUTE, { operator_id: operatorId } satisfies OnOperatorParams);
  }

  /** Admin: sets a new password for an operator, who is logged out everywhere. */
  resetPassword(operatorId: number, password: string): Promise<void> {
    return this.rpc.call<void>(RESET_PASSWORD_ROUTE, { operator_id: operatorId, password } satisfies ResetPasswordParams);
  }

  /** Admin: every livechat channel's settings. */
  channels(): Promise<ChannelSettings[]> {
    return this.rpc.call<ChannelSettings[]>(CHANNELS_ROUTE, {});
  }

  /** Admin: changes some settings of a channel; resolves with all its settings. */
  updateChannel(channelId: number, values: Partial<Omit<ChannelSettings, 'id'>>): Promise<ChannelSettings> {
    return this.rpc.call<ChannelSettings>(UPDATE_CHANNEL_ROUTE, { channel_id: channelId, values } satisfies UpdateChannelParams);
  }

  /** The operator's own name and picture. */
  profile(): Promise<OperatorProfile> {
    return this.rpc.call<OperatorProfile>(OPERATOR_PROFILE_ROUTE, {});
  }

  /** Changes the operator's own display name, or as an admin another operator's (`operatorId`). */
  setProfileName(name: string, operatorId?: number): Promise<OperatorProfile> {
    return operatorId === undefined
      ? this.rpc.call<OperatorProfile>(OPERATOR_SET_PROFILE_ROUTE, { name } satisfies SetOwnProfileParams)
      : this.rpc.call<OperatorProfile>(ADMIN_SET_PROFILE_ROUTE, { operator_id: operatorId, name } satisfies SetOperatorProfileParams);
  }

  /** Sets the operator's own picture (already cropped square), or as an admin another operator's. */
  setProfilePicture(picture: Blob, operatorId?: number): Promise<OperatorProfile> {
    const route = operatorId === undefined ? OPERATOR_AVATAR_ROUTE : ADMIN_AVATAR_ROUTE;
    return uploadAvatar(new URL(`${this.rpc.baseUrl}${route}`, document.baseURI).href, picture, operatorId);
  }

  /** Removes the operator's own picture, or as an admin another operator's: visitors see the default one. */
  removeProfilePicture(operatorId?: number): Promise<OperatorProfile> {
    return operatorId === undefined
      ? this.rpc.call<OperatorProfile>(OPERATOR_REMOVE_AVATAR_ROUTE, {})
      : this.rpc.call<OperatorProfile>(ADMIN_REMOVE_AVATAR_ROUTE, { operator_id: operatorId } satisfies OnOperatorParams);
  }
}
