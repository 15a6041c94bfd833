/**
 * The stages a task goes through, as small numbers a worker can write into shared memory for
 * the pool to read: when the pool has to cut a worker off, its 504 still names the stage.
 */
const STAGES = [
  'start',
  'parse',
  'style',
  'resources',
  'layout',
  'pagination',
  'pages',
  'pdf',
  'raster',
  'validation',
] as const;

/** The code of a stage; a stage not in the list is recorded as the work in general. */
export function stageCode(stage: string): number {
  const i = (STAGES as readonly string[]).indexOf(stage);
  return i < 0 ? STAGES.length : i;
}

export function stageName(code: number): string {
  return STAGES[code] ?? 'processing';
}
