export * from './messages.js';
export * from './human-size.js';
export * from './email.js';
export { escapeHtml } from '../../protocol/html-escape.js';
export * from './data-url.js';
