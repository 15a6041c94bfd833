/**
 * Limits on one template request. A module of its own, with no imports, so the public API can
 * export the defaults without loading the layout engine.
 */
/** Limits on one template request (configurable by the operator). */
export interface TemplateLimits {
  readonly maxRows: number;
  readonly maxBlocks: number;
  readonly maxTableRows: number;
}

export const DEFAULT_TEMPLATE_LIMITS: TemplateLimits = {
  maxRows: 2_000,
  maxBlocks: 10_000,
  // The whole laid-out document stays in memory until the writer runs. Measured with
  // `node --max-old-space-size=1024` on a 5-column table: 10,000 rows (295 pages) render in
  // about 8 s and still fit a 640 MB heap; 15,000 fit 1024 MB only narrowly; 20,000 run out of
  // heap at 1024 MB (the default worker heap). 10,000 leaves a margin for wider cells.
  maxTableRows: 10_000,
};
