import { transcriptRoutes } from './transcript-routes.js';

/** Transcripts: a conversation mailed to the visitor on request. */
export const transcriptFeature = transcriptRoutes;
