/**
 * A gradient background layer as artifact items: the gradient (css-gradient.ts) drawn in each
 * tile of the layer, the tiles sized, placed and repeated by background-size, -position and
 * -repeat (background-tiles.ts), clipped to the painting area. The gradient is drawn once, as a
 * shared drawing every tile uses, when it is wedges (a conic one) or repeats.
 */
import type { ArtifactTag, DisplayItem, Drawing, Paint, PathItem } from '../../document/index.js';
import { pathBounds } from '../../document/index.js';
import type { BackgroundLayer, CssGradient } from '../../style/index.js';
import { len } from '../units.js';
import { MAX_TILES, layerTileStarts, roundedTileSize } from './background-tiles.js';
import { drawGradient, type ConicWedges } from './css-gradient.js';
import { backgroundTag, hasRadius, rectPath, type Radii, type Rect } from './decoration.js';
import { useOf } from './shared-drawing.js';

/** Most wedge paths one conic layer draws, all tiles together. */
const MAX_WEDGE_ITEMS = 20000;

/** Where a background layer paints (CSS Backgrounds 3): its areas, in page coordinates. */
export interface LayerAreas {
  /** The background positioning area (the background-origin box). */
  readonly area: Rect;
  /** The background painting area, clipped with `radii`. */
  readonly paint: Rect;
  readonly radii: Radii;
  /** The part of `paint` not hidden under opaque borders: tiles outside it are left out. */
  readonly visible: Rect;
}

/**
 * A gradient background layer as artifact items: the gradient drawn in each tile of the
 * layer, tiles sized and placed by background-size, -position and -repeat. A gradient has no
 * size of its own: `auto` (and cover, contain) is the positioning area's.
 */
export function gradientLayerItems(
  g: CssGradient,
  layer: BackgroundLayer,
  { area, paint: paintArea, radii, visible }: LayerAreas,
  warn: (code: string, message: string) => void,
): DisplayItem[] {
  const [w, h] = gradientTileSize(layer, area);
  if (!(w > 0 && h > 0) || !(visible.width > 0 && visible.height > 0)) return [];
  const { xs, ys } = layerTileStarts(layer, area, visible, w, h);
  const tag = backgroundTag(paintArea);
  const clip = rectPath(paintArea, radii);
  const first: Rect = { x: xs[0], y: ys[0], width: w, height: h };
  const drawn = drawGradient(g, first, () =>
    warn(
      'layout.gradient-too-fine',
      'a repeating gradient too fine to draw (its stops would repeat too often) is painted in its average colour',
    ),
  );
  if (drawn.kind === 'paint' && !('kind' in drawn.paint) && !(drawn.paint.a > 0)) return [];
  // The common case: one tile over all that shows, drawn as one path over the painting area.
  if (xs.length === 1 && ys.length === 1 && covers(first, visible)) {
    return drawn.kind === 'paint'
      ? [{ kind: 'path', ops: clip, fill: drawn.paint, tag }]
      : [useOf(wedgeDrawing(drawn, tag), MOVE_NONE, tag, clip)];
  }
  // Tiles a paint does not change across, side by side, are drawn as one.
  const paint = drawn.kind === 'paint' ? drawn.paint : undefined;
  const columns = paint && constantAlong(paint, 'x') ? merged(xs, w) : spans(xs, w);
  const rows = paint && constantAlong(paint, 'y') ? merged(ys, h) : spans(ys, h);
  const budget =
    drawn.kind === 'paint'
      ? MAX_TILES
      : Math.max(1, Math.floor(MAX_WEDGE_ITEMS / Math.max(1, drawn.wedges.length)));
  if (columns.length * rows.length > budget)
    warn(
      'layout.background-tiles',
      `a background layer of ${columns.length * rows.length} tiles is drawn with its first ${budget}`,
    );
  const opaque = drawn.kind === 'paint' && isOpaque(drawn.paint);
  const wedges = drawn.kind === 'wedges' ? wedgeDrawing(drawn, tag) : undefined;
  // Tiles of a paint: one drawing per size drawn (tiles merged into spans, overlaps into the
  // next tiles, see below), placed where the first tile is and moved to each tile.
  const paintTiles = new Map<string, Drawing>();
  const paintTile = (width: number, height: number, p: Paint): Drawing => {
    const key = `${width},${height}`;
    let d = paintTiles.get(key);
    if (!d) {
      const r: Rect = { x: first.x, y: first.y, width, height };
      d = { items: [{ kind: 'path', ops: rectPath(r), fill: p, tag }], bounds: corners(r) };
      paintTiles.set(key, d);
    }
    return d;
  };
  const tiles: DisplayItem[] = [];
  for (let j = 0; j < rows.length && tiles.length < budget; j++) {
    for (let i = 0; i < columns.length && tiles.length < budget; i++) {
      const tile: Rect = {
        x: columns[i].start,
        y: rows[j].start,
        width: columns[i].size,
        height: rows[j].size,
      };
      if (!intersects(tile, visible)) continue;
      const move = [1, 0, 0, 1, tile.x - first.x, tile.y - first.y] as const;
      if (wedges) {
        tiles.push(useOf(wedges, move, tag, rectPath(first)));
        continue;
      }
      if (drawn.kind !== 'paint') continue;
      // Opaque tiles reach a little under their right and lower neighbours, which are drawn
      // later: abutting fills leave hairline seams in anti-aliased viewers.
      const seamX = opaque && i + 1 < columns.length ? TILE_SEAM_OVERLAP : 0;
      const seamY = opaque && j + 1 < rows.length ? TILE_SEAM_OVERLAP : 0;
      if (columns.length * rows.length === 1) {
        const ops = rectPath({ ...tile, width: tile.width + seamX, height: tile.height + seamY });
        tiles.push({ kind: 'path', ops, fill: drawn.paint, tag });
      } else {
        const d = paintTile(tile.width + seamX, tile.height + seamY, drawn.paint);
        tiles.push(useOf(d, move, tag));
      }
    }
  }
  if (tiles.length === 0) return [];
  // Tiles inside a square-cornered painting area need no clip.
  const inside = !hasRadius(radii) && tilesWithin(xs, ys, w, h, paintArea);
  return inside ? tiles : [{ kind: 'group', clip, items: tiles }];
}

