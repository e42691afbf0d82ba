/**
 * English texts of the errors the loader reports before the chat part runs. A module of their own:
 * the loader must carry none of the other texts of errors.ts.
 */

/** English text of the `network` error. */
export const NETWORK_ERROR_TEXT = 'Could not connect to the server';
/** English text of the `invalid_option` error. */
export const INVALID_OPTION_TEXT = 'Invalid attribute value';
/** English text of the `origin_not_allowed` error (the server refuses this page's site). */
export const ORIGIN_NOT_ALLOWED_TEXT = "This site is not in the chat server's ALLOWED_ORIGINS";
