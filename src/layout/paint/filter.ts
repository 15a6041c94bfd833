/**
 * The colour functions of `filter` (grayscale, sepia, saturate, hue-rotate, invert,
 * brightness, contrast, opacity) applied to what a box paints. Each maps every colour on its
 * own by an affine map (Filter Effects 1 §13.2), which commutes with source-over compositing:
 * mapping the colours of the items one by one (fills, strokes, gradient stops, glyphs, image
 * pixels) draws what mapping the composited result would. opacity() multiplies the group's
 * opacity instead. blur() and drop-shadow() are drawn by boxFilter; url() is not drawn (the caller
 * warns).
 */
import type {
  DisplayItem,
  Drawing,
  ImageResource,
  Paint,
  RgbaColor,
} from '../../document/index.js';
import type { ColorMatrixFilter, FilterFunction } from '../../style/index.js';
import type { BoxFilter } from './stacking.js';
import { blurredItems, dropShadowItems } from './drop-shadow.js';
import type { ShadowBudget } from './shadow-image.js';

/** 3×4 row-major: r' = m[0]·r + m[1]·g + m[2]·b + m[3], and so on. */
type Affine = readonly number[];

export interface ItemFilter {
  /** The colour map, or undefined when the functions only change opacity. */
  readonly map?: (c: RgbaColor) => RgbaColor;
  /** The product of the opacity() functions. */
  readonly opacity: number;
  /** A stable key of the map, for the ids of filtered images. */
  readonly key: string;
}

/** The drawable part of a filter list, and the functions left undrawn. */
export function itemFilter(list: readonly FilterFunction[]): {
  filter?: ItemFilter;
  undrawn: string[];
} {
  const undrawn: string[] = [];
  const steps: Affine[] = [];
  let opacity = 1;
  const keys: string[] = [];
  for (const f of list) {
    // Drawn by boxFilter where it can be (blurredItems), reported there where not.
    if (f.fn === 'blur') continue;
    if (f.fn === 'url') {
      undrawn.push('url()');
      continue;
    }
    // Drawn by boxFilter, between the colour functions before and after it.
    if (f.fn === 'drop-shadow') continue;
    if (f.fn === 'opacity') {
      opacity *= f.amount;
      continue;
    }
    steps.push(matrixOf(f));
    keys.push(`${f.fn}:${f.amount}`);
  }
  if (steps.length === 0 && opacity === 1) return { undrawn };
  const map = steps.length > 0 ? (c: RgbaColor) => applySteps(steps, c) : undefined;
  return { filter: { ...(map ? { map } : {}), opacity, key: keys.join(',') }, undrawn };
}

