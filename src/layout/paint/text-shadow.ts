/**
 * text-shadow (CSS Text Decoration 3 §4) under a glyph run, first shadow on top. A shadow is
 * drawn from the glyph outlines, not as text: a copy of the text would be read twice by
 * anything that extracts it. Without blur the outlines are filled as vectors; with blur they
 * are rasterised into a mask, blurred and drawn as an image (shadow-image.ts).
 */
import { pt } from '../units.js';
import type { Font } from 'fontkit';
import type { DisplayItem, GlyphRun, PathItem, PathOp } from '../../document/index.js';
import { pathBounds } from '../../document/index.js';
import type { TextShadow } from '../../style/index.js';
import { parsedFont } from '../../text/index.js';
import { layoutTag, moveOps } from './decoration.js';
import { affordable, blurredShape, type ShadowBudget } from './shadow-image.js';

/** The glyph run a shadow is cast by (a GlyphRun's drawing fields). */
export type ShadowedRun = Pick<GlyphRun, 'font' | 'size' | 'color' | 'x' | 'y' | 'glyphs'>;

/** Glyph outlines in font units (y up), by glyph id, per parsed font. */
const outlines = new WeakMap<Font, Map<number, readonly PathOp[]>>();

function glyphOutline(font: Font, gid: number): readonly PathOp[] {
  let byGid = outlines.get(font);
  if (!byGid) {
    byGid = new Map();
    outlines.set(font, byGid);
  }
  const hit = byGid.get(gid);
  if (hit) return hit;
  const ops: PathOp[] = [];
  try {
    let cx = 0;
    let cy = 0;
    for (const c of font.getGlyph(gid).path.commands) {
      const a = c.args;
      switch (c.command) {
        case 'moveTo':
        case 'lineTo':
          ops.push({ op: c.command, x: a[0], y: a[1] });
          [cx, cy] = [a[0], a[1]];
          break;
        case 'quadraticCurveTo':
          ops.push({
            op: 'curveTo',
            x1: cx + ((a[0] - cx) * 2) / 3,
            y1: cy + ((a[1] - cy) * 2) / 3,
            x2: a[2] + ((a[0] - a[2]) * 2) / 3,
            y2: a[3] + ((a[1] - a[3]) * 2) / 3,
            x: a[2],
            y: a[3],
          });
          [cx, cy] = [a[2], a[3]];
          break;
        case 'bezierCurveTo':
          ops.push({ op: 'curveTo', x1: a[0], y1: a[1], x2: a[2], y2: a[3], x: a[4], y: a[5] });
          [cx, cy] = [a[4], a[5]];
          break;
        case 'closePath':
          ops.push({ op: 'close' });
          break;
      }
    }
  } catch {
    ops.length = 0; // a damaged glyph casts no shadow rather than failing the page
  }
  byGid.set(gid, ops);
  return ops;
}

/** The outlines of a run's glyphs in page space relative to its pen start, or null without a font. */
export function runOutline(run: ShadowedRun): PathOp[] | null {
  const font = parsedFont(run.font);
  if (!font) return null;
  const s = run.size / font.unitsPerEm;
  const out: PathOp[] = [];
  const { ids, advances, offsets } = run.glyphs;
  let pen = 0;
  for (let i = 0; i < ids.length; i++) {
    const gid = ids[i];
    // As the writer: .notdef and ids the font lacks draw nothing.
    if (gid > 0 && gid < font.numGlyphs) {
      const gx = pen + (offsets ? offsets.dx[i] : 0);
      const gy = offsets ? offsets.dy[i] : 0;
      for (const o of glyphOutline(font, gid)) {
        if (o.op === 'moveTo' || o.op === 'lineTo')
          out.push({ op: o.op, x: gx + o.x * s, y: gy - o.y * s });
        else if (o.op === 'curveTo')
          out.push({
            op: 'curveTo',
            x1: gx + o.x1 * s,
            y1: gy - o.y1 * s,
            x2: gx + o.x2 * s,
            y2: gy - o.y2 * s,
            x: gx + o.x * s,
            y: gy - o.y * s,
          });
        else if (o.op === 'close') out.push(o);
      }
    }
    pen += advances[i];
  }
  return out;
}

