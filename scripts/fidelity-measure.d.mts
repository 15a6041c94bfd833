/** Text normalised for comparison across engines (see fidelity-measure.mjs). */
export function normaliseText(text: string): string;

/** One pdfjs text item with wide letter spacing ("G R A N A R Y") closed up. */
export function closeLetterSpacing(item: string): string;

/** Words of a text (runs of letters and digits after normaliseText), counted. */
export function wordCounts(text: string): Map<string, number>;

export interface WordShare {
  /** found / total; 1 when the reference has no words. */
  readonly share: number;
  readonly total: number;
  readonly found: number;
  /** Words the candidate lacks, most missed first. */
  readonly missing: readonly { readonly word: string; readonly count: number }[];
}

/** Share of the reference's words (with repetition) that the candidate also has. */
export function wordShare(
  reference: ReadonlyMap<string, number>,
  candidate: ReadonlyMap<string, number>,
): WordShare;

/** Weighted Jaccard index of two page images' blurred ink on a coarse grid (0..1). */
export function inkSimilarity(
  reference: Buffer | string,
  candidate: Buffer | string,
): Promise<number>;
