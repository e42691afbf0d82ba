/** The widget state: atoms, actions and the ports it needs. React-free. */
export * from './atoms.js';
export * from './create-state.js';
export * from './errors.js';
export * from './events.js';
export * from './messages.js';
export * from './options.js';
export * from './ports.js';
export * from './session-cookie.js';
export * from './transcript.js';