function runKey(run: ShadowedRun): string {
  const { ids, advances, offsets } = run.glyphs;
  let k = `${run.font.id}|${run.size.toFixed(3)}|`;
  for (let i = 0; i < ids.length; i++) {
    k += `${ids[i]}:${advances[i].toFixed(3)}`;
    if (offsets) k += `:${offsets.dx[i].toFixed(3)}:${offsets.dy[i].toFixed(3)}`;
    k += ',';
  }
  return k;
}

/**
 * A decoration line as a filled shape relative to the pen start: a dashed or dotted line is
 * taken whole (its gaps vanish under a blur anyway).
 */
function lineShape(item: PathItem, ox: number, oy: number): PathOp[] {
  const s = item.stroke;
  if (!s) return moveOps(item.ops, -ox, -oy);
  const a = item.ops[0];
  const b = item.ops[item.ops.length - 1];
  if (!a || !b || a.op !== 'moveTo' || b.op !== 'lineTo') return [];
  const x0 = Math.min(a.x, b.x) - ox;
  const x1 = Math.max(a.x, b.x) - ox;
  const y = a.y - oy;
  return [{ op: 'rect', x: x0, y: y - s.width / 2, width: x1 - x0, height: s.width }];
}

/**
 * The shadows of one glyph run and its decoration lines (`lines`, page space), bottom one
 * first, as artifacts. Once `budget` is spent a blurred shadow is drawn unblurred at lower
 * opacity.
 */
export function textShadowItems(
  shadows: readonly TextShadow[],
  run: ShadowedRun,
  lines: readonly PathItem[],
  budget: ShadowBudget,
): DisplayItem[] {
  const glyphs = run.glyphs.ids.length > 0 ? runOutline(run) : [];
  if (!glyphs) return [];
  const shapes = lines.map((l) => lineShape(l, run.x, run.y));
  const outline = shapes.length > 0 ? [...glyphs, ...shapes.flat()] : glyphs;
  if (outline.length === 0) return [];
  const bounds = pathBounds(outline);
  if (!bounds) return [];
  const out: DisplayItem[] = [];
  for (let i = shadows.length - 1; i >= 0; i--) {
    const sh = shadows[i];
    const color = sh.color === 'currentcolor' ? run.color : sh.color;
    if (!(color.a > 0)) continue;
    const dx = pt(sh.x);
    const dy = pt(sh.y);
    const sigma = pt(sh.blur) / 2;
    const x0 = run.x + dx + bounds[0];
    const y0 = run.y + dy + bounds[1];
    const w = bounds[2] - bounds[0];
    const h = bounds[3] - bounds[1];
    if (sigma <= 0 || !affordable(budget, sigma, w, h)) {
      const c = sigma > 0 ? { ...color, a: color.a * 0.5 } : color;
      const tag = layoutTag({ x: x0, y: y0, width: w, height: h });
      if (glyphs.length > 0)
        out.push({ kind: 'path', ops: moveOps(glyphs, run.x + dx, run.y + dy), fill: c, tag });
      for (const l of lines)
        out.push({
          kind: 'path',
          ops: moveOps(l.ops, dx, dy),
          ...(l.fill ? { fill: c } : {}),
          ...(l.fillRule ? { fillRule: l.fillRule } : {}),
          ...(l.stroke ? { stroke: { ...l.stroke, paint: c } } : {}),
          tag,
        });
      continue;
    }
    const local = moveOps(outline, -bounds[0], -bounds[1]);
    const lineKey = shapes.length > 0 ? `|${JSON.stringify(shapes)}` : '';
    const key = `text|${runKey(run)}${lineKey}|${sigma.toFixed(3)}`;
    const b = blurredShape(local, w, h, sigma, color, key, budget);
    const width = b.image.widthPx / b.ppp;
    const height = b.image.heightPx / b.ppp;
    out.push({
      kind: 'image',
      image: b.image,
      x: x0 - b.reach,
      y: y0 - b.reach,
      width,
      height,
      tag: layoutTag({ x: x0 - b.reach, y: y0 - b.reach, width, height }),
    });
  }
  return out;
}
