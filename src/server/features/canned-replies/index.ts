import { cannedReplyRoutes } from './canned-reply-routes.js';

/** Canned replies: shared per channel and personal, with variables filled per conversation. */
export const cannedRepliesFeature = cannedReplyRoutes;
