import { searchRoutes } from './search-routes.js';

/**
 * Console search (issue 25): words found in messages, notes, visitors' names and e-mails and tags, over
 * the full-text index migration 0022 builds and its triggers keep in step with every write.
 */
export const searchFeature = searchRoutes;
