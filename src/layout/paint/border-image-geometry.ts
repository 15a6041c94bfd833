/**
 * The nine-slice geometry of a border image (CSS Backgrounds 3 §6.2 to §6.5), in numbers only:
 * the slice offsets into the image, the border image widths and outsets, and for each of the
 * nine parts the tiles that copy a slice of the image onto the border image area, scaled,
 * repeated, rounded or spaced as border-image-repeat says. border-image.ts draws them.
 */
import type {
  BorderImageOutset,
  BorderImageRepeat,
  BorderImageWidth,
  Percentage,
  Sides,
} from '../../style/index.js';
import { len, pt, type Edges } from '../units.js';
import type { Rect } from './decoration.js';

/** Most tiles one border image draws, all parts together. */
export const MAX_BORDER_IMAGE_TILES = 4000;

const EPSILON = 1e-6;

/**
 * border-image-slice in the image's space (points of the image as drawn): numbers are image
 * pixels scaled by `pxScale` (points per image pixel), percentages are of the image's size,
 * and an offset past the image's edge is taken as its whole size.
 */
export function sliceOffsets(
  sides: Sides<number | Percentage>,
  image: { readonly width: number; readonly height: number },
  pxScale: number,
): Edges {
  const one = (v: number | Percentage, size: number): number =>
    Math.min(size, Math.max(0, typeof v === 'number' ? v * pxScale : (v.percent * size) / 100));
  return {
    top: one(sides[0], image.height),
    right: one(sides[1], image.width),
    bottom: one(sides[2], image.height),
    left: one(sides[3], image.width),
  };
}

/** border-image-outset in points: lengths, or multiples of the border widths. */
export function outsetWidths(outset: Sides<BorderImageOutset>, borders: Edges): Edges {
  const one = (v: BorderImageOutset, border: number): number =>
    typeof v === 'number' ? pt(v) : v.factor * border;
  return {
    top: one(outset[0], borders.top),
    right: one(outset[1], borders.right),
    bottom: one(outset[2], borders.bottom),
    left: one(outset[3], borders.left),
  };
}

/** A rectangle grown by `e` on each side. */
export function grow(r: Rect, e: Edges): Rect {
  return {
    x: r.x - e.left,
    y: r.y - e.top,
    width: r.width + e.left + e.right,
    height: r.height + e.top + e.bottom,
  };
}

/**
 * The border image widths in points over the border image area `area`: lengths and
 * percentages (of the area's width for left and right, of its height for top and bottom),
 * multiples of the border widths, or `auto`, the slice's own size (`slices`, undefined for an
 * image without a natural size, where auto is the border width). Opposite widths that overlap
 * are scaled down together, all four by one factor (§6.3).
 */
export function imageWidths(
  widths: Sides<BorderImageWidth>,
  borders: Edges,
  area: Rect,
  slices: Edges | undefined,
): Edges {
  const one = (
    v: BorderImageWidth,
    border: number,
    basis: number,
    slice: number | undefined,
  ): number => {
    if (v === 'auto') return slice ?? border;
    if (typeof v === 'object' && 'factor' in v) return v.factor * border;
    return Math.max(0, len(v, basis));
  };
  const w = {
    top: one(widths[0], borders.top, area.height, slices?.top),
    right: one(widths[1], borders.right, area.width, slices?.right),
    bottom: one(widths[2], borders.bottom, area.height, slices?.bottom),
    left: one(widths[3], borders.left, area.width, slices?.left),
  };
  const f = Math.min(
    1,
    w.left + w.right > 0 ? area.width / (w.left + w.right) : 1,
    w.top + w.bottom > 0 ? area.height / (w.top + w.bottom) : 1,
  );
  if (f >= 1) return w;
  return { top: w.top * f, right: w.right * f, bottom: w.bottom * f, left: w.left * f };
}

/** One copy of a slice of the image: `src` in the image's space drawn onto `dest`. */
export interface SliceTile {
  readonly src: Rect;
  readonly dest: Rect;
}

/** One of the nine parts: its region of the border image area and the tiles drawn in it. */
export interface SlicePart {
  readonly name: PartName;
  /** Column and row among the nine, 0 to 2. */
  readonly col: 0 | 1 | 2;
  readonly row: 0 | 1 | 2;
  readonly region: Rect;
  readonly tiles: readonly SliceTile[];
  /** Some tiles reach past the region (repeat): they are drawn clipped to it. */
  readonly overflows: boolean;
}

export type PartName =
  | 'top-left'
  | 'top'
  | 'top-right'
  | 'right'
  | 'bottom-right'
  | 'bottom'
  | 'bottom-left'
  | 'left'
  | 'middle';

