/**
 * Block flow: widths (fill or shrink-to-fit, min/max, box-sizing, auto margins), margin
 * collapsing between siblings and through parents, heights, list markers, replaced images,
 * relative/absolute/fixed positioning. Tables and flex containers are delegated; inline content
 * goes to inline.ts. Everything is laid out once, in flow coordinates.
 */
import type { ComputedStyle } from '../../style/index.js';
import type { BlockBox, Box, ImageBox } from '../box-tree/boxes.js';
import { inputType } from '../box-tree/forms.js';
import type { LayoutContext } from '../context.js';
import {
  boxFragment,
  decorateBox,
  flatten,
  imageItems,
  leafOf,
  MemoSlot,
  shiftFragment,
  warnOnce,
} from '../context.js';
import type { DisplayItem } from '../../document/index.js';
import { layoutFlex, flexIntrinsic } from './flex.js';
import { gridIntrinsic, layoutGrid } from './grid/index.js';
import { isMulticol, layoutMulticol, multicolIntrinsic } from './multicol.js';
import type { BoxFragment, BoxSlice, Fragment, LeafFragment } from '../paginate/fragments.js';
import { inlineIntrinsic, layoutInline, textLine, type LineLeaf } from './inline.js';
import { FloatContext } from './floats.js';
import type { FloatShape } from './float-shape.js';
import { floatShapeOf } from './shape-outside.js';
import type { FirstLine } from './first-line.js';
import { lineClampOf, type LineClamp } from './line-clamp.js';
import { findBaseline } from '../paginate/fragments.js';
import { borderItems, hasRadius, insetRadii, layoutTag, rectPath } from '../paint/decoration.js';
import { svgTextShaper } from '../paint/svg-text.js';
import { textShadowItems } from '../paint/text-shadow.js';
import { shadowBudget } from '../paint/shadow-image.js';
import { layoutTable, tableIntrinsic } from './table.js';
import { blockContained, isSizeContainer, recordContainer } from './containers.js';
import {
  isOrthogonalRoot,
  layoutOrthogonal,
  orthogonalContent,
  verticalPageFlow,
} from './orthogonal.js';
import {
  border,
  isOverflowClipped,
  lenAuto,
  margin,
  maxSize,
  padding,
  pt,
  radii,
  ratioHeight,
  size,
  textStyle,
  type Edges,
} from '../units.js';

/** Collapsing margins: the largest positive and the most negative adjoining margin. */
interface MarginSet {
  readonly pos: number;
  readonly neg: number;
}
const NO_MARGIN: MarginSet = { pos: 0, neg: 0 };
const addMargin = (m: MarginSet, v: number): MarginSet => ({
  pos: Math.max(m.pos, v),
  neg: Math.min(m.neg, v),
});
const marginValue = (m: MarginSet): number => m.pos + m.neg;

/** Absolutely positioned boxes waiting for their containing block's size. */
interface AbsEntry {
  readonly box: Box;
  readonly staticX: number;
  readonly staticY: number;
}
export type AbsCollector = AbsEntry[];

/** A placed box with where it starts, built field by field (once per child of a block). */
function placedAt(
  p: Placed & { marginLeft: number },
  top: number,
): Placed & { marginLeft: number; top: number } {
  return {
    frag: p.frag,
    height: p.height,
    width: p.width,
    marginBottom: p.marginBottom,
    marginLeft: p.marginLeft,
    top,
  };
}

/** Elements that stay with what follows them (UA break-after: avoid). */
const HEADING_TAGS: ReadonlySet<string> = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

export interface Placed {
  readonly frag: Fragment;
  /** Border-box height and width. */
  readonly height: number;
  readonly width: number;
  /** Bottom margin leaving this box (collapsed with its last child's when they adjoin). */
  readonly marginBottom: MarginSet;
}

export interface LayoutOptions {
  /** Border-box height imposed by the parent (stretched flex items, table cells). */
  readonly forcedHeight?: number;
  /** Border-box width imposed by the parent (flex items, table cells). */
  readonly forcedWidth?: number;
  /** The box is a formatting-context root (no margin collapsing with its children). */
  readonly root?: boolean;
  /** Definite containing-block height for percentage heights. */
  readonly cbHeight?: number;
  /**
   * A table cell: as tall as its content, whatever its height says (that is a minimum for its
   * row, which the table applies, and its content is aligned in the row by vertical-align).
   */
  readonly heightFromContent?: boolean;
  /**
   * The floats of the block formatting context the box is in (a box that is not a
   * formatting-context root shares them; a root starts its own).
   */
  readonly floats?: FloatContext;
  /**
   * The box lies in the paged document's own flow (not inside a flex, grid or table item, a
   * float, an atomic inline or an out-of-flow box), which the paginator cuts into pages: it
   * fills multi-column content found here into columns itself.
   */
  readonly pageFlow?: boolean;
  /** Shrink-to-fit width for a box whose width is auto (a fieldset's rendered legend). */
  readonly shrink?: boolean;
  /** ::first-line of an ancestor whose first formatted line is in this box. */
  readonly firstLine?: FirstLine;
  /** The line clamp of an ancestor in the same formatting context, counting this box's lines. */
  readonly clamp?: LineClamp;
}

function isPositioned(s: ComputedStyle): boolean {
  return s.position !== 'static';
}

function isOutOfFlow(b: Box): boolean {
  return b.style.position === 'absolute' || b.style.position === 'fixed';
}

function isFloat(b: Box): boolean {
  return (b.style.float === 'left' || b.style.float === 'right') && !isOutOfFlow(b);
}

/** In normal flow: neither positioned out of it nor floated. */
function isInFlow(b: Box): boolean {
  return !isOutOfFlow(b) && !isFloat(b);
}

function isFcRoot(b: Box, opts: LayoutOptions): boolean {
  const s = b.style;
  return (
    opts.root === true ||
    b.kind !== 'block' ||
    isOverflowClipped(s) ||
    s.display === 'flow-root' ||
    s.display === 'inline-block' ||
    s.display === 'table-cell' ||
    s.float !== 'none' ||
    isOutOfFlow(b) ||
    isMulticol(s)
  );
}

/**
 * Is `child` a box with `clear` that follows a float among `kids`? Its clearance keeps its
 * margin from collapsing with its parent's (CSS 2.1 §8.3.1); decided before the floats are
 * placed, the way WeasyPrint does.
 */
function clearsFloatBefore(kids: readonly Box[], child: Box): boolean {
  if (child.style.clear === 'none') return false;
  for (const k of kids) {
    if (k === child) return false;
    if (isFloat(k)) return true;
  }
  return false;
}

/** Top margin of `box` collapsed with its first in-flow child's, when they adjoin. */
function collapsedTop(box: Box, cbWidth: number, ctx: LayoutContext): MarginSet {
  let m = addMargin(NO_MARGIN, margin(box.style, cbWidth).top);
  if (box.kind !== 'block' || isFcRoot(box, {}) || box.inline || isOrthogonalRoot(box, ctx))
    return m;
  const b = border(box.style);
  const p = padding(box.style, cbWidth);
  if (b.top > 0 || p.top > 0) return m;
  const first = box.children.find(isInFlow);
  if (first && !clearsFloatBefore(box.children, first)) {
    const inner = collapsedTop(first, cbWidth, ctx);
    m = addMargin(addMargin(m, inner.pos), inner.neg);
  }
  return m;
}

