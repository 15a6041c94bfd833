/**
 * Drawing helpers shared by every formatting context: box decorations (backgrounds, borders with
 * radius and styles) as artifact paths, and moving or re-tagging items already drawn (pagination
 * shifts continuous coordinates into page coordinates; repeated table headers become artifacts).
 */
import type {
  ArtifactTag,
  DisplayItem,
  GlyphRun,
  ItemTag,
  LinearGradient,
  Paint,
  PathOp,
  RgbaColor,
} from '../../document/index.js';

export interface Radii {
  /** Horizontal and vertical radius per corner: top-left, top-right, bottom-right, bottom-left. */
  readonly tl: readonly [number, number];
  readonly tr: readonly [number, number];
  readonly br: readonly [number, number];
  readonly bl: readonly [number, number];
}

export interface BorderSide {
  readonly width: number;
  readonly style: string;
  readonly color: RgbaColor;
}

export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export const NO_RADII: Radii = { tl: [0, 0], tr: [0, 0], br: [0, 0], bl: [0, 0] };

const KAPPA = 0.5522847498;

export function hasRadius(r: Radii): boolean {
  return r.tl[0] + r.tl[1] + r.tr[0] + r.tr[1] + r.br[0] + r.br[1] + r.bl[0] + r.bl[1] > 0;
}

/** Scales radii down so adjacent ones never overlap (CSS Backgrounds 3, 5.5). */
export function fitRadii(r: Radii, width: number, height: number): Radii {
  const f = Math.min(
    1,
    width / Math.max(1e-9, r.tl[0] + r.tr[0]),
    width / Math.max(1e-9, r.bl[0] + r.br[0]),
    height / Math.max(1e-9, r.tl[1] + r.bl[1]),
    height / Math.max(1e-9, r.tr[1] + r.br[1]),
  );
  if (f >= 1) return r;
  const s = (c: readonly [number, number]): [number, number] => [c[0] * f, c[1] * f];
  return { tl: s(r.tl), tr: s(r.tr), br: s(r.br), bl: s(r.bl) };
}

/** Radii of the inner edge after insetting by the border widths (top, right, bottom, left). */
export function insetRadii(r: Radii, t: number, ri: number, b: number, l: number): Radii {
  const c = (v: readonly [number, number], dx: number, dy: number): [number, number] => [
    Math.max(0, v[0] - dx),
    Math.max(0, v[1] - dy),
  ];
  return { tl: c(r.tl, l, t), tr: c(r.tr, ri, t), br: c(r.br, ri, b), bl: c(r.bl, l, b) };
}

export function rectPath(r: Rect, radii: Radii = NO_RADII): PathOp[] {
  if (!hasRadius(radii)) return [{ op: 'rect', x: r.x, y: r.y, width: r.width, height: r.height }];
  const k = fitRadii(radii, r.width, r.height);
  const x0 = r.x;
  const y0 = r.y;
  const x1 = r.x + r.width;
  const y1 = r.y + r.height;
  const ops: PathOp[] = [{ op: 'moveTo', x: x0 + k.tl[0], y: y0 }];
  ops.push({ op: 'lineTo', x: x1 - k.tr[0], y: y0 });
  if (k.tr[0] > 0 || k.tr[1] > 0)
    ops.push(
      curve(
        x1 - k.tr[0],
        y0,
        x1,
        y0 + k.tr[1],
        x1 - k.tr[0] * (1 - KAPPA),
        y0,
        x1,
        y0 + k.tr[1] * (1 - KAPPA),
      ),
    );
  ops.push({ op: 'lineTo', x: x1, y: y1 - k.br[1] });
  if (k.br[0] > 0 || k.br[1] > 0)
    ops.push(
      curve(
        x1,
        y1 - k.br[1],
        x1 - k.br[0],
        y1,
        x1,
        y1 - k.br[1] * (1 - KAPPA),
        x1 - k.br[0] * (1 - KAPPA),
        y1,
      ),
    );
  ops.push({ op: 'lineTo', x: x0 + k.bl[0], y: y1 });
  if (k.bl[0] > 0 || k.bl[1] > 0)
    ops.push(
      curve(
        x0 + k.bl[0],
        y1,
        x0,
        y1 - k.bl[1],
        x0 + k.bl[0] * (1 - KAPPA),
        y1,
        x0,
        y1 - k.bl[1] * (1 - KAPPA),
      ),
    );
  ops.push({ op: 'lineTo', x: x0, y: y0 + k.tl[1] });
  if (k.tl[0] > 0 || k.tl[1] > 0)
    ops.push(
      curve(
        x0,
        y0 + k.tl[1],
        x0 + k.tl[0],
        y0,
        x0,
        y0 + k.tl[1] * (1 - KAPPA),
        x0 + k.tl[0] * (1 - KAPPA),
        y0,
      ),
    );
  ops.push({ op: 'close' });
  return ops;
}

