/**
 * Orthogonal flows (CSS Writing Modes 3 §7): a box with a vertical writing mode inside the
 * horizontal page flow. Its content is laid out in its own rotated space, where the inline axis
 * runs down the page: a proxy of the box, without its own edges, is laid out horizontally at the
 * box's inline size (its physical content height), and the result is drawn turned a quarter
 * turn. The block size of those lines becomes the box's physical width. Borders, padding and
 * backgrounds stay physical: the box itself is decorated like any block.
 */
import type { ComputedStyle, WritingMode } from '../../style/index.js';
import type { Box } from '../box-tree/boxes.js';
import { anonymousStyle } from '../box-tree/boxes.js';
import type { LayoutContext } from '../context.js';
import { boxFragment, flatten, MemoSlot, shiftFragment, warnOnce } from '../context.js';
import type { Matrix } from '../../document/index.js';
import type { Fragment, LeafFragment } from '../paginate/fragments.js';
import { anchorsOf } from '../paginate/fragments.js';
import { border, margin, maxSize, padding, size, type Edges } from '../units.js';
import {
  intrinsicOuter,
  layoutAbsolute,
  layoutBlockLevel,
  type AbsCollector,
  type LayoutOptions,
  type Placed,
} from './block.js';

export function isVertical(mode: WritingMode): boolean {
  return mode !== 'horizontal-tb';
}

/**
 * Whether `box` starts an orthogonal flow: a vertical box in horizontal flow. The root and
 * the body never do (a vertical page is not laid out; see verticalPageFlow), nor does a table
 * or an image, whose own layout does not rotate. A horizontal box inside a vertical flow is
 * laid out in that flow, with a warning.
 */
export function isOrthogonalRoot(box: Box, ctx: LayoutContext): boolean {
  const vertical = isVertical(box.style.writingMode);
  if (ctx.verticalFlow !== undefined) {
    if (!vertical && ctx.verticalFlow === 'turned')
      warnOnce(
        ctx,
        'css.unsupported.writing-mode-nested',
        'writing-mode: horizontal-tb inside vertical text is not supported; the box was laid out in the vertical flow around it',
      );
    return false;
  }
  if (!vertical) return false;
  if (box.kind === 'table' || box.kind === 'image') {
    warnOnce(
      ctx,
      'css.unsupported.writing-mode-' + box.kind,
      `writing-mode: ${box.style.writingMode} on a ${box.kind} is not supported and was ignored; set it on the cells or on a box inside`,
    );
    return false;
  }
  return true;
}

/**
 * A vertical root or body element: the whole page would be vertical, which is not supported.
 * Returns the context to lay the document out with (horizontally), having warned.
 */
export function verticalPageFlow(box: Box, ctx: LayoutContext): LayoutContext | undefined {
  if (ctx.verticalFlow !== undefined || !isVertical(box.style.writingMode)) return undefined;
  const tag = box.el?.tag;
  if (tag !== 'html' && tag !== 'body') return undefined;
  warnOnce(
    ctx,
    'css.unsupported.writing-mode-page',
    `writing-mode: ${box.style.writingMode} on the ${tag} element (a vertical page) is not supported; the document was laid out horizontally`,
  );
  return { ...ctx, verticalFlow: 'flat' };
}

/** The box laid out inside an orthogonal flow root, and the context to lay it out with. */
export interface InnerFlow {
  readonly box: Box;
  readonly ctx: LayoutContext;
}

const PROXIES = new MemoSlot<Box, Box>('orthogonal-proxy');

/**
 * The root's content as a box of its own: the root's inherited and container properties, none
 * of its edges, sizes or effects (those are drawn physically, around the rotated content).
 * One proxy per box, so that what layout memoises for it is found again.
 */
export function innerFlow(box: Box, ctx: LayoutContext): InnerFlow {
  const memo = ctx.memo.of(PROXIES);
  let proxy = memo.get(box);
  if (proxy === undefined) {
    proxy = proxyOf(box);
    memo.set(box, proxy);
  }
  return { box: proxy, ctx: { ...ctx, verticalFlow: 'turned' } };
}

