/**
 * Soft shadows in pure TypeScript: a shape's coverage on a pixel grid (anti-aliased, exact area
 * per pixel), a Gaussian blur approximated by three box blurs per axis, and the result as an
 * image of one colour whose alpha plane is the blurred shape. PDF has no blur operator, so a
 * blurred shadow is drawn as such an image (its alpha becomes an SMask).
 */
import {
  flattenCubic,
  type ImageResource,
  type PathOp,
  type RgbaColor,
} from '../../document/index.js';

/** A mask: one coverage value (0..1) per pixel, row-major. */
export interface Mask {
  readonly width: number;
  readonly height: number;
  readonly data: Float32Array;
}

/**
 * Accumulates signed area per pixel for line segments in pixel coordinates; the running sum
 * along a row is then the coverage (winding clamped to 0..1, so nonzero for shapes whose
 * contours do not overlap the same way twice, which holds for glyphs and rounded rectangles).
 */
export class CoverageRaster {
  readonly #acc: Float32Array;
  readonly #stride: number;
  #sx = 0;
  #sy = 0;
  #cx = 0;
  #cy = 0;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.#stride = width + 2;
    this.#acc = new Float32Array(this.#stride * height);
  }

  moveTo(x: number, y: number): void {
    this.close();
    this.#sx = this.#cx = x;
    this.#sy = this.#cy = y;
  }

  lineTo(x: number, y: number): void {
    this.#line(this.#cx, this.#cy, x, y);
    this.#cx = x;
    this.#cy = y;
  }

  /** A cubic Bézier, flattened into segments a tenth of a pixel from the curve. */
  curveTo(x1: number, y1: number, x2: number, y2: number, x: number, y: number): void {
    const x0 = this.#cx;
    const y0 = this.#cy;
    const dd = Math.max(
      Math.hypot(x0 - 2 * x1 + x2, y0 - 2 * y1 + y2),
      Math.hypot(x1 - 2 * x2 + x, y1 - 2 * y2 + y),
    );
    const n = Math.min(64, Math.max(1, Math.ceil(Math.sqrt(dd * 8))));
    flattenCubic(x0, y0, x1, y1, x2, y2, x, y, n, (px, py) => this.lineTo(px, py));
  }

  quadTo(x1: number, y1: number, x: number, y: number): void {
    const x0 = this.#cx;
    const y0 = this.#cy;
    this.curveTo(
      x0 + ((x1 - x0) * 2) / 3,
      y0 + ((y1 - y0) * 2) / 3,
      x + ((x1 - x) * 2) / 3,
      y + ((y1 - y) * 2) / 3,
      x,
      y,
    );
  }

  close(): void {
    if (this.#cx !== this.#sx || this.#cy !== this.#sy)
      this.#line(this.#cx, this.#cy, this.#sx, this.#sy);
    this.#cx = this.#sx;
    this.#cy = this.#sy;
  }

  /** Path ops in page space, mapped to pixels by x' = (x - ox) * sx, y' = (y - oy) * sy. */
  addPath(ops: readonly PathOp[], ox: number, oy: number, sx: number, sy: number): void {
    const X = (x: number): number => (x - ox) * sx;
    const Y = (y: number): number => (y - oy) * sy;
    for (const o of ops) {
      switch (o.op) {
        case 'moveTo':
          this.moveTo(X(o.x), Y(o.y));
          break;
        case 'lineTo':
          this.lineTo(X(o.x), Y(o.y));
          break;
        case 'curveTo':
          this.curveTo(X(o.x1), Y(o.y1), X(o.x2), Y(o.y2), X(o.x), Y(o.y));
          break;
        case 'rect':
          this.moveTo(X(o.x), Y(o.y));
          this.lineTo(X(o.x + o.width), Y(o.y));
          this.lineTo(X(o.x + o.width), Y(o.y + o.height));
          this.lineTo(X(o.x), Y(o.y + o.height));
          this.close();
          break;
        case 'close':
          this.close();
          break;
      }
    }
    this.close();
  }

  /** The coverage of everything added, as a mask. */
  finish(): Mask {
    this.close();
    const { width: w, height: h } = this;
    const out = new Float32Array(w * h);
    const acc = this.#acc;
    for (let y = 0; y < h; y++) {
      let sum = 0;
      const row = y * this.#stride;
      for (let x = 0; x < w; x++) {
        sum += acc[row + x];
        const v = sum < 0 ? -sum : sum;
        out[y * w + x] = v > 1 ? 1 : v;
      }
    }
    return { width: w, height: h, data: out };
  }

  /** Adds the signed area a segment sweeps to the pixels it crosses (x clamped to the grid). */
  #line(ax: number, ay: number, bx: number, by: number): void {
    if (ay === by || !Number.isFinite(ax + ay + bx + by)) return;
    const w = this.width;
    // Left of the grid counts as its first column; right of it reaches no pixel.
    const x0c = ax < 0 ? 0 : ax > w ? w : ax;
    const x1c = bx < 0 ? 0 : bx > w ? w : bx;
    let dir = 1;
    let p0x = x0c;
    let p0y = ay;
    let p1x = x1c;
    let p1y = by;
    if (ay > by) {
      dir = -1;
      p0x = x1c;
      p0y = by;
      p1x = x0c;
      p1y = ay;
    }
    const dxdy = (p1x - p0x) / (p1y - p0y);
    const yStart = Math.max(0, Math.floor(p0y));
    const yEnd = Math.min(this.height, Math.ceil(p1y));
    const acc = this.#acc;
    const stride = this.#stride;
    for (let y = yStart; y < yEnd; y++) {
      const top = Math.max(y, p0y);
      const bottom = Math.min(y + 1, p1y);
      const dy = bottom - top;
      if (dy <= 0) continue;
      const xa = p0x + (top - p0y) * dxdy;
      const xb = p0x + (bottom - p0y) * dxdy;
      const d = dy * dir;
      const lo = xa < xb ? xa : xb;
      const hi = xa < xb ? xb : xa;
      const row = y * stride;
      const loFloor = Math.floor(lo);
      const hiCeil = Math.ceil(hi);
      if (hiCeil <= loFloor + 1) {
        // Within one pixel column: the part right of the segment's mid x is covered.
        const mid = 0.5 * (xa + xb) - loFloor;
        acc[row + loFloor] += d * (1 - mid);
        acc[row + loFloor + 1] += d * mid;
        continue;
      }
      // Across several columns: the covered area grows linearly, then quadratically at ends.
      const s = 1 / (hi - lo);
      const f0 = lo - loFloor;
      const a0 = 0.5 * s * (1 - f0) * (1 - f0);
      const f1 = hi - hiCeil + 1;
      const am = 0.5 * s * f1 * f1;
      acc[row + loFloor] += d * a0;
      if (hiCeil === loFloor + 2) {
        acc[row + loFloor + 1] += d * (1 - a0 - am);
      } else {
        const a1 = s * (1.5 - f0);
        acc[row + loFloor + 1] += d * (a1 - a0);
        for (let x = loFloor + 2; x < hiCeil - 1; x++) acc[row + x] += d * s;
        const a2 = a1 + (hiCeil - loFloor - 3) * s;
        acc[row + hiCeil - 1] += d * (1 - a2 - am);
      }
      acc[row + hiCeil] += d * am;
    }
  }
}

