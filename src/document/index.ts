export * from './display-list.js';
export * from './path-bounds.js';
export * from './attachments.js';
