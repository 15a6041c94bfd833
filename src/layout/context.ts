/**
 * Per-render layout state and the helpers every formatting context shares: box fragments with
 * their decoration, flattening a fragment into items (atomic content), moving fragments.
 */
import type { Deadline, Warning } from '../diagnostics.js';
import type { BackgroundClip, BackgroundLayer, ComputedStyle } from '../style/index.js';
import type { FontContext, ParagraphMemo } from '../text/index.js';
import type { Box } from './box-tree/boxes.js';
import type { FlowReuse } from './modes/flow-reuse.js';
import type { ContainerLog } from './modes/containers.js';
import type { ArtifactTag, DisplayItem, Drawing, ItemTag, PathOp } from '../document/index.js';
import { pathBounds } from '../document/index.js';
import type {
  BoxFragment,
  BoxPaint,
  BoxSlice,
  BreakValue,
  Fragment,
  LeafFragment,
} from './paginate/fragments.js';
import { anchorsOf, moveAnchor, ownAnchor, type Anchor } from './paginate/fragments.js';
import type { DecodedImage, PixelImage, SvgTextShaper } from '../images/index.js';
import { objectFit } from '../images/index.js';
import { svgVectorItems } from '../images/index.js';
import {
  backgroundItem,
  backgroundTag,
  borderItems,
  insetRadii,
  moveItem,
  rectPath,
  type Radii,
  type Rect,
} from './paint/decoration.js';
import type { StructureBuilder } from './box-tree/structure.js';
import {
  border,
  borderSides,
  isOverflowClipped,
  len,
  padding,
  paintsDecoration,
  pt,
  radii,
} from './units.js';
import { boxTransform } from './paint/transform.js';
import { clipOutline } from './paint/clip-path.js';
import { boxFilter } from './paint/filter.js';
import { hasMask, maskItems } from './paint/mask.js';
import { MAX_TILES, layerTileStarts, roundedTileSize } from './paint/background-tiles.js';
import { gradientLayerItems } from './paint/gradient-layer.js';
import { insetShadowItems, outerShadowItems, type ShadowedBox } from './paint/box-shadow.js';
import { shadowBudget } from './paint/shadow-image.js';
import { textClipped } from './paint/text-clip.js';
import { hasOutline, outlineItems } from './paint/outline.js';
import { borderImageItems, borderImageSource } from './paint/border-image.js';
import { svgDrawing, useOf, type SvgDrawingSizes } from './paint/shared-drawing.js';
import {
  addToLayer,
  emptyLayers,
  moveMatrix,
  paintBox,
  paintOrder,
  type Layers,
} from './paint/stacking.js';

export interface LayoutContext {
  readonly fonts: FontContext;
  readonly sb: StructureBuilder;
  readonly warnings: Warning[];
  /** Decoded background images by URL (pixels, or an SVG's vectors); a string is the failure reason. */
  readonly backgrounds: ReadonlyMap<string, DecodedImage | string>;
  /** Decoded shape-outside images by URL, always with pixels; a string is the failure reason. */
  readonly shapeImages?: ReadonlyMap<string, PixelImage | string>;
  /** How SVG text in a background is shaped (paint/svg-text.ts; given here to keep imports one way). */
  readonly svgText: (ctx: LayoutContext) => SvgTextShaper;
  /** One continuous page (image output): nothing is cut at a page's bottom. */
  readonly continuous?: true;
  /** Page area (first page) for fixed boxes and the initial containing block. */
  readonly page: {
    readonly x: number;
    readonly y: number;
    readonly width: number;
    readonly height: number;
  };
  /** position: fixed content, in page coordinates, drawn on every page, with its z-index. */
  readonly fixed: { readonly items: DisplayItem[]; readonly z: number }[];
  readonly warned: Set<string>;
  /** The caller's deadline: checked once per block-level box. */
  readonly deadline?: Pick<Deadline, 'check'>;
  /** Keep the border box of elements with an id (LayoutOptions.boxes asks for it). */
  readonly recordBoxes?: boolean;
  /** The @footnote area's style: footnote bodies are laid out at its content width. */
  readonly footnoteArea?: ComputedStyle;
  /** Shaped paragraphs of an earlier layout pass of the same document, to reuse. */
  readonly paragraphs?: ParagraphMemo;
  /** Page-flow layout of an earlier pass of the same document, to reuse (flow-reuse.ts). */
  readonly reuse?: FlowReuse;
  /** Where layout of the page flow may stop (a layout only the first pages are taken from). */
  readonly flowCut?: FlowCut;
  /** What layout works out once per box of this box tree. */
  readonly memo: BoxMemo;
  /**
   * Layout is in vertical text: 'turned' inside a vertical box's rotated space
   * (modes/orthogonal.ts), where vertical boxes are laid out as horizontal ones are and upright
   * glyphs are stood up; 'flat' in a vertical page laid out horizontally (not supported).
   */
  readonly verticalFlow?: 'turned' | 'flat';
  /** Where size containers' content boxes are recorded, when styles depend on them. */
  readonly containers?: ContainerLog;
}

