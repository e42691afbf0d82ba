import { operatorVisitorCardRoutes } from './visitor-card-routes.js';

/** The visitor card: what the console shows about a conversation's visitor. */
export const visitorCardFeature = operatorVisitorCardRoutes;