function proxyOf(box: Box): Box {
  const s = box.style;
  if (box.kind === 'flex' || box.kind === 'grid') {
    const style = anonymousStyle(s, box.kind);
    return { kind: box.kind, id: box.id, style, lang: box.lang, children: box.children };
  }
  if (box.kind !== 'block') return box;
  return {
    kind: 'block',
    id: box.id,
    style: anonymousStyle(s, 'flow-root'),
    lang: box.lang,
    children: box.children,
    ...(box.inline ? { inline: box.inline } : {}),
    ...(box.marker ? { marker: box.marker } : {}),
    ...(box.el ? { el: box.el } : {}),
  };
}

/**
 * The inline size of an orthogonal root's content (its physical content height): the height
 * the parent imposes, or its own definite height, or else fit-content within the space the
 * flow offers (§7.3: the containing block's height when definite, never more than the initial
 * containing block's), within min-height and max-height.
 */
export function orthogonalInlineSize(
  s: ComputedStyle,
  cbWidth: number,
  cbHeight: number | undefined,
  forcedHeight: number | undefined,
  icbHeight: number,
  content: () => { readonly min: number; readonly max: number },
): number {
  const p = padding(s, cbWidth);
  const b = border(s);
  const edges = p.top + p.bottom + b.top + b.bottom;
  if (forcedHeight !== undefined) return Math.max(0, forcedHeight - edges);
  const conv = (v: number | undefined): number | undefined =>
    v === undefined ? undefined : s.boxSizing === 'border-box' ? v - edges : v;
  let inline = conv(size(s.height, cbHeight));
  if (inline === undefined) {
    const room = Math.min(cbHeight ?? Infinity, icbHeight) - edges;
    const c = content();
    inline = Math.min(c.max, Math.max(c.min, room));
  }
  const maxH = conv(maxSize(s.maxHeight, cbHeight));
  const minH = conv(size(s.minHeight, cbHeight));
  if (maxH !== undefined) inline = Math.min(inline, maxH);
  if (minH !== undefined) inline = Math.max(inline, minH);
  return Math.max(0, inline);
}

/**
 * Where the rotated content goes: maps the inner space (x along the lines, y across them)
 * into the content box at (x, y) of size width × height. `blockSize` is the depth of the
 * lines. Lines progress from the right, glyph tops turned to the right (vertical-rl,
 * sideways-rl, and vertical-lr once its lines are mirrored by mirrorLines), or from the left
 * with glyph tops turned to the left (sideways-lr, read bottom to top).
 */
export function orthogonalMatrix(
  mode: WritingMode,
  content: {
    readonly x: number;
    readonly y: number;
    readonly width: number;
    readonly height: number;
  },
  blockSize: number,
): Matrix {
  if (mode === 'sideways-lr') return [0, -1, 1, 0, content.x, content.y + content.height];
  const right = mode === 'vertical-lr' ? content.x + blockSize : content.x + content.width;
  return [0, 1, -1, 0, right, content.y];
}

/**
 * vertical-lr stacks lines from the left while glyphs turn as in vertical-rl: every line (and
 * every box's decoration) moves to the mirror place across the block axis, keeping its own
 * orientation, so that the quarter turn of vertical-rl puts the first line on the left.
 */
export function mirrorLines(f: Fragment, blockSize: number): Fragment {
  const dy = blockSize - f.bottom - f.top;
  if (f.kind === 'leaf') return shiftFragment(f, 0, dy);
  const moved = shiftFragment({ ...f, children: [] }, 0, dy);
  if (moved.kind !== 'box') return moved;
  return { ...moved, children: f.children.map((c) => mirrorLines(c, blockSize)) };
}

/** The content of an orthogonal root laid out in its rotated space. */
export interface OrthogonalContent {
  /** The inner layout, its origin at the start of the first line. */
  readonly frag: Fragment;
  /** Length of the lines (the physical content height). */
  readonly inlineSize: number;
  /** Depth of the lines (the physical content width the content needs). */
  readonly blockSize: number;
}

const CONTENT = new MemoSlot<Box, OrthogonalContent>('orthogonal-content');

/**
 * Lays out the content of orthogonal root `box` at the inline size it gets in a containing
 * block of `cbWidth` (and `cbHeight` when definite). Memoised for the common case, with no
 * height given from outside, which intrinsic sizing and layout both ask for.
 */
