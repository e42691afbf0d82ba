/**
 * The loader's one route, in a module of its own: the eager script imports only this constant, so the
 * other routes (routes.ts, which re-exports it) stay in the chunks that call them.
 */

/** The loader asks whether to show the button for a channel, with its rule and options. */
export const INIT_ROUTE = '/im_livechat/init';
