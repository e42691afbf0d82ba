import type { ConsoleFeature } from '../../app/registry.js';
import { OfflineReplySection } from './offline-reply.js';

/** A message left offline is answered by e-mail, in the composer's place (there is no chat to write in). */
export const offlineReply: ConsoleFeature = {
  pane: { composerReplacements: [{ applies: (c) => c.origin === 'offline' && Boolean(c.reply_email), Component: OfflineReplySection }] },
};
