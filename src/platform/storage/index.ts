export * from './key-value-store.js';
export * from './local-store.js';