/**
 * The vectors of an SVG image drawn at `size` as a drawing shared by all that draw it at that
 * size in this render (tiles of border images and backgrounds).
 */
function svgDrawingOf(
  ctx: LayoutContext,
  dec: DecodedImage,
  size: { readonly width: number; readonly height: number },
): Drawing | undefined {
  return svgDrawing(ctx.memo.of(SVG_DRAWINGS), dec, size, () => ctx.svgText(ctx));
}

/** One kind of value `BoxMemo` keeps per box; a layout mode owns its slots. */
export class MemoSlot<K extends object, V> {
  declare private readonly types?: [K, V];
  constructor(readonly name: string) {}
}

/**
 * What layout works out once per box of one box tree (shaped paragraphs by width, intrinsic
 * widths), made with the tree's layout context so that it goes when the render ends. Weak maps
 * held by the modules did the same at the price of an ephemeron-table insertion per box, in
 * tables that lived on and grew across renders until a full collection.
 */
export class BoxMemo {
  private readonly maps = new Map<MemoSlot<object, unknown>, Map<object, unknown>>();

  of<K extends object, V>(slot: MemoSlot<K, V>): Map<K, V> {
    let m = this.maps.get(slot);
    if (m === undefined) {
      m = new Map();
      this.maps.set(slot, m);
    }
    return m as Map<K, V>;
  }
}

/**
 * A cut in the page flow: `at` tells whether pages after a forced break between two sibling
 * boxes have another width than the layout's, so that pagination continues in another layout
 * there. The layout stops once the box after the first such break is laid out (`reached`).
 * A layout that pagination enters at a box in mid-document (a page of another width) looks
 * for that break only after it: `armed` when that box (`from`) starts in the page flow, or
 * once a box that holds it (`within`: it and its ancestors) is laid out.
 */
export interface FlowCut {
  readonly at: (before: Box, after: Box) => boolean;
  readonly from?: number;
  readonly within?: ReadonlySet<number>;
  armed: boolean;
  reached: boolean;
}

/** SVG images drawn as shared drawings in this render (keyed by image, not by box). */
const SVG_DRAWINGS = new MemoSlot<DecodedImage, SvgDrawingSizes>('svg-drawings');

export function warnOnce(ctx: LayoutContext, code: string, message: string): void {
  if (ctx.warned.has(code)) return;
  ctx.warned.add(code);
  ctx.warnings.push({ code, message });
}

export interface BoxGeometry {
  /** Border box. */
  readonly x: number;
  readonly width: number;
  readonly top: number;
  readonly height: number;
}

/** Border and padding a cloned box repeats at the top and bottom of each of its pieces. */
function cloneInsets(s: ComputedStyle, width: number): { top: number; bottom: number } {
  const b = border(s);
  const p = padding(s, width);
  return { top: b.top + p.top, bottom: b.bottom + p.bottom };
}

