export * from './content-disposition.js';
export * from './download-error.js';
export * from './download-file.js';
export * from './save-blob.js';
