/**
 * The sixteen page-margin boxes (CSS Paged Media 3 §5) as real boxes: sized per §5.3 (the
 * corner boxes fill their corners; on each side the three boxes share the side by their
 * min-content and max-content sizes, the middle one centred), then laid out like any block
 * container — background, borders, padding, inline content aligned by text-align and placed
 * by vertical-align — and drawn as Pagination artifacts (Header above the body, Footer below).
 */
import type { ComputedStyle, PageMarginBoxName } from '../../style/index.js';
import type { DisplayItem, ItemTag } from '../../document/index.js';
import type { BlockBox, Box } from '../box-tree/boxes.js';
import type { LayoutContext } from '../context.js';
import { decorateBox, flatten } from '../context.js';
import { intrinsicOuter, layoutBlockLevel } from '../modes/block.js';
import { moveItem } from './decoration.js';
import { border, lenAuto, padding, size, type Edges } from '../units.js';

/** The page geometry margin boxes are placed in, points. */
export interface MarginArea {
  readonly width: number;
  readonly height: number;
  readonly marginTop: number;
  readonly marginRight: number;
  readonly marginBottom: number;
  readonly marginLeft: number;
}

/** One margin box of one page: its style and its content as a block container (null: none). */
export interface MarginBoxInput {
  readonly name: PageMarginBoxName;
  readonly style: ComputedStyle;
  readonly box: BlockBox | null;
}

interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Which side a box is on, its three-box group and its place in it. */
const SIDES: readonly {
  readonly side: 'top' | 'bottom' | 'left' | 'right';
  readonly names: readonly [PageMarginBoxName, PageMarginBoxName, PageMarginBoxName];
}[] = [
  { side: 'top', names: ['top-left', 'top-center', 'top-right'] },
  { side: 'bottom', names: ['bottom-left', 'bottom-center', 'bottom-right'] },
  { side: 'left', names: ['left-top', 'left-middle', 'left-bottom'] },
  { side: 'right', names: ['right-top', 'right-middle', 'right-bottom'] },
];

const CORNERS: readonly PageMarginBoxName[] = [
  'top-left-corner',
  'top-right-corner',
  'bottom-left-corner',
  'bottom-right-corner',
];

/** A box along the variable axis of its side: sizes of its margin box, points. */
interface Sizing {
  readonly generated: boolean;
  /** Content size when specified (width or height), else undefined (auto). */
  inner: number | undefined;
  /** Margins, padding and border along the axis. */
  readonly sugar: number;
  readonly min: number;
  readonly max: number;
}

const outerOf = (b: Sizing): number => b.sugar + (b.inner ?? 0);

function shrinkToFit(b: Sizing, available: number): number {
  return Math.min(Math.max(b.min, available), b.max);
}

/**
 * CSS Paged Media §5.3.2: the widths of the three boxes of a top or bottom side (heights of a
 * left or right side) within `total`. Mutates `inner` of each box.
 */
export function distribute(a: Sizing, b: Sizing, c: Sizing, total: number): void {
  const outerMin = (s: Sizing): number => s.sugar + (s.inner ?? s.min);
  const outerMax = (s: Sizing): number => s.sugar + (s.inner ?? s.max);
  if (b.generated) {
    if (b.inner === undefined) {
      const acMax = 2 * Math.max(outerMax(a), outerMax(c));
      if (total >= outerMax(b) + acMax) b.inner = b.max;
      else {
        const acMin = 2 * Math.max(outerMin(a), outerMin(c));
        b.inner = b.min;
        const free = total - outerOf(b) - acMin;
        const wAc = acMax - acMin;
        const wB = b.max - b.min;
        if (free > 0 && wAc + wB > 0) b.inner += (free * wB) / (wAc + wB);
      }
    }
    if (a.inner === undefined) a.inner = shrinkToFit(a, (total - outerOf(b)) / 2 - a.sugar);
    if (c.inner === undefined) c.inner = shrinkToFit(c, (total - outerOf(b)) / 2 - c.sugar);
    return;
  }
  b.inner = 0;
  if (a.inner === undefined && c.inner === undefined) {
    if (total >= outerMax(a) + outerMax(c)) {
      a.inner = a.max;
      c.inner = c.max;
    } else {
      a.inner = a.min;
      c.inner = c.min;
      const free = total - outerOf(a) - outerOf(c);
      const wA = a.max - a.min;
      const wC = c.max - c.min;
      if (free > 0 && wA + wC > 0) {
        a.inner += (free * wA) / (wA + wC);
        c.inner += (free * wC) / (wA + wC);
      }
    }
  } else if (a.inner === undefined) a.inner = shrinkToFit(a, total - outerOf(c) - a.sugar);
  else if (c.inner === undefined) c.inner = shrinkToFit(c, total - outerOf(a) - c.sugar);
}

