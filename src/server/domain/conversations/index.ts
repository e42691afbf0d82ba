export { ConversationNotFoundError, mayRead, readableConversations } from './conversation-access-store.js';
export { messageChannels, openSession, publishMessage, sessionByUuid } from './conversations.js';
export { attachmentToWire, bodyToText, escapeHtml, messageToWire, plainTextToHtml, serverDate } from './format.js';
export type { WireAttachment } from './format.js';
export { operatorConsoleRoutes, parsePages } from './operator-console-routes.js';
export { readableChannels } from './poll-authorization.js';
export { PostKeys } from './post-keys.js';
export { widgetRoutes } from './widget-routes.js';
export { widgetSignalRoutes } from './widget-signal-routes.js';
