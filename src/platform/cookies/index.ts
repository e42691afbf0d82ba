export * from './cookie-jar.js';
export * from './livechat-cookies.js';