/**
 * §5.3.1 for the fixed axis: the box fills `outer` (the page margin), auto margins taking what
 * the size leaves; over-constrained, the margin away from the page body gives way.
 */
function fixedAxis(
  specified: number | undefined,
  marginA: number | undefined,
  marginB: number | undefined,
  edges: number,
  outer: number,
  nearStart: boolean,
): { start: number; size: number } {
  let inner = specified;
  let ma = marginA;
  let mb = marginB;
  if (edges + (ma ?? 0) + (mb ?? 0) + (inner ?? 0) > outer) {
    ma ??= 0;
    mb ??= 0;
    inner ??= 0;
  }
  if (inner !== undefined && ma !== undefined && mb !== undefined) {
    if (nearStart) ma = undefined;
    else mb = undefined;
  }
  if (inner === undefined) {
    ma ??= 0;
    mb ??= 0;
    inner = outer - edges - ma - mb;
  } else if (ma === undefined && mb === undefined) {
    ma = mb = (outer - edges - inner) / 2;
  } else if (ma === undefined) ma = outer - edges - inner - (mb ?? 0);
  else if (mb === undefined) mb = outer - edges - inner - ma;
  return { start: ma ?? 0, size: Math.max(0, inner) + edges };
}

function edgesOf(s: ComputedStyle, basis: number): { pad: Edges; bord: Edges } {
  return { pad: padding(s, basis), bord: border(s) };
}

/** Content width of a box: its specified width or undefined (content-box sizing applied). */
function specifiedInner(
  v: ComputedStyle['width'],
  s: ComputedStyle,
  basis: number,
  edges: number,
): number | undefined {
  const w = size(v, basis);
  if (w === undefined) return undefined;
  return Math.max(0, s.boxSizing === 'border-box' ? w - edges : w);
}

