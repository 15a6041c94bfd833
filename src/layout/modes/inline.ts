/**
 * Inline formatting context: runs → src/text (bidi, shaping, UAX #14 breaking, alignment) →
 * line boxes. Each line box becomes one atomic leaf for the paginator, holding its glyph runs
 * (tagged with their structure slots), decorations, inline backgrounds, atomic inlines and the
 * link areas of that line.
 */
import { withEllipsis, withHiddenText } from '../paint/ellipsis.js';
import { decorationLineItem } from '../paint/decoration-line.js';
import { emphasisMarkItems } from '../paint/emphasis-marks.js';
import {
  balanceFill,
  breakLines,
  createLineBreaker,
  measureIntrinsic,
  prettyFill,
  shapeParagraph,
} from '../../text/index.js';
import type { ComputedStyle } from '../../style/index.js';
import type {
  BreakOptions,
  InlineRun,
  IntrinsicSizes,
  LineBox,
  LineFragment,
  ShapedParagraph,
  TextStyle,
  WrapFill,
} from '../../text/index.js';
import type {
  BlockBox,
  Box,
  InlineItem,
  InlineSource,
  LinkRef,
  PaintedInline,
} from '../box-tree/boxes.js';
import { firstLineItems, splitAfterLine, type FirstLine } from './first-line.js';
import { initialLetterBox } from './initial-letter.js';
import {
  blockEllipsisOf,
  hiddenAfterLine,
  itemsText,
  textAfter,
  type LineClamp,
} from './line-clamp.js';
import { describe } from '../box-tree/build.js';
import type { LayoutContext } from '../context.js';
import { decorateBox, flatten, MemoSlot, warnOnce } from '../context.js';
import { textShadowItems } from '../paint/text-shadow.js';
import { uprightRun } from '../paint/upright.js';
import { repeatGlyphs } from '../paint/glyph-repeat.js';
import { shadowBudget } from '../paint/shadow-image.js';
import type { DisplayItem, GlyphRun, ItemTag } from '../../document/index.js';
import { clipsToText, resolveTextClips } from '../paint/text-clip.js';
import type { Anchor, Fragment, LeafFragment, PageMark } from '../paginate/fragments.js';
import { anchorsOf, moveAnchor } from '../paginate/fragments.js';
import {
  intrinsicOuter,
  layoutAtomic,
  layoutFixed,
  measureFloat,
  placeFloat,
  stretches,
} from './block.js';
import type { AbsCollector, MeasuredFloat } from './block.js';
import type { FloatContext } from './floats.js';
import { layoutFootnoteBody } from './footnote.js';
import { backgroundItem, moveItem, layoutTag, NO_RADII } from '../paint/decoration.js';
import {
  border,
  hyphenateLimitZone,
  isOverflowClipped,
  len,
  padding,
  textStyle,
} from '../units.js';

/** A line leaf keeps its baseline so list markers can sit on it. */
export interface LineLeaf extends LeafFragment {
  readonly baseline: number;
  readonly items: DisplayItem[];
}

interface ParagraphEntry {
  readonly para: ShapedParagraph<InlineSource>;
  /** Laid-out atomic inlines by box, at the width the paragraph was built for. */
  readonly atomics: Map<Box, { frag: Fragment; marginLeft: number; marginTop: number }>;
}

const PARAGRAPHS = new MemoSlot<BlockBox, Map<number, ParagraphEntry>>('paragraphs');

function direction(box: BlockBox): 'ltr' | 'rtl' | 'auto' {
  if (box.el?.attrs.get('dir')?.toLowerCase() === 'auto') return 'auto';
  return box.style.direction;
}

/**
 * An atomic inline laid out alike at any available width: a replaced box (an image, a check
 * box), not offset by `position`, whose size, padding and margins are all absolute or auto.
 */
function widthFree(box: Box): boolean {
  if (box.kind !== 'image' || box.style.position !== 'static' || stretches(box)) return false;
  const s = box.style;
  const fixed = (v: unknown): boolean => typeof v === 'number' || v === 'auto' || v === 'none';
  return (
    fixed(s.width) &&
    fixed(s.minWidth) &&
    fixed(s.maxWidth) &&
    fixed(s.paddingLeft) &&
    fixed(s.paddingRight) &&
    fixed(s.paddingTop) &&
    fixed(s.paddingBottom) &&
    fixed(s.marginLeft) &&
    fixed(s.marginRight) &&
    fixed(s.marginTop) &&
    fixed(s.marginBottom)
  );
}

/**
 * Shaped paragraph of a box's inline content at a given available width. Only atomic inlines
 * depend on the width (percentages, shrink-to-fit), so a paragraph of text and width-free
 * atomic inlines (a line of radio buttons) is shaped once.
 */
