import { tagsRoutes } from './tags-routes.js';

/** Conversation tags: a channel's labels, put on conversations by its operators, managed by admins; the list filters by them. */
export const tagsFeature = tagsRoutes;
