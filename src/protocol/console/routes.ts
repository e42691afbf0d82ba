/**
 * Paths of the operator console's own routes (same origin, the operator's session cookie), written once:
 * the server registers each under its constant, the console calls it. TypeBox-free, so the console
 * imports them without the schemas; the profile routes are in ../operator-profile.ts.
 */

/** The operator's recent conversations, newest first. */
export const CONVERSATIONS_ROUTE = '/im_livechat/operator/conversations';
/** One conversation with its messages, page history and rating. */
export const CONVERSATION_ROUTE = '/im_livechat/operator/conversation';
/** What is known of a conversation's visitor. */
export const VISITOR_CARD_ROUTE = '/im_livechat/operator/visitor_card';
/** Ends a conversation; the visitor is told. */
export const CLOSE_SESSION_ROUTE = '/im_livechat/operator/close_session';
/** Asks the visitor's widget for the pages it saw. */
export const REQUEST_HISTORY_ROUTE = '/im_livechat/operator/request_history';
/** Answers an offline message by e-mail. */
export const REPLY_BY_EMAIL_ROUTE = '/im_livechat/operator/reply_by_email';
/** Marks a conversation read up to a message. */
export const MARK_SEEN_ROUTE = '/im_livechat/operator/mark_seen';
/** The operator's own alert e-mails. */
export const ALERT_SETTINGS_ROUTE = '/im_livechat/operator/alert_settings';
/** Changes the operator's own alert e-mails. */
export const SET_ALERT_SETTINGS_ROUTE = '/im_livechat/operator/set_alert_settings';
/** Whether the operator takes new conversations. */
export const PRESENCE_ROUTE = '/im_livechat/operator/presence';
/** Goes available or away. */
export const SET_PRESENCE_ROUTE = '/im_livechat/operator/set_presence';
/** Sends files to a conversation as one message (multipart, not JSON-RPC). */
export const OPERATOR_UPLOAD_ROUTE = '/im_livechat/operator/upload_attachment';
/** Posts a link to a file elsewhere as an attachment. */
export const ATTACH_URL_ROUTE = '/im_livechat/operator/attach_url';

/** Admin: which channels have an identity secret, since when. */
export const IDENTITY_SECRETS_ROUTE = '/im_livechat/operator/admin/identity_secrets';
/** Admin: makes (or rotates) a channel's identity secret. */
export const GENERATE_IDENTITY_SECRET_ROUTE = '/im_livechat/operator/admin/generate_identity_secret';
/** Admin: removes a channel's identity secret. */
export const REMOVE_IDENTITY_SECRET_ROUTE = '/im_livechat/operator/admin/remove_identity_secret';
/** Admin: the active operators. */
export const OPERATORS_ROUTE = '/im_livechat/operator/admin/operators';
/** Admin: adds an operator. */
export const ADD_OPERATOR_ROUTE = '/im_livechat/operator/admin/add_operator';
/** Admin: removes an operator (its conversations stay). */
export const REMOVE_OPERATOR_ROUTE = '/im_livechat/operator/admin/remove_operator';
/** Admin: sets an operator's password. */
export const RESET_PASSWORD_ROUTE = '/im_livechat/operator/admin/reset_password';
/** Admin: every livechat channel's settings. */
export const CHANNELS_ROUTE = '/im_livechat/operator/admin/channels';
/** Admin: changes some settings of a channel. */
export const UPDATE_CHANNEL_ROUTE = '/im_livechat/operator/admin/update_channel';
