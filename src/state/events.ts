import type { ChatMessage, Many2one, Rate } from '../protocol/livechat.js';
import type { ChatErrorCode } from './errors.js';

/** The `detail` of each `livechat:*` event dispatched on `<live-chat>` (keys are the event names). */
export interface LiveChatEventDetails {
  /** Availability is known: the button shows when `available` is true. */
  'livechat:ready': { available: boolean };
  /** A chat window opened with an operator. */
  'livechat:open': { uuid: string; operator: Many2one };
  /** A message arrived (`in`) or the visitor's own post was accepted (`out`). */
  'livechat:message': { direction: 'in' | 'out'; message: ChatMessage };
  /** The window was folded or unfolded. */
  'livechat:fold': { folded: boolean };
  /** The unread counter changed. */
  'livechat:unread': { count: number };
  /** The visitor rated the conversation. */
  'livechat:feedback': { rate: Rate; reason: string };
  /** The transcript request finished. */
  'livechat:transcript': { ok: boolean };
  /** A message left through the offline form was stored (`ok`), or could not be sent (issue 14). */
  'livechat:offline-message': { ok: boolean };
  /** The conversation ended and the session cookie was cleared. */
  'livechat:closed': { uuid: string };
  /** Something the visitor was told about went wrong. */
  'livechat:error': { code: ChatErrorCode; message: string };
}

/** Names of the `livechat:*` events. */
export type LiveChatEventName = keyof LiveChatEventDetails;
