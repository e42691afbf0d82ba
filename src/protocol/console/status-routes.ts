/**
 * Paths of the console's status and view routes (same origin, the operator's session cookie), beside
 * routes.ts: the server registers each under its constant, the console calls it.
 */

/** Sets a conversation's status (resolving it closes it). */
export const SET_STATUS_ROUTE = '/im_livechat/operator/set_status';
/** How many open conversations each list view holds. */
export const VIEW_COUNTS_ROUTE = '/im_livechat/operator/view_counts';