/** The decoration closure and paint properties of a block-like box. */
export function boxFragment(
  box: Box | { style: ComputedStyle; el?: Box['el'] },
  g: BoxGeometry,
  children: readonly Fragment[],
  ctx: LayoutContext,
  extra: Partial<BoxFragment> = {},
): BoxFragment {
  const s = box.style;
  const hasPaint = paintsDecoration(s);
  const visible = s.visibility === 'visible';
  // box-decoration-break: clone draws every piece whole (borders, padding, rounded corners).
  const clone = s.boxDecorationBreak === 'clone';
  const whole = (slice: BoxSlice): BoxSlice =>
    clone ? { ...slice, continuedAbove: false, continuedBelow: false } : slice;
  // `clip` (CSS 2.1 §11.1.2) cuts an absolutely positioned box whole: decoration and content.
  const clipRect = elementClip(s, g);
  const decorateOnly =
    hasPaint && visible
      ? (slice: BoxSlice): DisplayItem[] =>
          decorateBox(s, g.x, g.width, whole(slice), ctx, 'all', {
            top: g.top + slice.shift,
            bottom: g.top + g.height + slice.shift,
          })
      : undefined;
  const decorate =
    decorateOnly && clipRect
      ? (slice: BoxSlice): DisplayItem[] => {
          const items = decorateOnly(slice);
          if (items.length === 0) return items;
          return [{ kind: 'group', clip: rectPath(clipRect(slice)), items }];
        }
      : decorateOnly;
  const overflowClip = isOverflowClipped(s)
    ? (given: BoxSlice): PathOp[] => {
        const slice = whole(given);
        const b = border(s);
        const r: Rect = {
          x: g.x + b.left,
          y: slice.top + (slice.continuedAbove ? 0 : b.top),
          width: Math.max(0, g.width - b.left - b.right),
          height: Math.max(
            0,
            slice.bottom -
              slice.top -
              (slice.continuedAbove ? 0 : b.top) -
              (slice.continuedBelow ? 0 : b.bottom),
          ),
        };
        return rectPath(
          r,
          insetRadii(radii(s, g.width, g.height), b.top, b.right, b.bottom, b.left),
        );
      }
    : undefined;
  const clip = clipRect ? combinedClip(clipRect, overflowClip) : overflowClip;
  // recto/verso are right/left in left-to-right page progression.
  const brk = (v: string): BreakValue =>
    v === 'page' || v === 'column'
      ? v
      : v === 'left' || v === 'verso'
        ? 'left'
        : v === 'right' || v === 'recto'
          ? 'right'
          : v === 'avoid'
            ? 'avoid'
            : 'auto';
  const positioned = s.position !== 'static';
  const paint: BoxPaint | undefined = positioned
    ? { layer: 'positioned', z: s.zIndex }
    : s.float === 'left' || s.float === 'right'
      ? { layer: 'float', z: 'auto' }
      : undefined;
  const transform = boxTransform(s, { x: g.x, y: g.top, width: g.width, height: g.height });
  // Optional fields are set one by one rather than spread from small objects: this runs for
  // every box, and each spread made and copied an object of its own.
  const frag: { -readonly [K in keyof BoxFragment]: BoxFragment[K] } = {
    kind: 'box',
    top: g.top,
    bottom: g.top + g.height,
    children,
  };
  if (decorate) frag.decorate = decorate;
  if (clip) frag.clip = clip;
  if (s.opacity < 1) frag.opacity = s.opacity;
  if (paint) frag.paint = paint;
  if (transform) frag.transform = transform;
  const cp = s.clipPath;
  if (cp !== 'none') {
    if ('url' in cp)
      warnOnce(
        ctx,
        'layout.clip-path-url',
        `clip-path: url(${cp.url}) names an SVG clipPath, which is not applied; give the shape as a basic shape (inset(), circle(), polygon(), path())`,
      );
    else frag.clipPath = (slice) => clipOutline(s, cp, g, slice.shift);
  }
  if (s.filter !== 'none') {
    const warn = (code: string, message: string): void => warnOnce(ctx, code, message);
    const f = boxFilter(s.filter, warn, () => shadowBudget(ctx, warn));
    if (f) frag.filter = f;
  }
  if (s.mixBlendMode !== 'normal') frag.blend = s.mixBlendMode;
  if (s.isolation === 'isolate') frag.isolate = true;
  if (hasMask(s)) frag.mask = (slice) => maskItems(s, g, slice.shift, ctx);
  const before = brk(s.breakBefore);
  if (before !== 'auto') frag.breakBefore = before;
  const after = brk(s.breakAfter);
  if (after !== 'auto') frag.breakAfter = after;
  if (s.breakInside !== 'auto') frag.breakInside = s.breakInside;
  if (s.breakAfter === 'avoid') frag.keepWithNext = true;
  if ('anchor' in box && box.anchor) {
    frag.anchor = box.anchor;
    if (ctx.recordBoxes) frag.borderBox = { x: g.x, width: g.width };
  }
  if (s.page && s.page !== 'auto') frag.pageName = s.page;
  if (clone) frag.cloneInsets = cloneInsets(s, g.width);
  if ('marks' in box && box.marks) frag.marks = box.marks;
  return Object.assign(frag, extra);
}

/**
 * Background colour, background layers and borders (or the border image) of one slice of a
 * box; `parts` paints only the background (colour and layers) or only the border lines, where
 * they are drawn apart. `unbroken` is the box's whole extent in the slice's page coordinates,
 * where a border image of a box broken across pages is drawn and then cut to the slice.
 */