interface Span {
  readonly start: number;
  readonly size: number;
}

function spans(starts: readonly number[], size: number): Span[] {
  return starts.map((start) => ({ start, size }));
}

/** Tiles that abut (no space between them) as one span; others each on its own. */
function merged(starts: readonly number[], size: number): Span[] {
  const abut = starts.every((t, i) => i === 0 || Math.abs(t - starts[i - 1] - size) < EPSILON);
  if (!abut) return spans(starts, size);
  return [{ start: starts[0], size: starts[starts.length - 1] + size - starts[0] }];
}

/** Whether a paint has one colour along every line parallel to the axis. */
function constantAlong(p: Paint, axis: 'x' | 'y'): boolean {
  if (!('kind' in p)) return true;
  if (p.kind !== 'linear-gradient') return false;
  const along = axis === 'x' ? p.x1 - p.x0 : p.y1 - p.y0;
  return Math.abs(along) <= 1e-9 * Math.hypot(p.x1 - p.x0, p.y1 - p.y0);
}

const MOVE_NONE = [1, 0, 0, 1, 0, 0] as const;

/**
 * A conic gradient's wedges as a shared drawing (with their opacity), in the space of the tile
 * they were drawn for: each tile uses it, moved, and clips it to itself.
 */
function wedgeDrawing(c: ConicWedges, tag: ArtifactTag): Drawing {
  const wedges = c.wedges.map((w): PathItem => ({ kind: 'path', ops: w.ops, fill: w.color, tag }));
  // Once per drawing: the wedges reach past the tile, by as much as its corners need.
  const box = pathBounds(c.wedges.flatMap((w) => w.ops)) ?? [0, 0, 0, 0];
  const items: DisplayItem[] =
    c.opacity < 1 ? [{ kind: 'group', opacity: c.opacity, items: wedges }] : wedges;
  return { items, bounds: box };
}

/** A rectangle as bounds [x0, y0, x1, y1]. */
function corners(r: Rect): [number, number, number, number] {
  return [r.x, r.y, r.x + r.width, r.y + r.height];
}

/** How far an opaque tile reaches under the next one, points. */
const TILE_SEAM_OVERLAP = 0.25;

/** The tile size of a gradient layer: background-size against the positioning area, rounded. */
export function gradientTileSize(layer: BackgroundLayer, area: Rect): [number, number] {
  const sz = layer.size;
  let w = area.width;
  let h = area.height;
  if (typeof sz !== 'string') {
    if (sz.width !== 'auto') w = len(sz.width, area.width);
    if (sz.height !== 'auto') h = len(sz.height, area.height);
  }
  if (layer.repeatX === 'round' && w > 0) w = roundedTileSize(w, area.width);
  if (layer.repeatY === 'round' && h > 0) h = roundedTileSize(h, area.height);
  return [w, h];
}

function isOpaque(p: Paint): boolean {
  return 'kind' in p ? p.stops.every((s) => s.color.a >= 1) : p.a >= 1;
}

const EPSILON = 1e-6;

function covers(outer: Rect, inner: Rect): boolean {
  return (
    outer.x <= inner.x + EPSILON &&
    outer.y <= inner.y + EPSILON &&
    outer.x + outer.width >= inner.x + inner.width - EPSILON &&
    outer.y + outer.height >= inner.y + inner.height - EPSILON
  );
}

function intersects(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

function tilesWithin(
  xs: readonly number[],
  ys: readonly number[],
  w: number,
  h: number,
  r: Rect,
): boolean {
  return covers(r, {
    x: xs[0],
    y: ys[0],
    width: xs[xs.length - 1] + w - xs[0],
    height: ys[ys.length - 1] + h - ys[0],
  });
}
