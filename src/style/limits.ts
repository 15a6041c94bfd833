/**
 * Limits on the author CSS of one document. A module of its own, with no imports, so the public
 * API can export the defaults without loading the style engine.
 */
/** Bounds on the author CSS of one document (the UA sheet is not counted). */
export interface CssLimits {
  /**
   * Style rules kept for the cascade; each selector of a list counts, since each is indexed as
   * its own rule. Rules inside @media/@supports that apply and @import-ed sheets count too.
   */
  readonly maxRules: number;
  /** UTF-8 bytes of all <style> elements, <link> sheets and @import-ed sheets together. */
  readonly maxBytes: number;
}

/**
 * About 2 KB of heap per rule and 40 bytes per byte of CSS once indexed: the defaults keep the
 * cascade of the largest accepted document far below a 768 MB worker heap.
 */
export const DEFAULT_CSS_LIMITS: CssLimits = { maxRules: 50_000, maxBytes: 5 * 1024 * 1024 };
