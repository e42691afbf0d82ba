import type { ConsoleFeature } from '../../app/registry.js';
import { AttachAction } from './attach-action.js';

/** Files sent from the composer. */
export const attachments: ConsoleFeature = { pane: { composerActions: [AttachAction] } };