function curve(
  _sx: number,
  _sy: number,
  x: number,
  y: number,
  x1: number,
  y1: number,
  x2: number,
  y2: number,
): PathOp {
  return { op: 'curveTo', x1, y1, x2, y2, x, y };
}

/** An artifact tag for decoration drawn inside `bbox`. */
export function backgroundTag(r: Rect): ArtifactTag {
  return { kind: 'artifact', type: 'Background', bbox: [r.x, r.y, r.width, r.height] };
}

export function layoutTag(r?: Rect): ArtifactTag {
  return r
    ? { kind: 'artifact', type: 'Layout', bbox: [r.x, r.y, r.width, r.height] }
    : { kind: 'artifact', type: 'Layout' };
}

function visible(s: BorderSide): boolean {
  return s.width > 0 && s.style !== 'none' && s.style !== 'hidden' && s.color.a > 0;
}

function dashFor(style: string, width: number): number[] | undefined {
  if (style === 'dashed') return [width * 3, width * 3];
  if (style === 'dotted') return [0, width * 2];
  return undefined;
}

/**
 * Borders of a box (border-box rect). Same-coloured solid borders with equal widths are one
 * stroked or even-odd filled ring; otherwise each side is a trapezoid (solid) or a stroked line
 * (dashed/dotted/double), so corners meet diagonally as in browsers.
 */
