/**
 * Painting order (CSS 2.1 Appendix E). Content is gathered per stacking context in layers and
 * drawn in this order: the context root's own background and borders, child stacking contexts
 * with negative z-index, the backgrounds and borders of in-flow blocks, floats, inline content
 * (text, images, table rows), positioned boxes with z-index auto or 0 (in tree order), then
 * child stacking contexts with positive z-index.
 *
 * A box that is not a stacking context merges its layers into its parent's, so a float inside
 * a paragraph still paints above the backgrounds of the blocks after that paragraph. Floats and
 * positioned boxes with z-index auto paint as a unit in their layer, but the stacking contexts
 * inside them with a non-zero z-index belong to the enclosing stacking context.
 */
import type { ClipOutline } from './clip-path.js';
import type { BlendMode, DisplayItem, Matrix, PathOp } from '../../document/index.js';
import { asArtifact } from './decoration.js';
import { resolveTextClips } from './text-clip.js';

/** Where an item paints within its stacking context. */
export type PaintLayer = 'block' | 'float' | 'inline' | 'positioned';

/** Items with the z-index of the stacking context they form (and tree order to break ties). */
interface ZItems {
  readonly z: number;
  readonly items: DisplayItem[];
}

export interface Layers {
  readonly negative: ZItems[];
  readonly block: DisplayItem[];
  readonly float: DisplayItem[];
  readonly inline: DisplayItem[];
  /** Positioned boxes with z-index auto or 0, and other z-index 0 contexts, in tree order. */
  readonly zero: DisplayItem[];
  readonly positive: ZItems[];
}

export function emptyLayers(): Layers {
  return { negative: [], block: [], float: [], inline: [], zero: [], positive: [] };
}

/** Adds items to a layer; `z` places positioned content (0 when auto). */
export function addToLayer(
  l: Layers,
  layer: PaintLayer,
  items: readonly DisplayItem[],
  z = 0,
): void {
  if (items.length === 0) return;
  if (layer === 'positioned') {
    if (z < 0) l.negative.push({ z, items: [...items] });
    else if (z > 0) l.positive.push({ z, items: [...items] });
    else for (const it of items) l.zero.push(it);
    return;
  }
  const into = l[layer];
  for (const it of items) into.push(it);
}

/** Adds all layers of `from` (a box that is not a stacking context) to `into`, in order. */
export function mergeLayers(into: Layers, from: Layers): void {
  for (const z of from.negative) into.negative.push(z);
  for (const it of from.block) into.block.push(it);
  for (const it of from.float) into.float.push(it);
  for (const it of from.inline) into.inline.push(it);
  for (const it of from.zero) into.zero.push(it);
  for (const z of from.positive) into.positive.push(z);
}

/** The same layers with every layer's items passed through `wrap` (a clip per layer). */
export function mapLayers(l: Layers, wrap: (items: DisplayItem[]) => DisplayItem[]): Layers {
  const z = (list: ZItems[]): ZItems[] => list.map((e) => ({ z: e.z, items: wrap(e.items) }));
  const w = (items: DisplayItem[]): DisplayItem[] => (items.length > 0 ? wrap(items) : items);
  return {
    negative: z(l.negative),
    block: w(l.block),
    float: w(l.float),
    inline: w(l.inline),
    zero: w(l.zero),
    positive: z(l.positive),
  };
}

function byZ(list: readonly ZItems[]): DisplayItem[] {
  // Array.prototype.sort is stable: equal z-index keeps tree order.
  return [...list].sort((a, b) => a.z - b.z).flatMap((e) => e.items);
}

/** Everything of a stacking context in painting order. */
export function paintOrder(l: Layers): DisplayItem[] {
  return [...byZ(l.negative), ...l.block, ...l.float, ...l.inline, ...l.zero, ...byZ(l.positive)];
}

/**
 * A float or a positioned box with z-index auto: painted as a unit (everything but the
 * stacking contexts with a non-zero z-index inside it, which go to the enclosing context).
 */
export function paintAsUnit(l: Layers): { unit: DisplayItem[]; escaping: Layers } {
  return {
    unit: [...l.block, ...l.float, ...l.inline, ...l.zero],
    escaping: { ...emptyLayers(), negative: l.negative, positive: l.positive },
  };
}

export function layersEmpty(l: Layers): boolean {
  return (
    l.negative.length === 0 &&
    l.block.length === 0 &&
    l.float.length === 0 &&
    l.inline.length === 0 &&
    l.zero.length === 0 &&
    l.positive.length === 0
  );
}

/** What painting a box needs besides its content: from a BoxFragment (see fragments.ts). */
export interface BoxPainting {
  readonly paint?: { readonly layer: 'float' | 'positioned'; readonly z: number | 'auto' };
  readonly opacity?: number;
  readonly filter?: BoxFilter;
  /** mix-blend-mode other than normal. */
  readonly blend?: BlendMode;
  /** isolation: isolate. */
  readonly isolate?: boolean;
}

/** The drawable part of `filter`: a map over the items, and an opacity factor. */
export interface BoxFilter {
  readonly apply: (items: readonly DisplayItem[]) => DisplayItem[];
  readonly opacity: number;
}