export function decorateBox(
  s: ComputedStyle,
  x: number,
  width: number,
  slice: BoxSlice,
  ctx: LayoutContext,
  parts: 'all' | 'background' | 'borders' = 'all',
  unbroken?: { readonly top: number; readonly bottom: number },
): DisplayItem[] {
  const out: DisplayItem[] = [];
  const b = border(s);
  const height = slice.bottom - slice.top;
  const full: Rect = { x, y: slice.top, width, height };
  // A slice cut by a page break has no border or rounded corners on the cut edge.
  const rad0 = radii(s, width, height);
  const rad = {
    tl: slice.continuedAbove ? ([0, 0] as [number, number]) : rad0.tl,
    tr: slice.continuedAbove ? ([0, 0] as [number, number]) : rad0.tr,
    br: slice.continuedBelow ? ([0, 0] as [number, number]) : rad0.br,
    bl: slice.continuedBelow ? ([0, 0] as [number, number]) : rad0.bl,
  };
  const bt = slice.continuedAbove ? 0 : b.top;
  const bb = slice.continuedBelow ? 0 : b.bottom;
  const background = parts !== 'borders';
  const shadows =
    background && s.boxShadow.length > 0 ? shadowedBox(s, full, rad, bt, bb, slice) : undefined;
  const budget = shadows
    ? shadowBudget(ctx, (code, message) => warnOnce(ctx, code, message))
    : undefined;
  if (shadows && budget) out.push(...outerShadowItems(s.boxShadow, shadows, budget));
  const layers = background ? s.backgroundLayers : [];
  const clipsColor = background && s.backgroundColor.a > 0 && s.backgroundClip !== 'border-box';
  const boxes = layers.length > 0 || clipsColor ? backgroundBoxes(s, full, rad, bt, bb) : undefined;
  const backgroundStart = out.length;
  // Parts clipped to the text are gathered into one group (in painting order with the rest).
  let toText: DisplayItem[] | undefined;
  const paint = (items: readonly DisplayItem[], clip: BackgroundClip): void => {
    if (clip !== 'text') {
      if (toText) out.push(textClipped(toText));
      toText = undefined;
      out.push(...items);
    } else (toText ??= []).push(...items);
  };
  if (clipsColor && boxes) {
    const box = boxes[s.backgroundClip === 'text' ? 'border-box' : s.backgroundClip];
    if (box.rect.width > 0 && box.rect.height > 0)
      paint([backgroundItem(box.rect, s.backgroundColor, box.radii)], s.backgroundClip);
  } else if (background && s.backgroundColor.a > 0) {
    out.push(backgroundItem(full, s.backgroundColor, rad));
  }
  const image = parts === 'background' ? undefined : borderImageOf(s, ctx);
  // Only borders this call draws are known to cover what lies under them (a border image is
  // drawn in their place and may not).
  const unhidden =
    layers.length > 0 && parts === 'all' && !image
      ? unhiddenByBorders(s, x, width, slice, bt, bb)
      : full;
  // CSS paints the first layer on top: draw from the last.
  for (let i = layers.length - 1; i >= 0 && boxes; i--) {
    const layer = layers[i];
    const clip = boxes[layer.clip === 'text' ? 'border-box' : layer.clip];
    const visible = layer.clip === 'text' ? full : intersection(clip.rect, unhidden);
    const items = backgroundLayerItems(
      layer,
      boxes[layer.origin].rect,
      clip.rect,
      clip.radii,
      ctx,
      visible,
      s.zoom,
    );
    paint(
      layer.blend && items.length > 0 ? [{ kind: 'group', blend: layer.blend, items }] : items,
      layer.clip,
    );
  }
  if (toText) out.push(textClipped(toText));
  // background-blend-mode: the layers blend with each other and the colour only, never with
  // what lies behind the box (the background is an isolated group).
  if (layers.some((l) => l.blend) && out.length > backgroundStart)
    out.push({ kind: 'group', isolate: true, items: out.splice(backgroundStart) });
  if (shadows && budget) out.push(...insetShadowItems(s.boxShadow, shadows, budget));
  if (parts === 'background') return out;
  if (image) {
    // A piece of a broken box shows its part of the image drawn over the whole box, unless
    // each piece is decorated whole (box-decoration-break: clone).
    const cut = (slice.continuedAbove || slice.continuedBelow) && unbroken;
    const place = cut
      ? {
          box: { x, y: unbroken.top, width, height: unbroken.bottom - unbroken.top },
          borders: b,
          cut: {
            ...(slice.continuedAbove ? { top: slice.top } : {}),
            ...(slice.continuedBelow ? { bottom: slice.bottom } : {}),
          },
        }
      : { box: full, borders: b };
    out.push(...borderImageItems(s, image, place, (code, message) => warnOnce(ctx, code, message)));
    if (hasOutline(s))
      out.push(
        ...outlineItems(s, full, rad, { above: slice.continuedAbove, below: slice.continuedBelow }),
      );
    return out;
  }
  out.push(
    ...borderItems(
      { x, y: slice.top, width, height },
      {
        ...borderSides(s),
        ...(slice.continuedAbove
          ? { top: { width: 0, style: 'none', color: s.borderTopColor } }
          : {}),
        ...(slice.continuedBelow
          ? { bottom: { width: 0, style: 'none', color: s.borderBottomColor } }
          : {}),
      },
      rad,
    ),
  );
  if (hasOutline(s))
    out.push(
      ...outlineItems(s, full, rad, { above: slice.continuedAbove, below: slice.continuedBelow }),
    );
  return out;
}

/** The border and padding boxes of a slice, for its box shadows. */
function shadowedBox(
  s: ComputedStyle,
  full: Rect,
  rad: Radii,
  bt: number,
  bb: number,
  slice: BoxSlice,
): ShadowedBox {
  const b = border(s);
  return {
    border: full,
    radii: rad,
    padding: {
      x: full.x + b.left,
      y: full.y + bt,
      width: Math.max(0, full.width - b.left - b.right),
      height: Math.max(0, full.height - bt - bb),
    },
    paddingRadii: insetRadii(rad, bt, b.right, bb, b.left),
    openTop: slice.continuedAbove,
    openBottom: slice.continuedBelow,
  };
}