export function borderItems(
  box: Rect,
  sides: { top: BorderSide; right: BorderSide; bottom: BorderSide; left: BorderSide },
  radii: Radii,
): DisplayItem[] {
  const { top, right, bottom, left } = sides;
  const all = [top, right, bottom, left];
  if (!all.some(visible)) return [];
  const tag = layoutTag(box);
  const uniform = all.every(
    (s) =>
      visible(s) && s.style === top.style && s.width === top.width && sameColor(s.color, top.color),
  );
  const inner: Rect = {
    x: box.x + left.width,
    y: box.y + top.width,
    width: Math.max(0, box.width - left.width - right.width),
    height: Math.max(0, box.height - top.width - bottom.width),
  };
  if (
    (uniform && (top.style === 'solid' || top.style === 'double' || hasRadius(radii))) ||
    (hasRadius(radii) && all.every(visible))
  ) {
    if (top.style === 'dashed' || top.style === 'dotted') {
      const w = top.width;
      const mid: Rect = {
        x: box.x + w / 2,
        y: box.y + w / 2,
        width: box.width - w,
        height: box.height - w,
      };
      return [
        {
          kind: 'path',
          ops: rectPath(mid, insetRadii(radii, w / 2, w / 2, w / 2, w / 2)),
          stroke: {
            paint: top.color,
            width: w,
            dash: dashFor(top.style, w)!,
            cap: top.style === 'dotted' ? 'round' : 'butt',
          },
          tag,
        },
      ];
    }
    if (top.style === 'double' && top.width >= 2.25) {
      const t = top.width / 3;
      const inset = (k: number): Rect => ({
        x: box.x + k,
        y: box.y + k,
        width: Math.max(0, box.width - 2 * k),
        height: Math.max(0, box.height - 2 * k),
      });
      const ring = (a: number, b: number): PathOp[] => [
        ...rectPath(inset(a), insetRadii(radii, a, a, a, a)),
        ...rectPath(inset(b), insetRadii(radii, b, b, b, b)),
      ];
      return [
        { kind: 'path', ops: ring(0, t), fill: top.color, fillRule: 'evenodd', tag },
        { kind: 'path', ops: ring(2 * t, 3 * t), fill: top.color, fillRule: 'evenodd', tag },
      ];
    }
    const ring: PathOp[] = [
      ...rectPath(box, radii),
      ...rectPath(inner, insetRadii(radii, top.width, right.width, bottom.width, left.width)),
    ];
    return [{ kind: 'path', ops: ring, fill: top.color, fillRule: 'evenodd', tag }];
  }
  const out: DisplayItem[] = [];
  const x0 = box.x;
  const y0 = box.y;
  const x1 = box.x + box.width;
  const y1 = box.y + box.height;
  const ix0 = inner.x;
  const iy0 = inner.y;
  const ix1 = inner.x + inner.width;
  const iy1 = inner.y + inner.height;
  const side = (
    s: BorderSide,
    quad: [number, number][],
    line: [number, number, number, number],
  ): void => {
    if (!visible(s)) return;
    if (s.style === 'dashed' || s.style === 'dotted') {
      out.push({
        kind: 'path',
        ops: [
          { op: 'moveTo', x: line[0], y: line[1] },
          { op: 'lineTo', x: line[2], y: line[3] },
        ],
        stroke: {
          paint: s.color,
          width: s.width,
          dash: dashFor(s.style, s.width)!,
          cap: s.style === 'dotted' ? 'round' : 'butt',
        },
        tag,
      });
      return;
    }
    const fill = (q: [number, number][]): void => {
      const ops: PathOp[] = q.map(([x, y], i) =>
        i === 0 ? { op: 'moveTo', x, y } : { op: 'lineTo', x, y },
      );
      ops.push({ op: 'close' });
      out.push({ kind: 'path', ops, fill: s.color, tag });
    };
    if (s.style === 'double' && s.width >= 2.25) {
      // Two bands of a third of the width each, outer and inner (quad: outer edge, then inner).
      const [o1, o2, i2, i1] = quad;
      const at = (a: [number, number], b: [number, number], t: number): [number, number] => [
        a[0] + (b[0] - a[0]) * t,
        a[1] + (b[1] - a[1]) * t,
      ];
      fill([o1, o2, at(o2, i2, 1 / 3), at(o1, i1, 1 / 3)]);
      fill([at(o1, i1, 2 / 3), at(o2, i2, 2 / 3), i2, i1]);
      return;
    }
    fill(quad);
  };
  side(
    top,
    [
      [x0, y0],
      [x1, y0],
      [ix1, iy0],
      [ix0, iy0],
    ],
    [x0, y0 + top.width / 2, x1, y0 + top.width / 2],
  );
  side(
    right,
    [
      [x1, y0],
      [x1, y1],
      [ix1, iy1],
      [ix1, iy0],
    ],
    [x1 - right.width / 2, y0, x1 - right.width / 2, y1],
  );
  side(
    bottom,
    [
      [x1, y1],
      [x0, y1],
      [ix0, iy1],
      [ix1, iy1],
    ],
    [x0, y1 - bottom.width / 2, x1, y1 - bottom.width / 2],
  );
  side(
    left,
    [
      [x0, y1],
      [x0, y0],
      [ix0, iy0],
      [ix0, iy1],
    ],
    [x0 + left.width / 2, y0, x0 + left.width / 2, y1],
  );
  return out;
}

/** A solid band of border (an axis-aligned rectangle) with its colour. */
export interface Band {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly color: RgbaColor;
}

/** True when every visible side is solid, so the border can be drawn as plain bands. */
export function solidOrHidden(
  sides: readonly { width: number; style: string; color: RgbaColor }[],
): boolean {
  return sides.every((s) => !visible(s) || s.style === 'solid');
}

/**
 * Bands of a collapsed table grid (borders or cell backgrounds) as one filled path per colour:
 * touching bands with the same span are joined into one rectangle, so a row's dividing line is
 * one long rectangle instead of a trapezoid per cell, and a row's whole grid is one or two
 * artifacts instead of several per cell. The bands must not overlap (they are filled together,
 * once).
 */
