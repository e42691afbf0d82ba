export * from './asset-load-error.js';
export * from './load-assets.js';
export * from './public-assets.js';