function matrixOf(f: ColorMatrixFilter): Affine {
  const a = f.amount;
  switch (f.fn) {
    case 'grayscale': {
      const k = 1 - a;
      // prettier-ignore
      return [
        0.2126 + 0.7874 * k, 0.7152 - 0.7152 * k, 0.0722 - 0.0722 * k, 0,
        0.2126 - 0.2126 * k, 0.7152 + 0.2848 * k, 0.0722 - 0.0722 * k, 0,
        0.2126 - 0.2126 * k, 0.7152 - 0.7152 * k, 0.0722 + 0.9278 * k, 0,
      ];
    }
    case 'sepia': {
      const k = 1 - a;
      // prettier-ignore
      return [
        0.393 + 0.607 * k, 0.769 - 0.769 * k, 0.189 - 0.189 * k, 0,
        0.349 - 0.349 * k, 0.686 + 0.314 * k, 0.168 - 0.168 * k, 0,
        0.272 - 0.272 * k, 0.534 - 0.534 * k, 0.131 + 0.869 * k, 0,
      ];
    }
    case 'saturate':
      // prettier-ignore
      return [
        0.213 + 0.787 * a, 0.715 - 0.715 * a, 0.072 - 0.072 * a, 0,
        0.213 - 0.213 * a, 0.715 + 0.285 * a, 0.072 - 0.072 * a, 0,
        0.213 - 0.213 * a, 0.715 - 0.715 * a, 0.072 + 0.928 * a, 0,
      ];
    case 'hue-rotate': {
      const r = (a * Math.PI) / 180;
      const cos = Math.cos(r);
      const sin = Math.sin(r);
      // prettier-ignore
      return [
        0.213 + cos * 0.787 - sin * 0.213, 0.715 - cos * 0.715 - sin * 0.715, 0.072 - cos * 0.072 + sin * 0.928, 0,
        0.213 - cos * 0.213 + sin * 0.143, 0.715 + cos * 0.285 + sin * 0.14, 0.072 - cos * 0.072 - sin * 0.283, 0,
        0.213 - cos * 0.213 - sin * 0.787, 0.715 - cos * 0.715 + sin * 0.715, 0.072 + cos * 0.928 + sin * 0.072, 0,
      ];
    }
    case 'invert': {
      const k = 1 - 2 * a;
      // prettier-ignore
      return [k, 0, 0, a, 0, k, 0, a, 0, 0, k, a];
    }
    case 'brightness':
      // prettier-ignore
      return [a, 0, 0, 0, 0, a, 0, 0, 0, 0, a, 0];
    case 'contrast': {
      const o = 0.5 - 0.5 * a;
      // prettier-ignore
      return [a, 0, 0, o, 0, a, 0, o, 0, 0, a, o];
    }
    case 'opacity':
      // prettier-ignore
      return [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0];
  }
}

/** Each function in turn, the result clamped to [0, 1] after each as the filter chain does. */
function applySteps(steps: readonly Affine[], c: RgbaColor): RgbaColor {
  let r = c.r;
  let g = c.g;
  let b = c.b;
  for (const m of steps) {
    const nr = m[0] * r + m[1] * g + m[2] * b + m[3];
    const ng = m[4] * r + m[5] * g + m[6] * b + m[7];
    const nb = m[8] * r + m[9] * g + m[10] * b + m[11];
    r = clamp01(nr);
    g = clamp01(ng);
    b = clamp01(nb);
  }
  return { r, g, b, a: c.a };
}

function clamp01(v: number): number {
  return v < 0 ? 0 : v > 1 ? 1 : v;
}

/**
 * The items with their colours mapped. `unfilterable` hears of what cannot be mapped (an
 * image passed through as JPEG, an imported PDF page), which is drawn as it is.
 */
export function filterItems(
  items: readonly DisplayItem[],
  map: (c: RgbaColor) => RgbaColor,
  key: string,
  unfilterable: (what: string) => void,
): DisplayItem[] {
  const paint = (p: Paint): Paint =>
    'kind' in p ? { ...p, stops: p.stops.map((s) => ({ ...s, color: map(s.color) })) } : map(p);
  // A shared drawing is mapped once, however many uses draw it, and stays shared.
  const drawings = new Map<Drawing, Drawing>();
  const one = (item: DisplayItem): DisplayItem => {
    switch (item.kind) {
      case 'path':
        return {
          ...item,
          ...(item.fill ? { fill: paint(item.fill) } : {}),
          ...(item.stroke ? { stroke: { ...item.stroke, paint: map(item.stroke.paint) } } : {}),
        };
      case 'glyphs':
        return { ...item, color: map(item.color) };
      case 'image': {
        const image = filterImage(item.image, map, key);
        if (!image) unfilterable('a JPEG image');
        return image ? { ...item, image } : item;
      }
      case 'pdf-page':
        unfilterable('an imported PDF page');
        return item;
      case 'group':
        return { ...item, items: item.items.map(one) };
      case 'link':
        return item;
      case 'use': {
        let drawing = drawings.get(item.drawing);
        if (!drawing) {
          drawing = { items: item.drawing.items.map(one), bounds: item.drawing.bounds };
          drawings.set(item.drawing, drawing);
        }
        return { ...item, drawing };
      }
    }
  };
  return items.map(one);
}