/** Laid-out margin boxes of one page, as Pagination artifacts. */
export function layoutMarginBoxes(
  g: MarginArea,
  inputs: readonly MarginBoxInput[],
  ctx: LayoutContext,
): DisplayItem[] {
  const byName = new Map<string, MarginBoxInput>();
  for (const input of inputs) byName.set(input.name, input);
  const out: DisplayItem[] = [];
  const bodyW = g.width - g.marginLeft - g.marginRight;
  const bodyH = g.height - g.marginTop - g.marginBottom;

  for (const { side, names } of SIDES) {
    // Loops rather than callbacks: a callback made on every call loses its optimised code at
    // each full collection and is compiled again (this runs for every page).
    const group: (MarginBoxInput | undefined)[] = [];
    let anyBox = false;
    for (const n of names) {
      const input = byName.get(n);
      group.push(input);
      if (input?.box) anyBox = true;
    }
    if (!anyBox) continue;
    const horizontal = side === 'top' || side === 'bottom';
    const total = horizontal ? bodyW : bodyH;
    const fixed =
      side === 'top'
        ? g.marginTop
        : side === 'bottom'
          ? g.marginBottom
          : side === 'left'
            ? g.marginLeft
            : g.marginRight;
    const sizings: Sizing[] = [];
    for (const input of group) sizings.push(variableSizing(input, horizontal, fixed, total, ctx));
    distribute(sizings[0], sizings[1], sizings[2], total);
    for (let k = 0; k < group.length; k++) {
      const input = group[k];
      if (!input?.box) continue;
      const sz = sizings[k];
      const outer = outerOf(sz);
      const along = k === 0 ? 0 : k === 1 ? (total - outer) / 2 : total - outer;
      const s = input.style;
      const ma = lenAuto(horizontal ? s.marginLeft : s.marginTop, total) ?? 0;
      const start = (horizontal ? g.marginLeft : g.marginTop) + along + ma;
      const extent =
        outer - ma - (lenAuto(horizontal ? s.marginRight : s.marginBottom, total) ?? 0);
      const cross = crossAxis(input, horizontal, fixed, side === 'top' || side === 'left');
      const base =
        side === 'top' || side === 'left'
          ? 0
          : side === 'bottom'
            ? g.height - g.marginBottom
            : g.width - g.marginRight;
      const rect: Rect = horizontal
        ? { x: start, y: base + cross.start, width: extent, height: cross.size }
        : { x: base + cross.start, y: start, width: cross.size, height: extent };
      out.push(...drawBox(input, rect, ctx));
    }
  }

  for (const name of CORNERS) {
    const input = byName.get(name);
    if (!input?.box) continue;
    const s = input.style;
    const left = name.endsWith('left-corner');
    const top = name.startsWith('top');
    const w = left ? g.marginLeft : g.marginRight;
    const h = top ? g.marginTop : g.marginBottom;
    const { pad, bord } = edgesOf(s, w);
    const hx = fixedAxis(
      specifiedInner(s.width, s, w, pad.left + pad.right + bord.left + bord.right),
      lenAuto(s.marginLeft, w),
      lenAuto(s.marginRight, w),
      pad.left + pad.right + bord.left + bord.right,
      w,
      left,
    );
    const vy = fixedAxis(
      specifiedInner(s.height, s, h, pad.top + pad.bottom + bord.top + bord.bottom),
      lenAuto(s.marginTop, w),
      lenAuto(s.marginBottom, w),
      pad.top + pad.bottom + bord.top + bord.bottom,
      h,
      top,
    );
    const rect: Rect = {
      x: (left ? 0 : g.width - g.marginRight) + hx.start,
      y: (top ? 0 : g.height - g.marginBottom) + vy.start,
      width: hx.size,
      height: vy.size,
    };
    out.push(...drawBox(input, rect, ctx));
  }
  return out;
}

/** Sizes of one box of a side along that side (width on top/bottom, height on left/right). */
function variableSizing(
  input: MarginBoxInput | undefined,
  horizontal: boolean,
  fixed: number,
  total: number,
  ctx: LayoutContext,
): Sizing {
  if (!input?.box) return { generated: false, inner: 0, sugar: 0, min: 0, max: 0 };
  const s = input.style;
  const basis = horizontal ? total : fixed;
  const { pad, bord } = edgesOf(s, basis);
  const edges = horizontal
    ? pad.left + pad.right + bord.left + bord.right
    : pad.top + pad.bottom + bord.top + bord.bottom;
  const margins = horizontal
    ? (lenAuto(s.marginLeft, total) ?? 0) + (lenAuto(s.marginRight, total) ?? 0)
    : (lenAuto(s.marginTop, total) ?? 0) + (lenAuto(s.marginBottom, total) ?? 0);
  const inner = specifiedInner(horizontal ? s.width : s.height, s, total, edges);
  if (horizontal) {
    const i = intrinsicOuter(input.box, ctx);
    return {
      generated: true,
      inner,
      sugar: edges + margins,
      min: i.min - edges,
      max: i.max - edges,
    };
  }
  // A side box's preferred height is its content's height at the side's width.
  const width = Math.max(0, fixed - edges - margins);
  const h = naturalHeight(input.box, width, ctx) - (pad.top + pad.bottom + bord.top + bord.bottom);
  return { generated: true, inner, sugar: edges + margins, min: 0, max: Math.max(0, h) };
}

/** The fixed axis of a side box: height of a top/bottom box, width of a left/right one. */
function crossAxis(
  input: MarginBoxInput,
  horizontal: boolean,
  outer: number,
  nearStart: boolean,
): { start: number; size: number } {
  const s = input.style;
  const { pad, bord } = edgesOf(s, outer);
  if (horizontal) {
    const edges = pad.top + pad.bottom + bord.top + bord.bottom;
    return fixedAxis(
      specifiedInner(s.height, s, outer, edges),
      lenAuto(s.marginTop, outer),
      lenAuto(s.marginBottom, outer),
      edges,
      outer,
      nearStart,
    );
  }
  const edges = pad.left + pad.right + bord.left + bord.right;
  return fixedAxis(
    specifiedInner(s.width, s, outer, edges),
    lenAuto(s.marginLeft, outer),
    lenAuto(s.marginRight, outer),
    edges,
    outer,
    nearStart,
  );
}

