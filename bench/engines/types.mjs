// Shapes shared by the engine adapters (JSDoc only; nothing runs here).

/**
 * @typedef {object} EngineInfo
 * @property {string} name
 * @property {string} version
 * @property {boolean} tagged  whether the output is a tagged (accessible) PDF
 * @property {'js' | 'external'} kind  js: runs in this process (worker threads for the pool);
 *   external: drives another program (the pool runs several instances)
 */

/**
 * @typedef {object} EngineInstance
 * @property {(doc: import('../docs/content.mjs').Doc & { template?: unknown, data?: unknown }) => Promise<unknown>} prepare
 *   the document in the engine's own input format (not timed), or null when it has none
 * @property {(input: any) => Promise<{ bytes: Uint8Array, pages?: number }>} render  timed
 * @property {() => Promise<void>} close
 * @property {() => number} [externalRssKb]  current RSS of helper processes, for external engines
 * @property {() => number} [externalPeakRssKb]  peak RSS of helper processes, when the OS tells it
 * @property {() => number} [cpuMsNow]  CPU time used so far by helper processes (read between renders)
 */
export {};