/**
 * Widths of three box filters whose succession approximates a Gaussian of standard deviation
 * `sigma` pixels (the variance of a box of width w is (w² - 1) / 12): odd widths, so each box
 * stays centred on its pixel.
 */
export function boxWidths(sigma: number): [number, number, number] {
  if (!(sigma > 0)) return [1, 1, 1];
  const ideal = Math.sqrt((12 * sigma * sigma) / 3 + 1);
  let lower = Math.floor(ideal);
  if (lower % 2 === 0) lower--;
  const upper = lower + 2;
  // How many of the three take the lower width so the variances add up best.
  const m = Math.round(
    (12 * sigma * sigma - 3 * lower * lower - 12 * lower - 9) / (-4 * lower - 4),
  );
  return [0, 1, 2].map((i) => (i < m ? lower : upper)) as [number, number, number];
}

/** How far (pixels) the three boxes of `boxWidths(sigma)` spread a shape. */
export function blurReach(sigma: number): number {
  return boxWidths(sigma).reduce((r, w) => r + (w - 1) / 2, 0);
}

/**
 * Blurs a mask in place: three box blurs across, then three down. Pixels beyond the edges hold
 * `outside` (0 for a shape on clear ground; 1 for an inset shadow, shadowed beyond its box).
 */
export function blurMask(mask: Mask, sigmaX: number, sigmaY: number, outside = 0): void {
  const { width: w, height: h, data } = mask;
  if (sigmaX > 0) {
    const tmp = new Float32Array(w);
    const radii = boxWidths(sigmaX).map((bw) => (bw - 1) / 2);
    for (let y = 0; y < h; y++) {
      const row = data.subarray(y * w, y * w + w);
      for (const r of radii) boxPass(row, tmp, w, r, outside);
    }
  }
  if (sigmaY > 0) {
    let src: Float32Array = data;
    let dst: Float32Array = new Float32Array(w * h);
    const sums = new Float64Array(w);
    for (const bw of boxWidths(sigmaY)) {
      const r = (bw - 1) / 2;
      if (r <= 0) continue;
      columnPass(src, dst, w, h, r, outside, sums);
      [src, dst] = [dst, src];
    }
    if (src !== data) data.set(src);
  }
}