function paragraphOf(box: BlockBox, width: number, ctx: LayoutContext): ParagraphEntry {
  const items = box.inline ?? [];
  const byWidth = items.some((i) => i.kind === 'atomic' && !widthFree(i.box));
  const key = byWidth ? Math.round(width * 100) : -2;
  const paragraphs = ctx.memo.of(PARAGRAPHS);
  let entries = paragraphs.get(box);
  if (!entries) {
    entries = new Map();
    paragraphs.set(box, entries);
  }
  const hit = entries.get(key);
  if (hit) return hit;
  const entry = shapeItems(box, items, width, ctx);
  // Bound the per-box cache: flex measurement may probe many widths.
  if (entries.size > 16) entries.clear();
  entries.set(key, entry);
  return entry;
}

/**
 * An inline item as a run for shaping; atomic inlines are laid out at `width` and recorded in
 * `atomics`. Module-level rather than a callback made for every paragraph: functions made anew
 * on every call lose their optimized code at each major garbage collection (Node 20).
 */
function inlineRun(
  it: InlineItem,
  width: number,
  atomics: Map<Box, { frag: Fragment; marginLeft: number; marginTop: number }>,
  ctx: LayoutContext,
): InlineRun<InlineSource> {
  if (it.kind === 'out-of-flow') return { kind: 'anchor', source: { ...it.source, box: it.box } };
  if (it.kind === 'text') {
    return {
      kind: 'text',
      text: it.text,
      style: it.raisedBy
        ? raised(textStyle(it.style, it.lang, it.decoration), it.raisedBy, it.lang)
        : inRootInline(textStyle(it.style, it.lang, it.decoration), it.style),
      source: it.style.visibility === 'visible' ? it.source : { ...it.source, hidden: true },
      ...(it.insetStart ? { insetStart: it.insetStart } : {}),
      ...(it.insetEnd ? { insetEnd: it.insetEnd } : {}),
    };
  }
  if (it.kind === 'mark' || it.source.leader) {
    // Takes no room: a mark only carries page marks to the line it falls on; a leader is
    // widened after the lines are broken to fill its line (see fillLeaders).
    return {
      kind: 'object',
      width: 0,
      height: 0,
      baseline: 0,
      source: it.source,
      style: textStyle(it.style, it.lang),
    };
  }
  const placed = layoutAtomic(
    it.box,
    width === MAX_CONTENT ? intrinsicOuter(it.box, ctx).max : width,
    ctx,
  );
  atomics.set(it.box, {
    frag: placed.frag,
    marginLeft: placed.marginLeft,
    marginTop: placed.marginTop,
  });
  const ts = textStyle(it.box.style, it.lang);
  return {
    kind: 'object',
    width: placed.outerWidth,
    height: placed.outerHeight,
    baseline: placed.baseline,
    ...(ts.verticalAlign ? { verticalAlign: ts.verticalAlign } : {}),
    source: { ...it.source, box: it.box },
    style: textStyle(it.style, it.lang),
  };
}

/**
 * A line taller than the page area (text thousands of pixels high) is cut at the page's edge
 * and its text may not be seen at all: said once per element.
 */
function lineTallerThanPage(box: BlockBox, height: number, ctx: LayoutContext): void {
  const source = box.el ? describe(box.el) : 'an anonymous block';
  const code = 'layout.line-taller-than-page';
  if (ctx.warned.has(`${code} ${source}`)) return;
  ctx.warned.add(`${code} ${source}`);
  ctx.warnings.push({
    code,
    message: `a line of text ${Math.round(height / 0.75)}px tall is taller than the page area (${Math.round(ctx.page.height / 0.75)}px); what does not fit is cut off at the page's edge`,
    source,
  });
}

const rootInlineStyles = new WeakMap<TextStyle, TextStyle>();

/**
 * Text whose style is a block container's (a table cell's, an inline-block's) sits in the
 * root inline box, which vertical-align does not move: a cell's `middle` aligns the cell.
 */
function inRootInline(t: TextStyle, s: ComputedStyle): TextStyle {
  if (t.verticalAlign === undefined || s.display === 'inline') return t;
  let own = rootInlineStyles.get(t);
  if (!own) {
    own = { ...t };
    delete (own as { verticalAlign?: unknown }).verticalAlign;
    rootInlineStyles.set(t, own);
  }
  return own;
}

/** A run's style moved with the inline ancestor that raises or lowers it. */
function raised(own: TextStyle, by: ComputedStyle, lang: string | undefined): TextStyle {
  const va = textStyle(by, lang).verticalAlign;
  return va === undefined ? own : { ...own, verticalAlign: va };
}

