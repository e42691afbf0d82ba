/**
 * How a visitor call from a site that is not in the server's ALLOWED_ORIGINS is refused: a JSON-RPC
 * error with this code and this `data.name`. `/im_livechat/init` lets that site read this refusal, and
 * only it, so the widget can report `livechat:error` `origin_not_allowed` instead of staying silently away.
 */
export const ORIGIN_NOT_ALLOWED_CODE = 403;
export const ORIGIN_NOT_ALLOWED_ERROR = 'livechat.OriginNotAllowed';