/** The border-box height of `box` laid out at content width `width`. */
function naturalHeight(box: BlockBox, width: number, ctx: LayoutContext): number {
  const { pad, bord } = edgesOf(box.style, width);
  const r = layoutBlockLevel(box, 0, 0, width, ctx, [], {
    root: true,
    forcedWidth: width + pad.left + pad.right + bord.left + bord.right,
  });
  return r.height;
}

/** Decoration and content of one margin box in its border box `r`. */
function drawBox(input: MarginBoxInput, r: Rect, ctx: LayoutContext): DisplayItem[] {
  const box = input.box!;
  const s = input.style;
  const deco = decorateBox(
    s,
    r.x,
    r.width,
    {
      top: r.y,
      bottom: r.y + r.height,
      continuedAbove: false,
      continuedBelow: false,
      flowTop: r.y,
      flowBottom: r.y + r.height,
      shift: 0,
    },
    ctx,
  );
  // The content at the box's width, then moved inside it by vertical-align.
  const placed = layoutBlockLevel(box, r.x, r.y, r.width, ctx, [], {
    root: true,
    forcedWidth: r.width,
  });
  const content = placed.frag.kind === 'box' ? placed.frag.children.flatMap(flatten) : [];
  const free = r.height - placed.height;
  const va = s.verticalAlign;
  const shift = va === 'middle' ? free / 2 : va === 'bottom' ? free : 0;
  const moved = shift === 0 ? content : content.map((i) => moveItem(i, 0, shift));
  const subtype = input.name.startsWith('top')
    ? 'Header'
    : input.name.startsWith('bottom')
      ? 'Footer'
      : undefined;
  return asPagination([...deco, ...moved], subtype);
}

/**
 * Everything in a margin box is page furniture: a Pagination artifact (Header above the body,
 * Footer below it), whatever its content was tagged as.
 */
export function asPagination(
  items: readonly DisplayItem[],
  subtype: 'Header' | 'Footer' | undefined,
): DisplayItem[] {
  const tag: ItemTag = subtype
    ? { kind: 'artifact', type: 'Pagination', subtype }
    : { kind: 'artifact', type: 'Pagination' };
  return items.flatMap((it): DisplayItem[] => {
    if (it.kind === 'group') return [{ ...it, items: asPagination(it.items, subtype) }];
    // A link annotation needs a Link element in the structure tree, which furniture has not.
    if (it.kind === 'link') return [];
    return [{ ...it, tag }];
  });
}

/**
 * The style of the anonymous block inside a margin box, per margin box style: pages of the same
 * kind share their margin boxes' styles, and a copy of a whole computed style for each margin
 * box of each page was most of what margin boxes allocated. A pure function of its key.
 */
const blockStyles = new WeakMap<ComputedStyle, ComputedStyle>();

function marginBlockStyle(style: ComputedStyle): ComputedStyle {
  let block = blockStyles.get(style);
  if (!block) {
    block = {
      ...style,
      marginTop: 0,
      marginRight: 0,
      marginBottom: 0,
      marginLeft: 0,
      width: 'auto',
      height: 'auto',
      minHeight: 'auto',
      maxHeight: 'none',
      position: 'static',
      display: 'block',
    };
    blockStyles.set(style, block);
  }
  return block;
}

/** The anonymous block a margin box's content is laid out in. */
export function marginBlock(
  style: ComputedStyle,
  lang: string,
  id: number,
  content: Pick<BlockBox, 'children' | 'inline'>,
): BlockBox {
  return {
    kind: 'block',
    id,
    style: marginBlockStyle(style),
    lang,
    children: content.children as readonly Box[],
    ...(content.inline ? { inline: content.inline } : {}),
  };
}
