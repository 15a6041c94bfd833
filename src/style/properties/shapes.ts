/**
 * CSS Shapes 1 (§6): the float area of a float. `shape-outside` takes the basic shapes of
 * clip-path (parsed by clip-path.ts) in a `<shape-box>` (margin-box by default), a box alone,
 * or an image (url() or a gradient) whose alpha above `shape-image-threshold` is the shape;
 * `shape-margin` grows the shape.
 */
import type { CssNode } from 'css-tree';
import * as kit from './kit.js';
import * as cssValues from '../values.js';
import { computeImage, parseImage, type ImageSpec } from './backgrounds.js';
import { computeShape, parseShape, type ShapeSpec } from './clip-path.js';
import type { ShapeBox, ShapeOutside } from '../types.js';

export const longhands: kit.Longhand[] = [];
export const shorthands: kit.Shorthand[] = [];

type ShapeOutsideSpec =
  | 'none'
  | { readonly shape?: ShapeSpec; readonly box: ShapeBox }
  | { readonly image: Exclude<ImageSpec, 'none'> };

/** `<shape-box>`: the visual boxes and margin-box (not SVG's boxes, unlike clip-path). */
const SHAPE_BOXES: ReadonlySet<string> = new Set([
  'margin-box',
  'border-box',
  'padding-box',
  'content-box',
]);

function parseShapeOutside(nodes: readonly CssNode[], ctx: kit.ParseCtx): ShapeOutsideSpec | null {
  if (nodes.length === 1) {
    const n = nodes[0];
    if (cssValues.ident(n) === 'none') return 'none';
    if (n.type === 'Url' || (n.type === 'Function' && n.name.toLowerCase().endsWith('gradient'))) {
      const image = parseImage(n, ctx);
      return image && image !== 'none' ? { image } : null;
    }
  }
  let shape: ShapeSpec | undefined;
  let box: ShapeBox | undefined;
  for (const n of nodes) {
    const id = cssValues.ident(n);
    if (id !== null && SHAPE_BOXES.has(id) && !box) {
      box = id as ShapeBox;
      continue;
    }
    const s = !shape ? parseShape(n) : null;
    if (!s) return null;
    shape = s;
  }
  if (!shape && !box) return null;
  return { ...(shape ? { shape } : {}), box: box ?? 'margin-box' };
}

longhands.push(
  kit.longhand<ShapeOutsideSpec>({
    name: 'shape-outside',
    key: 'shapeOutside',
    inherited: false,
    initial: 'none',
    parse: parseShapeOutside,
    compute: (s, c): ShapeOutside => {
      if (s === 'none') return s;
      if ('image' in s) {
        const image = computeImage(s.image, c);
        return image === 'none' ? 'none' : { image };
      }
      return { ...(s.shape ? { shape: computeShape(s.shape, c) } : {}), box: s.box };
    },
  }),
  kit.lengthProp('shape-margin', 'shapeMargin', false, 0, { pct: true, nonNegative: true }),
  kit.longhand<number>({
    name: 'shape-image-threshold',
    key: 'shapeImageThreshold',
    inherited: false,
    initial: 0,
    parse: kit.single((n) => cssValues.parseAlphaValue(n)),
    // Out-of-range values are clamped (CSS Shapes 1 §6.3).
    compute: (v) => Math.min(1, Math.max(0, v)),
  }),
);