export interface NineSlice {
  /** The border image area (the border box grown by the outsets). */
  readonly area: Rect;
  /** The image's size as drawn, points; the slices are cut from (0, 0) to this. */
  readonly image: { readonly width: number; readonly height: number };
  readonly slices: Edges;
  readonly widths: Edges;
  readonly repeat: readonly [BorderImageRepeat, BorderImageRepeat];
  readonly fill: boolean;
}

/** How far an opaque tile reaches under the tiles after it, points. */
export const SEAM_OVERLAP = 0.25;

/** Tile starts and size along one axis of a part. */
interface Axis {
  readonly starts: number[];
  readonly size: number;
  readonly overflows: boolean;
}

/**
 * Where the tiles of one axis go: `stretch` one tile over the region; `round` whole tiles
 * resized to fill it; `repeat` tiles of their own size, the first centred; `space` as many
 * whole tiles as fit, the room left shared equally before, between and after them. Tiles
 * outside `[from, to)` are left out.
 */
export function axisTiles(
  mode: BorderImageRepeat,
  start: number,
  size: number,
  tile: number,
  from: number,
  to: number,
): Axis {
  if (mode === 'stretch' || !(tile > EPSILON) || !Number.isFinite(tile))
    return { starts: within([start], size, from, to), size, overflows: false };
  if (mode === 'round') {
    const n = Math.max(1, Math.round(size / tile));
    const t = size / n;
    return { starts: within(steps(start, t, n), t, from, to), size: t, overflows: false };
  }
  if (mode === 'space') {
    const n = Math.floor(size / tile + EPSILON);
    const gap = (size - n * tile) / (n + 1);
    return {
      starts: within(steps(start + gap, tile + gap, n), tile, from, to),
      size: tile,
      overflows: false,
    };
  }
  // repeat: one tile centred, then as many as reach the region's edges either way.
  const centre = start + (size - tile) / 2;
  const before = Math.ceil((centre - start) / tile - EPSILON);
  const first = centre - before * tile;
  const count = Math.ceil((start + size - first) / tile - EPSILON);
  return {
    starts: within(steps(first, tile, count), tile, from, to),
    size: tile,
    overflows: first < start - EPSILON || first + count * tile > start + size + EPSILON,
  };
}

/** `n` starts from `first`, `period` apart (bounded by the tile budget). */
function steps(first: number, period: number, n: number): number[] {
  const out: number[] = [];
  for (let k = 0; k < n && k < MAX_BORDER_IMAGE_TILES; k++) out.push(first + k * period);
  return out;
}

/** The starts whose tile of `size` reaches into `[from, to)`. */
function within(starts: number[], size: number, from: number, to: number): number[] {
  return starts.filter((s) => s + size > from + EPSILON && s < to - EPSILON);
}

/**
 * The nine parts of a border image with their tiles, in drawing order (corners, edges, then
 * the middle when `fill`). Parts whose slice or region is empty are left out; so are tiles
 * outside `range` (a page's piece of a box broken across pages).
 */
export function nineSliceParts(n: NineSlice, range: Rect = n.area): SlicePart[] {
  const { area, image, slices: s, widths: w } = n;
  // Columns and rows of the image and of the area: start, end edges.
  const srcX = [0, s.left, image.width - s.right, image.width];
  const srcY = [0, s.top, image.height - s.bottom, image.height];
  const dstX = [area.x, area.x + w.left, area.x + area.width - w.right, area.x + area.width];
  const dstY = [area.y, area.y + w.top, area.y + area.height - w.bottom, area.y + area.height];
  // How much the edges are scaled (§6.5): the middle takes the top's (or the bottom's) factor
  // across and the left's (or the right's) down; failing both, it keeps its size.
  const factor = (width: number, slice: number): number | undefined =>
    slice > EPSILON && width > EPSILON ? width / slice : undefined;
  const middleX = factor(w.top, s.top) ?? factor(w.bottom, s.bottom) ?? 1;
  const middleY = factor(w.left, s.left) ?? factor(w.right, s.right) ?? 1;
  const parts: SlicePart[] = [];
  let budget = MAX_BORDER_IMAGE_TILES;
  const part = (
    name: PartName,
    col: 0 | 1 | 2,
    row: 0 | 1 | 2,
    scaleX: number | undefined,
    scaleY: number | undefined,
  ): void => {
    const src: Rect = rect(srcX[col], srcY[row], srcX[col + 1], srcY[row + 1]);
    const region: Rect = rect(dstX[col], dstY[row], dstX[col + 1], dstY[row + 1]);
    if (src.width <= EPSILON || src.height <= EPSILON) return;
    if (region.width <= EPSILON || region.height <= EPSILON) return;
    // Corners and the cross axis of an edge stretch; edges and the middle follow the repeat.
    const modeX = col === 1 ? n.repeat[0] : 'stretch';
    const modeY = row === 1 ? n.repeat[1] : 'stretch';
    if (
      (modeX !== 'stretch' && scaleX === undefined) ||
      (modeY !== 'stretch' && scaleY === undefined)
    )
      return;
    const xs = axisTiles(
      modeX,
      region.x,
      region.width,
      src.width * (scaleX ?? 1),
      range.x,
      range.x + range.width,
    );
    const ys = axisTiles(
      modeY,
      region.y,
      region.height,
      src.height * (scaleY ?? 1),
      range.y,
      range.y + range.height,
    );
    const tiles: SliceTile[] = [];
    for (const y of ys.starts)
      for (const x of xs.starts) {
        if (budget <= 0) break;
        budget--;
        tiles.push({ src, dest: { x, y, width: xs.size, height: ys.size } });
      }
    if (tiles.length > 0)
      parts.push({ name, col, row, region, tiles, overflows: xs.overflows || ys.overflows });
  };
  const top = factor(w.top, s.top);
  const bottom = factor(w.bottom, s.bottom);
  const left = factor(w.left, s.left);
  const right = factor(w.right, s.right);
  // Row by row, so that what lies right of or below a tile is drawn after it.
  part('top-left', 0, 0, undefined, undefined);
  part('top', 1, 0, top, undefined);
  part('top-right', 2, 0, undefined, undefined);
  part('left', 0, 1, undefined, left);
  if (n.fill) part('middle', 1, 1, middleX, middleY);
  part('right', 2, 1, undefined, right);
  part('bottom-left', 0, 2, undefined, undefined);
  part('bottom', 1, 2, bottom, undefined);
  part('bottom-right', 2, 2, undefined, undefined);
  return parts;
}