export function bandItems(bands: readonly Band[], tag: (bbox: Rect) => ItemTag): DisplayItem[] {
  // One of these per table row: indexed loops and the rectangles kept as the path's own ops,
  // so a row costs a handful of objects.
  const colors: RgbaColor[] = [];
  const groups: MutableRect[][] = [];
  for (let i = 0; i < bands.length; i++) {
    const b = bands[i];
    if (!(b.width > 0 && b.height > 0) || b.color.a <= 0) continue;
    let k = colors.indexOf(b.color);
    if (k < 0) for (k = colors.length - 1; k >= 0 && !sameColor(colors[k], b.color); k--);
    if (k < 0) {
      k = colors.length;
      colors.push(b.color);
      groups.push([]);
    }
    // Bands of one line arrive interleaved with others (a cell's top, then its bottom): look
    // back a few rectangles for one to extend.
    const rects = groups[k];
    let joined = false;
    for (let j = rects.length - 1; j >= Math.max(0, rects.length - 8) && !joined; j--)
      joined = join(rects[j], b);
    if (!joined) rects.push({ op: 'rect', x: b.x, y: b.y, width: b.width, height: b.height });
  }
  const out: DisplayItem[] = [];
  for (let k = 0; k < groups.length; k++) {
    const rects = groups[k];
    let x0 = Infinity;
    let y0 = Infinity;
    let x1 = -Infinity;
    let y1 = -Infinity;
    for (let j = 0; j < rects.length; j++) {
      const r = rects[j];
      if (r.x < x0) x0 = r.x;
      if (r.y < y0) y0 = r.y;
      if (r.x + r.width > x1) x1 = r.x + r.width;
      if (r.y + r.height > y1) y1 = r.y + r.height;
    }
    out.push({
      kind: 'path',
      ops: rects,
      fill: colors[k],
      tag: tag({ x: x0, y: y0, width: x1 - x0, height: y1 - y0 }),
    });
  }
  return out;
}

