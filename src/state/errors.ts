/**
 * Errors the visitor is told about. Each code maps to a message key of locales/ whose English text is
 * SPEC.md §8's.
 */
import { INVALID_OPTION_TEXT, NETWORK_ERROR_TEXT, ORIGIN_NOT_ALLOWED_TEXT } from './loader-errors.js';

export type ChatErrorCode = 'no_operator' | 'session_expired' | 'post_failed' | 'network' | 'invalid_option' | 'identity_rejected' | 'origin_not_allowed';

/**
 * Locale key of each error the visitor sees (`invalid_option`, `identity_rejected` and
 * `origin_not_allowed` are for the host page's developer only: the visitor simply goes on anonymously,
 * or sees no chat button).
 */
export const ERROR_MESSAGE_KEYS: Record<Exclude<ChatErrorCode, 'invalid_option' | 'identity_rejected' | 'origin_not_allowed'>, string> = {
  no_operator: 'errors.noOperator',
  session_expired: 'errors.sessionExpired',
  post_failed: 'widget.message.failed',
  network: 'errors.connectionLost',
};

export { INVALID_OPTION_TEXT, NETWORK_ERROR_TEXT };

/** English text of each code, used for `livechat:error` details (host pages log them). */
export const ERROR_TEXTS: Record<ChatErrorCode, string> = {
  no_operator: 'No available collaborator, please try again later.',
  session_expired: 'Session expired... Please refresh and try again.',
  post_failed: 'Not sent',
  network: NETWORK_ERROR_TEXT,
  invalid_option: INVALID_OPTION_TEXT,
  identity_rejected: 'The visitor identity could not be verified',
  origin_not_allowed: ORIGIN_NOT_ALLOWED_TEXT,
};

/** A failure with a code the element turns into a `livechat:error` event and a notice. */
export class ChatError extends Error {
  constructor(
    readonly code: ChatErrorCode,
    message: string = ERROR_TEXTS[code],
  ) {
    super(message);
    this.name = 'ChatError';
  }
}
