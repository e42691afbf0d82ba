export * from './time-value-error.js';
export * from './parse.js';
export * from './format.js';
export * from './date-locale.js';
export * from './labels.js';
