/**
 * text-overflow (CSS Overflow 3 §4.2): in a box that clips its overflow, a line longer than
 * the box ends in an ellipsis (or the author's string) at the end edge, in the box's own
 * style, with the characters it hides cut away. The hidden text is not lost: the ellipsis
 * carries it as its actual text, so it is still read out, searched and copied.
 */
import type { DisplayItem, GlyphList, GlyphRun } from '../../document/index.js';
import type { TextStyle } from '../../text/index.js';
import type { LayoutContext } from '../context.js';
import type { LeafFragment } from '../paginate/fragments.js';
import { layoutTag } from './decoration.js';
import { textLine } from '../modes/inline.js';

type Line = LeafFragment & { readonly items: DisplayItem[] };

/**
 * The line's items with those past `limit` cut and the marker drawn at the cut. Left-to-right
 * text only; a line that fits, or one without text, comes back as it was. `more` is text hidden
 * after the line (a line clamp): then the marker is drawn even on a line that fits, at the end
 * of its content, and stands for that text too.
 */
export function withEllipsis<L extends Line>(
  leaf: L,
  limit: number,
  marker: string,
  style: TextStyle,
  ctx: LayoutContext,
  more = '',
): L {
  // The author's string is drawn as written, its spaces included.
  const mark = textLine(
    marker,
    { ...style, whiteSpace: 'pre' },
    0,
    0,
    1e9,
    'left',
    layoutTag(),
    ctx,
  );
  const markRuns = mark.items.filter((i): i is GlyphRun => i.kind === 'glyphs');
  if (markRuns.length === 0) return leaf;
  const room = limit - mark.width;
  let cutAt: number | undefined;
  let cutRun: GlyphRun | undefined;
  let hidden = '';
  const kept: DisplayItem[] = [];
  for (const item of leaf.items) {
    if (item.kind !== 'glyphs' || item.tag.kind !== 'content') {
      kept.push(item);
      continue;
    }
    const { list, removed, end } = cutGlyphs(item, room);
    if (removed === '' && end <= room) {
      kept.push(item);
      continue;
    }
    hidden += removed;
    if (cutAt === undefined || end < cutAt) {
      cutAt = end;
      cutRun = item;
    }
    if (list.ids.length > 0) kept.push({ ...item, glyphs: list });
  }
  if (cutAt === undefined && more !== '') {
    // Nothing to cut: the marker follows the line's last glyph.
    cutRun = lastContentRun(leaf);
    if (cutRun) cutAt = runEnd(cutRun, true);
  }
  hidden += more;
  if (cutAt === undefined || !cutRun || hidden === '') return leaf;
  // Underlines and inline backgrounds (one band each) stop where the text does.
  const end = cutAt;
  const items = kept.flatMap((item): DisplayItem[] => {
    const band = item.kind === 'path' && item.ops.length === 1 ? item.ops[0] : undefined;
    if (item.kind !== 'path' || item.tag.kind !== 'artifact' || band?.op !== 'rect') return [item];
    if (band.x >= end) return [];
    if (band.x + band.width <= end) return [item];
    return [{ ...item, ops: [{ ...band, width: end - band.x }] }];
  });
  // The marker sits on the baseline of the run it cut, in the box's style.
  const dx = cutAt - markRuns[0].x;
  const dy = cutRun.y - markRuns[0].y;
  const tag = cutRun.tag;
  markRuns.forEach((r, i) =>
    items.push({
      ...r,
      x: r.x + dx,
      y: r.y + dy,
      tag,
      // The whole hidden text goes with the first piece of the marker.
      actualText: i === 0 ? hidden : '',
    }),
  );
  return { ...leaf, items };
}

/** The glyphs of `run` that end by `room`, and the text of the others. */
function cutGlyphs(run: GlyphRun, room: number): { list: GlyphList; removed: string; end: number } {
  const g = run.glyphs;
  let x = run.x;
  let n = 0;
  while (n < g.ids.length && x + g.advances[n] <= room + 0.01) {
    x += g.advances[n];
    n++;
  }
  // A cluster is cut whole: back up to its first glyph.
  while (n > 0 && n < g.ids.length && g.texts[n] === '') {
    n--;
    x -= g.advances[n];
  }
  if (n === g.ids.length) return { list: g, removed: '', end: x };
  const list: GlyphList = {
    ids: g.ids.slice(0, n),
    advances: g.advances.slice(0, n),
    texts: g.texts.slice(0, n),
    ...(g.offsets
      ? { offsets: { dx: g.offsets.dx.slice(0, n), dy: g.offsets.dy.slice(0, n) } }
      : {}),
  };
  return { list, removed: g.texts.slice(n).join(''), end: x };
}

/** The content run that ends last on a line. */
function lastContentRun(leaf: Line): GlyphRun | undefined {
  let last: GlyphRun | undefined;
  for (const item of leaf.items)
    if (item.kind === 'glyphs' && item.tag.kind === 'content' && item.glyphs.ids.length > 0)
      if (!last || runEnd(item) > runEnd(last)) last = item;
  return last;
}

/** Where the run's pen ends; with `ink`, before the spaces it ends with. */
function runEnd(run: GlyphRun, ink = false): number {
  const g = run.glyphs;
  let n = g.ids.length;
  if (ink) while (n > 0 && /^\s+$/u.test(g.texts[n - 1])) n--;
  let x = run.x;
  for (let i = 0; i < n; i++) x += g.advances[i];
  return x;
}

/**
 * The line with `more` read after its last run (its actual text extended): text a line clamp
 * hides where no marker is drawn for it to go with.
 */
export function withHiddenText<L extends Line>(leaf: L, more: string): L {
  const last = lastContentRun(leaf);
  if (!last || more === '') return leaf;
  const own = last.actualText ?? last.glyphs.texts.join('');
  const items = leaf.items.map((i) => (i === last ? { ...last, actualText: own + more } : i));
  return { ...leaf, items };
}
