/** Public exports of the live-chat-element package. No side effects: import `define.js` to register. */
export { LiveChatElement } from './element/live-chat-element.js';
export type { LiveChatEventMap, LiveChatEventDetails, LiveChatEventName } from './element/events.js';
export type { LiveChatJsxAttributes, LiveChatJsxEvents } from './element/jsx.js';
export type { ChatMessage, Many2one, Rate } from './protocol/livechat.js';
export type { VisitorUser } from './state/visitor.js';
export * from './protocol/rpc.js';