interface MutableRect {
  readonly op: 'rect';
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Extends `r` by `b` when the two touch along a full edge, so their union is a rectangle. */
function join(r: MutableRect, b: Band): boolean {
  // Column edges are sums of widths: allow for rounding where two cells meet.
  const eps = 1e-6;
  if (r.y === b.y && r.height === b.height) {
    if (Math.abs(r.x + r.width - b.x) < eps) {
      r.width = b.x + b.width - r.x;
      return true;
    }
    if (Math.abs(b.x + b.width - r.x) < eps) {
      r.width += r.x - b.x;
      r.x = b.x;
      return true;
    }
  }
  if (r.x === b.x && r.width === b.width && Math.abs(r.y + r.height - b.y) < eps) {
    r.height = b.y + b.height - r.y;
    return true;
  }
  return false;
}

function sameColor(a: RgbaColor, b: RgbaColor): boolean {
  return a.r === b.r && a.g === b.g && a.b === b.b && a.a === b.a;
}

/** A filled background rectangle (with radius) as a Background artifact. */
export function backgroundItem(r: Rect, paint: Paint, radii: Radii): DisplayItem {
  return { kind: 'path', ops: rectPath(r, radii), fill: paint, tag: backgroundTag(r) };
}

/** Gradient line for `linear-gradient(<angle>)` over a box (CSS Images 3, 3.1.1). */
export function gradientFor(
  r: Rect,
  angleDeg: number,
  stops: readonly { offset: number; color: RgbaColor }[],
): LinearGradient {
  const a = (angleDeg * Math.PI) / 180;
  const sin = Math.sin(a);
  const cos = Math.cos(a);
  const half = (Math.abs(r.width * sin) + Math.abs(r.height * cos)) / 2;
  const cx = r.x + r.width / 2;
  const cy = r.y + r.height / 2;
  // CSS angles: 0deg points up, clockwise; y grows downwards here.
  return {
    kind: 'linear-gradient',
    x0: cx - sin * half,
    y0: cy + cos * half,
    x1: cx + sin * half,
    y1: cy - cos * half,
    stops,
  };
}

/** A paint moved by (dx, dy) with what it fills. */
export function movePaint(p: Paint, dx: number, dy: number): Paint {
  if (!('kind' in p)) return p;
  if (p.kind === 'linear-gradient')
    return { ...p, x0: p.x0 + dx, y0: p.y0 + dy, x1: p.x1 + dx, y1: p.y1 + dy };
  const t = p.transform ?? [1, 0, 0, 1, 0, 0];
  return { ...p, transform: [t[0], t[1], t[2], t[3], t[4] + dx, t[5] + dy] };
}

export function moveOps(ops: readonly PathOp[], dx: number, dy: number): PathOp[] {
  const out: PathOp[] = [];
  for (let i = 0; i < ops.length; i++) out.push(movedOp(ops[i], dx, dy));
  return out;
}

/**
 * One path operation moved, built field by field in the order the path builders use: a spread
 * copy of each (every wedge of a conic gradient, every border path moved onto its page) went
 * through V8's generic object copy.
 */
function movedOp(o: PathOp, dx: number, dy: number): PathOp {
  switch (o.op) {
    case 'moveTo':
      return { op: 'moveTo', x: o.x + dx, y: o.y + dy };
    case 'lineTo':
      return { op: 'lineTo', x: o.x + dx, y: o.y + dy };
    case 'curveTo':
      return {
        op: 'curveTo',
        x1: o.x1 + dx,
        y1: o.y1 + dy,
        x2: o.x2 + dx,
        y2: o.y2 + dy,
        x: o.x + dx,
        y: o.y + dy,
      };
    case 'rect':
      return { op: 'rect', x: o.x + dx, y: o.y + dy, width: o.width, height: o.height };
    default:
      return o;
  }
}

function moveArtifactTag(t: ArtifactTag, dx: number, dy: number): ArtifactTag {
  return t.bbox ? { ...t, bbox: [t.bbox[0] + dx, t.bbox[1] + dy, t.bbox[2], t.bbox[3]] } : t;
}

function moveTag(t: ItemTag, dx: number, dy: number): ItemTag {
  return t.kind === 'artifact' ? moveArtifactTag(t, dx, dy) : t;
}

/**
 * A glyph run moved by (dx, dy), built field by field in the order the inline layout makes
 * them: copying these objects with a spread was nearly all the time of placing a page's items.
 */
function movedGlyphs(item: GlyphRun, dx: number, dy: number): GlyphRun {
  const tag = moveTag(item.tag, dx, dy);
  // Outlined text is rare: a spread copy keeps its stroke.
  if (item.stroke !== undefined) return { ...item, x: item.x + dx, y: item.y + dy, tag };
  return item.actualText === undefined
    ? {
        kind: 'glyphs',
        font: item.font,
        size: item.size,
        color: item.color,
        x: item.x + dx,
        y: item.y + dy,
        glyphs: item.glyphs,
        tag,
      }
    : {
        kind: 'glyphs',
        font: item.font,
        size: item.size,
        color: item.color,
        x: item.x + dx,
        y: item.y + dy,
        glyphs: item.glyphs,
        actualText: item.actualText,
        tag,
      };
}

/** Moves an item by (dx, dy); used to map continuous coordinates onto a page. */
export function moveItem(item: DisplayItem, dx: number, dy: number): DisplayItem {
  if (dx === 0 && dy === 0) return item;
  switch (item.kind) {
    case 'glyphs':
      return movedGlyphs(item, dx, dy);
    case 'path':
      return {
        ...item,
        ops: moveOps(item.ops, dx, dy),
        ...(item.fill ? { fill: movePaint(item.fill, dx, dy) } : {}),
        tag: moveTag(item.tag, dx, dy),
      };
    case 'image':
    case 'pdf-page':
      return { ...item, x: item.x + dx, y: item.y + dy, tag: moveTag(item.tag, dx, dy) };
    case 'link':
      return item.target.kind === 'internal'
        ? { ...item, x: item.x + dx, y: item.y + dy }
        : { ...item, x: item.x + dx, y: item.y + dy };
    case 'group':
      return {
        ...item,
        ...(item.clip ? { clip: moveOps(item.clip, dx, dy) } : {}),
        ...(item.transform
          ? {
              transform: [
                item.transform[0],
                item.transform[1],
                item.transform[2],
                item.transform[3],
                item.transform[4] + dx - (item.transform[0] * dx + item.transform[2] * dy),
                item.transform[5] + dy - (item.transform[1] * dx + item.transform[3] * dy),
              ],
            }
          : {}),
        ...(item.mask ? { mask: item.mask.map((i) => moveItem(i, dx, dy)) } : {}),
        items: item.items.map((i) => moveItem(i, dx, dy)),
      };
    case 'use': {
      // The drawing stays as it is (it is shared): only where it is placed moves.
      const t = item.transform;
      return {
        ...item,
        transform: [t[0], t[1], t[2], t[3], t[4] + dx, t[5] + dy],
        tag: moveArtifactTag(item.tag, dx, dy),
      };
    }
  }
}

/**
 * The same items as a pagination artifact (a table header repeated on a later page, fixed
 * content drawn again): they must not be read twice. Links are dropped from such copies.
 */
export function asArtifact(
  items: readonly DisplayItem[],
  subtype?: 'Header' | 'Footer',
): DisplayItem[] {
  const tag: ItemTag = subtype
    ? { kind: 'artifact', type: 'Pagination', subtype }
    : { kind: 'artifact', type: 'Pagination' };
  const out: DisplayItem[] = [];
  for (const it of items) {
    if (it.kind === 'link') continue;
    if (it.kind === 'group') out.push({ ...it, items: asArtifact(it.items, subtype) });
    else if (it.tag.kind === 'content') out.push({ ...it, tag });
    else out.push(it);
  }
  return out;
}