/** A decoded image with its pixels mapped; undefined for a JPEG kept as JPEG. */
function filterImage(
  image: ImageResource,
  map: (c: RgbaColor) => RgbaColor,
  key: string,
): ImageResource | undefined {
  const data = image.data;
  if (data.encoding !== 'raw') return undefined;
  const n = image.widthPx * image.heightPx;
  const src = data.pixels;
  const out = new Uint8Array(n * 3);
  // Pixels of one colour come in runs: map each distinct colour once.
  const seen = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    const [r, g, b] =
      data.components === 3
        ? [src[i * 3], src[i * 3 + 1], src[i * 3 + 2]]
        : [src[i], src[i], src[i]];
    const packed = (r << 16) | (g << 8) | b;
    let mapped = seen.get(packed);
    if (mapped === undefined) {
      const c = map({ r: r / 255, g: g / 255, b: b / 255, a: 1 });
      mapped = (Math.round(c.r * 255) << 16) | (Math.round(c.g * 255) << 8) | Math.round(c.b * 255);
      if (seen.size < 65536) seen.set(packed, mapped);
    }
    out[i * 3] = (mapped >> 16) & 255;
    out[i * 3 + 1] = (mapped >> 8) & 255;
    out[i * 3 + 2] = mapped & 255;
  }
  return {
    id: `${image.id}~${key}`,
    widthPx: image.widthPx,
    heightPx: image.heightPx,
    data: {
      encoding: 'raw',
      pixels: out,
      components: 3,
      ...(data.alpha ? { alpha: data.alpha } : {}),
    },
  };
}

/**
 * What a box's `filter` does when painted; undefined when nothing drawable. `warn` hears of
 * the functions and items it does not draw; `budget` gives the render's shadow budget, which
 * drop-shadow() images are charged to. The functions apply in order: the colour functions
 * before a drop-shadow() colour what casts it, those after it colour the shadow too.
 */
export function boxFilter(
  list: readonly FilterFunction[],
  warn: (code: string, message: string) => void,
  budget: () => ShadowBudget,
): BoxFilter | undefined {
  const { filter, undrawn } = itemFilter(list);
  if (undrawn.length > 0)
    warn(
      'layout.filter-undrawn',
      `filter: ${undrawn.join(', ')} not drawn (the colour functions, opacity(), blur() and drop-shadow() are); the box is drawn without ${undrawn.length === 1 ? 'it' : 'them'}`,
    );
  const steps: ((items: readonly DisplayItem[]) => DisplayItem[])[] = [];
  let run: FilterFunction[] = [];
  const flush = (): void => {
    const part = itemFilter(run).filter;
    const map = part?.map;
    const key = part?.key ?? '';
    if (map)
      steps.push((items) =>
        filterItems(items, map, key, (what) =>
          warn('layout.filter-image', `filter: the colours of ${what} are not changed`),
        ),
      );
    run = [];
  };
  for (const f of list) {
    if (f.fn === 'drop-shadow') {
      flush();
      steps.push((items) => [...dropShadowItems(items, f, budget()), ...items]);
    } else if (f.fn === 'blur') {
      if (!(f.radius > 0)) continue;
      flush();
      steps.push((items) => {
        const blurred = blurredItems(items, f.radius, budget());
        if (blurred) return blurred;
        warn(
          'layout.filter-blur',
          'filter: blur() is drawn over boxes that paint only backgrounds and borders in solid colours; this one (text, images or gradients, which blurring would turn into pixels) is drawn unblurred',
        );
        return [...items];
      });
    } else run.push(f);
  }
  flush();
  if (steps.length === 0 && !filter) return undefined;
  return {
    opacity: filter?.opacity ?? 1,
    apply: (items) => steps.reduce<DisplayItem[]>((acc, step) => step(acc), [...items]),
  };
}