/**
 * The border image a box draws instead of its border styles, or undefined. An image that
 * failed leaves the border styles to be drawn, with a word that it did.
 */
export function borderImageOf(s: ComputedStyle, ctx: LayoutContext) {
  if (s.borderImageSource === 'none') return undefined;
  const source = borderImageSource(s, ctx.backgrounds, (dec, size) => svgDrawingOf(ctx, dec, size));
  if (!source)
    warnOnce(
      ctx,
      'layout.border-image-fallback',
      'a border image could not be drawn; the border is drawn with its border-style instead',
    );
  return source;
}

/**
 * A slice's border, padding and content boxes with their corner radii: where background layers
 * are placed (background-origin) and clipped (background-clip).
 */
export function backgroundBoxes(
  s: ComputedStyle,
  full: Rect,
  rad: Radii,
  bt: number,
  bb: number,
): Record<BackgroundLayer['origin'], { rect: Rect; radii: Radii }> {
  const b = border(s);
  const pad = padding(s, full.width);
  const inset = (r: Rect, t: number, right: number, bottom: number, l: number): Rect => ({
    x: r.x + l,
    y: r.y + t,
    width: r.width - l - right,
    height: r.height - t - bottom,
  });
  const paddingBox = inset(full, bt, b.right, bb, b.left);
  return {
    'border-box': { rect: full, radii: rad },
    'padding-box': { rect: paddingBox, radii: insetRadii(rad, bt, b.right, bb, b.left) },
    'content-box': {
      rect: inset(paddingBox, pad.top, pad.right, pad.bottom, pad.left),
      radii: insetRadii(rad, bt + pad.top, b.right + pad.right, bb + pad.bottom, b.left + pad.left),
    },
  };
}

function intersection(a: Rect, b: Rect): Rect {
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  return {
    x,
    y,
    width: Math.max(0, Math.min(a.x + a.width, b.x + b.width) - x),
    height: Math.max(0, Math.min(a.y + a.height, b.y + b.height) - y),
  };
}

/**
 * The part of a box slice's border box its borders leave in view: an opaque solid border hides
 * what lies under it (so a gradient need not repeat there to be drawn as a browser draws it).
 */
function unhiddenByBorders(
  s: ComputedStyle,
  x: number,
  width: number,
  slice: BoxSlice,
  bt: number,
  bb: number,
): Rect {
  const b = border(s);
  const hides = (style: string, color: { a: number }): boolean => style === 'solid' && color.a >= 1;
  const top = hides(s.borderTopStyle, s.borderTopColor) ? bt : 0;
  const right = hides(s.borderRightStyle, s.borderRightColor) ? b.right : 0;
  const bottom = hides(s.borderBottomStyle, s.borderBottomColor) ? bb : 0;
  const left = hides(s.borderLeftStyle, s.borderLeftColor) ? b.left : 0;
  return {
    x: x + left,
    y: slice.top + top,
    width: width - left - right,
    height: slice.bottom - slice.top - top - bottom,
  };
}

/**
 * One background layer: positioned and sized in `area` (its background-origin box), painted
 * over `paint` with its corner radii (the page background paints over the whole page).
 * `visible` is the part of `paint` opaque borders leave in view: gradient tiles outside it are
 * not drawn. `zoom` is the element's effective zoom, which scales the image's natural size.
 */
export function backgroundLayerItems(
  layer: ComputedStyle['backgroundLayers'][number],
  area: Rect,
  paint: Rect,
  rad: ReturnType<typeof radii>,
  ctx: LayoutContext,
  visible: Rect = paint,
  zoom = 1,
): DisplayItem[] {
  if (area.width <= 0 || area.height <= 0) return [];
  const img = layer.image;
  if (img.kind !== 'url') {
    return gradientLayerItems(img, layer, { area, paint, radii: rad, visible }, (code, message) =>
      warnOnce(ctx, code, message),
    );
  }
  const dec = ctx.backgrounds.get(img.url);
  if (!dec || typeof dec === 'string') return [];
  return backgroundImage(dec, layer, area, paint, rad, ctx, zoom);
}