/** Shapes inline items of `box` into a paragraph, laying out its atomic inlines at `width`. */
function shapeItems(
  box: BlockBox,
  items: readonly InlineItem[],
  width: number,
  ctx: LayoutContext,
): ParagraphEntry {
  const atomics = new Map<Box, { frag: Fragment; marginLeft: number; marginTop: number }>();
  const runs: InlineRun<InlineSource>[] = [];
  for (const it of items) runs.push(inlineRun(it, width, atomics, ctx));
  const options = { direction: direction(box) };
  const para = ctx.paragraphs
    ? ctx.paragraphs.shape(ctx.fonts, runs, options)
    : shapeParagraph(ctx.fonts, runs, options);
  return { para, atomics };
}

export function inlineIntrinsic(box: BlockBox, ctx: LayoutContext): IntrinsicSizes {
  const { para } = paragraphOf(box, 0, ctx);
  // Floats in the text stand beside it: their widths add to the widest line.
  let floatMin = 0;
  let floatMax = 0;
  for (const it of box.inline ?? []) {
    if (it.kind !== 'out-of-flow' || it.box.style.float === 'none') continue;
    if (it.box.style.position === 'absolute' || it.box.style.position === 'fixed') continue;
    const i = intrinsicOuter(it.box, ctx);
    floatMin = Math.max(floatMin, i.min);
    floatMax += i.max;
  }
  if (para.isEmpty) return { minContent: floatMin, maxContent: floatMax };
  const indent = len(box.style.textIndent, 0);
  const m = measureIntrinsic(para, indent);
  // Atomic inlines laid out at width 0 give their min-content; the max-content of the line
  // needs each at its own max-content width (an inline-block inside a shrink-to-fit box).
  const maxContent = (box.inline ?? []).some((i) => i.kind === 'atomic')
    ? measureIntrinsic(paragraphOf(box, MAX_CONTENT, ctx).para, indent).maxContent
    : m.maxContent;
  // A hair of slack: content laid out again at exactly its max-content width must not wrap
  // because of floating-point rounding.
  return {
    minContent: Math.max(m.minContent, floatMin) + 0.01,
    maxContent: maxContent + floatMax + 0.01,
  };
}

/** The width paragraphOf takes for "each atomic inline at its max-content width". */
const MAX_CONTENT = -1;

/** True when the inline content makes no line box at all (only collapsible whitespace). */
export function inlineIsEmpty(box: BlockBox, width: number, ctx: LayoutContext): boolean {
  return paragraphOf(box, width, ctx).para.isEmpty;
}

export function blockTextStyle(s: ComputedStyle, lang: string): TextStyle {
  return textStyle(s, lang);
}

/** The text that marks a line cut by the box's overflow clip; undefined for none. */
function overflowMarker(s: ComputedStyle): string | undefined {
  if (s.textOverflow === 'clip' || !isOverflowClipped(s)) return undefined;
  return s.textOverflow === 'ellipsis' ? '\u2026' : s.textOverflow.string;
}

/** Tries at one line before taking what it has (a line re-broken as floats narrow it). */
const LINE_ATTEMPTS = 6;
const EPS = 0.01;

/**
 * Lays out the inline content of `box` in the content rect starting at (x, y): line boxes
 * beside the floats of `floats` (each line as wide as the room its own height leaves; a line
 * whose content does not fit there moves down past the floats), the floats met in the text
 * placed beside the line where they stand (or below it when they do not fit beside it), and
 * absolutely positioned boxes given the place where they stand as their static position.
 * `children` holds the line leaves and the floats' fragments in flow order.
 */
