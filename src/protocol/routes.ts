/**
 * Paths of the chat server's JSON-RPC and HTTP routes that the widget, the console and the server share
 * (PROTOCOL.md). Written here once: the server registers each under its constant, the clients call it.
 * TypeBox-free on purpose, as the widget imports it; its loader imports
 * init-route.ts alone. The console's own routes are in console/routes.ts.
 */

export { INIT_ROUTE } from './init-route.js';
/** The channel's Odoo templates (kept for compatibility; the widget renders its own). */
export const LOAD_TEMPLATES_ROUTE = '/im_livechat/load_templates';
/** Opens (or resumes) the visitor's conversation. */
export const GET_SESSION_ROUTE = '/im_livechat/get_session';
/** Tells the server who the visitor is (name, e-mail, identity) after the conversation opened. */
export const VISITOR_UPDATE_ROUTE = '/im_livechat/visitor_update';
/** The visitor's earlier conversations on this browser. */
export const EARLIER_CONVERSATIONS_ROUTE = '/im_livechat/earlier_conversations';
/** Typing on or off, from the visitor or the operator. */
export const NOTIFY_TYPING_ROUTE = '/im_livechat/notify_typing';
/** The visitor's rating of the conversation. */
export const FEEDBACK_ROUTE = '/im_livechat/feedback';
/** The widget's answer to the operator's page-history request. */
export const HISTORY_ROUTE = '/im_livechat/history';
/** Mails the conversation's transcript to the visitor. */
export const EMAIL_TRANSCRIPT_ROUTE = '/im_livechat/email_livechat_transcript';
/** Posts a message, from the visitor or the operator. */
export const CHAT_POST_ROUTE = '/mail/chat_post';
/** A conversation's messages, newest first. */
export const CHAT_HISTORY_ROUTE = '/mail/chat_history';
/** The bus: waits for notifications on the channels asked for. */
export const POLL_ROUTE = '/longpolling/poll';

/** Operator log-in. */
export const SESSION_AUTHENTICATE_ROUTE = '/web/session/authenticate';
/** The logged-in user's session fields. */
export const SESSION_INFO_ROUTE = '/web/session/get_session_info';
/** Log-out. */
export const SESSION_DESTROY_ROUTE = '/web/session/destroy';

/** Odoo's generic model call; followed by `/{model}/{method}` it is the same route with a readable path. */
export const CALL_KW_ROUTE = '/web/dataset/call_kw';
/** One page of records and the total count. */
export const SEARCH_READ_ROUTE = '/web/dataset/search_read';
/** Counts per value of a field. */
export const READ_GROUP_ROUTE = '/web/dataset/read_group';


/** Server translations, followed by `/{hash}`. */
export const TRANSLATIONS_PATH = '/web/webclient/translations';
/** A language's date and number settings, followed by `/{lang}`. */
export const LOCALE_PATH = '/web/webclient/locale';
/** An attachment's content, followed by `/{id}`. */
export const CONTENT_PATH = '/web/content';
/** A partner's (an operator's) picture, followed by `/{id}`. */
export const PARTNER_IMAGE_PATH = '/web/partner_image';