function backgroundImage(
  dec: DecodedImage,
  layer: ComputedStyle['backgroundLayers'][number],
  area: Rect,
  clipRect: Rect,
  rad: ReturnType<typeof radii>,
  ctx: LayoutContext,
  zoom: number,
): DisplayItem[] {
  // The natural size scales with the element's zoom, as an <img>'s does.
  const iw = pt(dec.intrinsicWidth * zoom);
  const ih = pt(dec.intrinsicHeight * zoom);
  let w = iw;
  let h = ih;
  // An image with a ratio but no natural size is fitted inside the area when its size is auto
  // (CSS Backgrounds 3 §3.9).
  const sz =
    dec.ratioOnly &&
    layer.size !== 'cover' &&
    layer.size !== 'contain' &&
    layer.size.width === 'auto' &&
    layer.size.height === 'auto'
      ? 'contain'
      : layer.size;
  if (sz === 'cover' || sz === 'contain') {
    const f =
      sz === 'cover'
        ? Math.max(area.width / iw, area.height / ih)
        : Math.min(area.width / iw, area.height / ih);
    w = iw * f;
    h = ih * f;
  } else {
    const sw = sz.width === 'auto' ? undefined : len(sz.width, area.width);
    const sh = sz.height === 'auto' ? undefined : len(sz.height, area.height);
    if (sw !== undefined && sh !== undefined) [w, h] = [sw, sh];
    else if (sw !== undefined) [w, h] = [sw, (sw * ih) / iw];
    else if (sh !== undefined) [w, h] = [(sh * iw) / ih, sh];
  }
  if (w <= 0 || h <= 0) return [];
  [w, h] = roundedImageTile(layer, area, w, h);
  const tag: ArtifactTag = backgroundTag(clipRect);
  const { xs, ys } = layerTileStarts(layer, area, clipRect, w, h);
  // Bounded: tiny tiles over a huge box would otherwise explode the page.
  if (xs.length * ys.length > MAX_TILES)
    warnOnce(
      ctx,
      'layout.background-tiles',
      `a background layer of ${xs.length * ys.length} tiles is drawn with its first ${MAX_TILES}`,
    );
  // An SVG in the simple subset tiles as vectors (text in the page's default font, as an
  // image's text), drawn once and used by every tile; any other image as its pixels.
  const drawing = dec.vector ? svgDrawingOf(ctx, dec, { width: w, height: h }) : undefined;
  if (dec.vector && !drawing) return [];
  const tiles: DisplayItem[] = [];
  let count = 0;
  for (let j = 0; j < ys.length && count < MAX_TILES; j++)
    for (let i = 0; i < xs.length && count < MAX_TILES; i++, count++) {
      const box = { x: xs[i], y: ys[j], width: w, height: h };
      if (drawing) tiles.push(useOf(drawing, [1, 0, 0, 1, box.x, box.y], tag));
      else if (dec.resource) tiles.push({ kind: 'image', image: dec.resource, ...box, tag });
    }
  return [{ kind: 'group', clip: rectPath(clipRect, rad), items: tiles }];
}

/**
 * background-repeat: round for an image: the tile scaled so whole tiles fill the area; when
 * only one axis rounds and the other's size is auto, that one keeps the image's ratio.
 */
function roundedImageTile(
  layer: ComputedStyle['backgroundLayers'][number],
  area: Rect,
  w: number,
  h: number,
): [number, number] {
  const roundX = layer.repeatX === 'round';
  const roundY = layer.repeatY === 'round';
  if (!roundX && !roundY) return [w, h];
  const rw = roundX ? roundedTileSize(w, area.width) : w;
  const rh = roundY ? roundedTileSize(h, area.height) : h;
  const auto = (side: 'width' | 'height'): boolean =>
    typeof layer.size !== 'string' && layer.size[side] === 'auto';
  if (roundX && !roundY && auto('height')) return [rw, (h * rw) / w];
  if (roundY && !roundX && auto('width')) return [(w * rh) / h, rh];
  return [rw, rh];
}

/**
 * All items of a fragment drawn in one piece (atomic inlines, table rows, fixed boxes), in
 * painting order (the fragment is a stacking context of its own for its content).
 */
export function flatten(f: Fragment): DisplayItem[] {
  if (f.kind === 'leaf') return [...f.items];
  const layers = emptyLayers();
  paintInto(layers, f);
  return paintOrder(layers);
}

function paintInto(into: Layers, f: Fragment): void {
  if (f.kind === 'leaf') {
    addToLayer(into, f.layer ?? 'inline', f.items, f.z ?? 0);
    return;
  }
  const slice: BoxSlice = {
    top: f.top,
    bottom: f.bottom,
    continuedAbove: false,
    continuedBelow: false,
    flowTop: f.top,
    flowBottom: f.bottom,
    shift: 0,
  };
  const content = emptyLayers();
  for (const c of f.children) paintInto(content, c);
  paintBox(
    into,
    f,
    f.decorate ? f.decorate(slice) : [],
    content,
    f.clip ? f.clip(slice) : undefined,
    f.transform,
    f.clipPath?.(slice),
    f.mask?.(slice),
  );
}

/** A fragment drawn in one piece, as a leaf; positioned boxes keep their z-index. */
export function leafOf(f: Fragment): LeafFragment {
  const anchors = anchorsOf(f);
  const z = f.kind === 'box' && f.paint && f.paint.z !== 'auto' ? f.paint.z : 0;
  return {
    kind: 'leaf',
    top: f.top,
    bottom: f.bottom,
    items: flatten(f),
    ...(anchors.length > 0 ? { anchors } : {}),
    ...(f.kind === 'box' && f.paint?.layer === 'positioned'
      ? { layer: 'positioned' as const, z }
      : {}),
  };
}