// ---------------------------------------------------------------------------------------------
// Intrinsic sizes

const INTRINSIC = new MemoSlot<Box, { min: number; max: number }>('intrinsic');

/** min-content and max-content of the margin box (percentages count as 0). */
export function intrinsicOuter(box: Box, ctx: LayoutContext): { min: number; max: number } {
  const intrinsicCache = ctx.memo.of(INTRINSIC);
  const hit = intrinsicCache.get(box);
  if (hit) return hit;
  const s = box.style;
  const p = padding(s, 0);
  const b = border(s);
  const m = margin(s, 0);
  const edges = p.left + p.right + b.left + b.right;
  const outer = m.left + m.right;
  let min: number;
  let max: number;
  // A cell's width is its column's preferred width, which the table algorithm weighs itself
  // (cellInfos in table.ts); the cell's contributions are its content's.
  const specified =
    typeof s.width === 'number' && s.display !== 'table-cell' ? pt(s.width) : undefined;
  if (box.kind === 'image') {
    const r = replacedSize(box, undefined);
    max = r.width + edges;
    // Sized by a percentage, a replaced element shrinks with its container: its min-content
    // contribution is zero (CSS Sizing 3 §5.2.2, as browsers do).
    const pct = (v: unknown): boolean => typeof v === 'object' && v !== null;
    min = pct(s.width) || pct(s.maxWidth) || stretches(box) ? edges : max;
  } else if (specified !== undefined) {
    min = max = s.boxSizing === 'border-box' ? specified : specified + edges;
  } else {
    let c: { min: number; max: number };
    // An orthogonal flow's width is the depth of its lines at its inline size.
    if (isOrthogonalRoot(box, ctx)) {
      const depth = orthogonalContent(box, 0, undefined, undefined, ctx).blockSize;
      c = { min: depth, max: depth };
    }
    // Inline-size containment: sized as if empty, whatever the container holds.
    else if (isSizeContainer(s)) c = { min: 0, max: 0 };
    else if (box.kind === 'table') c = tableIntrinsic(box, ctx);
    else if (box.kind === 'flex') c = flexIntrinsic(box, ctx);
    else if (box.kind === 'grid') c = gridIntrinsic(box, ctx);
    else if (box.inline) {
      const i = inlineIntrinsic(box, ctx);
      c = { min: i.minContent, max: i.maxContent };
    } else {
      c = { min: 0, max: 0 };
      // Floats stand side by side until something clears them; in-flow content goes beside
      // the floats before it.
      let floatsLeft = 0;
      let floatsRight = 0;
      for (const k of box.children) {
        if (isOutOfFlow(k)) continue;
        const ki = intrinsicOuter(k, ctx);
        const clear = k.style.clear;
        if (clear === 'left' || clear === 'both') floatsLeft = 0;
        if (clear === 'right' || clear === 'both') floatsRight = 0;
        if (isFloat(k)) {
          if (k.style.float === 'left') floatsLeft += ki.max;
          else floatsRight += ki.max;
          c = { min: Math.max(c.min, ki.min), max: Math.max(c.max, floatsLeft + floatsRight) };
          continue;
        }
        c = {
          min: Math.max(c.min, ki.min),
          max: Math.max(c.max, ki.max + floatsLeft + floatsRight),
        };
      }
    }
    if (box.kind === 'block' && isMulticol(s)) c = multicolIntrinsic(box, c);
    min = c.min + (box.kind === 'table' ? 0 : edges);
    max = c.max + (box.kind === 'table' ? 0 : edges);
  }
  const minW =
    typeof s.minWidth === 'number'
      ? pt(s.minWidth) + (s.boxSizing === 'border-box' ? 0 : edges)
      : 0;
  const maxW =
    typeof s.maxWidth === 'number'
      ? pt(s.maxWidth) + (s.boxSizing === 'border-box' ? 0 : edges)
      : Infinity;
  min = Math.max(minW, Math.min(min, maxW));
  max = Math.max(min, Math.max(minW, Math.min(max, maxW)));
  const out = { min: min + outer, max: max + outer };
  intrinsicCache.set(box, out);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Widths

interface Horizontal {
  readonly marginLeft: number;
  readonly marginRight: number;
  /** Border-box width. */
  readonly width: number;
  readonly pad: Edges;
  readonly bord: Edges;
}

function clampContent(s: ComputedStyle, w: number, cbWidth: number, edges: number): number {
  const conv = (v: number | undefined): number | undefined =>
    v === undefined ? undefined : s.boxSizing === 'border-box' ? v - edges : v;
  const maxW = conv(maxSize(s.maxWidth, cbWidth));
  const minW = conv(size(s.minWidth, cbWidth)) ?? 0;
  if (maxW !== undefined) w = Math.min(w, maxW);
  return Math.max(w, minW, 0);
}

/** Used width and horizontal margins of a block-level box in a containing block. */
function horizontal(box: Box, cbWidth: number, shrink: boolean, ctx: LayoutContext): Horizontal {
  const s = box.style;
  const pad = padding(s, cbWidth);
  const bord = border(s);
  const edges = pad.left + pad.right + bord.left + bord.right;
  const ml = lenAuto(s.marginLeft, cbWidth);
  const mr = lenAuto(s.marginRight, cbWidth);
  let content: number;
  if (box.kind === 'image') {
    content = replacedSize(box, cbWidth).width;
  } else {
    const spec = size(s.width, cbWidth);
    if (spec !== undefined) content = s.boxSizing === 'border-box' ? spec - edges : spec;
    else {
      const avail = cbWidth - (ml ?? 0) - (mr ?? 0) - edges;
      // An intrinsic keyword sizes a block as a float is sized, or at one of its two widths.
      const keyword =
        s.width === 'fit-content' || s.width === 'min-content' || s.width === 'max-content'
          ? s.width
          : undefined;
      if (shrink || box.kind === 'table' || keyword) {
        const i = intrinsicOuter(box, ctx);
        const m = margin(s, cbWidth);
        const innerMin = i.min - m.left - m.right - (box.kind === 'table' ? 0 : edges);
        const innerMax = i.max - m.left - m.right - (box.kind === 'table' ? 0 : edges);
        content = Math.min(Math.max(innerMin, avail), innerMax);
        if (box.kind === 'table')
          content = Math.max(innerMin, Math.min(avail + edges, innerMax)) - edges;
        else if (keyword === 'min-content') content = innerMin;
        else if (keyword === 'max-content') content = innerMax;
      } else content = avail;
    }
    content = clampContent(s, content, cbWidth, edges);
  }
  const width = content + edges;
  let left = ml ?? 0;
  let right = mr ?? 0;
  const free = cbWidth - width - left - right;
  // A box wider than its containing block takes no auto margin (CSS 2.1 §10.3.3): it starts at
  // the start edge and overflows at the end. Centring it would push its start out of view.
  if (free < 0 && (ml === undefined || mr === undefined)) {
    if (s.direction === 'rtl') left = cbWidth - width - right;
    else right = cbWidth - width - left;
  } else if (ml === undefined && mr === undefined) {
    left = free / 2 + left;
    right = cbWidth - width - left;
  } else if (ml === undefined) left = cbWidth - width - right;
  else if (mr === undefined) right = cbWidth - width - left;
  else if (s.direction === 'rtl') left = cbWidth - width - right;
  return { marginLeft: left, marginRight: right, width, pad, bord };
}

// ---------------------------------------------------------------------------------------------
// Replaced elements

/** The width CSS gives replaced content that has no size of its own (CSS Images 3 §4.1). */
const DEFAULT_OBJECT_WIDTH_PX = 300;

function marginsH(s: ComputedStyle, cbWidth: number): number {
  const m = margin(s, cbWidth);
  return m.left + m.right;
}

/** Width over height: the author's aspect-ratio, else the image's own, else the attributes'. */
function replacedRatio(box: ImageBox): number | undefined {
  if (box.style.aspectRatio !== 'auto') return box.style.aspectRatio;
  const img = box.image;
  if (img && img.intrinsicWidth > 0 && img.intrinsicHeight > 0)
    return img.intrinsicWidth / img.intrinsicHeight;
  return box.attrWidth && box.attrHeight ? box.attrWidth / box.attrHeight : undefined;
}

export function replacedSize(
  box: ImageBox,
  cbWidth: number | undefined,
): { width: number; height: number } {
  const s = box.style;
  const iw = box.image ? pt(box.image.intrinsicWidth) : undefined;
  const ih = box.image ? pt(box.image.intrinsicHeight) : undefined;
  const ratio = replacedRatio(box);
  const cssW =
    cbWidth === undefined && typeof s.width !== 'number' ? undefined : size(s.width, cbWidth);
  const cssH = typeof s.height === 'number' ? pt(s.height) : undefined;
  const pad = padding(s, cbWidth ?? 0);
  const bord = border(s);
  const edgesW = s.boxSizing === 'border-box' ? pad.left + pad.right + bord.left + bord.right : 0;
  const edgesH = s.boxSizing === 'border-box' ? pad.top + pad.bottom + bord.top + bord.bottom : 0;
  let w = cssW !== undefined ? cssW - edgesW : cssH === undefined ? box.attrWidth : undefined;
  let h = cssH !== undefined ? cssH - edgesH : cssW === undefined ? box.attrHeight : undefined;
  if (w === undefined && h === undefined && ratio && stretches(box)) {
    // No natural size, only a ratio: as wide as the container allows (CSS 2.1 §10.3.2, as
    // browsers size such an SVG); where the width is being measured, the default 300px.
    w =
      cbWidth === undefined
        ? pt(DEFAULT_OBJECT_WIDTH_PX)
        : Math.max(
            0,
            cbWidth - marginsH(s, cbWidth) - pad.left - pad.right - bord.left - bord.right,
          );
    h = w / ratio;
  } else if (w === undefined && h === undefined) {
    w = iw ?? 150;
    h = s.aspectRatio !== 'auto' || ih === undefined ? (ratio ? w / ratio : 75) : ih;
  } else if (w === undefined) w = ratio ? h! * ratio : (iw ?? 150);
  else if (h === undefined) h = ratio ? w / ratio : (ih ?? 75);
  const maxW =
    cbWidth === undefined && typeof s.maxWidth !== 'number'
      ? undefined
      : maxSize(s.maxWidth, cbWidth);
  if (maxW !== undefined && w! > maxW - edgesW) {
    const nw = Math.max(0, maxW - edgesW);
    if (cssH === undefined && ratio) h = nw / ratio;
    w = nw;
  }
  const maxH = typeof s.maxHeight === 'number' ? pt(s.maxHeight) - edgesH : undefined;
  if (maxH !== undefined && h! > maxH) {
    if (cssW === undefined && ratio) w = maxH * ratio;
    h = maxH;
  }
  return { width: w!, height: h! };
}

/** Replaced content without a size of its own that takes its container's width. */
export function stretches(box: ImageBox): boolean {
  const s = box.style;
  return (
    box.image?.ratioOnly === true &&
    s.width === 'auto' &&
    s.height === 'auto' &&
    box.attrWidth === undefined &&
    box.attrHeight === undefined
  );
}

/** An <svg> in the HTML, whose text inherits the surrounding font (not an <img> of an SVG). */
function isInlineSvg(box: ImageBox): boolean {
  return box.el?.tag === 'svg' && box.el.svgMarkup !== undefined;
}

function layoutImage(
  box: ImageBox,
  x: number,
  y: number,
  hz: Horizontal,
  cbWidth: number,
  ctx: LayoutContext,
): Placed {
  const { pad, bord } = hz;
  const cw = hz.width - pad.left - pad.right - bord.left - bord.right;
  // The used width is settled (horizontal(), or forced by flex); the height follows it through
  // the aspect ratio unless the author gave one.
  const own = replacedSize(box, cbWidth);
  const ratio = replacedRatio(box);
  const explicitH =
    typeof box.style.height === 'number' ||
    (box.attrHeight !== undefined && box.style.width === 'auto');
  const content = { height: explicitH || !ratio ? own.height : cw / ratio };
  const ch = content.height;
  const height = ch + pad.top + pad.bottom + bord.top + bord.bottom;
  const cx = x + bord.left + pad.left;
  const cy = y + bord.top + pad.top;
  const items: DisplayItem[] = [];
  if (box.style.visibility === 'visible') {
    if (box.image) {
      const tag = box.slot !== undefined ? ctx.sb.tag(box.slot) : layoutTag();
      items.push(
        ...imageItems(
          box.image,
          box.style.objectFit,
          { x: cx, y: cy, width: cw, height: ch },
          tag,
          svgTextShaper(ctx, isInlineSvg(box) ? { style: box.style, lang: box.lang } : undefined),
        ),
      );
    } else {
      // Failed image: a light frame with the alternative text, both artifacts (the Figure's
      // Alt already says what it shows).
      const grey = { r: 0.6, g: 0.6, b: 0.6, a: 1 };
      const side = { width: 0.75, style: 'solid', color: grey };
      items.push(
        ...borderItems(
          { x: cx, y: cy, width: cw, height: ch },
          { top: side, right: side, bottom: side, left: side },
          { tl: [0, 0], tr: [0, 0], br: [0, 0], bl: [0, 0] },
        ),
      );
      if (box.alt) {
        const t = textLine(
          box.alt,
          { ...textStyle(box.style, box.lang), color: { r: 0.35, g: 0.35, b: 0.35, a: 1 } },
          cx + 3,
          cy + 3,
          Math.max(1, cw - 6),
          'left',
          layoutTag(),
          ctx,
        );
        if (t.height <= ch) items.push(...t.items);
      }
    }
  }
  // A replaced element's content is clipped to its rounded padding box (CSS Backgrounds 3 §5.3).
  const rounded = radii(box.style, hz.width, height);
  const clipped: DisplayItem[] =
    items.length > 0 && hasRadius(rounded)
      ? [
          {
            kind: 'group',
            clip: rectPath(
              {
                x: x + bord.left,
                y: y + bord.top,
                width: Math.max(0, hz.width - bord.left - bord.right),
                height: Math.max(0, height - bord.top - bord.bottom),
              },
              insetRadii(rounded, bord.top, bord.right, bord.bottom, bord.left),
            ),
            items,
          },
        ]
      : items;
  const frag = boxFragment(
    box,
    { x, width: hz.width, top: y, height },
    [{ kind: 'leaf', top: y, bottom: y + height, items: clipped }],
    ctx,
  );
  return {
    frag,
    height,
    width: hz.width,
    marginBottom: addMargin(NO_MARGIN, margin(box.style, 0).bottom),
  };
}

// ---------------------------------------------------------------------------------------------
// Block layout

/**
 * Lays out a block-level box whose border box starts at (x, y) within a containing block of
 * width `cbWidth` (x is the containing block's content left edge).
 */
export function layoutBlockLevel(
  box: Box,
  cbX: number,
  y: number,
  cbWidth: number,
  ctx: LayoutContext,
  abs: AbsCollector,
  opts: LayoutOptions = {},
): Placed & { marginLeft: number } {
  ctx.deadline?.check('layout');
  ctx = verticalPageFlow(box, ctx) ?? ctx;
  const orthogonal = isOrthogonalRoot(box, ctx);
  const float = isFloat(box);
  // An orthogonal flow's auto width is the depth of its lines (its intrinsic widths).
  const shrink = float || isOutOfFlow(box) || opts.shrink === true || orthogonal;
  let hz = horizontal(box, cbWidth, shrink, ctx);
  // A float's auto margins are 0; where it goes is the float context's business.
  if (opts.forcedWidth !== undefined || float)
    hz = {
      ...hz,
      ...(opts.forcedWidth !== undefined ? { width: opts.forcedWidth } : {}),
      marginLeft: margin(box.style, cbWidth).left,
    };
  const x = cbX + hz.marginLeft;
  let placed: Placed;
  if (orthogonal) placed = layoutOrthogonal(box, x, y, hz, cbWidth, ctx, opts);
  else
    switch (box.kind) {
      case 'image':
        placed = layoutImage(box, x, y, hz, cbWidth, ctx);
        break;
      case 'table':
        placed = layoutTable(box, x, y, hz.width, cbWidth, ctx);
        break;
      case 'flex':
        placed = layoutFlex(box, x, y, hz.width, ctx, abs, opts);
        break;
      case 'grid':
        placed = layoutGrid(box, x, y, hz.width, ctx, abs, opts);
        break;
      default:
        placed = isMulticol(box.style)
          ? layoutMulticol(box, x, y, hz.width, ctx, abs, opts)
          : layoutBlock(box, x, y, hz, ctx, abs, opts);
    }
  if (ctx.containers && box.el && isSizeContainer(box.style))
    recordContainer(
      ctx.containers,
      box.el.nodeId,
      placed,
      box.kind === 'table'
        ? { horizontal: 0, vertical: 0 }
        : {
            horizontal: hz.pad.left + hz.pad.right + hz.bord.left + hz.bord.right,
            vertical: hz.pad.top + hz.pad.bottom + hz.bord.top + hz.bord.bottom,
          },
    );
  let frag = placed.frag;
  if (box.style.position === 'relative') {
    const dx = lenAuto(box.style.left, cbWidth) ?? -(lenAuto(box.style.right, cbWidth) ?? 0);
    const dy = lenAuto(box.style.top, undefined) ?? -(lenAuto(box.style.bottom, undefined) ?? 0);
    frag = shiftFragment(frag, dx, dy);
  }
  // Field by field rather than a spread copy: this runs once per block-level box.
  return {
    frag,
    height: placed.height,
    width: placed.width,
    marginBottom: placed.marginBottom,
    marginLeft: hz.marginLeft,
  };
}

function layoutBlock(
  box: BlockBox,
  x: number,
  y: number,
  hz: Horizontal,
  ctx: LayoutContext,
  outerAbs: AbsCollector,
  opts: LayoutOptions,
): Placed {
  const s = box.style;
  const { pad, bord } = hz;
  const contentX = x + bord.left + pad.left;
  const contentY = y + bord.top + pad.top;
  const contentW = Math.max(0, hz.width - bord.left - bord.right - pad.left - pad.right);
  const root = isFcRoot(box, opts);
  const specifiedH =
    opts.forcedHeight === undefined && !opts.heightFromContent
      ? size(s.height, opts.cbHeight)
      : undefined;
  const heightAuto = specifiedH === undefined && opts.forcedHeight === undefined;
  // An auto height follows aspect-ratio (definite, so children's percentages resolve against
  // it), and still grows to hold the content (min-height: auto).
  const fromRatio = heightAuto ? ratioHeight(s, hz.width, pad, bord) : undefined;
  const ownAbs: AbsCollector = isPositioned(s) ? [] : outerAbs;
  const floats = root || !opts.floats ? new FloatContext() : opts.floats;

  let children: Fragment[];
  let contentH: number;
  let out: MarginSet = addMargin(NO_MARGIN, margin(s, hz.width).bottom);
  let lines = false;
  const own = box.el?.firstLineStyle;
  const firstLine: FirstLine | undefined = own ? { owner: s, style: own } : opts.firstLine;
  const clamp = lineClampOf(box, ctx) ?? opts.clamp;
  const legend = box.inline ? undefined : renderedLegend(box);
  let legendPlaced: LegendPlacement | undefined;
  if (legend) {
    legendPlaced = placeLegend(legend, contentX, contentW, y, ctx, ownAbs);
    // The content starts below the legend (or the border, when that is taller).
    const down = Math.max(0, legendPlaced.outerHeight - bord.top);
    const r = layoutChildren(
      box.children.filter((k) => k !== legend),
      contentX,
      contentY + down,
      contentW,
      ctx,
      ownAbs,
      false,
      specifiedH,
      floats,
      opts.pageFlow === true,
    );
    children = [legendPlaced.frag, ...r.frags];
    contentH = r.y + marginValue(r.pending) - contentY;
  } else if (box.inline) {
    const r = layoutInline(
      box,
      contentX,
      contentY,
      contentW,
      ctx,
      floats,
      ownAbs,
      firstLine,
      clamp,
    );
    children = r.children;
    contentH = r.height;
    lines = r.lines.length > 0;
  } else {
    const collapseTop = !root && bord.top === 0 && pad.top === 0;
    const collapseBottom = !root && bord.bottom === 0 && pad.bottom === 0 && heightAuto;
    const r = layoutChildren(
      box.children,
      contentX,
      contentY,
      contentW,
      ctx,
      ownAbs,
      collapseTop,
      specifiedH ?? fromRatio,
      floats,
      // What a clamp hides is not laid out, so the paginator may not lay it out either.
      opts.pageFlow === true && !clamp,
      firstLine,
      clamp,
    );
    children = r.frags;
    if (collapseBottom) {
      contentH = r.y - contentY;
      out = addMargin(addMargin(out, r.pending.pos), r.pending.neg);
    } else contentH = r.y + marginValue(r.pending) - contentY;
  }
  // A formatting-context root holds its floats (CSS 2.1 §10.6.7).
  if (root && floats.size > 0) contentH = Math.max(contentH, floats.bottom() - contentY);
  if (box.marker) attachMarker(box, children, contentX, contentY, contentW, ctx);

  let innerH =
    specifiedH !== undefined
      ? s.boxSizing === 'border-box'
        ? specifiedH - bord.top - bord.bottom - pad.top - pad.bottom
        : specifiedH
      : Math.max(blockContained(s) ? 0 : contentH, fromRatio ?? 0);
  const conv = (v: number | undefined): number | undefined =>
    v === undefined
      ? undefined
      : s.boxSizing === 'border-box'
        ? v - bord.top - bord.bottom - pad.top - pad.bottom
        : v;
  const minH = conv(size(s.minHeight, opts.cbHeight));
  const maxH = conv(maxSize(s.maxHeight, opts.cbHeight));
  if (maxH !== undefined) innerH = Math.min(innerH, maxH);
  if (minH !== undefined) innerH = Math.max(innerH, minH);
  innerH = Math.max(0, innerH);
  let height = innerH + bord.top + bord.bottom + pad.top + pad.bottom;
  if (opts.forcedHeight !== undefined) height = opts.forcedHeight;

  if (isPositioned(s) && ownAbs.length > 0)
    children = [...children, ...positionedIn(ownAbs, { x, y, width: hz.width, height }, s, ctx)];
  // A heading stays with what follows it (UA break-after: avoid).
  const heading = box.el !== undefined && HEADING_TAGS.has(box.el.tag);
  const extra: { -readonly [K in keyof BoxFragment]?: BoxFragment[K] } = {};
  if (lines) extra.lines = { orphans: s.orphans, widows: s.widows };
  if (heading) extra.keepWithNext = true;
  extra.flowKey = box.id;
  const frag = boxFragment(box, { x, width: hz.width, top: y, height }, children, ctx, extra);
  const decorated =
    legendPlaced && frag.decorate
      ? { ...frag, decorate: legendDecoration(s, x, hz.width, ctx, legendPlaced, y) }
      : frag;
  return { frag: decorated, height, width: hz.width, marginBottom: out };
}

// ---------------------------------------------------------------------------------------------
// Fieldset legends

/**
 * A fieldset's rendered legend (HTML §15.3.13): its first child that is a legend, neither
 * floated nor absolutely positioned.
 */
function renderedLegend(box: BlockBox): Box | undefined {
  if (box.el?.tag !== 'fieldset' || box.el.namespace !== 'html') return undefined;
  const first = box.children.find((k) => !(k.kind === 'block' && k.el === undefined && isEmpty(k)));
  if (!first || first.el?.tag !== 'legend' || first.el.namespace !== 'html') return undefined;
  return isFloat(first) || isOutOfFlow(first) ? undefined : first;
}

function isEmpty(b: Box): boolean {
  return b.kind === 'block' && b.children.length === 0 && !b.inline;
}

interface LegendPlacement {
  readonly frag: Fragment;
  /** The legend's border box in flow coordinates. */
  readonly x: number;
  readonly width: number;
  readonly top: number;
  readonly bottom: number;
  /** Height of its margin box: the fieldset's content starts below it. */
  readonly outerHeight: number;
}

/**
 * The legend shrinks to fit, at the start of the fieldset's content box (or where its `align`
 * attribute or auto margins put it), its margin box starting at the fieldset's top edge.
 */
function placeLegend(
  legend: Box,
  contentX: number,
  contentW: number,
  top: number,
  ctx: LayoutContext,
  abs: AbsCollector,
): LegendPlacement {
  const m = margin(legend.style, contentW);
  const y = top + Math.max(0, m.top);
  let placed = layoutBlockLevel(legend, contentX, y, contentW, ctx, abs, {
    root: true,
    shrink: true,
  });
  const align = legend.el?.attrs.get('align')?.toLowerCase();
  const start = contentX + placed.marginLeft;
  const want =
    align === 'center'
      ? contentX + (contentW - placed.width) / 2
      : align === 'right'
        ? contentX + contentW - placed.width - Math.max(0, m.right)
        : align === 'left'
          ? contentX + Math.max(0, m.left)
          : start;
  if (want !== start) placed = { ...placed, frag: shiftFragment(placed.frag, want - start, 0) };
  const outerHeight = Math.max(0, m.top) + placed.height + Math.max(0, m.bottom);
  return {
    frag: placed.frag,
    x: want,
    width: placed.width,
    top: y,
    bottom: y + placed.height,
    outerHeight,
  };
}

/**
 * The fieldset's background and border start at the middle of the legend (when the legend is
 * taller than the top border), and the top border is not drawn behind the legend.
 */
function legendDecoration(
  s: ComputedStyle,
  x: number,
  width: number,
  ctx: LayoutContext,
  legend: LegendPlacement,
  top: number,
): (slice: BoxSlice) => DisplayItem[] {
  const down = Math.max(0, (legend.outerHeight - s.borderTopWidth) / 2);
  return (given) => {
    const slice =
      given.continuedAbove || given.flowTop > top + 0.01
        ? given
        : { ...given, top: given.top + down, flowTop: given.flowTop + down };
    // Apart: the border lines are clipped around the legend, the background is not.
    const items = decorateBox(s, x, width, slice, ctx, 'background');
    const borders = decorateBox(s, x, width, slice, ctx, 'borders');
    if (slice === given || borders.length === 0) return [...items, ...borders];
    const left = legend.x;
    const right = legend.x + legend.width;
    const y0 = slice.top - 1;
    const y1 = slice.bottom + 1;
    const below = legend.bottom + slice.shift;
    const huge = 1e6;
    const clip = [
      ...rectPath({ x: -huge, y: y0, width: left + huge, height: y1 - y0 }),
      ...rectPath({ x: right, y: y0, width: huge, height: y1 - y0 }),
      ...rectPath({ x: left, y: below, width: right - left, height: Math.max(0, y1 - below) }),
    ];
    return [...items, { kind: 'group', clip, items: borders }];
  };
}

/**
 * A block container laid out at an auto height, given border-box height `height` instead (a
 * stretched grid or flex item) without laying it out again: an auto-height block's content
 * does not depend on the height its parent imposes, only its own box does. Undefined where the
 * content might: a multi-column container fills its height, a positioned box places its
 * absolutely positioned descendants against it, and an aspect-ratio gives the children of an
 * auto height a definite one. Undefined too for a fieldset with a legend, whose border is
 * drawn around the legend. `placed` comes from layoutBlockLevel at x = `x`.
 */
export function blockAtHeight(
  box: Box,
  placed: Placed,
  x: number,
  height: number,
  ctx: LayoutContext,
): Placed | undefined {
  const f = placed.frag;
  if (box.kind !== 'block' || f.kind !== 'box' || isMulticol(box.style)) return undefined;
  // Rotated content is placed by the box's height (sideways-lr lines start at the bottom).
  if (isOrthogonalRoot(box, ctx)) return undefined;
  if (isPositioned(box.style) || box.style.height !== 'auto') return undefined;
  if (box.style.aspectRatio !== 'auto' || renderedLegend(box) !== undefined) return undefined;
  const g = { x, width: placed.width, top: f.top, height };
  const frag = boxFragment(box, g, f.children, ctx, {
    ...(f.lines ? { lines: f.lines } : {}),
    ...(f.keepWithNext ? { keepWithNext: true } : {}),
    ...(f.flowKey !== undefined ? { flowKey: f.flowKey } : {}),
  });
  return { ...placed, frag, height };
}

/** Block children with margin collapsing; out-of-flow boxes are set aside, floats placed. */
function layoutChildren(
  kids: readonly Box[],
  x: number,
  y0: number,
  width: number,
  ctx: LayoutContext,
  abs: AbsCollector,
  collapseTop: boolean,
  cbHeight: number | undefined,
  floats: FloatContext,
  pageFlow: boolean,
  firstLine?: FirstLine,
  clamp?: LineClamp,
): { frags: Fragment[]; y: number; pending: MarginSet } {
  const frags: Fragment[] = [];
  let y = y0;
  let pending = NO_MARGIN;
  let first = true;
  const opts: LayoutOptions = {
    ...(cbHeight !== undefined ? { cbHeight } : {}),
    floats,
    ...(pageFlow ? { pageFlow } : {}),
  };
  const cut = pageFlow ? ctx.flowCut : undefined;
  let before: Box | undefined;
  for (const k of kids) {
    if (cut?.reached) break;
    // Past the clamp point nothing is laid out (floats and positioned boxes included).
    if (clamp && clamp.remaining <= 0) break;
    if (cut && !cut.armed && k.id === cut.from) cut.armed = true;
    if (isOutOfFlow(k)) {
      if (k.style.position === 'fixed') layoutFixed(k, ctx);
      else abs.push({ box: k, staticX: x, staticY: y + marginValue(pending) });
      continue;
    }
    if (isFloat(k)) {
      // Its top: where the next in-flow box's margin would start (the margins so far).
      frags.push(layoutFloat(k, x, width, y + marginValue(pending), floats, ctx, abs));
      continue;
    }
    const mt = collapsedTop(k, width, ctx);
    if (first && collapseTop && !clearsFloatBefore(kids, k)) pending = NO_MARGIN;
    else pending = addMargin(addMargin(pending, mt.pos), mt.neg);
    let top = y + marginValue(pending);
    // Clearance (CSS 2.1 §9.5.2): the border edge goes below the floats it clears, unless its
    // hypothetical position is lower already.
    const clearTo = floats.clearance(k.style.clear);
    const cleared = clearTo > top;
    if (cleared) top = clearTo;
    // The first formatted line of the parent is in its first in-flow block child.
    let kidOpts = first && firstLine && k.kind === 'block' ? { ...opts, firstLine } : opts;
    // Lines are counted in the clamp container's own formatting context only.
    if (clamp && !isFcRoot(k, {})) kidOpts = { ...kidOpts, clamp };
    const r =
      // An orthogonal flow is a formatting context of its own too (CSS Writing Modes 3 §7).
      floats.size > 0 && (isFcRoot(k, {}) || isOrthogonalRoot(k, ctx))
        ? layoutBesideFloats(k, x, top, width, ctx, abs, kidOpts, floats)
        : pageFlow && ctx.reuse && floats.size === 0 && kidOpts === opts
          ? ctx.reuse.layOut(
              k,
              { x, top, width, cbHeight },
              // A box the layout stopped inside (a cut) is partial: never taken again.
              () =>
                abs.length +
                ctx.fixed.length +
                ctx.warnings.length +
                floats.size +
                (cut?.reached ? 1 : 0),
              () => placedAt(layoutBlockLevel(k, x, top, width, ctx, abs, kidOpts), top),
            )
          : placedAt(layoutBlockLevel(k, x, top, width, ctx, abs, kidOpts), top);
    if (cut && !cut.armed && cut.within?.has(k.id)) cut.armed = true;
    else if (cut?.armed && before && cut.at(before, k)) cut.reached = true;
    before = k;
    // The box's own collapsed top margin, which a forced page break before it keeps.
    const own = marginValue(mt);
    frags.push(
      own > 0 && !cleared && r.frag.kind === 'box' ? { ...r.frag, marginTop: own } : r.frag,
    );
    if (
      r.height === 0 &&
      k.kind === 'block' &&
      !hasLines(r.frag) &&
      !(first && collapseTop) &&
      !cleared
    ) {
      // An empty block: its margins collapse through it.
      pending = addMargin(addMargin(pending, r.marginBottom.pos), r.marginBottom.neg);
    } else {
      y = r.top + r.height;
      pending = r.marginBottom;
    }
    first = false;
  }
  return { frags, y, pending };
}

/**
 * A formatting-context root in the flow (flow-root, overflow other than visible, a table, a
 * flex container, a replaced element) next to floats: its border box may not overlap them
 * (CSS 2.1 §9.5). It narrows to the room beside them (its own margins may reach under the
 * floats), or moves down past them until it fits.
 */
function layoutBesideFloats(
  box: Box,
  x: number,
  top: number,
  width: number,
  ctx: LayoutContext,
  abs: AbsCollector,
  opts: LayoutOptions,
  floats: FloatContext,
): Placed & { marginLeft: number; top: number } {
  const m = margin(box.style, width);
  let y = top;
  let height = 0;
  let last: (Placed & { marginLeft: number }) | undefined;
  // Bounded: each round either settles, narrows to one more float, or moves below one.
  for (let round = 0; round < 2 * floats.size + 4; round++) {
    const band = floats.band(y, y + height, x, x + width);
    const left = Math.max(x, band.left - m.left);
    const right = Math.min(x + width, band.right + m.right);
    const local: AbsCollector = [];
    const r = layoutBlockLevel(box, left, y, Math.max(0, right - left), ctx, local, opts);
    last = r;
    const boxLeft = left + r.marginLeft;
    const fits = boxLeft + r.width <= band.right + 0.01 || !band.narrowed;
    const after = floats.band(y, y + Math.max(r.height, 0.01), x, x + width);
    const clear =
      after.left <= Math.max(boxLeft, band.left) + 0.01 &&
      after.right >= Math.min(boxLeft + r.width, band.right) - 0.01;
    if (fits && clear) {
      abs.push(...local);
      return { ...r, top: y };
    }
    if (fits && r.height > height + 0.01) {
      // Taller than the band it was laid out in: try the band of its full height.
      height = r.height;
      continue;
    }
    const next = floats.nextEdge(y, Math.max(height, r.height, 0.01), x, x + width);
    if (next === undefined) {
      abs.push(...local);
      return { ...r, top: y };
    }
    y = next;
    height = 0;
  }
  const r = last ?? layoutBlockLevel(box, x, y, width, ctx, abs, opts);
  return { ...r, top: y };
}

/** A float laid out at the origin, waiting for its place. */
export interface MeasuredFloat {
  readonly box: Box;
  readonly side: 'left' | 'right';
  /** Margin box. */
  readonly outerWidth: number;
  readonly outerHeight: number;
  /** Laid out with its border box at (margin-left, 0). */
  readonly frag: Fragment;
  readonly marginTop: number;
  /** Absolutely positioned boxes inside it, in the same coordinates as `frag`. */
  readonly abs: AbsCollector;
  /** Its float area for line boxes (shape-outside), from its margin box's top-left corner. */
  readonly shape?: FloatShape;
}

/** A float's box laid out shrink-to-fit as a formatting-context root (CSS 2.1 §10.3.5). */
export function measureFloat(box: Box, cbWidth: number, ctx: LayoutContext): MeasuredFloat {
  const local: AbsCollector = [];
  const r = layoutBlockLevel(box, 0, 0, cbWidth, ctx, local, { root: true });
  const m = margin(box.style, cbWidth);
  const shape =
    box.style.shapeOutside === 'none'
      ? undefined
      : floatShapeOf(box.style, r.width, r.height, cbWidth, ctx);
  return {
    box,
    side: box.style.float === 'right' ? 'right' : 'left',
    outerWidth: Math.max(0, r.width + m.left + m.right),
    outerHeight: Math.max(0, r.height + m.top + m.bottom),
    frag: r.frag,
    marginTop: m.top,
    abs: local,
    ...(shape ? { shape } : {}),
  };
}

/**
 * Places a measured float (CSS 2.1 §9.5.1) no higher than `minTop`; its fragment is marked as
 * a float standing at `anchor` in the flow.
 */
export function placeFloat(
  f: MeasuredFloat,
  cbX: number,
  cbWidth: number,
  minTop: number,
  floats: FloatContext,
  abs: AbsCollector,
  anchor = minTop,
): BoxFragment {
  const area = floats.place(
    f.side,
    f.outerWidth,
    f.outerHeight,
    minTop,
    cbX,
    cbX + cbWidth,
    f.shape,
  );
  const dx = area.left;
  const dy = area.top + f.marginTop;
  for (const e of f.abs) abs.push({ ...e, staticX: e.staticX + dx, staticY: e.staticY + dy });
  const moved = shiftFragment(f.frag, dx, dy);
  const frag: BoxFragment =
    moved.kind === 'box'
      ? moved
      : { kind: 'box', top: moved.top, bottom: moved.bottom, children: [moved] };
  return { ...frag, float: { anchor: Math.min(anchor, frag.top) } };
}

/** A float among block-level boxes: laid out, then placed no higher than `minTop`. */
function layoutFloat(
  box: Box,
  cbX: number,
  cbWidth: number,
  minTop: number,
  floats: FloatContext,
  ctx: LayoutContext,
  abs: AbsCollector,
): BoxFragment {
  return placeFloat(measureFloat(box, cbWidth, ctx), cbX, cbWidth, minTop, floats, abs);
}

function hasLines(f: Fragment): boolean {
  return f.kind === 'box'
    ? !f.float &&
        f.children.length > 0 &&
        f.children.some((c) => (c.kind === 'leaf' ? !c.outOfFlow : hasLines(c)))
    : true;
}

/** Outside list marker: placed before the first line's start, on its baseline. */
function attachMarker(
  box: BlockBox,
  children: Fragment[],
  contentX: number,
  contentY: number,
  contentW: number,
  ctx: LayoutContext,
): void {
  const m = box.marker!;
  if (m.image) {
    attachImageMarker(box, children, contentX, contentY, contentW, ctx);
    return;
  }
  const text = m.text.replace(/\s+$/, '');
  if (text === '') return;
  const style = textStyle(m.style, box.lang);
  const tag = m.slot !== undefined ? ctx.sb.tag(m.slot) : layoutTag();
  const probe = textLine(text, style, 0, 0, 10_000, 'left', tag, ctx);
  const first = findFirstLine(children);
  // A text marker casts the text-shadow it inherits, under its glyphs; the disc, circle and
  // square bullets are shapes in browsers, and cast none.
  const kind = box.style.listStyleType;
  const bullet = kind === 'disc' || kind === 'circle' || kind === 'square';
  // The marker ends where the content starts, less its own trailing space ("1. "): as wide as
  // that space in its font, as browsers set it; bullets keep half an em.
  const spaced = !bullet && /\s$/.test(m.text);
  const gap = spaced
    ? textLine(`${text}\u00a0`, style, 0, 0, 10_000, 'left', tag, ctx).width - probe.width
    : style.size * 0.5;
  const rtl = box.style.direction === 'rtl';
  const mx = rtl ? contentX + contentW + gap : contentX - gap - probe.width;
  const shadowed = (it: DisplayItem): DisplayItem[] =>
    it.kind === 'glyphs' && m.style.textShadow.length > 0 && !bullet
      ? [
          ...textShadowItems(
            m.style.textShadow,
            it,
            [],
            shadowBudget(ctx, (code, message) => warnOnce(ctx, code, message)),
          ),
          it,
        ]
      : [it];
  if (first) {
    const line = textLine(text, style, mx, 0, probe.width + 1, 'left', tag, ctx);
    const dy = first.baseline - line.baseline;
    for (const it of line.items)
      first.items.unshift(...shadowed(it.kind === 'glyphs' ? { ...it, y: it.y + dy } : it));
  } else {
    const line = textLine(text, style, mx, contentY, probe.width + 1, 'left', tag, ctx);
    children.unshift({
      kind: 'leaf',
      top: contentY,
      bottom: contentY + line.height,
      items: line.items.flatMap(shadowed),
    });
  }
}

/**
 * An outside marker image (list-style-image): at its intrinsic size, its bottom on the first
 * line's baseline and its end half an em before the content, as a bullet glyph would sit.
 */
function attachImageMarker(
  box: BlockBox,
  children: Fragment[],
  contentX: number,
  contentY: number,
  contentW: number,
  ctx: LayoutContext,
): void {
  const m = box.marker!;
  const image = m.image!;
  const fontSize = pt(m.style.fontSize);
  const width = pt(image.intrinsicWidth);
  const height = pt(image.intrinsicHeight);
  const gap = fontSize * 0.5;
  const rtl = box.style.direction === 'rtl';
  const x = rtl ? contentX + contentW + gap : contentX - gap - width;
  const first = findFirstLine(children);
  const baseline = first ? first.baseline : contentY + fontSize;
  const tag = m.slot !== undefined ? ctx.sb.tag(m.slot) : layoutTag();
  const area = { x, y: baseline - height, width, height };
  const items = imageItems(image, 'fill', area, tag, svgTextShaper(ctx));
  if (first) first.items.unshift(...items);
  else children.unshift({ kind: 'leaf', top: contentY, bottom: baseline, items });
}

function findFirstLine(frags: readonly Fragment[]): LineLeaf | undefined {
  for (const f of frags) {
    if (f.kind === 'leaf') {
      if ('baseline' in f) return f as LineLeaf;
      continue;
    }
    if (f.float) continue;
    const inner = findFirstLine(f.children);
    if (inner) return inner;
    if (f.children.length > 0) return undefined;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Positioned boxes

function layoutPositioned(
  box: Box,
  cb: { x: number; y: number; width: number; height: number },
  staticX: number,
  staticY: number,
  ctx: LayoutContext,
): Fragment {
  const s = box.style;
  const left = lenAuto(s.left, cb.width);
  const right = lenAuto(s.right, cb.width);
  const top = lenAuto(s.top, cb.height);
  const bottom = lenAuto(s.bottom, cb.height);
  const m = margin(s, cb.width);
  let forcedWidth: number | undefined;
  if (size(s.width, cb.width) === undefined && left !== undefined && right !== undefined) {
    forcedWidth = Math.max(0, cb.width - left - right - m.left - m.right);
  }
  // Likewise top and bottom with an auto height stretch the box between them (CSS 2.1 §10.6.4).
  let forcedHeight: number | undefined;
  if (size(s.height, cb.height) === undefined && top !== undefined && bottom !== undefined) {
    forcedHeight = Math.max(0, cb.height - top - bottom - m.top - m.bottom);
  }
  const inner: AbsCollector = [];
  const probe = layoutBlockLevel(box, 0, 0, cb.width, ctx, inner, {
    root: true,
    cbHeight: cb.height,
    ...(forcedWidth !== undefined ? { forcedWidth } : {}),
    ...(forcedHeight !== undefined ? { forcedHeight } : {}),
  });
  const w = probe.width;
  const h = probe.height;
  const x =
    left !== undefined
      ? cb.x + left + m.left
      : right !== undefined
        ? cb.x + cb.width - right - m.right - w
        : staticX + m.left;
  const y =
    top !== undefined
      ? cb.y + top + m.top
      : bottom !== undefined
        ? cb.y + cb.height - bottom - m.bottom - h
        : staticY + m.top;
  // Laid out at the origin, then moved: the fragment is atomic anyway.
  const frag = shiftFragment(probe.frag, x - probe.marginLeft, y);
  return frag;
}

/**
 * The absolutely positioned boxes whose containing block is the padding box of a positioned
 * box with border box `g`, laid out as out-of-flow leaves.
 */
export function positionedIn(
  entries: AbsCollector,
  g: { x: number; y: number; width: number; height: number },
  s: ComputedStyle,
  ctx: LayoutContext,
): LeafFragment[] {
  const b = border(s);
  const cb = {
    x: g.x + b.left,
    y: g.y + b.top,
    width: g.width - b.left - b.right,
    height: g.height - b.top - b.bottom,
  };
  return layoutAbsolute(entries, cb, ctx);
}

export function layoutAbsolute(
  entries: AbsCollector,
  cb: { x: number; y: number; width: number; height: number },
  ctx: LayoutContext,
): LeafFragment[] {
  return entries.map((e) => {
    const f = layoutPositioned(e.box, cb, e.staticX, e.staticY, ctx);
    return { ...leafOf(f), outOfFlow: true };
  });
}

/**
 * Boxes positioned against the initial containing block: in paged media, the page area of the
 * page where the box's placeholder lands. One placed by `top` or `bottom` is laid out in
 * page-area coordinates and goes on that page; one at its static position stays in the flow.
 */
function layoutAgainstPage(entries: AbsCollector, ctx: LayoutContext): LeafFragment[] {
  const area = { x: ctx.page.x, y: 0, width: ctx.page.width, height: ctx.page.height };
  return entries.map((e) => {
    const s = e.box.style;
    if (s.top === 'auto' && s.bottom === 'auto') {
      const f = layoutPositioned(e.box, area, e.staticX, e.staticY, ctx);
      return { ...leafOf(f), outOfFlow: true };
    }
    const f = layoutPositioned(e.box, area, e.staticX, 0, ctx);
    return { ...leafOf(f), outOfFlow: true, pageArea: { anchor: e.staticY } };
  });
}

/** position: fixed boxes are laid out against the page area and drawn on every page. */
export function layoutFixed(box: Box, ctx: LayoutContext): void {
  const f = layoutPositioned(box, ctx.page, ctx.page.x, ctx.page.y, ctx);
  const z = typeof box.style.zIndex === 'number' ? box.style.zIndex : 0;
  ctx.fixed.push({ items: flatten(f), z });
}

/** The document: the root box laid out at the top of the flow; returns one fragment. */
/** Lays out the document; `paged`: its flow goes to the paginator to be cut into pages. */
export function layoutDocument(
  root: BlockBox,
  ctx: LayoutContext,
  paged = false,
): { frag: Fragment; height: number } {
  const abs: AbsCollector = [];
  const r = layoutBlockLevel(root, ctx.page.x, 0, ctx.page.width, ctx, abs, {
    root: true,
    ...(paged ? { pageFlow: true } : {}),
  });
  let frag = r.frag;
  if (abs.length > 0 && frag.kind === 'box') {
    const leaves = layoutAgainstPage(abs, ctx);
    frag = { ...frag, children: [...frag.children, ...leaves] } as BoxFragment;
  }
  return { frag, height: r.height + marginValue(r.marginBottom) };
}

/**
 * An atomic inline (inline-block, inline-table, inline-flex, image): laid out at the origin,
 * shrink-to-fit within `available`, with its margin box size and baseline.
 */
export function layoutAtomic(
  box: Box,
  available: number,
  ctx: LayoutContext,
): {
  frag: Fragment;
  outerWidth: number;
  outerHeight: number;
  baseline: number;
  marginLeft: number;
  marginTop: number;
} {
  const m = margin(box.style, available);
  const abs: AbsCollector = [];
  const r = layoutBlockLevel(box, 0, 0, available, ctx, abs, { root: true });
  // Shrink-to-fit: horizontal() used the available width for auto-width blocks; redo narrower.
  let placed = r;
  if (
    (box.kind === 'block' || box.kind === 'flex' || box.kind === 'grid') &&
    size(box.style.width, available) === undefined
  ) {
    const i = intrinsicOuter(box, ctx);
    const w = Math.min(Math.max(i.min, 0), available);
    const fit = Math.max(w, Math.min(i.max, available)) - m.left - m.right;
    placed = layoutBlockLevel(box, 0, 0, available, ctx, abs, {
      root: true,
      forcedWidth: Math.max(0, fit),
    });
  }
  const frag = shiftFragment(placed.frag, -placed.marginLeft, 0);
  // A scroll container's baseline is its bottom margin edge (CSS 2.1 §10.8.1), as browsers
  // place a clipped inline-block: its text may be cut off, its box sits on the line.
  // Flex, grid and table boxes sit on their first line's baseline, block containers on their
  // last (CSS Align 3 §9.1).
  const lastBaseline =
    box.kind === 'image' || scrollsOverflow(box.style)
      ? undefined
      : box.kind === 'flex' || box.kind === 'grid' || box.kind === 'table'
        ? findBaseline(frag)
        : lastLineBaseline(frag);
  const outerHeight = placed.height + m.top + m.bottom;
  return {
    frag,
    outerWidth: placed.width + m.left + m.right,
    outerHeight,
    baseline:
      lastBaseline !== undefined
        ? lastBaseline + m.top
        : sitsOnBorderEdge(box)
          ? outerHeight - m.bottom
          : outerHeight,
    marginLeft: m.left,
    marginTop: m.top,
  };
}

/** Check boxes and radio buttons sit on the line by their border box, as browsers draw them. */
function sitsOnBorderEdge(box: Box): boolean {
  if (box.el?.tag !== 'input') return false;
  const type = inputType(box.el);
  return type === 'checkbox' || type === 'radio';
}

function scrollsOverflow(s: ComputedStyle): boolean {
  const scrolls = (o: ComputedStyle['overflowX']): boolean => o !== 'visible' && o !== 'clip';
  return scrolls(s.overflowX) || scrolls(s.overflowY);
}

function lastLineBaseline(f: Fragment): number | undefined {
  if (f.kind === 'leaf') return 'baseline' in f ? (f as LineLeaf).baseline : undefined;
  if (f.float) return undefined;
  for (let i = f.children.length - 1; i >= 0; i--) {
    const b = lastLineBaseline(f.children[i]);
    if (b !== undefined) return b;
  }
  return undefined;
}
