/**
 * The contract every stage shares: the laid-out document (pages of display items, the structure
 * tree, metadata), the writer settings beside it, and the plain values they are made of. It
 * imports no stage, so any stage may import it.
 */
export * from './attachments.js';
export * from './color.js';
export * from './color-names.js';
export * from './css-units.js';
export * from './display-list.js';
export * from './glyphs.js';
export * from './matrix.js';
export * from './metadata.js';
export * from './path-bounds.js';
export * from './structure.js';
export * from './xmp.js';