export function layoutInline(
  box: BlockBox,
  x: number,
  y: number,
  width: number,
  ctx: LayoutContext,
  floats: FloatContext,
  abs: AbsCollector,
  firstLine?: FirstLine,
  clamp?: LineClamp,
): { children: Fragment[]; lines: LineLeaf[]; height: number } {
  const items = box.inline ?? [];
  // With ::first-line, the first line is broken in its own style; the rest of the content
  // then continues in a paragraph of its own (rest, below).
  const styled = firstLine ? firstLineItems(items, firstLine) : undefined;
  let { para, atomics } = styled
    ? shapeItems(box, styled, width, ctx)
    : paragraphOf(box, width, ctx);
  let rest = styled;
  const s = box.style;
  const rtl = para.direction === 'rtl';
  const optionsFor = (indent: number): BreakOptions => ({
    textAlign: s.textAlign,
    ...(s.textAlignLast !== 'auto' ? { textAlignLast: s.textAlignLast } : {}),
    textIndent: indent,
    strut: textStyle(s, box.lang),
    ...hyphenateLimitZone(s.hyphenateLimitZone, width),
  });
  const breakerFor = (indent: number) => createLineBreaker(para, optionsFor(indent));
  let breaker = breakerFor(len(s.textIndent, width));
  // Balancing cannot foresee floats: only a paragraph with none beside it below y is balanced.
  const besideFloats = floats.size > 0 && floats.band(y, y + 1e6, x, x + width).narrowed;
  const wrap =
    styled || besideFloats
      ? undefined
      : wrapFill(box, para, width, optionsFor(len(s.textIndent, width)));
  const children: Fragment[] = [];
  const lines: LineLeaf[] = [];
  const measured = new Map<Box, MeasuredFloat>();
  const measure = (b: Box): MeasuredFloat => {
    let m = measured.get(b);
    if (!m) measured.set(b, (m = measureFloat(initialLetterBox(b, s, ctx), width, ctx)));
    return m;
  };
  let top = y;
  let bottom = y;
  let guess = 0;
  const right = x + width;
  // A leader the content after it did not follow on its line: it starts the next line.
  let carriedLeader: LineFragment<InlineSource> | undefined;
  // What marks a line cut by the box's overflow clip (text-overflow), if anything.
  const marker = overflowMarker(s);
  // Floats that start a line stay where they were placed when the rest of the line has to
  // move below them; their anchors are passed over when the line is broken again.
  const settled = new Set<Box>();
  // Under a line clamp: the items the lines so far have not taken.
  let unclamped = clamp ? items : undefined;
  while (!breaker.done && !(clamp && clamp.remaining <= 0)) {
    const saved = breaker.save();
    let mark = floats.mark();
    let height = guess;
    for (let attempt = 0; ; attempt++) {
      const last = attempt >= LINE_ATTEMPTS + 2 * floats.size;
      const band = floats.lineBand(top, top + height, x, right);
      let left = band.left;
      let end = band.right;
      const before: Fragment[] = [];
      const beforeBoxes: Box[] = [];
      let floatsAtStart = true;
      const after: MeasuredFloat[] = [];
      const placedAbs: AbsCollector = [];
      const statics: { box: Box; x: number; y: number }[] = [];
      const onAnchor = (src: InlineSource, used: number): number | undefined => {
        const b = src.box!;
        if (b.style.position === 'absolute' || b.style.position === 'fixed') {
          statics.push({ box: b, x: rtl ? end - used : left + used, y: top });
          return undefined;
        }
        if (settled.has(b)) return undefined;
        // A float goes beside this line when it fits in what the line leaves and beside the
        // floats already there; otherwise just below the line.
        const f = measure(b);
        const room = floats.band(top, top + Math.max(f.outerHeight, EPS), x, right);
        const fits =
          f.outerWidth <= end - left - used + EPS &&
          (f.outerWidth <= room.right - room.left + EPS || !room.narrowed);
        if (!fits) {
          after.push(f);
          return undefined;
        }
        before.push(placeFloat(f, x, width, top, floats, placedAbs, top));
        beforeBoxes.push(b);
        if (used > EPS) floatsAtStart = false;
        const nb = floats.lineBand(top, top + height, x, right);
        left = nb.left;
        end = nb.right;
        return end - left;
      };
      const fill = wrap && lines.length >= wrap.from ? wrap.fill : undefined;
      const line = breaker.next(end - left, top - y, onAnchor, fill);
      if (line && !last) {
        const h = line.height;
        const full = floats.lineBand(top, top + h, x, right);
        const overflows = line.contentWidth > line.availableWidth + EPS;
        const next =
          overflows && full.narrowed
            ? floats.lineNextEdge(top, h, x, right, line.contentWidth)
            : undefined;
        if (next !== undefined) {
          // Too narrow for its content here: the line moves below the next float's bottom.
          breaker.restore(saved);
          if (before.length > 0 && floatsAtStart) {
            // Floats the line began with keep their place, as high as they could go; only
            // the content after them moves down.
            children.push(...before);
            abs.push(...placedAbs);
            for (const b of beforeBoxes) settled.add(b);
            mark = floats.mark();
          } else floats.reset(mark);
          top = next;
          height = 0;
          continue;
        }
        if (full.left > left + EPS || full.right < end - EPS) {
          // Taller than the band it was broken for, the line meets another float.
          breaker.restore(saved);
          floats.reset(mark);
          height = h;
          continue;
        }
        const shaped = band.shaped || full.shaped;
        if (shaped && h < height - EPS && (full.left < left - EPS || full.right > end + EPS)) {
          // Shorter than the band it was broken for, the line has more room beside a shape.
          breaker.restore(saved);
          floats.reset(mark);
          height = h;
          continue;
        }
      }
      // Committed: the floats beside the line, the line, then the floats below it.
      children.push(...before);
      abs.push(...placedAbs);
      if (line) {
        const [own, carried] = rtl ? [line, undefined] : leadersAcross(line, carriedLeader);
        carriedLeader = carried;
        let leaf = lineLeaf(fillLeaders(own), left, y, width, atomics, ctx);
        if (rest && firstLine) leaf = withLineBackground(leaf, firstLine, line, left, y);
        // The last line a clamp keeps: what the clamp hides after it.
        let clamped: string | undefined;
        if (clamp && unclamped) {
          unclamped = splitAfterLine(unclamped, line);
          if (--clamp.remaining === 0)
            clamped = hiddenAfterLine(itemsText(unclamped), textAfter(clamp.root, box));
        }
        // A block ellipsis cuts an overflowing line itself: no text-overflow marker before it.
        const blockMark = clamped ? blockEllipsisOf(box) : undefined;
        if (marker && !rtl && !blockMark && line.contentWidth > line.availableWidth + EPS)
          leaf = withEllipsis(
            leaf,
            left + line.availableWidth,
            marker,
            textStyle(s, box.lang),
            ctx,
          );
        if (clamped)
          leaf = clampedLine(leaf, box, blockMark, clamped, left + line.availableWidth, ctx, rtl);
        if (!ctx.continuous && ctx.page.height > 0 && line.height > ctx.page.height)
          lineTallerThanPage(box, line.height, ctx);
        children.push(leaf);
        lines.push(leaf);
        bottom = top + line.height;
        guess = line.height;
      }
      const below = line ? top + line.height : top;
      for (const f of after) children.push(placeFloat(f, x, width, below, floats, abs, below));
      for (const p of statics) {
        if (p.box.style.position === 'fixed') layoutFixed(p.box, ctx);
        else abs.push({ box: p.box, staticX: p.x, staticY: p.y });
      }
      top = below;
      if (rest && line && !breaker.done) {
        // The first line is done: what it did not take continues in the element's own style.
        const after = splitAfterLine(items, line);
        ({ para, atomics } = shapeItems(box, after, width, ctx));
        breaker = breakerFor(0);
      }
      rest = undefined;
      break;
    }
  }
  return { children, lines, height: bottom - y };
}

