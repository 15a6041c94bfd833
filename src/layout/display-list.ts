/**
 * Transitional: the display list now lives in src/document/. Only pdf/import-page.ts still
 * names this path, and that file is being rewritten on another branch; once both have landed,
 * its import becomes '../document/index.js' and this file goes.
 */
export type { ImportedPage } from '../document/index.js';