/** Moves a fragment (relative positioning, cell alignment, flex placement). */
export function shiftFragment(f: Fragment, dx: number, dy: number): Fragment {
  if (dx === 0 && dy === 0) return f;
  if (f.kind === 'leaf') {
    const moved = {
      ...f,
      top: f.top + dy,
      bottom: f.bottom + dy,
      items: f.items.map((i) => moveItem(i, dx, dy)),
      ...(f.anchors ? { anchors: f.anchors.map((a) => moveAnchor(a, dx, dy)) } : {}),
    };
    // A line box's baseline is in flow coordinates too (inline-blocks and flex lines sit by it).
    if ('baseline' in f && typeof f.baseline === 'number')
      return { ...moved, baseline: f.baseline + dy } as LeafFragment;
    return moved;
  }
  // Closures keep the coordinates they were made with: hand them the slice in those terms.
  const moveSlice = (s: BoxSlice): BoxSlice => ({
    ...s,
    flowTop: s.flowTop - dy,
    flowBottom: s.flowBottom - dy,
    shift: s.shift + dy,
  });
  return {
    ...f,
    top: f.top + dy,
    bottom: f.bottom + dy,
    children: f.children.map((c) => shiftFragment(c, dx, dy)),
    ...(f.borderBox && dx !== 0 ? { borderBox: { ...f.borderBox, x: f.borderBox.x + dx } } : {}),
    ...(f.decorate
      ? { decorate: (s: BoxSlice) => f.decorate!(moveSlice(s)).map((i) => moveItem(i, dx, 0)) }
      : {}),
    ...(f.clip ? { clip: (s: BoxSlice) => f.clip!(moveSlice(s)).map((o) => shiftOp(o, dx)) } : {}),
    ...(f.clipPath
      ? {
          clipPath: (s: BoxSlice) => {
            const c = f.clipPath!(moveSlice(s));
            return { ...c, ops: c.ops.map((o) => shiftOp(o, dx)) };
          },
        }
      : {}),
    ...(f.mask
      ? { mask: (s: BoxSlice) => f.mask!(moveSlice(s)).map((i) => moveItem(i, dx, 0)) }
      : {}),
    ...(f.transform ? { transform: moveMatrix(f.transform, dx, dy) } : {}),
    ...(f.float ? { float: { anchor: f.float.anchor + dy } } : {}),
    ...(f.repeat ? { repeat: shiftFragment(f.repeat, dx, dy) as LeafFragment } : {}),
    ...(f.columns
      ? {
          columns: {
            ...f.columns,
            x: f.columns.x + dx,
            content: f.columns.content.map((c) => shiftFragment(c, dx, dy)),
          },
        }
      : {}),
  };
}

function shiftOp(o: PathOp, dx: number): PathOp {
  switch (o.op) {
    case 'moveTo':
    case 'lineTo':
    case 'rect':
      return { ...o, x: o.x + dx };
    case 'curveTo':
      return { ...o, x1: o.x1 + dx, x2: o.x2 + dx, x: o.x + dx };
    default:
      return o;
  }
}

/**
 * Draws a replaced image into a content box, with object-fit and an optional clip; the text of
 * an SVG drawn as vectors is shaped by `svgText`.
 */
export function imageItems(
  dec: DecodedImage,
  fit: string,
  box: Rect,
  tag: ItemTag,
  svgText: SvgTextShaper,
): DisplayItem[] {
  const f = objectFit(fit, box, pt(dec.intrinsicWidth), pt(dec.intrinsicHeight));
  if (dec.vector) {
    const size = dec.userUnits ?? { width: dec.intrinsicWidth, height: dec.intrinsicHeight };
    const drawn = svgVectorItems(dec.vector, f, box, size, tag, svgText);
    // An SVG that draws nothing keeps the raster, so its Figure still has content.
    if (drawn.length > 0) return drawn;
  }
  // An SVG decoded without a raster draws something (decodeImageForDrawing checks) in any box
  // with an area; it lands here only in a box without one, where a raster would not show either.
  if (!dec.resource) return [];
  const item: DisplayItem = {
    kind: 'image',
    image: dec.resource,
    x: f.x,
    y: f.y,
    width: f.width,
    height: f.height,
    tag,
  };
  return f.clip ? [{ kind: 'group', clip: rectPath(box), items: [item] }] : [item];
}

/**
 * Content laid out side by side (a table row, a flex line) that is taller than a page: its
 * leaves are merged into horizontal bands that the paginator may separate, and the boxes inside
 * keep their backgrounds and borders, sliced at the page cuts. (Their clips are not kept.)
 */
