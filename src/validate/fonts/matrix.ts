/**
 * Glyph space to text space: the font matrix of an embedded program, and whether it is one a
 * renderer can draw with. A program whose matrix makes an em 1 unit, or 10^6 units, passes
 * every width check that reads the same matrix, yet viewers draw it 1000 times too big or too
 * small; so the matrix itself is checked, under each reading renderers are known to use.
 */

/** [a b c d e f], as PDF writes matrices (ISO 32000-1, 8.3.3). */
export type Matrix = readonly [number, number, number, number, number, number];

/** The CFF default FontMatrix (Adobe TN 5176, Top DICT operator 12 7). */
export const CFF_DEFAULT_MATRIX: Matrix = [0.001, 0, 0, 0.001, 0, 0];

/** Units per em a real font uses: TrueType allows 16 to 16384 (OpenType 'head'). */
export const MIN_UNITS_PER_EM = 16;
export const MAX_UNITS_PER_EM = 16384;

/** Six numbers as a matrix; null when the operand list is not six numbers. */
export function asMatrix(v: readonly number[] | null | undefined): Matrix | null {
  if (!v || v.length !== 6) return null;
  return [v[0], v[1], v[2], v[3], v[4], v[5]];
}

/** `first` then `second`: the matrix that applies `first` to a point and `second` to the result. */
export function multiply(first: Matrix, second: Matrix): Matrix {
  const [a, b, c, d, e, f] = first;
  const [a2, b2, c2, d2, e2, f2] = second;
  return [
    a * a2 + b * c2,
    a * b2 + b * d2,
    c * a2 + d * c2,
    c * b2 + d * d2,
    e * a2 + f * c2 + e2,
    e * b2 + f * d2 + f2,
  ];
}

/** Units per em along each text-space axis: 1 / the length of the matrix column for that axis. */
export function unitsPerEmOf(m: Matrix): [number, number] {
  return [1 / Math.hypot(m[0], m[2]), 1 / Math.hypot(m[1], m[3])];
}

/** Why a matrix cannot be drawn with, or null when it is sane. */
export function matrixProblem(m: Matrix): string | null {
  if (!m.every(Number.isFinite)) return 'has a value that is not a finite number';
  if (m[0] * m[3] - m[1] * m[2] === 0) return 'is singular (its determinant is 0)';
  const [x, y] = unitsPerEmOf(m);
  for (const [axis, em] of [
    ['horizontal', x],
    ['vertical', y],
  ] as const) {
    if (!(em >= MIN_UNITS_PER_EM && em <= MAX_UNITS_PER_EM))
      return `makes an em ${formatUnits(em)} glyph units ${axis}ly, outside ${MIN_UNITS_PER_EM}..${MAX_UNITS_PER_EM}`;
  }
  return null;
}

function formatUnits(v: number): string {
  return Number.isFinite(v) ? String(Math.round(v * 1000) / 1000) : String(v);
}

export function formatMatrix(m: Matrix): string {
  return `[${m.map((v) => String(Math.round(v * 1e9) / 1e9)).join(' ')}]`;
}

/**
 * The two readings of a CID-keyed CFF font's matrices renderers use for one Font DICT:
 * - FreeType (and so poppler): a Font DICT matrix, combined with the Top DICT's when that has
 *   one; without a Font DICT matrix, the Top DICT's, or the default.
 * - pdf.js: a Top DICT matrix, combined with the Font DICT's when that has one; without a Top
 *   DICT matrix, the Font DICT's, or the default.
 */
export function cidMatrixReadings(
  top: Matrix | null,
  fd: Matrix | null,
): { readonly freetype: Matrix; readonly pdfjs: Matrix } {
  const freetype = fd ? (top ? multiply(fd, top) : fd) : (top ?? CFF_DEFAULT_MATRIX);
  const pdfjs = top ? (fd ? multiply(fd, top) : top) : (fd ?? CFF_DEFAULT_MATRIX);
  return { freetype, pdfjs };
}
