/**
 * Whether a conversation is still live (an addition to the Odoo protocol): a widget that reopens from its
 * session cookie asks before it offers a composer, since the operator may have closed the conversation
 * while the page was away. Shared by the widget and the server.
 */
import type { QueuePlace } from './queue.js';

/** The visitor route that tells whether the conversation a uuid names is still open. */
export const CONVERSATION_STATE_ROUTE = '/im_livechat/conversation_state';

/** `closed` also for an unknown or malformed uuid: either way nothing more can be posted to it. */
export type ConversationState = 'open' | 'closed';

/** Parameters of {@link CONVERSATION_STATE_ROUTE}. */
export interface ConversationStateParams {
  uuid: string;
}

/** Answer of {@link CONVERSATION_STATE_ROUTE}. */
export interface ConversationStateAnswer {
  state: ConversationState;
  /** While the conversation waits in its channel's queue: the visitor's place (issue 26). */
  queue?: QueuePlace;
}
