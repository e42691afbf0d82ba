/**
 * Errors the visitor is told about. Each code maps to a message key of locales/ whose English text is
 * SPEC.md §8's.
 */
import { INVALID_OPTION_TEXT, NETWORK_ERROR_TEXT } from './loader-errors.js';

export type ChatErrorCode = ChatPartErrorCode | 'origin_not_allowed';

/**
 * The codes the chat part reports. `origin_not_allowed` is not among them: the loader reports it, with its
 * text, from a chunk of its own (element/origin-refused.ts), before any chat part runs.
 */
export type ChatPartErrorCode = 'no_operator' | 'session_expired' | 'post_failed' | 'network' | 'invalid_option' | 'identity_rejected';

/**
 * Locale key of each error the visitor sees (`invalid_option` and `identity_rejected` are for the host
 * page's developer only: the visitor simply goes on anonymously).
 */
export const ERROR_MESSAGE_KEYS: Record<Exclude<ChatPartErrorCode, 'invalid_option' | 'identity_rejected'>, string> = {
  no_operator: 'errors.noOperator',
  session_expired: 'errors.sessionExpired',
  post_failed: 'widget.message.failed',
  network: 'errors.connectionLost',
};

export { INVALID_OPTION_TEXT, NETWORK_ERROR_TEXT };

/** English text of each code, used for `livechat:error` details (host pages log them). */
export const ERROR_TEXTS: Record<ChatPartErrorCode, string> = {
  no_operator: 'No available collaborator, please try again later.',
  session_expired: 'Session expired... Please refresh and try again.',
  post_failed: 'Not sent',
  network: NETWORK_ERROR_TEXT,
  invalid_option: INVALID_OPTION_TEXT,
  identity_rejected: 'The visitor identity could not be verified',
};

/** A failure with a code the element turns into a `livechat:error` event and a notice. */
export class ChatError extends Error {
  constructor(
    readonly code: ChatPartErrorCode,
    message: string = ERROR_TEXTS[code],
  ) {
    super(message);
    this.name = 'ChatError';
  }
}
