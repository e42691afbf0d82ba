/**
 * English texts of the errors the loader itself reports before the chat part runs. A module of their own:
 * the loader must carry none of the other texts of errors.ts. The text of `origin_not_allowed` lives in
 * the origin-refused chunk, its only reporter: whatever a lazy chunk takes from here ships in the loader.
 */

/** English text of the `network` error. */
export const NETWORK_ERROR_TEXT = 'Could not connect to the server';
/** English text of the `invalid_option` error. */
export const INVALID_OPTION_TEXT = 'Invalid attribute value';