export function orthogonalContent(
  box: Box,
  cbWidth: number,
  cbHeight: number | undefined,
  forcedHeight: number | undefined,
  ctx: LayoutContext,
): OrthogonalContent {
  const plain = cbHeight === undefined && forcedHeight === undefined;
  const memo = ctx.memo.of(CONTENT);
  const hit = plain ? memo.get(box) : undefined;
  if (hit) return hit;
  const inner = innerFlow(box, ctx);
  const inlineSize = orthogonalInlineSize(
    box.style,
    cbWidth,
    cbHeight,
    forcedHeight,
    ctx.page.height,
    () => intrinsicOuter(inner.box, inner.ctx),
  );
  const abs: AbsCollector = [];
  const laid = layoutBlockLevel(inner.box, 0, 0, inlineSize, inner.ctx, abs, {
    root: true,
    forcedWidth: inlineSize,
  });
  let frag = laid.frag;
  // Positioned descendants are placed against the rotated content box.
  if (abs.length > 0 && frag.kind === 'box') {
    const cb = { x: 0, y: 0, width: inlineSize, height: laid.height };
    frag = { ...frag, children: [...frag.children, ...layoutAbsolute(abs, cb, inner.ctx)] };
  }
  const out = { frag, inlineSize, blockSize: laid.height };
  if (plain) memo.set(box, out);
  return out;
}

/**
 * An orthogonal root placed at (x, y) with the used width and margins `hz`: its own
 * decoration, physical, around its content drawn turned into place, as one unbreakable piece.
 */
export function layoutOrthogonal(
  box: Box,
  x: number,
  y: number,
  hz: { readonly width: number; readonly pad: Edges; readonly bord: Edges },
  cbWidth: number,
  ctx: LayoutContext,
  opts: LayoutOptions,
): Placed {
  const s = box.style;
  const { pad, bord } = hz;
  const c = orthogonalContent(box, cbWidth, opts.cbHeight, opts.forcedHeight, ctx);
  warnUnsupportedOrientation(box, ctx);
  const edgesV = pad.top + pad.bottom + bord.top + bord.bottom;
  const height = opts.forcedHeight ?? c.inlineSize + edgesV;
  const content = {
    x: x + bord.left + pad.left,
    y: y + bord.top + pad.top,
    width: Math.max(0, hz.width - bord.left - bord.right - pad.left - pad.right),
    height: Math.max(0, height - edgesV),
  };
  const mode = s.writingMode;
  const turned = mode === 'vertical-lr' ? mirrorLines(c.frag, c.blockSize) : c.frag;
  const transform = orthogonalMatrix(mode, content, c.blockSize);
  // Link targets and page marks inside stay with the box, at the top of its content.
  const anchors = anchorsOf(turned).map((a) => {
    const { box: _, ...rest } = a;
    return { ...rest, y: content.y };
  });
  const leaf: LeafFragment = {
    kind: 'leaf',
    top: content.y,
    bottom: content.y + content.height,
    items: [{ kind: 'group', transform, items: flatten(turned) }],
    ...(anchors.length > 0 ? { anchors } : {}),
  };
  const geometry = { x, width: hz.width, top: y, height };
  const frag = boxFragment(box, geometry, [leaf], ctx, { flowKey: box.id });
  const mb = margin(s, cbWidth).bottom;
  return {
    frag,
    height,
    width: hz.width,
    marginBottom: { pos: Math.max(0, mb), neg: Math.min(0, mb) },
  };
}

/** Digits are not combined of themselves; say so where the text of the box asks for it. */
function warnUnsupportedOrientation(box: Box, ctx: LayoutContext): void {
  if (textStyles(box).some((s) => s.textCombineUpright === 'digits'))
    warnOnce(
      ctx,
      'css.unsupported.text-combine-upright',
      'text-combine-upright: digits is not supported; the digits were set as the text around them',
    );
}

/** The styles of the text in a box and the boxes inside it. */
function textStyles(box: Box): ComputedStyle[] {
  if (box.kind === 'image') return [];
  if (box.kind === 'table')
    return box.sections.flatMap((sec) =>
      sec.rows.flatMap((r) => r.cells.flatMap((c) => textStyles(c.box))),
    );
  const own =
    box.kind === 'block' && box.inline
      ? box.inline.flatMap((i) =>
          i.kind === 'text' ? [i.style] : i.kind === 'atomic' ? textStyles(i.box) : [],
        )
      : [];
  return [...own, ...box.children.flatMap(textStyles)];
}