/** One box blur of radius r along a line, in place (tmp is scratch). */
function boxPass(
  line: Float32Array,
  tmp: Float32Array,
  n: number,
  r: number,
  outside: number,
): void {
  if (r <= 0) return;
  let sum = 0;
  for (let i = -r; i <= r; i++) sum += i < 0 || i >= n ? outside : line[i];
  const k = 1 / (2 * r + 1);
  for (let i = 0; i < n; i++) {
    tmp[i] = sum * k;
    const add = i + r + 1;
    const sub = i - r;
    sum += (add < n ? line[add] : outside) - (sub >= 0 ? line[sub] : outside);
  }
  line.set(tmp.subarray(0, n));
}

/**
 * One box blur of radius r down every column at once, row by row with a running sum per
 * column (reading columns one by one strides through memory).
 */
function columnPass(
  src: Float32Array,
  dst: Float32Array,
  w: number,
  h: number,
  r: number,
  outside: number,
  sums: Float64Array,
): void {
  sums.fill(0);
  const addRow = (y: number, sign: number): void => {
    if (y < 0 || y >= h) {
      const v = sign * outside;
      if (v !== 0) for (let x = 0; x < w; x++) sums[x] += v;
      return;
    }
    const o = y * w;
    for (let x = 0; x < w; x++) sums[x] += sign * src[o + x];
  };
  for (let y = -r; y <= r; y++) addRow(y, 1);
  const k = 1 / (2 * r + 1);
  for (let y = 0; y < h; y++) {
    const o = y * w;
    for (let x = 0; x < w; x++) dst[o + x] = sums[x] * k;
    addRow(y + r + 1, 1);
    addRow(y - r, -1);
  }
}

/**
 * The mask as an image of one colour whose alpha is coverage × the colour's alpha. A grey
 * colour is one gray sample per pixel rather than three equal ones.
 */
export function maskImage(mask: Mask, color: RgbaColor, id: string): ImageResource {
  const n = mask.width * mask.height;
  const to255 = (v: number): number => Math.round(Math.max(0, Math.min(1, v)) * 255);
  const rgb = [to255(color.r), to255(color.g), to255(color.b)];
  const gray = rgb[0] === rgb[1] && rgb[1] === rgb[2];
  const components = gray ? 1 : 3;
  const pixels = new Uint8Array(n * components);
  if (gray) pixels.fill(rgb[0]);
  else
    for (let i = 0; i < pixels.length; i += 3) {
      pixels[i] = rgb[0];
      pixels[i + 1] = rgb[1];
      pixels[i + 2] = rgb[2];
    }
  const alpha = new Uint8Array(n);
  const a = Math.max(0, Math.min(1, color.a)) * 255;
  const data = mask.data;
  for (let i = 0; i < n; i++) {
    const v = data[i] * a + 0.5;
    alpha[i] = v <= 0 ? 0 : v >= 255 ? 255 : v | 0;
  }
  return {
    id,
    widthPx: mask.width,
    heightPx: mask.height,
    data: { encoding: 'raw', pixels, components, alpha },
  };
}