/**
 * Where text-wrap: balance or pretty fills lines short of the width; not for a paragraph with
 * floats in it, whose lines balancing could not foresee.
 */
function wrapFill(
  box: BlockBox,
  para: ShapedParagraph<InlineSource>,
  width: number,
  options: BreakOptions,
): WrapFill | undefined {
  const style = box.style.textWrapStyle;
  if (style === 'auto' || box.style.textWrapMode === 'nowrap') return undefined;
  if ((box.inline ?? []).some((i) => i.kind === 'out-of-flow')) return undefined;
  return style === 'balance' ? balanceFill(para, width, options) : prettyFill(para, width, options);
}

/**
 * The last line a clamp keeps, with what the clamp hides after it (the rest of the paragraph,
 * the blocks after this one) given to its block ellipsis `mark`, or to its last run without one.
 */
function clampedLine(
  leaf: LineLeaf,
  box: BlockBox,
  mark: string | undefined,
  hidden: string,
  limit: number,
  ctx: LayoutContext,
  rtl: boolean,
): LineLeaf {
  if (mark !== undefined && rtl)
    warnOnce(
      ctx,
      'layout.block-ellipsis-rtl',
      'a line clamp in right-to-left text ends without its ellipsis; the hidden text is kept',
    );
  if (mark === undefined || rtl) return withHiddenText(leaf, hidden);
  return withEllipsis(leaf, limit, mark, textStyle(box.style, box.lang), ctx, hidden);
}

/** A ::first-line background behind the content of the first line. */
function withLineBackground(
  leaf: LineLeaf,
  fl: FirstLine,
  line: LineBox<InlineSource>,
  left: number,
  y: number,
): LineLeaf {
  const color = fl.style.backgroundColor;
  if (color.a <= 0 || line.fragments.length === 0) return leaf;
  const x0 = Math.min(...line.fragments.map((f) => f.x));
  const x1 = Math.max(...line.fragments.map((f) => f.x + f.width));
  const rect = { x: left + x0, y: y + line.top, width: x1 - x0, height: line.height };
  return { ...leaf, items: [backgroundItem(rect, color, NO_RADII), ...leaf.items] };
}

function tagOf(source: InlineSource, ctx: LayoutContext): ItemTag {
  return source.slot !== undefined ? ctx.sb.tag(source.slot) : layoutTag();
}

const NO_FOOTNOTES: readonly never[] = Object.freeze([]);
const NO_BOXES: ReadonlyMap<PaintedInline, { x0: number; x1: number; y0: number; y1: number }> =
  new Map();