/**
 * Paints one box (one page's slice of it) into its parent's layers: its decoration `deco`, its
 * content `content` (clipped by `clip`), with its opacity and `transform` (in the coordinates of
 * the items).
 */
export function paintBox(
  parent: Layers,
  box: BoxPainting,
  boxDeco: readonly DisplayItem[],
  content: Layers,
  clip: readonly PathOp[] | undefined,
  transform: Matrix | undefined,
  clipPath?: ClipOutline,
  mask?: readonly DisplayItem[],
): void {
  const deco = resolveTextClips(boxDeco, () => paintOrder(content));
  const alpha = (box.opacity ?? 1) * (box.filter?.opacity ?? 1);
  const opacity = alpha < 1 ? alpha : undefined;
  const z = box.paint?.z ?? 'auto';
  const context =
    z !== 'auto' ||
    opacity !== undefined ||
    transform !== undefined ||
    clipPath !== undefined ||
    box.filter !== undefined ||
    box.blend !== undefined ||
    box.isolate === true ||
    mask !== undefined;
  const clipped = (items: DisplayItem[]): DisplayItem[] =>
    clip && items.length > 0 ? [{ kind: 'group', clip, items }] : items;
  if (!context && !box.paint) {
    // An in-flow block: its background with the blocks', its content merged layer by layer.
    addToLayer(parent, 'block', deco);
    mergeLayers(parent, clip ? mapLayers(content, clipped) : content);
    return;
  }
  let items: DisplayItem[];
  if (context) {
    items = [...deco, ...clipped(paintOrder(content))];
  } else {
    const { unit, escaping } = paintAsUnit(clip ? mapLayers(content, clipped) : content);
    items = [...deco, ...unit];
    mergeLayers(parent, escaping);
  }
  if (items.length === 0) return;
  // Filter, then clip path, then opacity (CSS Masking 1 §1).
  if (box.filter) items = box.filter.apply(items);
  // The clip path cuts the box in its own coordinates: inside the transform, under the opacity.
  if (clipPath)
    items = [
      {
        kind: 'group',
        clip: clipPath.ops,
        ...(clipPath.evenOdd ? { clipRule: 'evenodd' as const } : {}),
        items,
      },
    ];
  // A stacking context is an isolated group (Compositing 1 §3.2): what blends inside it blends
  // with its own content only.
  const isolate = context && blendsLoose(items);
  if (
    opacity !== undefined ||
    transform !== undefined ||
    mask !== undefined ||
    box.blend !== undefined ||
    isolate
  )
    items = [
      {
        kind: 'group',
        ...(transform ? { transform } : {}),
        ...(opacity !== undefined ? { opacity } : {}),
        // The mask lies in the box's own coordinates, as the clip path does, over the opacity.
        ...(mask ? { mask } : {}),
        ...(box.blend ? { blend: box.blend } : {}),
        ...(isolate ? { isolate } : {}),
        items,
      },
    ];
  // A stacking context made by opacity or a transform alone paints like a positioned box at 0.
  const layer: PaintLayer =
    box.paint?.layer === 'float' && !context
      ? 'float'
      : context || box.paint
        ? 'positioned'
        : 'block';
  addToLayer(parent, layer, items, z === 'auto' ? 0 : z);
}

/**
 * Whether something in `items` blends with what lies behind it outside any group that is
 * already isolated (one with opacity, a mask, a blend mode of its own, or isolate).
 */
export function blendsLoose(items: readonly DisplayItem[]): boolean {
  for (const it of items) {
    if (it.kind !== 'group') continue;
    if (it.blend !== undefined && it.blend !== 'normal') return true;
    if (it.isolate || it.mask || (it.opacity !== undefined && it.opacity < 1)) continue;
    if (blendsLoose(it.items)) return true;
  }
  return false;
}

/** `m` moved by (dx, dy): the same transform of content that moved by that much. */
export function moveMatrix(m: Matrix, dx: number, dy: number): Matrix {
  if (dx === 0 && dy === 0) return m;
  return [
    m[0],
    m[1],
    m[2],
    m[3],
    m[4] + dx - (m[0] * dx + m[2] * dy),
    m[5] + dy - (m[1] * dx + m[3] * dy),
  ];
}

/** A position: fixed box's items, in page coordinates, with its z-index. */
export interface FixedContent {
  readonly items: DisplayItem[];
  readonly z: number;
}

/**
 * A page's content with the fixed boxes: those with a negative z-index under it, the others
 * over it (in z-index order, then document order); copies after the first page are artifacts.
 */
export function withFixed(
  content: readonly DisplayItem[],
  fixed: readonly FixedContent[],
  first: boolean,
): DisplayItem[] {
  const ordered = [...fixed].sort((a, b) => a.z - b.z);
  const items = (f: FixedContent): DisplayItem[] => (first ? f.items : asArtifact(f.items));
  return [
    ...ordered.filter((f) => f.z < 0).flatMap(items),
    ...content,
    ...ordered.filter((f) => f.z >= 0).flatMap(items),
  ];
}
