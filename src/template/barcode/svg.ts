/**
 * Encoded symbols as SVG with exact geometry: one unit per module (so every module has the same
 * size, whatever the drawn size), modules merged into horizontal runs, no quiet zone. Bars are
 * drawn to stretch to the height the block asks for; the Swiss QR code gets its cross.
 */

/** A grid of modules: `modules[row * columns + column]` is 1 for a dark module. */
export interface ModuleGrid {
  readonly kind: 'grid';
  readonly columns: number;
  readonly modules: readonly number[];
  /** Height of one row in module widths (3 for PDF417 rows, 1 for square modules). */
  readonly rowHeight: number;
}

/** Bars and spaces from the left, in modules, bar first; each bar's height and lift (0..1). */
export interface BarPattern {
  readonly kind: 'bars';
  readonly widths: readonly number[];
  readonly heights: readonly number[];
  readonly lifts: readonly number[];
}

export type EncodedSymbol = ModuleGrid | BarPattern;

const num = (v: number) => String(Math.round(v * 10000) / 10000);

function gridPath(grid: ModuleGrid): string {
  const rows = Math.round(grid.modules.length / grid.columns);
  let d = '';
  for (let r = 0; r < rows; r++) {
    let c = 0;
    while (c < grid.columns) {
      if (!grid.modules[r * grid.columns + c]) {
        c++;
        continue;
      }
      const start = c;
      while (c < grid.columns && grid.modules[r * grid.columns + c]) c++;
      d += `M${start} ${num(r * grid.rowHeight)}h${c - start}v${num(grid.rowHeight)}h${start - c}z`;
    }
  }
  return d;
}

/** Bars in a 100-unit-tall box, stretched (preserveAspectRatio none) to the block's height. */
const BAR_BOX_HEIGHT = 100;

function barsSvg(bars: BarPattern): string {
  const total = bars.widths.reduce((a, b) => a + b, 0);
  const tallest = Math.max(...bars.heights.map((h, i) => h + (bars.lifts[i] ?? 0)), 1e-9);
  let x = 0;
  let d = '';
  bars.widths.forEach((w, i) => {
    if (i % 2 === 0 && w > 0) {
      const bar = i / 2;
      const height = ((bars.heights[bar] ?? tallest) / tallest) * BAR_BOX_HEIGHT;
      const lift = ((bars.lifts[bar] ?? 0) / tallest) * BAR_BOX_HEIGHT;
      d += `M${num(x)} ${num(BAR_BOX_HEIGHT - lift - height)}h${num(w)}v${num(height)}h${num(-w)}z`;
    }
    x += w;
  });
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${num(total)} ${BAR_BOX_HEIGHT}" preserveAspectRatio="none">` +
    `<path d="${d}" fill="#000"/></svg>`
  );
}

/**
 * The Swiss cross of the QR-bill for a symbol `size` modules wide: a 7 mm white square with a
 * 6 mm black square and a white cross in the flag's proportions (arms 1/6 longer than wide),
 * for the 46 mm symbol.
 */
function swissCross(size: number): string {
  const mm = size / 46;
  const centre = size / 2;
  const square = (side: number, fill: string) =>
    `<rect x="${num(centre - side / 2)}" y="${num(centre - side / 2)}" width="${num(side)}" height="${num(side)}" fill="${fill}"/>`;
  const armWidth = (7 / 6) * mm;
  const armLength = (35 / 9) * mm;
  const bar = (w: number, h: number) =>
    `<rect x="${num(centre - w / 2)}" y="${num(centre - h / 2)}" width="${num(w)}" height="${num(h)}" fill="#fff"/>`;
  return (
    square(7 * mm, '#fff') +
    square(6 * mm, '#000') +
    bar(armWidth, armLength) +
    bar(armLength, armWidth)
  );
}

/** The symbol as an SVG document; `swissCross` draws the QR-bill's cross over a square grid. */
export function symbolSvg(
  symbol: EncodedSymbol,
  options: { readonly swissCross?: boolean } = {},
): string {
  if (symbol.kind === 'bars') return barsSvg(symbol);
  const rows = Math.round(symbol.modules.length / symbol.columns);
  const width = symbol.columns;
  const height = rows * symbol.rowHeight;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${num(height)}">` +
    `<path d="${gridPath(symbol)}" fill="#000"/>` +
    (options.swissCross ? swissCross(width) : '') +
    '</svg>'
  );
}
