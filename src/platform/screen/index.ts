export * from './size-class.js';
export * from './screen-size.js';
