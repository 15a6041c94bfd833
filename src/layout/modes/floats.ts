/**
 * The floats of one block formatting context (CSS 2.1 §9.5): where a new float goes (§9.5.1),
 * how much room a line box or a formatting-context root has beside the floats at some height,
 * and how far `clear` must push a box (§9.5.2).
 *
 * Everything is in the flow's coordinates (x on the page, y from the top of the flow), so
 * nested block containers of the same context share one FloatContext without translating.
 * Floats are kept in vertical buckets, so a query looks only at the floats near its band: a
 * long document with a float every few paragraphs stays linear.
 *
 * A float with shape-outside (CSS Shapes 1) narrows line boxes by its shape only (lineBand);
 * other floats and formatting-context roots still keep clear of its margin box (band).
 */
import { shapeExtent, type FloatShape } from './float-shape.js';

/** A placed float's margin box. */
export interface FloatArea {
  readonly side: 'left' | 'right';
  readonly left: number;
  readonly right: number;
  readonly top: number;
  readonly bottom: number;
  /** The float area for line boxes, from the margin box's top-left corner; absent: the box. */
  readonly shape?: FloatShape;
}

/** The room left between the floats of a band, within a containing block's edges. */
export interface Band {
  readonly left: number;
  readonly right: number;
  /** True when some float narrows it. */
  readonly narrowed: boolean;
  /** Set when a float's shape narrows it: the room then changes with the line's height. */
  readonly shaped?: true;
}

const BUCKET = 256;
const EPS = 0.01;
/** How far apart lineNextEdge looks for room beside a shape before it narrows in on it, pt. */
const SHAPE_SCAN = 1;
/** How far a shape must reach into a line's band to narrow it, pt. */
const TOUCH = 0.001;

export class FloatContext {
  private readonly floats: FloatArea[] = [];
  private readonly buckets = new Map<number, FloatArea[]>();
  private lowestLeft = -Infinity;
  private lowestRight = -Infinity;
  /** Top of the last float placed: a later float may not be higher (§9.5.1 rule 5). */
  private lastTop = -Infinity;

  get size(): number {
    return this.floats.length;
  }

  /** A position to come back to (a line broken again at another width drops its floats). */
  mark(): number {
    return this.floats.length;
  }

  /** Drops the floats added since `mark`. */
  reset(mark: number): void {
    if (mark >= this.floats.length) return;
    const dropped = this.floats.splice(mark);
    for (const f of dropped) {
      for (let b = bucketOf(f.top); b <= bucketOf(f.bottom); b++) {
        const list = this.buckets.get(b);
        if (!list) continue;
        const i = list.indexOf(f);
        if (i >= 0) list.splice(i, 1);
      }
    }
    this.lowestLeft = -Infinity;
    this.lowestRight = -Infinity;
    this.lastTop = -Infinity;
    for (const f of this.floats) this.note(f);
  }

  /** Bottom of the lowest float (for the auto height of the context's root); -Infinity if none. */
  bottom(): number {
    return Math.max(this.lowestLeft, this.lowestRight);
  }

  /** The y a box with `clear` must start at or below; -Infinity when there is nothing to clear. */
  clearance(clear: 'left' | 'right' | 'both' | 'none'): number {
    if (clear === 'left') return this.lowestLeft;
    if (clear === 'right') return this.lowestRight;
    if (clear === 'both') return Math.max(this.lowestLeft, this.lowestRight);
    return -Infinity;
  }

  /** The lowest top a new float may have (not above an earlier float's top). */
  get floor(): number {
    return this.lastTop;
  }

  /** Floats whose vertical extent meets [top, bottom) (a zero-height band meets those around it). */
  private meeting(top: number, bottom: number): FloatArea[] {
    const out: FloatArea[] = [];
    if (this.floats.length === 0) return out;
    const b0 = bucketOf(top);
    const b1 = bucketOf(Math.max(top, bottom));
    for (let b = b0; b <= b1; b++) {
      const list = this.buckets.get(b);
      if (!list) continue;
      for (const f of list) {
        // Each float is listed in every bucket it spans: take it in the first one met.
        if (bucketOf(f.top) < b && b > b0) continue;
        const hit =
          bottom > top
            ? f.top < bottom - EPS && f.bottom > top + EPS
            : f.top <= top + EPS && f.bottom > top + EPS;
        if (hit) out.push(f);
      }
    }
    return out;
  }

  /** The room beside the floats for content spanning [top, bottom) between `left` and `right`. */
  band(top: number, bottom: number, left: number, right: number): Band {
    let l = left;
    let r = right;
    let narrowed = false;
    for (const f of this.meeting(top, bottom)) {
      if (f.side === 'left' && f.right > l) {
        l = f.right;
        narrowed = true;
      } else if (f.side === 'right' && f.left < r) {
        r = f.left;
        narrowed = true;
      }
    }
    return { left: l, right: Math.max(l, r), narrowed };
  }

  /**
   * The next y below `top` where the room for content spanning [top, top + height) may grow:
   * the nearest bottom of a float that narrows it; undefined when no float does.
   */
  nextEdge(top: number, height: number, left: number, right: number): number | undefined {
    let next: number | undefined;
    for (const f of this.meeting(top, top + height)) {
      const narrows = f.side === 'left' ? f.right > left + EPS : f.left < right - EPS;
      if (narrows && f.bottom > top + EPS && (next === undefined || f.bottom < next))
        next = f.bottom;
    }
    return next;
  }

