/** Bounds of attachments, shared by the server's upload routes and the console's contracts (schemas/console-params.ts). */

/** Longest stored file name; longer names keep their end (the extension). */
export const ATTACHMENT_NAME_MAX = 255;
/** Longest URL of a URL-type attachment. */
export const ATTACHMENT_URL_MAX = 2048;
/** Longest text sent along with the files. */
export const ATTACHMENT_BODY_MAX = 4000;