const NO_LINKS: ReadonlyMap<LinkRef, { x0: number; x1: number; y0: number; y1: number }> =
  new Map();

function lineLeaf(
  line: LineBox<InlineSource>,
  x: number,
  y: number,
  /** Width of the containing block, for relative offsets given in percent. */
  cbWidth: number,
  atomics: Map<Box, { frag: Fragment; marginLeft: number; marginTop: number }>,
  ctx: LayoutContext,
): LineLeaf {
  const top = y + line.top;
  const backgrounds: DisplayItem[] = [];
  const content: DisplayItem[] = [];
  const decorations: DisplayItem[] = [];
  // Made when the line has a link or a painted inline box (most lines have neither).
  let links: Map<LinkRef, { x0: number; x1: number; y0: number; y1: number }> | undefined;
  const anchors: Anchor[] = [];
  // Inline boxes with a background or border: their extent on this line.
  let inlineBoxes:
    Map<PaintedInline, { x0: number; x1: number; y0: number; y1: number }> | undefined;
  // The text of inline boxes whose background is clipped to it.
  let textOf: Map<PaintedInline, GlyphRun[]> | undefined;
  const linkArea = (
    link: LinkRef | undefined,
    x0: number,
    x1: number,
    y0: number,
    y1: number,
  ): void => {
    if (!link) return;
    links ??= new Map();
    const a = links.get(link);
    if (a) {
      a.x0 = Math.min(a.x0, x0);
      a.x1 = Math.max(a.x1, x1);
      a.y0 = Math.min(a.y0, y0);
      a.y1 = Math.max(a.y1, y1);
    } else links.set(link, { x0, x1, y0, y1 });
  };
  // A run cut in several fragments on this line calls its footnotes once.
  let called: Set<InlineSource> | undefined;
  for (const f of line.fragments) {
    const footnotes =
      f.source.footnotes && !called?.has(f.source) ? f.source.footnotes : NO_FOOTNOTES;
    if (footnotes.length > 0) (called ??= new Set()).add(f.source);
    if (f.source.anchor || f.source.marks || footnotes.length > 0) {
      const marks: PageMark[] = [
        ...(f.source.marks ?? []),
        ...footnotes.map((b): PageMark => ({ kind: 'footnote', body: layoutFootnoteBody(b, ctx) })),
      ];
      anchors.push({
        id: f.source.anchor ?? '',
        y: top,
        ...(marks.length > 0 ? { marks } : {}),
      });
    }
    const shift = f.source.shift;
    const shiftX = shift ? shift.x + (shift.xOfWidth ?? 0) * cbWidth : 0;
    if (f.kind === 'glyphs') {
      if (f.source.hidden) continue;
      const baseline = top + f.baseline + (shift?.y ?? 0);
      const fx = x + f.x + shiftX;
      const bg = f.source.background;
      if (bg) {
        inlineBoxes ??= new Map();
        const a = inlineBoxes.get(bg);
        const y0 = baseline - f.ascent;
        const y1 = baseline + f.descent;
        if (a) {
          a.x0 = Math.min(a.x0, fx);
          a.x1 = Math.max(a.x1, fx + f.width);
          a.y0 = Math.min(a.y0, y0);
          a.y1 = Math.max(a.y1, y1);
        } else inlineBoxes.set(bg, { x0: fx, x1: fx + f.width, y0, y1 });
      }
      // Shadows go under the run's text and decorations, which are known only once drawn.
      const shadowAt = content.length;
      const ownDecorations = decorations.length;
      const paint = f.source.textPaint;
      const run = {
        font: f.font,
        size: f.size,
        color: paint?.fill ?? f.color,
        x: fx,
        y: baseline,
        glyphs: f.glyphs,
      };
      // Transparent text is still written (invisibly): it stays searchable and readable, and
      // a background clipped to text shows through its outlines.
      if (f.glyphs.ids.length > 0) {
        const item: GlyphRun = {
          kind: 'glyphs',
          ...run,
          ...(paint?.stroke ? { stroke: paint.stroke } : {}),
          ...(f.actualText !== undefined ? { actualText: f.actualText } : {}),
          tag: tagOf(f.source, ctx),
        };
        content.push(
          f.upright
            ? uprightRun(item, f.face.metrics, ctx.verticalFlow === 'turned', f.upright)
            : item,
        );
        if (bg && clipsToText(bg.style)) {
          textOf ??= new Map();
          const runs = textOf.get(bg);
          if (runs) runs.push(item);
          else textOf.set(bg, [item]);
        }
      }
      for (const d of f.decorations)
        decorations.push(decorationLineItem({ ...d, y: baseline + d.y }, fx, f.width));
      if (f.style.emphasis)
        decorations.push(
          ...emphasisMarkItems(
            {
              glyphs: f.glyphs,
              x: fx,
              baseline,
              ascent: f.ascent,
              descent: f.descent,
              style: f.style,
            },
            ctx.fonts,
          ),
        );
      if (f.source.textShadow) {
        const lines = decorations.slice(ownDecorations).filter((d) => d.kind === 'path');
        const shadows = textShadowItems(
          f.source.textShadow,
          run,
          lines,
          shadowBudget(ctx, (code, message) => warnOnce(ctx, code, message)),
        );
        if (shadows.length > 0) content.splice(shadowAt, 0, ...shadows);
      }
      linkArea(f.source.link, fx, fx + f.width, baseline - f.ascent, baseline + f.descent);
    } else if (f.source.leader) {
      const baseline = top + line.baseline;
      content.push(...leaderGlyphs(f.source.leader, x, x + f.x, x + f.x + f.width, baseline, ctx));
      linkArea(f.source.link, x + f.x, x + f.x + f.width, baseline - 1, baseline);
    } else {
      const box = f.source.box;
      const placed = box ? atomics.get(box) : undefined;
      if (placed) {
        const ox = x + f.x + placed.marginLeft + shiftX;
        const oy = top + f.y + placed.marginTop + (shift?.y ?? 0);
        for (const it of flatten(placed.frag)) content.push(moveItem(it, ox, oy));
        for (const a of anchorsOf(placed.frag)) anchors.push(moveAnchor(a, ox, oy));
      }
      const sx = x + f.x + shiftX;
      const sy = top + f.y + (shift?.y ?? 0);
      linkArea(f.source.link, sx, sx + f.width, sy, sy + f.height);
    }
  }
  for (const [box, a] of inlineBoxes ?? NO_BOXES) {
    const s = box.style;
    if (s.visibility !== 'visible') continue;
    // Padding and borders grow the painted area, not the line (CSS 2.1 10.8.1).
    const p = padding(s, 0);
    const b = border(s);
    const x = a.x0 - p.left - b.left;
    const w = a.x1 + p.right + b.right - x;
    const top = a.y0 - p.top - b.top;
    const bottom = a.y1 + p.bottom + b.bottom;
    const deco = decorateBox(
      s,
      x,
      w,
      {
        top,
        bottom,
        continuedAbove: false,
        continuedBelow: false,
        flowTop: top,
        flowBottom: bottom,
        shift: 0,
      },
      ctx,
    );
    backgrounds.push(...resolveTextClips(deco, () => textOf?.get(box) ?? []));
  }
  const items: DisplayItem[] =
    backgrounds.length === 0 && decorations.length === 0
      ? content
      : [...backgrounds, ...content, ...decorations];
  for (const [link, a] of links ?? NO_LINKS) {
    ctx.sb.keep(link.node);
    items.push({
      kind: 'link',
      x: a.x0,
      y: a.y0,
      width: Math.max(0.1, a.x1 - a.x0),
      height: Math.max(0.1, a.y1 - a.y0),
      // Internal targets are resolved to a page after pagination ('#id' marks them).
      target:
        link.target.kind === 'uri'
          ? { kind: 'uri', uri: link.target.uri }
          : { kind: 'uri', uri: `#${link.target.id}` },
      node: link.node.id,
      contents: link.contents || (link.target.kind === 'uri' ? link.target.uri : link.target.id),
    });
  }
  return {
    kind: 'leaf',
    top,
    bottom: top + line.height,
    items,
    baseline: top + line.baseline,
    ...(anchors.length > 0 ? { anchors } : {}),
  };
}

