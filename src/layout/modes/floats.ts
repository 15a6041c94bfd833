/**
 * The floats of one block formatting context (CSS 2.1 §9.5): where a new float goes (§9.5.1),
 * how much room a line box or a formatting-context root has beside the floats at some height,
 * and how far `clear` must push a box (§9.5.2).
 *
 * Everything is in the flow's coordinates (x on the page, y from the top of the flow), so
 * nested block containers of the same context share one FloatContext without translating.
 * Floats are kept in vertical buckets, so a query looks only at the floats near its band: a
 * long document with a float every few paragraphs stays linear.
 */

/** A placed float's margin box. */
export interface FloatArea {
  readonly side: 'left' | 'right';
  readonly left: number;
  readonly right: number;
  readonly top: number;
  readonly bottom: number;
}

/** The room left between the floats of a band, within a containing block's edges. */
export interface Band {
  readonly left: number;
  readonly right: number;
  /** True when some float narrows it. */
  readonly narrowed: boolean;
}

const BUCKET = 256;
const EPS = 0.01;

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
  ): FloatArea {
    let top = Math.max(minTop, this.lastTop);
    // Bounded: every step moves below one more float's bottom.
    for (let guard = 0; guard <= this.floats.length + 1; guard++) {
      const b = this.band(top, top + Math.max(height, EPS), left, right);
      if (!b.narrowed || b.right - b.left >= width - EPS) {
        const x = side === 'left' ? b.left : Math.max(b.right - width, Math.min(b.left, left));
        const area: FloatArea = { side, left: x, right: x + width, top, bottom: top + height };
        this.add(area);
        return area;
      }
      const next = this.nextEdge(top, Math.max(height, EPS), left, right);
      if (next === undefined) break;
      top = next;
    }
    // Wider than the containing block: both of its edges cannot stay inside (CSS 2.1 §9.5.1),
    // so it keeps the start edge and overflows at the end, as over-wide blocks do, rather than
    // leave the page with its text.
    const x = side === 'left' ? left : Math.max(right - width, left);
    const area: FloatArea = { side, left: x, right: x + width, top, bottom: top + height };
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

function bucketOf(y: number): number {
  return Math.floor(y / BUCKET);
}
