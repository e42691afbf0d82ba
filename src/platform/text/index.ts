export * from './messages.js';
export * from './human-size.js';
export * from './email.js';
export * from './escape-html.js';
export * from './data-url.js';
