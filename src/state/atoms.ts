/** The atoms the React root reads, from their domain modules. */
export * from './connection.js';
export * from './feedback.js';
export * from './session.js';
export * from './thread.js';
export * from './typing-state.js';
export { earlierConversationsAtom } from './visitor.js';
export { prechatFormAtom, prechatStepAtom } from './prechat.js';
export * from './uploads.js';