  /**
   * The room beside the floats for a line box spanning [top, bottom): as band(), but a float
   * with a shape narrows it only as far as its shape reaches within the band (clipped to its
   * margin box), and not at all where the shape misses the band.
   */
  lineBand(top: number, bottom: number, left: number, right: number): Band {
    let l = left;
    let r = right;
    let narrowed = false;
    let shaped = false;
    for (const f of this.meeting(top, bottom)) {
      const edge = lineEdge(f, top, bottom);
      if (edge === undefined) continue;
      if (f.shape) shaped = true;
      if (f.side === 'left' && edge > l) {
        l = edge;
        narrowed = true;
      } else if (f.side === 'right' && edge < r) {
        r = edge;
        narrowed = true;
      }
    }
    return { left: l, right: Math.max(l, r), narrowed, ...(shaped ? { shaped: true } : {}) };
  }

  /**
   * The next y below `top` where a line box of `height` may find more room (at least `need`
   * wide, when given): the nearest bottom of a float that narrows it, or, beside a shape whose
   * room changes along its height, the first y where the room has grown (to `need`).
   */
  lineNextEdge(
    top: number,
    height: number,
    left: number,
    right: number,
    need?: number,
  ): number | undefined {
    let next: number | undefined;
    let shaped = false;
    for (const f of this.meeting(top, top + height)) {
      const edge = lineEdge(f, top, top + height);
      if (edge === undefined) continue;
      const narrows = f.side === 'left' ? edge > left + EPS : edge < right - EPS;
      if (!narrows || f.bottom <= top + EPS) continue;
      if (f.shape) shaped = true;
      if (next === undefined || f.bottom < next) next = f.bottom;
    }
    if (!shaped || next === undefined) return next;
    const width = (y: number): number => {
      const b = this.lineBand(y, y + height, left, right);
      return b.right - b.left;
    };
    const target = need ?? width(top) + EPS;
    const roomy = (y: number): boolean => width(y) >= target - EPS;
    for (let y = top + SHAPE_SCAN; y < next; y += SHAPE_SCAN) {
      if (!roomy(y)) continue;
      // Narrow in on where the room opens, to a hundredth of a point.
      let lo = y - SHAPE_SCAN;
      let hi = y;
      while (hi - lo > EPS) {
        const mid = (lo + hi) / 2;
        if (roomy(mid)) hi = mid;
        else lo = mid;
      }
      return hi;
    }
    return next;
  }

  /**
   * Places a float whose margin box is `width` × `height` (§9.5.1): as high as possible, but
   * not above `minTop` nor above an earlier float; as far to its side as the floats already
   * there allow; moved down past floats until it fits beside them (or no float is left in the
   * way, when it is wider than the containing block).
   */
  place(
    side: 'left' | 'right',
    width: number,
    height: number,
    minTop: number,
    left: number,
    right: number,
    shape?: FloatShape,
  ): FloatArea {
    const shaped = shape ? { shape } : {};
    let top = Math.max(minTop, this.lastTop);
    // Bounded: every step moves below one more float's bottom.
    for (let guard = 0; guard <= this.floats.length + 1; guard++) {
      const b = this.band(top, top + Math.max(height, EPS), left, right);
      if (!b.narrowed || b.right - b.left >= width - EPS) {
        const x = side === 'left' ? b.left : Math.max(b.right - width, Math.min(b.left, left));
        return this.addArea(side, x, width, top, height, shaped);
      }
      const next = this.nextEdge(top, Math.max(height, EPS), left, right);
      if (next === undefined) break;
      top = next;
    }
    // Wider than the containing block: both of its edges cannot stay inside (CSS 2.1 §9.5.1),
    // so it keeps the start edge and overflows at the end, as over-wide blocks do, rather than
    // leave the page with its text.
    const x = side === 'left' ? left : Math.max(right - width, left);
    return this.addArea(side, x, width, top, height, shaped);
  }

  private addArea(
    side: FloatArea['side'],
    x: number,
    width: number,
    top: number,
    height: number,
    shaped: Partial<FloatArea>,
  ): FloatArea {
    const area: FloatArea = {
      side,
      left: x,
      right: x + width,
      top,
      bottom: top + height,
      ...shaped,
    };
    this.add(area);
    return area;
  }

  private add(f: FloatArea): void {
    this.floats.push(f);
    for (let b = bucketOf(f.top); b <= bucketOf(f.bottom); b++) {
      const list = this.buckets.get(b);
      if (list) list.push(f);
      else this.buckets.set(b, [f]);
    }
    this.note(f);
  }

  private note(f: FloatArea): void {
    if (f.side === 'left') this.lowestLeft = Math.max(this.lowestLeft, f.bottom);
    else this.lowestRight = Math.max(this.lowestRight, f.bottom);
    this.lastTop = Math.max(this.lastTop, f.top);
  }
}

/**
 * The edge a float puts a line spanning [top, bottom) against: its margin box's inner edge, or
 * for a shape the shape's far side within the band, clipped to the margin box (CSS Shapes 1
 * §3.1); undefined when the shape misses the band.
 */
function lineEdge(f: FloatArea, top: number, bottom: number): number | undefined {
  if (!f.shape) return f.side === 'left' ? f.right : f.left;
  let y0 = Math.max(top, f.top) - f.top;
  let y1 = Math.min(Math.max(top, bottom), f.bottom) - f.top;
  if (y1 < y0) return undefined;
  // A line that only touches the shape at its top or bottom edge is not beside it.
  if (y1 - y0 > 2 * TOUCH) {
    y0 += TOUCH;
    y1 -= TOUCH;
  }
  const e = shapeExtent(f.shape, y0, y1);
  if (!e) return undefined;
  const width = f.right - f.left;
  if (e.right <= 0 || e.left >= width) return undefined;
  return f.side === 'left' ? f.left + Math.min(width, e.right) : f.left + Math.max(0, e.left);
}

function bucketOf(y: number): number {
  return Math.floor(y / BUCKET);
}
