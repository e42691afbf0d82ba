/** The widget state: atoms by domain, their actions and the ports they need. React-free. */
export * from './atoms.js';
export * from './bus.js';
export * from './closing.js';
export * from './context.js';
export * from './create-state.js';
export * from './errors.js';
export * from './events.js';
export * from './lifecycle.js';
export * from './messages.js';
export * from './opening.js';
export * from './options.js';
export * from './ports.js';
export * from './sending.js';
export * from './transcript.js';
