/**
 * Routing and capacity (issue 26): route paths and bounds shared by the server and the console.
 * TypeBox-free; the schemas are in ../schemas/routing.ts.
 */

/** Admin: an operator's languages and their own capacity in each of their channels. */
export const OPERATOR_ROUTING_ROUTE = '/im_livechat/operator/admin/operator_routing';
/** Admin: changes an operator's languages and per-channel capacities. */
export const SET_OPERATOR_ROUTING_ROUTE = '/im_livechat/operator/admin/set_operator_routing';
/** The calling operator's own languages. */
export const MY_LANGUAGES_ROUTE = '/im_livechat/operator/languages';
/** Changes the calling operator's own languages. */
export const SET_MY_LANGUAGES_ROUTE = '/im_livechat/operator/set_languages';

/** Bounds of a capacity (a channel's, or an operator's own in a channel): active conversations at once; null is no limit. */
export const CAPACITY_BOUNDS = { min: 1, max: 100 } as const;
/** Bounds of a channel's reassign delay, in seconds (null: never). */
export const REASSIGN_AFTER_SECONDS = { min: 10, max: 3600, default: 60 } as const;
/** Languages one operator may list. */
export const OPERATOR_LANGUAGES_MAX = 20;
/** Longest language tag accepted (only its primary subtag is kept). */
export const LANGUAGE_TAG_MAX = 35;
/** Channels one `set_operator_routing` call may set a capacity in. */
export const CAPACITIES_PER_CALL_MAX = 500;
/** Routing calls an operator may make a minute. */
export const ROUTING_CALLS_PER_MINUTE = 60;

/** An operator's routing settings as the admin screen edits them. */
export interface OperatorRouting {
  operator_id: number;
  /** Primary language subtags, lower case (`fr`). */
  languages: string[];
  /** Each of the operator's channels, with their own capacity there; null: the channel's. */
  channels: { channel_id: number; capacity: number | null }[];
}
