/**
 * box-shadow (CSS Backgrounds 3 §7.1) as display items. Outer shadows are drawn only outside
 * the border box, so a translucent background never shows them through; inset shadows only
 * inside the padding box, over the background and under the borders. The first shadow is on
 * top. A shadow without blur is exact vector geometry; a blurred one is an image whose alpha
 * is the blurred shape (shadow-image.ts).
 */
import { pt } from '../units.js';
import type { BoxShadow } from '../../style/index.js';
import type { DisplayItem, PathOp } from '../../document/index.js';
import { backgroundTag, fitRadii, rectPath, type Radii, type Rect } from './decoration.js';
import { affordable, blurredInset, blurredShape, type ShadowBudget } from './shadow-image.js';
import { blurReach } from './shadow-mask.js';

/** The box a slice of an element paints its shadows around, in points. */
export interface ShadowedBox {
  readonly border: Rect;
  /** Radii of the border box (zero at an edge cut by a page break). */
  readonly radii: Radii;
  readonly padding: Rect;
  readonly paddingRadii: Radii;
  /**
   * The box goes on past its top or bottom edge (a page break with box-decoration-break:
   * slice): its shadows go on too, cut at that edge.
   */
  readonly openTop: boolean;
  readonly openBottom: boolean;
}

/** One shadow in points. */
interface Shadow {
  readonly x: number;
  readonly y: number;
  readonly sigma: number;
  readonly spread: number;
  readonly color: BoxShadow['color'];
}

function inPoints(s: BoxShadow): Shadow {
  return {
    x: pt(s.x),
    y: pt(s.y),
    sigma: pt(s.blur) / 2,
    spread: pt(s.spread),
    color: s.color,
  };
}

/** How far beyond its shape a shadow's blur reaches, points (three standard deviations). */
function blurExtent(sigma: number): number {
  return sigma > 0 ? Math.max(3 * sigma, blurReach(sigma)) + 1 : 0;
}

/**
 * Radii of a shadow shape grown (spread > 0) or shrunk (spread < 0) from the box's: a corner
 * smaller than the spread grows less, so square corners stay square (CSS Backgrounds 3 §7.1).
 */
export function spreadRadii(r: Radii, spread: number): Radii {
  const one = (v: number): number => {
    if (spread < 0) return Math.max(0, v + spread);
    if (v <= 0) return 0;
    if (v >= spread) return v + spread;
    const t = v / spread - 1;
    return v + spread * (1 + t * t * t);
  };
  const c = (p: readonly [number, number]): [number, number] => [one(p[0]), one(p[1])];
  return { tl: c(r.tl), tr: c(r.tr), br: c(r.br), bl: c(r.bl) };
}

/** A rectangle grown at its open edges by `by`. */
function opened(r: Rect, box: ShadowedBox, by: number): Rect {
  const top = box.openTop ? by : 0;
  const bottom = box.openBottom ? by : 0;
  return { x: r.x, y: r.y - top, width: r.width, height: r.height + top + bottom };
}

/** Path ops with every `rect` spelled out, so their winding is the same in every writer. */
function explicit(ops: readonly PathOp[]): PathOp[] {
  const out: PathOp[] = [];
  for (const o of ops) {
    if (o.op !== 'rect') {
      out.push(o);
      continue;
    }
    out.push(
      { op: 'moveTo', x: o.x, y: o.y },
      { op: 'lineTo', x: o.x + o.width, y: o.y },
      { op: 'lineTo', x: o.x + o.width, y: o.y + o.height },
      { op: 'lineTo', x: o.x, y: o.y + o.height },
      { op: 'close' },
    );
  }
  return out;
}

/** A rectangle wound against rectPath's direction: with it, a clip path gets a hole. */
function reversedRect(r: Rect): PathOp[] {
  return [
    { op: 'moveTo', x: r.x, y: r.y },
    { op: 'lineTo', x: r.x, y: r.y + r.height },
    { op: 'lineTo', x: r.x + r.width, y: r.y + r.height },
    { op: 'lineTo', x: r.x + r.width, y: r.y },
    { op: 'close' },
  ];
}

function union(a: Rect, b: Rect): Rect {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return {
    x,
    y,
    width: Math.max(a.x + a.width, b.x + b.width) - x,
    height: Math.max(a.y + a.height, b.y + b.height) - y,
  };
}

function grown(r: Rect, by: number): Rect {
  return { x: r.x - by, y: r.y - by, width: r.width + 2 * by, height: r.height + 2 * by };
}

function radiiKey(r: Radii): string {
  return [r.tl, r.tr, r.br, r.bl].map((c) => `${c[0].toFixed(3)},${c[1].toFixed(3)}`).join(';');
}

/** Cuts items at the box's open edges (a page break with box-decoration-break: slice). */
function cutAtOpenEdges(items: DisplayItem[], box: ShadowedBox): DisplayItem[] {
  if (!box.openTop && !box.openBottom) return items;
  const huge = 1e6;
  const top = box.openTop ? box.border.y : -huge;
  const bottom = box.openBottom ? box.border.y + box.border.height : huge;
  return [
    {
      kind: 'group',
      clip: [{ op: 'rect', x: -huge, y: top, width: 2 * huge, height: bottom - top }],
      items,
    },
  ];
}

