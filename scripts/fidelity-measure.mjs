/**
 * The fidelity gallery's measures, shared by `npm run fidelity` and the gallery test:
 * words as a multiset (what text survived) and an ink similarity of two page images (whether
 * the blocks sit in the same places).
 */
import sharp from 'sharp';

/**
 * Text as extracted from a PDF or a DOM, normalised for comparison across engines: compatibility
 * forms folded (ligatures, full-width forms), soft hyphens dropped, words hyphenated at a line end
 * joined, case folded.
 * @param {string} text
 */
export function normaliseText(text) {
  return text
    .normalize('NFKC')
    .replace(/\u00ad/g, '')
    .replace(/(\p{L})[-\u2010]\s*\n\s*(\p{Ll})/gu, '$1$2')
    .toLowerCase();
}

/**
 * One pdfjs text item with its letter spacing closed up: pdfjs puts a space between glyphs set
 * wide apart ("G R A N A R Y" for letter-spacing: 0.35em) and a separate item between words,
 * so an item made only of single letters and single spaces is one word.
 * @param {string} item
 */
export function closeLetterSpacing(item) {
  return /^(?:\p{L} ){2,}\p{L}$/u.test(item) ? item.replace(/ /g, '') : item;
}

/**
 * Words of a text, counted: runs of letters and digits after normaliseText, so punctuation,
 * bullets and symbols never count and "well-known" is two words on every side.
 * @param {string} text
 * @returns {Map<string, number>}
 */
export function wordCounts(text) {
  const counts = new Map();
  for (const w of normaliseText(text).match(/[\p{L}\p{N}]+/gu) ?? []) {
    counts.set(w, (counts.get(w) ?? 0) + 1);
  }
  return counts;
}

/**
 * Multiset match: the share of `reference`'s words (with repetition) that `candidate` also has,
 * and the words it lacks most.
 * @param {Map<string, number>} reference
 * @param {Map<string, number>} candidate
 * @returns {{ share: number, total: number, found: number, missing: { word: string, count: number }[] }}
 */
export function wordShare(reference, candidate) {
  let total = 0;
  let found = 0;
  const missing = [];
  for (const [word, count] of reference) {
    const have = Math.min(count, candidate.get(word) ?? 0);
    total += count;
    found += have;
    if (have < count) missing.push({ word, count: count - have });
  }
  missing.sort((a, b) => b.count - a.count || a.word.localeCompare(b.word));
  return { share: total === 0 ? 1 : found / total, total, found, missing };
}

/** Width of the grid the ink measure compares on: about 1.3 mm per cell on A4. */
const INK_WIDTH = 160;
/** Gaussian blur over that grid, so a line of text that moved by half a line still overlaps. */
const INK_BLUR = 1.5;

/**
 * The two maps a page is compared on, each 0..1 per cell of a width x height grid: ink
 * (darkness) and edges (how sharply the grey level changes, found at twice the grid's
 * resolution, then averaged down). Both blurred.
 * @param {Buffer | string} image PNG bytes or path
 * @param {number} width
 * @param {number} height
 */
async function pageMaps(image, width, height) {
  const w2 = width * 2;
  const h2 = height * 2;
  const grey = await sharp(image)
    .flatten({ background: '#ffffff' })
    .greyscale()
    .resize(w2, h2, { fit: 'fill' })
    .raw()
    .toBuffer();
  const ink = Buffer.alloc(width * height);
  const edges = Buffer.alloc(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let dark = 0;
      let edge = 0;
      for (let j = 0; j < 2; j++) {
        for (let i = 0; i < 2; i++) {
          const px = 2 * x + i;
          const py = 2 * y + j;
          const at = (dx, dy) =>
            grey[
              Math.min(h2 - 1, Math.max(0, py + dy)) * w2 + Math.min(w2 - 1, Math.max(0, px + dx))
            ];
          dark += 255 - at(0, 0);
          edge += Math.min(255, 2 * Math.hypot(at(1, 0) - at(-1, 0), at(0, 1) - at(0, -1)));
        }
      }
      ink[y * width + x] = Math.round(dark / 4);
      edges[y * width + x] = Math.round(edge / 4);
    }
  }
  const blurred = (map) =>
    sharp(map, { raw: { width, height, channels: 1 } })
      .blur(INK_BLUR)
      .raw()
      .toBuffer();
  return Promise.all([blurred(ink), blurred(edges)]);
}

/** Weighted Jaccard index of two maps: sum(min) / sum(max); 1 when both are empty. */
function weightedJaccard(a, b) {
  let min = 0;
  let max = 0;
  for (let i = 0; i < a.length; i++) {
    min += Math.min(a[i], b[i]);
    max += Math.max(a[i], b[i]);
  }
  return max === 0 ? 1 : min / max;
}

/**
 * Ink similarity of two page images, 0..1. Both pages are scaled to the reference's proportions
 * on a coarse grid (160 cells across) and compared twice with the weighted Jaccard index
 * sum(min(a, b)) / sum(max(a, b)): once on their ink (darkness) and once on their edges; the
 * score is the mean of the two. On ink alone, a block that is missing or moved lowers the score
 * by about its share of the page's ink, and the white paper both pages share does not count
 * (unlike a mean pixel difference); the edge half keeps a full-page picture or background,
 * which both pages share, from hiding what is laid out over it. A page of another shape is
 * stretched to the reference's and scores low. Identical pages score 1; two pages of text in
 * different places score well under 0.5.
 * @param {Buffer | string} reference
 * @param {Buffer | string} candidate
 * @returns {Promise<number>}
 */
export async function inkSimilarity(reference, candidate) {
  const meta = await sharp(reference).metadata();
  const width = INK_WIDTH;
  const height = Math.max(1, Math.round((INK_WIDTH * (meta.height ?? 1)) / (meta.width ?? 1)));
  const [[inkA, edgeA], [inkB, edgeB]] = await Promise.all([
    pageMaps(reference, width, height),
    pageMaps(candidate, width, height),
  ]);
  return (weightedJaccard(inkA, inkB) + weightedJaccard(edgeA, edgeB)) / 2;
}
