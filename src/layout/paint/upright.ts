/**
 * Glyphs set upright in vertical text. Vertical lines are laid out as horizontal ones and
 * turned a quarter turn clockwise (modes/orthogonal.ts); an upright glyph is turned back a
 * quarter turn within its line, so that it stands, its em box's top at its pen position and
 * its centre line on the line's central baseline (half-way between ascent and descent).
 */
import type { DisplayItem, GlyphRun } from '../../document/index.js';
import type { Upright } from '../../text/index.js';

/**
 * The items drawing `run`, whose glyphs the text layout set upright (advances are vertical
 * advances, offsets.dx minus half each horizontal advance). `turned`: the line is drawn
 * turned; otherwise (a vertical page laid out flat) the glyphs stay as they are, side by side.
 */
export function uprightRun(
  run: GlyphRun,
  metrics: { readonly ascent: number; readonly descent: number },
  turned: boolean,
  kind: Upright = 'glyphs',
): DisplayItem {
  const g = run.glyphs;
  const n = g.ids.length;
  if (!turned) {
    // Side by side: combined text keeps its glyphs' places around the middle of its em box.
    if (kind === 'combined' && g.offsets) {
      const dx = g.offsets.dx.map((d) => d + run.size / 2);
      return { ...run, glyphs: { ...g, offsets: { dx, dy: g.offsets.dy } } };
    }
    return { ...run, glyphs: { ids: g.ids, advances: g.advances, texts: g.texts } };
  }
  const down: number[] = [];
  const none: number[] = [];
  let at = 0;
  for (let i = 0; i < n; i++) {
    down.push(at);
    none.push(0);
    at += g.advances[i];
  }
  const across = g.offsets ? [...g.offsets.dx] : none;
  const top = metrics.ascent * run.size;
  const centre = run.y - ((metrics.ascent - metrics.descent) / 2) * run.size;
  // Combined text wider than its em box is compressed into it, as browsers do.
  const wide = kind === 'combined' && n > 0 ? -2 * across[0] : 0;
  const squeeze = wide > run.size ? run.size / wide : 1;
  // In the group, x runs against the line's block direction and y along the line.
  return {
    kind: 'group',
    transform: [0, -squeeze, 1, 0, run.x + top, centre],
    items: [
      {
        ...run,
        x: 0,
        y: 0,
        glyphs: { ids: g.ids, advances: none, texts: g.texts, offsets: { dx: across, dy: down } },
      },
    ],
  };
}
