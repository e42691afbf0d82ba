export * from './messages.js';
export * from './human-size.js';
export { isEmail } from '../../protocol/email-address.js';
export { escapeHtml } from '../../protocol/html-escape.js';
export * from './data-url.js';
