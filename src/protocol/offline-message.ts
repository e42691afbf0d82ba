/**
 * The offline form (issue 14): while nobody is online a channel may show a message form instead of
 * hiding the button (SPEC.md §8 hides it, and stays the default). Shared by the widget and the server.
 */

/** What a channel's button does while nobody is online. */
export type OfflineMode = 'hide_button' | 'message_form';

/** The offline modes, for parameter checks. */
export const OFFLINE_MODES: readonly OfflineMode[] = ['hide_button', 'message_form'];

/** The offline button's text and dialog title when the channel sets none (English; the widget translates it). */
export const DEFAULT_OFFLINE_TEXT = 'Leave us a message';

/** The visitor route that stores an offline message. */
export const OFFLINE_MESSAGE_ROUTE = '/im_livechat/offline_message';

/**
 * Parameters of {@link OFFLINE_MESSAGE_ROUTE}. `post_key` (the chat's POST_KEY_PATTERN) is drawn once per
 * message and sent again with every retry, so a sending whose answer was lost is stored once. The answer
 * is `true`.
 */
export interface OfflineMessageParams {
  channel_id: number;
  name?: string;
  email: string;
  message: string;
  post_key?: string;
}

/** Bounds the server enforces on the form's fields; the form keeps within them. */
export const OFFLINE_FIELD_LIMITS = {
  name: 100,
  email: 254,
  message: 4000,
} as const;
