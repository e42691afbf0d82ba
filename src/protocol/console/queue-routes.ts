/**
 * Paths of the console's queue routes (same origin, the operator's session cookie), beside routes.ts:
 * the server registers each under its constant, the console calls it.
 */

/** The waiting conversations of the operator's channels, each queue head first. */
export const QUEUE_ROUTE = '/im_livechat/operator/queue';
/** Takes a waiting conversation: a chosen one, or the head of a channel's queue. */
export const QUEUE_TAKE_ROUTE = '/im_livechat/operator/queue_take';
