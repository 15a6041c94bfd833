/**
 * Where the tiles of a background layer fall (CSS Backgrounds 3, 3.4 to 3.9): along each axis
 * the start of every tile that reaches into the painted range, for background-repeat's four
 * keywords. Images and gradients tile alike; a gradient's tile is the positioning area unless
 * background-size says otherwise.
 */
import type { BackgroundLayer, BackgroundRepeatKeyword } from '../../style/index.js';
import { len } from '../units.js';
import type { Rect } from './decoration.js';

/** Most tiles one layer draws; past that the first ones are drawn and a warning given. */
export const MAX_TILES = 2000;

/** One axis of a layer: its tiles' size, where background-position put one, and the areas. */
export interface TileAxis {
  readonly repeat: BackgroundRepeatKeyword;
  /** Tile size along the axis (already rounded for `round`). */
  readonly size: number;
  /** Start of the tile background-position placed. */
  readonly offset: number;
  /** The positioning area along the axis. */
  readonly areaStart: number;
  readonly areaSize: number;
  /** The painted range along the axis: tiles outside it are not drawn. */
  readonly rangeStart: number;
  readonly rangeEnd: number;
}

/**
 * Starts of the tiles along one axis, in order. `space` spreads as many whole tiles as fit
 * over the positioning area, the first and last touching its edges (one tile, placed by
 * background-position, when fewer than two fit); `repeat` and `round` tile from the placed one
 * both ways; `no-repeat` draws the placed one. At most MAX_TILES.
 */
export function tileStarts(a: TileAxis): number[] {
  if (a.repeat === 'no-repeat') return [a.offset];
  let period = a.size;
  let anchor = a.offset;
  if (a.repeat === 'space') {
    const fit = Math.floor(a.areaSize / a.size + 1e-9);
    if (fit < 2) return [a.offset];
    period = a.size + (a.areaSize - fit * a.size) / (fit - 1);
    anchor = a.areaStart;
  }
  const out: number[] = [];
  // Tolerant of rounding: a tile that would only touch the range's edge is not drawn.
  const first = anchor - Math.ceil((anchor - a.rangeStart) / period - 1e-9) * period;
  const end = a.rangeEnd - 1e-6;
  for (let t = first; t < end && out.length < MAX_TILES; t += period) out.push(t);
  return out;
}

/** `round`: the tile size scaled so a whole number of tiles fills the positioning area. */
export function roundedTileSize(size: number, areaSize: number): number {
  return areaSize / Math.max(1, Math.round(areaSize / size));
}

/**
 * Where a layer's tiles of w by h start, along x and along y: placed by background-position in
 * the positioning area `area`, repeated over `range` (the part of the painting area drawn).
 */
export function layerTileStarts(
  layer: BackgroundLayer,
  area: Rect,
  range: Rect,
  w: number,
  h: number,
): { xs: number[]; ys: number[] } {
  const xs = tileStarts({
    repeat: layer.repeatX,
    size: w,
    offset: area.x + len(layer.position.x, area.width - w),
    areaStart: area.x,
    areaSize: area.width,
    rangeStart: range.x,
    rangeEnd: range.x + range.width,
  });
  const ys = tileStarts({
    repeat: layer.repeatY,
    size: h,
    offset: area.y + len(layer.position.y, area.height - h),
    areaStart: area.y,
    areaSize: area.height,
    rangeStart: range.y,
    rangeEnd: range.y + range.height,
  });
  return { xs, ys };
}