/**
 * Leaders at a line break (CSS GCPM leader()): a leader that ends a line because the content
 * after it wrapped moves to the start of the next line, so that content (a page number) is
 * still pushed to the line's end, as WeasyPrint and Prince lay out a long table-of-contents
 * entry. Returns the line as it stays and the leader it hands on.
 */
function leadersAcross(
  line: LineBox<InlineSource>,
  incoming: LineFragment<InlineSource> | undefined,
): [LineBox<InlineSource>, LineFragment<InlineSource> | undefined] {
  let fragments = line.fragments;
  if (incoming) {
    const start = fragments.reduce((m, f) => Math.min(m, f.x), Number.POSITIVE_INFINITY);
    fragments = [{ ...incoming, x: Number.isFinite(start) ? start : 0, width: 0 }, ...fragments];
  }
  let outgoing: LineFragment<InlineSource> | undefined;
  if (!line.hardBreak) {
    let i = fragments.length - 1;
    while (i >= 0 && !(fragments[i].kind === 'object' && fragments[i].source.leader)) i--;
    const last = fragments[i];
    if (i > 0 && fragments.slice(i + 1).every((f) => f.width < EPS)) {
      outgoing = last;
      fragments = fragments.filter((_, k) => k !== i);
    }
  }
  return [fragments === line.fragments ? line : { ...line, fragments }, outgoing];
}