/**
 * The parts with each tile reaching SEAM_OVERLAP under the tile right of it and the one below
 * it, where those abut it: opaque tiles side by side otherwise leave hairline seams in
 * anti-aliased viewers. Only for opaque images (an overlap would show through a translucent
 * one); tiles spaced apart, and edges with nothing drawn beyond them, stay as they are. A part
 * with nothing drawn diagonally below it (the top-left corner without `fill`) reaches only
 * right, and the part below reaches up under it instead, so no overlap shows in the corner.
 */
export function overlapSeams(parts: readonly SlicePart[]): SlicePart[] {
  const at = new Set(parts.map((p) => p.row * 3 + p.col));
  const has = (col: number, row: number): boolean => col <= 2 && row <= 2 && at.has(row * 3 + col);
  const rightOnly = (col: number, row: number): boolean =>
    has(col, row) && has(col + 1, row) && has(col, row + 1) && !has(col + 1, row + 1);
  const key = (v: number): number => Math.round(v * 1000);
  return parts.map((p) => {
    const right = p.region.x + p.region.width;
    const bottom = p.region.y + p.region.height;
    const rightOut = has(p.col + 1, p.row);
    const downOut = has(p.col, p.row + 1) && !rightOnly(p.col, p.row);
    const upOut = p.row > 0 && rightOnly(p.col, p.row - 1);
    // The tiles of a part are a grid: a tile abuts the next one unless `space` left a gap.
    const xs = new Set(p.tiles.map((t) => key(t.dest.x)));
    const ys = new Set(p.tiles.map((t) => key(t.dest.y)));
    const tiles = p.tiles.map((t) => {
      const endX = t.dest.x + t.dest.width;
      const endY = t.dest.y + t.dest.height;
      const growX = xs.has(key(endX)) || (rightOut && endX >= right - EPSILON);
      const growY = ys.has(key(endY)) || (downOut && endY >= bottom - EPSILON);
      const growUp = upOut && t.dest.y <= p.region.y + EPSILON;
      if (!growX && !growY && !growUp) return t;
      const up = growUp ? SEAM_OVERLAP : 0;
      return {
        src: t.src,
        dest: {
          x: t.dest.x,
          y: t.dest.y - up,
          width: t.dest.width + (growX ? SEAM_OVERLAP : 0),
          height: t.dest.height + up + (growY ? SEAM_OVERLAP : 0),
        },
      };
    });
    const up = upOut ? SEAM_OVERLAP : 0;
    const region = {
      x: p.region.x,
      y: p.region.y - up,
      width: p.region.width + (rightOut ? SEAM_OVERLAP : 0),
      height: p.region.height + up + (downOut ? SEAM_OVERLAP : 0),
    };
    return { ...p, region, tiles };
  });
}

/** Whether the tile budget ran out (some tiles were not drawn). */
export function tilesCapped(parts: readonly SlicePart[]): boolean {
  return parts.reduce((k, p) => k + p.tiles.length, 0) >= MAX_BORDER_IMAGE_TILES;
}

function rect(x0: number, y0: number, x1: number, y1: number): Rect {
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}
