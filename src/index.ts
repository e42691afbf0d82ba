export { LiveChatElement } from './element/live-chat-element.js';
export type { LiveChatAppProps } from './element/live-chat-app.js';
export * from './protocol/rpc.js';