export function sideBySide(
  frags: readonly Fragment[],
  top: number,
  bottom: number,
  under: readonly DisplayItem[] = [],
): BoxFragment {
  const boxes: BoxFragment[] = [];
  const leaves: LeafFragment[] = [];
  const walk = (f: Fragment): void => {
    if (f.kind === 'leaf') leaves.push(f);
    else {
      boxes.push(f);
      f.children.forEach(walk);
    }
  };
  frags.forEach(walk);
  leaves.sort((a, b) => a.top - b.top);
  const bands: LeafFragment[] = [];
  let cur: { top: number; bottom: number; items: DisplayItem[]; anchors: Anchor[] } | undefined;
  for (const b of boxes) {
    const own = ownAnchor(b);
    if (own) leaves.push({ kind: 'leaf', top: b.top, bottom: b.top, items: [], anchors: [own] });
  }
  leaves.sort((a, b) => a.top - b.top);
  for (const l of leaves) {
    if (cur && l.top < cur.bottom - 0.01) {
      cur.bottom = Math.max(cur.bottom, l.bottom);
      cur.items.push(...l.items);
      cur.anchors.push(...(l.anchors ?? []));
    } else {
      if (cur) bands.push({ kind: 'leaf', ...cur });
      cur = { top: l.top, bottom: l.bottom, items: [...l.items], anchors: [...(l.anchors ?? [])] };
    }
  }
  if (cur) bands.push({ kind: 'leaf', ...cur });
  const underlay = under;
  return {
    kind: 'box',
    top,
    bottom,
    children: bands,
    decorate: (slice) => {
      const out: DisplayItem[] = [];
      for (const it of underlay) out.push(...clipToSlice(it, slice));
      for (const b of boxes) {
        if (!b.decorate) continue;
        const t = Math.max(b.top, slice.flowTop);
        const bt = Math.min(b.bottom, slice.flowBottom);
        if (bt <= t) continue;
        out.push(
          ...b.decorate({
            top: t + slice.shift,
            bottom: bt + slice.shift,
            continuedAbove: b.top < slice.flowTop - 0.01,
            continuedBelow: b.bottom > slice.flowBottom + 0.01,
            flowTop: t,
            flowBottom: bt,
            shift: slice.shift,
          }),
        );
      }
      return out;
    },
  };
}

/** A flow-coordinate underlay (row background) moved onto the page and clipped to the slice. */
function clipToSlice(item: DisplayItem, slice: BoxSlice): DisplayItem[] {
  return [
    {
      kind: 'group',
      clip: [{ op: 'rect', x: -1e5, y: slice.top, width: 2e5, height: slice.bottom - slice.top }],
      items: [moveItem(item, 0, slice.shift)],
    },
  ];
}

/**
 * The `clip` rectangle of an absolutely positioned box for a slice, in page coordinates, or
 * undefined when it has none. Edges are offsets from the border box's top-left corner; 'auto'
 * is that border edge; a rectangle whose right or bottom is before its left or top is empty.
 */
function elementClip(s: ComputedStyle, g: BoxGeometry): ((slice: BoxSlice) => Rect) | undefined {
  const c = s.clip;
  if (c === 'auto' || (s.position !== 'absolute' && s.position !== 'fixed')) return undefined;
  const edge = (v: (typeof c)[number], auto: number): number =>
    v === 'auto' ? auto : len(v, undefined);
  const [top, right, bottom, left] = [
    edge(c[0], 0),
    edge(c[1], g.width),
    edge(c[2], g.height),
    edge(c[3], 0),
  ];
  return (slice) => {
    const y = g.top + slice.shift;
    return {
      x: g.x + left,
      y: y + top,
      width: Math.max(0, right - left),
      height: Math.max(0, bottom - top),
    };
  };
}

/**
 * The content clip of a box with a `clip` rectangle: the rectangle itself, or, with an overflow
 * clip as well, their intersection (the overflow clip's own path, rounded corners and all, when
 * the rectangle holds it whole).
 */
function combinedClip(
  rectOf: (slice: BoxSlice) => Rect,
  overflow: ((slice: BoxSlice) => PathOp[]) | undefined,
): (slice: BoxSlice) => PathOp[] {
  return (slice) => {
    const r = rectOf(slice);
    if (!overflow) return rectPath(r);
    const ops = overflow(slice);
    const o = pathBounds(ops);
    if (!o) return rectPath(r);
    const x0 = Math.max(r.x, o[0]);
    const y0 = Math.max(r.y, o[1]);
    const x1 = Math.min(r.x + r.width, o[2]);
    const y1 = Math.min(r.y + r.height, o[3]);
    if (x0 === o[0] && y0 === o[1] && x1 === o[2] && y1 === o[3]) return ops;
    return rectPath({ x: x0, y: y0, width: Math.max(0, x1 - x0), height: Math.max(0, y1 - y0) });
  };
}