/**
 * A line with leaders: the free space of the line goes to its leaders (shared equally), so
 * what follows the last leader ends at the line's end, as print engines align page numbers.
 */
function fillLeaders(line: LineBox<InlineSource>): LineBox<InlineSource> {
  const leaders = line.fragments.filter((f) => f.kind === 'object' && f.source.leader).length;
  if (leaders === 0) return line;
  let right = 0;
  for (const f of line.fragments) right = Math.max(right, f.x + f.width);
  const free = line.availableWidth - right;
  if (free <= 0) return line;
  const share = free / leaders;
  let shift = 0;
  const fragments = line.fragments.map((f): LineFragment<InlineSource> => {
    const moved = shift === 0 ? f : { ...f, x: f.x + shift };
    if (f.kind === 'object' && f.source.leader) {
      shift += share;
      return { ...moved, width: f.width + share };
    }
    return moved;
  });
  return { ...line, fragments };
}

/**
 * The leader's fill string repeated between x0 and x1, each copy on a grid of the fill's width
 * counted from the line box's left edge, so the leaders of lines one under the other line up.
 * An artifact: it reads as nothing.
 */
function leaderGlyphs(
  leader: NonNullable<InlineSource['leader']>,
  lineLeft: number,
  x0: number,
  x1: number,
  baseline: number,
  ctx: LayoutContext,
): DisplayItem[] {
  const style = textStyle(leader.style, leader.lang);
  if (leader.fill === '' || leader.style.visibility !== 'visible' || style.color.a === 0) return [];
  // pre: the spaces of the fill are part of its width (a dotted leader is '. ').
  const fill: TextStyle = { ...style, whiteSpace: 'pre' };
  const para = shapeParagraph(
    ctx.fonts,
    [{ kind: 'text', text: leader.fill, style: fill, source: 0 }],
    {
      direction: 'ltr',
    },
  );
  if (para.isEmpty) return [];
  const [line] = breakLines(para, Number.MAX_SAFE_INTEGER / 4, {
    textAlign: 'left',
    textIndent: 0,
    strut: fill,
  });
  const frags = (line?.fragments ?? []).filter((f) => f.kind === 'glyphs');
  const width = frags.reduce((w, f) => Math.max(w, f.x + f.width), 0);
  if (width <= 0.01) return [];
  const first = lineLeft + Math.ceil((x0 - lineLeft) / width - 1e-6) * width;
  const copies = Math.floor((x1 - first) / width + 1e-6);
  if (copies <= 0) return [];
  const items: DisplayItem[] = [];
  for (const f of frags) {
    if (f.kind !== 'glyphs' || f.glyphs.ids.length === 0) continue;
    const glyphs = repeatGlyphs(f.glyphs, copies, () => width - f.width);
    items.push({
      kind: 'glyphs',
      font: f.font,
      size: f.size,
      color: f.color,
      x: first + f.x,
      y: baseline,
      glyphs,
      tag: layoutTag(),
    });
  }
  return items;
}

/** One line of text (list markers, page margin boxes) as glyph runs. */
export function textLine(
  text: string,
  style: TextStyle,
  x: number,
  y: number,
  width: number,
  align: 'left' | 'right' | 'center',
  tag: ItemTag,
  ctx: LayoutContext,
): { items: DisplayItem[]; height: number; width: number; baseline: number } {
  const para = shapeParagraph(ctx.fonts, [{ kind: 'text', text, style, source: 0 }], {
    direction: 'auto',
  });
  if (para.isEmpty) return { items: [], height: 0, width: 0, baseline: 0 };
  const lines = breakLines(para, width, { textAlign: align, textIndent: 0, strut: style });
  const items: DisplayItem[] = [];
  let height = 0;
  let maxW = 0;
  let baseline = 0;
  lines.forEach((line, i) => {
    if (i === 0) baseline = y + line.baseline;
    maxW = Math.max(maxW, line.contentWidth);
    for (const f of line.fragments) {
      if (f.kind !== 'glyphs' || f.glyphs.ids.length === 0) continue;
      items.push({
        kind: 'glyphs',
        font: f.font,
        size: f.size,
        color: f.color,
        x: x + f.x,
        y: y + line.top + f.baseline,
        glyphs: f.glyphs,
        ...(f.actualText !== undefined ? { actualText: f.actualText } : {}),
        tag,
      });
    }
    height = line.top + line.height;
  });
  return { items, height, width: maxW, baseline };
}