/** The outer shadows of a box, bottom one first, clipped to outside its border box. */
export function outerShadowItems(
  shadows: readonly BoxShadow[],
  box: ShadowedBox,
  budget: ShadowBudget,
): DisplayItem[] {
  const items: DisplayItem[] = [];
  let area: Rect | undefined;
  const radii = fitRadii(box.radii, box.border.width, box.border.height);
  for (let i = shadows.length - 1; i >= 0; i--) {
    if (shadows[i].inset || !(shadows[i].color.a > 0)) continue;
    const s = inPoints(shadows[i]);
    const reach = blurExtent(s.sigma);
    const base = opened(box.border, box, Math.abs(s.y) + Math.abs(s.spread) + reach + 1);
    const shape: Rect = {
      x: base.x + s.x - s.spread,
      y: base.y + s.y - s.spread,
      width: base.width + 2 * s.spread,
      height: base.height + 2 * s.spread,
    };
    if (!(shape.width > 0 && shape.height > 0)) continue;
    const shapeRadii = spreadRadii(radii, s.spread);
    const tag = backgroundTag(grown(shape, reach));
    if (s.sigma <= 0 || !affordable(budget, s.sigma, shape.width, shape.height)) {
      const color = s.sigma <= 0 ? s.color : { ...s.color, a: s.color.a * 0.5 };
      items.push({ kind: 'path', ops: rectPath(shape, shapeRadii), fill: color, tag });
    } else {
      const local = rectPath({ x: 0, y: 0, width: shape.width, height: shape.height }, shapeRadii);
      const key = `outer|${shape.width.toFixed(3)}x${shape.height.toFixed(3)}|${radiiKey(shapeRadii)}|${s.sigma.toFixed(3)}`;
      const b = blurredShape(local, shape.width, shape.height, s.sigma, s.color, key, budget);
      const w = b.image.widthPx / b.ppp;
      const h = b.image.heightPx / b.ppp;
      items.push({
        kind: 'image',
        image: b.image,
        x: shape.x - b.reach,
        y: shape.y - b.reach,
        width: w,
        height: h,
        tag,
      });
    }
    const drawn = grown(shape, reach + 1);
    area = area ? union(area, drawn) : drawn;
  }
  if (!area) return [];
  const frame = grown(union(area, box.border), 1);
  const hole = explicit(rectPath(opened(box.border, box, frame.height), radii));
  return cutAtOpenEdges([{ kind: 'group', clip: [...reversedRect(frame), ...hole], items }], box);
}

/** The inset shadows of a box, bottom one first, clipped to its padding box. */
export function insetShadowItems(
  shadows: readonly BoxShadow[],
  box: ShadowedBox,
  budget: ShadowBudget,
): DisplayItem[] {
  const items: DisplayItem[] = [];
  const radii = fitRadii(box.paddingRadii, box.padding.width, box.padding.height);
  let reachAll = 0;
  for (const s of shadows) if (s.inset) reachAll = Math.max(reachAll, extentOf(inPoints(s)));
  const pad = opened(box.padding, box, reachAll);
  if (!(pad.width > 0 && pad.height > 0)) return [];
  const tag = backgroundTag(pad);
  for (let i = shadows.length - 1; i >= 0; i--) {
    if (!shadows[i].inset || !(shadows[i].color.a > 0)) continue;
    const s = inPoints(shadows[i]);
    const hole: Rect = {
      x: pad.x + s.x + s.spread,
      y: pad.y + s.y + s.spread,
      width: pad.width - 2 * s.spread,
      height: pad.height - 2 * s.spread,
    };
    const empty = !(hole.width > 0 && hole.height > 0);
    const holeRadii = spreadRadii(radii, -s.spread);
    if (empty) {
      items.push({ kind: 'path', ops: rectPath(pad), fill: s.color, tag });
    } else if (s.sigma <= 0 || !affordable(budget, s.sigma, pad.width, pad.height)) {
      const frame = grown(union(pad, hole), 1);
      items.push({
        kind: 'path',
        ops: [...rectPath(frame), ...rectPath(hole, holeRadii)],
        fill: s.sigma <= 0 ? s.color : { ...s.color, a: s.color.a * 0.5 },
        fillRule: 'evenodd',
        tag,
      });
    } else {
      const local = rectPath(
        { x: hole.x - pad.x, y: hole.y - pad.y, width: hole.width, height: hole.height },
        holeRadii,
      );
      const key =
        `inset|${pad.width.toFixed(3)}x${pad.height.toFixed(3)}|` +
        `${(hole.x - pad.x).toFixed(3)},${(hole.y - pad.y).toFixed(3)},` +
        `${hole.width.toFixed(3)}x${hole.height.toFixed(3)}|${radiiKey(holeRadii)}|${s.sigma.toFixed(3)}`;
      const b = blurredInset(local, pad.width, pad.height, s.sigma, s.color, key, budget);
      items.push({
        kind: 'image',
        image: b.image,
        x: pad.x - b.reach,
        y: pad.y - b.reach,
        width: b.image.widthPx / b.ppp,
        height: b.image.heightPx / b.ppp,
        tag,
      });
    }
  }
  if (items.length === 0) return [];
  return cutAtOpenEdges([{ kind: 'group', clip: rectPath(pad, radii), items }], box);
}

/** How far an inset shadow's hole can move from the padding box, points. */
function extentOf(s: Shadow): number {
  return Math.abs(s.y) + Math.abs(s.spread) + blurExtent(s.sigma) + 1;
}
