import { retentionPlugin } from './retention-plugin.js';

/** Retention: ended conversations deleted past their channel's days (`app.retention`). */
export const retentionFeature = retentionPlugin;
