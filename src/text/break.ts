/**
 * breakLines: greedy first-fit line breaking over the pieces of a shaped paragraph (one pass,
 * linear in the paragraph), with hyphenation and overflow-wrap emergency breaks, then per line:
 * trailing-space trimming, visual reordering (UAX #9 L2), alignment and justification,
 * vertical alignment and the line box height (CSS 2.1 §10.8).
 */
import {
  asParagraph,
  BREAK_ALLOWED,
  BREAK_MANDATORY,
  BREAK_NONE,
  clusterOf,
  secondCluster,
  type ParagraphImpl,
  type Piece,
} from './paragraph.js';
import { slicePiece } from './shape.js';
import type { LoadedFace } from './face.js';
import { adjustedStyle } from './font-size-adjust.js';
import type {
  AnchorHandler,
  AvailableWidth,
  BreakOptions,
  Decoration,
  GlyphFragment,
  LineBox,
  LineBreaker,
  LineBreakerState,
  LineFragment,
  ObjectFragment,
  ShapedParagraph,
  TextAlign,
  TextStyle,
  Upright,
  VerticalAlign,
} from './types.js';

const EPSILON = 1e-6;

/** Width of the glyphs of `piece` whose cluster lies in [from, to) (plus the start inset at the start). */
export function widthBetween(piece: Piece, from: number, to: number): number {
  let w = from <= piece.start ? piece.insetStart : 0;
  for (let g = 0; g < piece.ids.length; g++) {
    const c = clusterOf(piece, g);
    if (c >= from && c < to) w += piece.advances[g];
  }
  return w;
}

/** Width of trailing word separators (they hang or are removed at the end of a line). */
export function trailingSpaceWidth(piece: Piece): number {
  if (!piece.hangs && !piece.collapsible) return 0;
  let w = 0;
  for (let g = piece.ids.length - 1; g >= 0 && piece.spaces[g]; g--) w += piece.advances[g];
  return w;
}

/** Approximate width of an inserted hyphen, for choosing a hyphenation point. */
export function hyphenWidth(piece: Piece): number {
  const face = piece.face;
  if (!face) return 0;
  return (face.hyphenGlyphs(piece.hyphenChars).advance * piece.size) / face.unitsPerEm;
}

interface LineResult {
  readonly items: Piece[];
  readonly hardBreak: boolean;
  readonly hyphenated: boolean;
}

/** Streams pieces, with at most one re-shaped remainder waiting in front. */
class Cursor {
  index = 0;
  carry: Piece | null = null;
  constructor(readonly pieces: readonly Piece[]) {}
  get done(): boolean {
    return this.carry === null && this.index >= this.pieces.length;
  }
  /** Reused by peekWord: a word is read before the next one is peeked and is never kept. */
  private readonly word: Piece[] = [];
  /** The next word: pieces up to and including the first with a break opportunity after it. */
  peekWord(): readonly Piece[] {
    const word = this.word;
    word.length = 0;
    if (this.carry) {
      word.push(this.carry);
      if (this.carry.breakAfter !== BREAK_NONE) return word;
    }
    for (let i = this.index; i < this.pieces.length; i++) {
      word.push(this.pieces[i]);
      if (this.pieces[i].breakAfter !== BREAK_NONE) break;
    }
    return word;
  }
  /** Consumes the first `count` pieces of the last peeked word. */
  consume(count: number): void {
    if (count > 0 && this.carry) {
      this.carry = null;
      count--;
    }
    this.index += count;
  }
}

function tryHyphenate<S>(
  para: ParagraphImpl<S>,
  word: readonly Piece[],
  room: number,
): { prefix: Piece[]; rest: Piece; consumed: number } | null {
  const candidates: { p: number; at: number; width: number }[] = [];
  let before = 0;
  for (let p = 0; p < word.length; p++) {
    const piece = word[p];
    if (piece.face && piece.hyphenPoints.length > 0) {
      const hw = hyphenWidth(piece);
      for (const at of piece.hyphenPoints)
        candidates.push({ p, at, width: before + widthBetween(piece, piece.start, at) + hw });
    }
    before += piece.width;
  }
  for (let k = candidates.length - 1; k >= 0; k--) {
    const c = candidates[k];
    if (c.width > room + EPSILON) continue;
    const piece = word[c.p];
    const head = slicePiece(para, piece, piece.start, c.at, true);
    let prefixWidth = head.width;
    for (let q = 0; q < c.p; q++) prefixWidth += word[q].width;
    if (prefixWidth > room + EPSILON) continue;
    const rest = slicePiece(para, piece, c.at, piece.end, false);
    return { prefix: [...word.slice(0, c.p), head], rest, consumed: c.p + 1 };
  }
  return null;
}

/** overflow-wrap: split a word that is alone on its line at the last cluster boundary that fits. */
function emergencySplit<S>(
  para: ParagraphImpl<S>,
  word: readonly Piece[],
  room: number,
): { prefix: Piece[]; rest: Piece; consumed: number } | null {
  let before = 0;
  for (let p = 0; p < word.length; p++) {
    const piece = word[p];
    if (before + piece.width <= room + EPSILON) {
      before += piece.width;
      continue;
    }
    if (!piece.emergencyBreak || !piece.face) return null;
    let w = before + piece.insetStart;
    let cut = -1;
    for (let g = 0; g < piece.ids.length; g++) {
      const c = clusterOf(piece, g);
      const clusterStart = g === 0 || piece.rel[g - 1] !== piece.rel[g];
      if (clusterStart && g > 0 && c > piece.start) {
        if (w > room + EPSILON) break;
        cut = c;
      }
      w += piece.advances[g];
    }
    if (cut < 0) {
      if (p > 0) return { prefix: word.slice(0, p), rest: word[p], consumed: p + 1 };
      // Not even one cluster fits: take the first cluster anyway so the line makes progress.
      cut = piece.ids.length > 1 ? secondCluster(piece) : piece.end;
      if (cut >= piece.end) return null;
    }
    // Cut the shaped glyphs at the cluster boundary instead of shaping both halves again: a long
    // word in a narrow cell is split on every line, and re-shaping the rest each time adds up.
    const g = piece.rel.indexOf(cut - piece.clusterBase);
    const head = cutPiece(piece, 0, g, BREAK_ALLOWED);
    const rest = cutPiece(piece, g, piece.ids.length, piece.breakAfter);
    return { prefix: [...word.slice(0, p), head], rest, consumed: p + 1 };
  }
  return null;
}

/** Glyphs [g0, g1) of a piece as a piece of their own (cluster boundaries only; no re-shaping). */
function cutPiece(piece: Piece, g0: number, g1: number, breakAfter: number): Piece {
  const n = piece.ids.length;
  const start = g0 === 0 ? piece.start : clusterOf(piece, g0);
  const end = g1 >= n ? piece.end : clusterOf(piece, g1);
  const insetStart = g0 === 0 ? piece.insetStart : 0;
  const insetEnd = g1 >= n ? piece.insetEnd : 0;
  const advances = piece.advances.subarray(g0, g1);
  let width = insetStart + insetEnd;
  for (const a of advances) width += a;
  return {
    ...piece,
    start,
    end,
    ids: piece.ids.subarray(g0, g1),
    advances,
    dx: piece.dx.subarray(g0, g1),
    dy: piece.dy.subarray(g0, g1),
    rel: piece.rel.subarray(g0, g1),
    spaces: piece.spaces.subarray(g0, g1),
    width,
    insetStart,
    insetEnd,
    breakAfter,
    hyphenPoints: piece.hyphenPoints.filter((h) => h > start && h < end),
  };
}

/** Reports the paragraph's anchors, in order, as the line being filled reaches them. */
class Anchors<S> {
  index = 0;
  constructor(readonly list: ParagraphImpl<S>['anchors']) {}
  /**
   * Reports anchors standing before `end` (all that are left when end is undefined) with the
   * width used so far; returns the line's new limit.
   */
  reach(
    end: number | undefined,
    used: number,
    limit: number,
    indent: number,
    onAnchor: AnchorHandler<S> | undefined,
  ): number {
    while (
      this.index < this.list.length &&
      (end === undefined || this.list[this.index].offset < end)
    ) {
      const a = this.list[this.index++];
      const width = onAnchor?.(a.source, used);
      if (width !== undefined) limit = width - indent;
    }
    return limit;
  }
}

function collectLine<S>(
  para: ParagraphImpl<S>,
  cursor: Cursor,
  startLimit: number,
  anchors: Anchors<S>,
  indent: number,
  onAnchor: AnchorHandler<S> | undefined,
  zone: number,
): LineResult & { limit: number } {
  const items: Piece[] = [];
  let x = 0;
  let limit = startLimit;
  const done = (hardBreak: boolean, hyphenated = false): LineResult & { limit: number } => {
    // The paragraph's last line also holds the anchors that stand after all its text.
    if (cursor.done) limit = anchors.reach(undefined, x, limit, indent, onAnchor);
    return { items, hardBreak, hyphenated, limit };
  };
  while (!cursor.done) {
    const word = cursor.peekWord();
    let width = 0;
    for (const p of word) width += p.width;
    const last = word[word.length - 1];
    limit = anchors.reach(last.end, x, limit, indent, onAnchor);
    const hang = trailingSpaceWidth(last);
    if (x + width - hang <= limit + EPSILON) {
      items.push(...word);
      cursor.consume(word.length);
      x += width;
      if (last.breakAfter === BREAK_MANDATORY) return done(true);
      continue;
    }
    // hyphenate-limit-zone: a line already full enough ends before the word, unhyphenated.
    if (zone > 0 && items.length > 0) {
      const unfilled = limit - (x - trailingSpaceWidth(items[items.length - 1]));
      if (unfilled <= zone + EPSILON) return done(false);
    }
    const hyph = tryHyphenate(para, word, limit - x);
    if (hyph) {
      items.push(...hyph.prefix);
      cursor.consume(hyph.consumed);
      cursor.carry = hyph.rest;
      return done(false, true);
    }
    if (items.length > 0) return done(false);
    const split = emergencySplit(para, word, limit);
    if (split) {
      items.push(...split.prefix);
      cursor.consume(split.consumed);
      cursor.carry = split.rest;
      return done(false);
    }
    // Nothing fits and nothing may be split: the word overflows its line.
    items.push(...word);
    cursor.consume(word.length);
    if (last.breakAfter === BREAK_MANDATORY) return done(true);
    return done(cursor.done);
  }
  return done(true);
}

/** A piece on a line with the glyph range that is drawn (trailing spaces may be cut off). */
interface Placed {
  readonly piece: Piece;
  readonly g0: number;
  readonly g1: number;
  /** Width of this placement (glyphs in range + insets). */
  readonly width: number;
}

function placedWidth(piece: Piece, g0: number, g1: number): number {
  let w = piece.insetStart + piece.insetEnd;
  for (let g = g0; g < g1; g++) w += piece.advances[g];
  if (piece.object) w = piece.object.width;
  return w;
}

/** Drops collapsible spaces at the line's start and end; measures hanging ones. */
function trimLine(items: readonly Piece[]): { placed: Placed[]; hang: number } {
  // Each range becomes its placement (width filled in below): one object per piece.
  const ranges = items.map((p) => ({ piece: p, g0: 0, g1: p.ids.length, width: 0 }));
  // End of line.
  let hang = 0;
  for (let k = ranges.length - 1; k >= 0; k--) {
    const r = ranges[k];
    const p = r.piece;
    if (p.isForcedBreak) continue;
    if (p.object) break;
    if (p.collapsible) {
      while (r.g1 > r.g0 && p.spaces[r.g1 - 1]) r.g1--;
      if (r.g1 > r.g0) break;
      continue;
    }
    if (p.hangs) {
      let g = r.g1;
      while (g > r.g0 && p.spaces[g - 1]) hang += p.advances[--g];
      if (g > r.g0) break;
      continue;
    }
    break;
  }
  // Start of line (spaces after a forced break that collapsing left behind).
  for (const r of ranges) {
    const p = r.piece;
    if (p.isForcedBreak) continue;
    if (!p.collapsible) break;
    while (r.g0 < r.g1 && p.spaces[r.g0]) r.g0++;
    if (r.g0 < r.g1) break;
  }
  const placed: Placed[] = [];
  for (const r of ranges) {
    const p = r.piece;
    if (p.isForcedBreak) continue;
    if (!p.object && r.g0 >= r.g1 && p.insetStart === 0 && p.insetEnd === 0) continue;
    r.width = placedWidth(p, r.g0, r.g1);
    placed.push(r);
  }
  return { placed, hang };
}

/** UAX #9 L2: reverse every maximal sequence at or above each odd-or-higher level. */
function reorder(placed: Placed[], baseLevel: number): Placed[] {
  if (placed.length === 0) return placed;
  let max = 0;
  let minOdd = 255;
  for (const p of placed) {
    const l = Math.max(p.piece.level, baseLevel);
    max = Math.max(max, l);
    if (l % 2 === 1) minOdd = Math.min(minOdd, l);
  }
  if (max === 0) return placed;
  const out = placed.slice();
  for (let level = max; level >= minOdd && level > 0; level--) {
    let i = 0;
    while (i < out.length) {
      if (Math.max(out[i].piece.level, baseLevel) >= level) {
        let j = i;
        while (j < out.length && Math.max(out[j].piece.level, baseLevel) >= level) j++;
        let a = i;
        let b = j - 1;
        while (a < b) {
          const t = out[a];
          out[a] = out[b];
          out[b] = t;
          a++;
          b--;
        }
        i = j;
      } else i++;
    }
  }
  return out;
}

interface InlineBoxMetrics {
  /** Box extent above and below its own baseline (half-leading included). */
  readonly up: number;
  readonly down: number;
  /** Font content ascent/descent. */
  readonly ascent: number;
  readonly descent: number;
}

function textBoxMetrics(style: TextStyle, face: LoadedFace, primary: LoadedFace): InlineBoxMetrics {
  const box = leadingBoxMetrics(style, face, primary);
  return style.emphasis ? withEmphasisMarks(box, style, primary) : box;
}

/**
 * Emphasis marks sit on the text's content box, outside its ascent (or descent): the box
 * reaches at least that far, whatever the half-leading, as Chromium lays them out.
 */
function withEmphasisMarks(
  box: InlineBoxMetrics,
  style: TextStyle,
  primary: LoadedFace,
): InlineBoxMetrics {
  const markSize = style.size / 2;
  const mark = (primary.metrics.ascent + primary.metrics.descent) * markSize;
  const over = style.emphasis?.position !== 'under';
  return {
    ...box,
    up: Math.max(box.up, box.ascent + (over ? mark : 0)),
    down: Math.max(box.down, box.descent + (over ? 0 : mark)),
  };
}

function leadingBoxMetrics(
  style: TextStyle,
  face: LoadedFace,
  primary: LoadedFace,
): InlineBoxMetrics {
  const size = style.size;
  const lh = style.lineHeight;
  const fa = face.metrics.ascent * size;
  const fd = face.metrics.descent * size;
  if (lh.kind === 'normal') {
    // Like browsers: the fonts actually used count towards normal line height.
    const a = Math.max(fa, primary.metrics.ascent * size);
    const d = Math.max(fd, primary.metrics.descent * size);
    const gap = primary.metrics.lineGap * size;
    return { up: a + gap / 2, down: d + gap / 2, ascent: fa, descent: fd };
  }
  const a = primary.metrics.ascent * size;
  const d = primary.metrics.descent * size;
  const height = lh.kind === 'factor' ? lh.value * size : lh.value;
  const half = (height - (a + d)) / 2;
  return { up: a + half, down: d + half, ascent: fa, descent: fd };
}

/** One CSS pixel in points, the unit of text styles. */
const ONE_CSS_PX = 0.75;

/** Baseline offset (y down) of a box relative to the line's baseline for vertical-align. */
function baselineShift(
  va: VerticalAlign | undefined,
  box: InlineBoxMetrics,
  strut: InlineBoxMetrics,
  strutStyle: TextStyle,
  strutFace: LoadedFace,
): number {
  if (va === undefined || va === 'baseline' || va === 'top' || va === 'bottom') return 0;
  if (typeof va === 'object') return -va.length;
  const parentSize = strutStyle.size;
  switch (va) {
    // As browsers shift them: a fifth and a third of the parent's size, plus one CSS pixel.
    case 'sub':
      return parentSize / 5 + ONE_CSS_PX;
    case 'super':
      return -(parentSize / 3 + ONE_CSS_PX);
    case 'text-top':
      return -strut.ascent + box.up;
    case 'text-bottom':
      return strut.descent - box.down;
    case 'middle':
      return -(strutFace.metrics.xHeight * parentSize) / 2 - (box.down - box.up) / 2;
  }
}

function resolveAlign(
  align: TextAlign,
  dir: 'ltr' | 'rtl',
): 'left' | 'right' | 'center' | 'justify' {
  if (align === 'start') return dir === 'rtl' ? 'right' : 'left';
  if (align === 'end') return dir === 'rtl' ? 'left' : 'right';
  return align;
}

/** No text decoration: shared, as most text has none. */
const NO_DECORATIONS: readonly Decoration[] = Object.freeze([]);

function decorationsFor(style: TextStyle, face: LoadedFace, ascent: number): readonly Decoration[] {
  const deco = style.textDecoration;
  if (!deco || deco.lines.length === 0) return NO_DECORATIONS;
  const size = style.size;
  const m = face.metrics;
  const color = deco.color ?? style.color;
  const kind = deco.style ?? 'solid';
  return deco.lines.map((line): Decoration => {
    if (line === 'underline') {
      const thickness = deco.thickness ?? m.underlineThickness * size;
      return {
        kind: line,
        // Decorations are drawn centred on y.
        y:
          deco.underlineOffset !== undefined
            ? deco.underlineOffset + thickness / 2
            : deco.underlineUnder
              ? m.descent * size + thickness / 2
              : m.underlineOffset * size,
        thickness,
        style: kind,
        color,
      };
    }
    if (line === 'overline')
      return {
        kind: line,
        y: -ascent,
        thickness: deco.thickness ?? m.underlineThickness * size,
        style: kind,
        color,
      };
    return {
      kind: line,
      y: -m.strikeoutOffset * size,
      thickness: deco.thickness ?? m.strikeoutThickness * size,
      style: kind,
      color,
    };
  });
}

/**
 * End of the cluster of glyph `g`: the start of the next cluster in logical order (glyphs of an
 * inserted hyphen skipped), or the piece end. Walks only to the next cluster, so asking once per
 * cluster costs one pass over the piece, and nothing is allocated per line.
 */
function clusterEnd(piece: Piece, g: number): number {
  const rel = piece.rel;
  const c = clusterOf(piece, g);
  if (c >= piece.end) return c;
  for (let k = g + 1; k < rel.length; k++) {
    const ck = clusterOf(piece, k);
    if (ck < piece.end && rel[k] !== rel[k - 1]) return ck;
  }
  return piece.end;
}

/**
 * Preserved tabs advance to the next tab stop (tab-size × the space advance, measured from the
 * line start), which depends on where the tab lands. Returns the adjusted advances per piece and
 * the change in line width, or null when the line has no tab.
 */
function tabAdvances<S>(
  para: ParagraphImpl<S>,
  visual: readonly Placed[],
): { advances: Map<Piece, Float64Array>; delta: number } | null {
  let any = false;
  for (const p of visual)
    for (let g = p.g0; g < p.g1 && !any; g++)
      if (p.piece.spaces[g] && para.text.charCodeAt(clusterOf(p.piece, g)) === 0x09) any = true;
  if (!any) return null;
  const advances = new Map<Piece, Float64Array>();
  let x = 0;
  let delta = 0;
  for (const p of visual) {
    const piece = p.piece;
    if (piece.object || !piece.face) {
      x += p.width;
      continue;
    }
    const style = para.runs[piece.run].style;
    const stop = (style.tabSize ?? 8) * piece.face.metrics.spaceAdvance * style.size;
    const adv = piece.advances.slice();
    const rtl = piece.level % 2 === 1;
    x += rtl ? piece.insetEnd : piece.insetStart;
    for (let k = p.g0; k < p.g1; k++) {
      const g = rtl ? p.g1 - 1 - (k - p.g0) : k;
      if (stop > 0 && piece.spaces[g] && para.text.charCodeAt(clusterOf(piece, g)) === 0x09) {
        let next = (Math.floor(x / stop + 1e-9) + 1) * stop;
        // A tab narrower than half a space jumps to the following stop (CSS Text 3 §4.2).
        if (next - x < (piece.face.metrics.spaceAdvance * style.size) / 2) next += stop;
        const a = next - x + style.wordSpacing;
        delta += a - adv[g];
        adv[g] = a;
      }
      x += adv[g];
    }
    x += rtl ? piece.insetStart : piece.insetEnd;
    advances.set(piece, adv);
  }
  return { advances, delta };
}

/** Offsets for the glyphs of a fragment so far (none was offset). */
function zeroOffsets(count: number): { dx: number[]; dy: number[] } {
  const dx: number[] = [];
  const dy: number[] = [];
  for (let i = 0; i < count; i++) {
    dx.push(0);
    dy.push(0);
  }
  return { dx, dy };
}

interface PendingFragment<S> {
  kind: 'glyphs';
  x: number;
  shift: number;
  run: number;
  face: LoadedFace;
  level: number;
  /** Font size of the glyphs (smaller than the style's for synthesised small capitals). */
  size: number;
  /**
   * The glyphs (GlyphList), made at their final size and filled glyph by glyph (`filled` so
   * far); offsets made at the first offset glyph.
   */
  ids: number[];
  advances: number[];
  glyphTexts: string[];
  filled: number;
  offsets: { dx: number[]; dy: number[] } | undefined;
  /** Logical text pieces, in visual order (reversed for odd levels when joined). */
  texts: string[];
  width: number;
  needsActualText: boolean;
  hyphenated: boolean;
  box: InlineBoxMetrics;
  style: TextStyle;
  source: S;
  /** Glyphs set upright in vertical text. */
  upright: Upright | undefined;
}

/** A fragment of a line being assembled: glyphs, or an object with its extent. */
type Pending<S> =
  | PendingFragment<S>
  | (ObjectFragment<S> & { shift: number; up: number; down: number; va?: VerticalAlign });

// Module-level rather than closures made for every line: functions made anew on every call
// lose their optimized code at each major garbage collection (Node 20).
function upOf<S>(f: Pending<S>): number {
  return f.kind === 'glyphs' ? f.box.up : f.up;
}

function downOf<S>(f: Pending<S>): number {
  return f.kind === 'glyphs' ? f.box.down : f.down;
}

function vaOf<S>(f: Pending<S>): VerticalAlign | undefined {
  return f.kind === 'glyphs' ? f.style.verticalAlign : f.va;
}

/** A pending fragment as it goes out in the line, its baseline at `baseline`. */
function lineFragment<S>(f: Pending<S>, baseline: number): LineFragment<S> {
  if (f.kind === 'object')
    return {
      kind: 'object',
      x: f.x,
      y: baseline + f.shift - f.up,
      width: f.width,
      height: f.height,
      source: f.source,
    };
  // Sized beforehand by fragmentSizes; a count that missed would leave holes at the end.
  if (f.filled !== f.ids.length) f.ids.length = f.advances.length = f.glyphTexts.length = f.filled;
  const rtl = f.level % 2 === 1;
  const text = (rtl ? f.texts.slice().reverse() : f.texts).join('');
  const reordered = rtl && f.ids.length > 1;
  const needsActual = reordered || f.needsActualText;
  const fragment: GlyphFragment<S> = {
    kind: 'glyphs',
    x: f.x,
    baseline: baseline + f.shift,
    width: f.width,
    face: f.face,
    font: f.face.resource,
    size: f.size,
    color: f.style.color,
    glyphs: {
      ids: f.ids,
      advances: f.advances,
      texts: f.glyphTexts,
      ...(f.offsets ? { offsets: f.offsets } : {}),
    },
    text,
    ...(needsActual ? { actualText: f.hyphenated ? text + '\u00ad' : text } : {}),
    bidiLevel: f.level,
    decorations: decorationsFor(f.style, f.face, f.box.ascent),
    style: f.style,
    source: f.source,
    ascent: f.box.ascent,
    descent: f.box.descent,
    ...(f.upright ? { upright: f.upright } : {}),
  };
  return fragment;
}

/** Whether `piece` continues the open text fragment: same run, face, bidi level and size. */
function continuesFragment(
  open: {
    readonly run: number;
    readonly face: LoadedFace | null;
    readonly level: number;
    readonly size: number;
    readonly upright?: Upright;
  } | null,
  piece: Piece,
): boolean {
  return (
    open !== null &&
    open.run === piece.run &&
    open.face === piece.face &&
    open.upright === piece.upright &&
    open.level === piece.level &&
    open.size === piece.size
  );
}

/** Whether a text fragment stays open after `piece`: no inline box's edge (inset) ends it. */
function keepsFragmentOpen(piece: Piece): boolean {
  return (piece.level % 2 === 1 ? piece.insetStart : piece.insetEnd) === 0;
}

/**
 * Glyphs of each text fragment buildLine will make from these placements, in order, by the
 * same rule (an atomic inline also closes the open fragment).
 */
function fragmentSizes(visual: readonly Placed[]): number[] {
  const sizes: number[] = [];
  let open: Piece | null = null;
  for (const p of visual) {
    const piece = p.piece;
    if (piece.object) {
      open = null;
      continue;
    }
    if (!continuesFragment(open, piece)) sizes.push(0);
    sizes[sizes.length - 1] += p.g1 - p.g0;
    open = keepsFragmentOpen(piece) ? piece : null;
  }
  return sizes;
}

function buildLine<S>(
  para: ParagraphImpl<S>,
  result: LineResult,
  avail: number,
  indent: number,
  top: number,
  options: BreakOptions,
  strutFace: LoadedFace,
  plain: boolean,
): LineBox<S> {
  const { placed, hang } = trimLine(result.items);
  let contentWidth = -hang;
  for (const p of placed) contentWidth += p.width;
  if (hang > 0) contentWidth = Math.max(contentWidth, 0);
  const dir = para.direction;
  const baseLevel = dir === 'rtl' ? 1 : 0;
  // A plain paragraph has nothing to reorder and no tab stops to resolve.
  const visual = plain ? placed : reorder(placed, baseLevel);
  const tabs = plain ? null : tabAdvances(para, visual);
  if (tabs) contentWidth += tabs.delta;

  const isLast = result.hardBreak;
  const alignKeyword = isLast
    ? (options.textAlignLast ?? (options.textAlign === 'justify' ? 'start' : options.textAlign))
    : options.textAlign;
  let align = resolveAlign(alignKeyword, dir);
  const lineWidth = avail - indent;
  // With an unbounded width (max-content layout) there is nothing to align against.
  const room = Number.isFinite(lineWidth) ? lineWidth - contentWidth : 0;
  let extraPerSpace = 0;
  if (align === 'justify') {
    let count = 0;
    for (const p of placed) for (let g = p.g0; g < p.g1; g++) if (p.piece.spaces[g]) count++;
    if (count > 0 && room > 0) extraPerSpace = room / count;
    else align = resolveAlign('start', dir);
  }
  let offset = 0;
  if (align === 'right') offset = Math.max(room, 0);
  else if (align === 'center') offset = Math.max(room, 0) / 2;
  const lineLeft = dir === 'ltr' ? indent : 0;

  const strutStyle = options.strut;
  const strutBox = textBoxMetrics(strutStyle, strutFace, strutFace);
  const fragments: Pending<S>[] = [];
  const sizes = fragmentSizes(visual);
  let textFragments = 0;
  let x = lineLeft + offset;
  let last = null as PendingFragment<S> | null;
  for (const p of visual) {
    const piece = p.piece;
    const run = para.runs[piece.run];
    if (piece.object) {
      const obj = piece.object;
      const box: InlineBoxMetrics = {
        up: obj.baseline,
        down: obj.height - obj.baseline,
        ascent: obj.baseline,
        descent: obj.height - obj.baseline,
      };
      fragments.push({
        kind: 'object',
        x,
        y: 0,
        width: obj.width,
        height: obj.height,
        source: run.source,
        shift: baselineShift(obj.verticalAlign, box, strutBox, strutStyle, strutFace),
        up: box.up,
        down: box.down,
        va: obj.verticalAlign,
      });
      x += obj.width;
      last = null;
      continue;
    }
    const face = piece.face!;
    const style = run.style;
    const rtl = piece.level % 2 === 1;
    x += rtl ? piece.insetEnd : piece.insetStart;
    let frag: PendingFragment<S> | null = last;
    if (!frag || !continuesFragment(frag, piece)) {
      const box = textBoxMetrics(style, face, para.primaryFaces[piece.run]);
      const n = sizes[textFragments++] ?? 0;
      frag = {
        kind: 'glyphs',
        x,
        shift: baselineShift(style.verticalAlign, box, strutBox, strutStyle, strutFace),
        run: piece.run,
        face,
        level: piece.level,
        size: piece.size,
        ids: new Array<number>(n),
        advances: new Array<number>(n),
        glyphTexts: new Array<string>(n),
        filled: 0,
        offsets: undefined,
        texts: [],
        width: 0,
        needsActualText: false,
        hyphenated: false,
        box,
        style,
        source: run.source,
        upright: piece.upright,
      };
      fragments.push(frag);
    }
    // Glyphs in visual order, text on the first glyph of each cluster as met in that order.
    const step = rtl ? -1 : 1;
    const stop = rtl ? p.g0 - 1 : p.g1;
    const advances = tabs?.advances.get(piece) ?? piece.advances;
    let prevCluster = -1;
    const textStart = p.g0 > 0 ? clusterOf(piece, p.g0) : piece.start;
    let textEnd = p.g1 < piece.ids.length ? clusterOf(piece, p.g1) : piece.end;
    if (piece.hyphenated && textEnd > piece.end) textEnd = piece.end;
    const opaqueText = piece.needsActualText && !piece.hyphenated && !piece.missing;
    for (let g = rtl ? p.g1 - 1 : p.g0; g !== stop; g += step) {
      const c = clusterOf(piece, g);
      let text = '';
      if (opaqueText) {
        if (prevCluster === -1) text = para.text.slice(textStart, textEnd);
      } else if (c !== prevCluster) {
        if (c >= piece.end) text = '\u00ad';
        else text = para.text.slice(c, clusterEnd(piece, g));
      }
      prevCluster = c;
      let advance = advances[g];
      if (extraPerSpace > 0 && piece.spaces[g]) advance += extraPerSpace;
      const dx = piece.dx[g];
      const dy = piece.dy[g];
      const offset = dx !== 0 || dy !== 0;
      if (offset) frag.offsets ??= zeroOffsets(frag.filled);
      if (frag.offsets) {
        frag.offsets.dx.push(offset ? dx : 0);
        frag.offsets.dy.push(offset ? dy : 0);
      }
      const k = frag.filled++;
      frag.ids[k] = piece.ids[g];
      frag.advances[k] = advance;
      frag.glyphTexts[k] = text;
      frag.width += advance;
      x += advance;
    }
    frag.texts.push(para.text.slice(textStart, textEnd));
    if (piece.needsActualText) frag.needsActualText = true;
    if (piece.hyphenated) frag.hyphenated = true;
    x += rtl ? piece.insetStart : piece.insetEnd;
    last = keepsFragmentOpen(piece) ? frag : null;
  }

  // Vertical alignment and the line box (CSS 2.1 §10.8).
  let minTop = -strutBox.up;
  let maxBottom = strutBox.down;
  for (const f of fragments) {
    const va = vaOf(f);
    if (va === 'top' || va === 'bottom') continue;
    minTop = Math.min(minTop, f.shift - upOf(f));
    maxBottom = Math.max(maxBottom, f.shift + downOf(f));
  }
  for (const f of fragments) {
    const va = vaOf(f);
    if (va !== 'top' && va !== 'bottom') continue;
    const h = upOf(f) + downOf(f);
    if (h > maxBottom - minTop) {
      if (va === 'top') maxBottom = minTop + h;
      else minTop = maxBottom - h;
    }
    f.shift = va === 'top' ? minTop + upOf(f) : maxBottom - downOf(f);
  }
  const baseline = -minTop;
  const out: LineFragment<S>[] = [];
  for (const f of fragments) out.push(lineFragment(f, baseline));
  return {
    top,
    height: maxBottom - minTop,
    baseline,
    availableWidth: avail,
    contentWidth,
    fragments: out,
    hardBreak: result.hardBreak,
    hyphenated: result.hyphenated,
  };
}

interface BreakerState extends LineBreakerState {
  readonly index: number;
  readonly carry: Piece | null;
  readonly line: number;
  readonly anchor: number;
}

class Breaker<S> implements LineBreaker<S> {
  private readonly cursor: Cursor;
  private readonly anchors: Anchors<S>;
  private readonly strutFace: LoadedFace;
  private readonly plain: boolean;
  private line = 0;

  private readonly options: BreakOptions;

  constructor(
    private readonly para: ParagraphImpl<S>,
    options: BreakOptions,
  ) {
    this.options = options.strut.fontSizeAdjust
      ? { ...options, strut: adjustedStyle(para.ctx, options.strut) }
      : options;
    this.cursor = new Cursor(para.isEmpty ? [] : para.pieces);
    this.anchors = new Anchors(para.anchors);
    const strut = this.options.strut;
    this.strutFace = para.ctx.matchFont(strut.families, strut.weight, strut.style);
    // Left-to-right throughout with no tab: lines skip bidi reordering and tab-stop work.
    let plain = para.direction === 'ltr' && para.text.indexOf('\t') < 0;
    for (let k = 0; plain && k < para.pieces.length; k++)
      if (para.pieces[k].level !== 0) plain = false;
    this.plain = plain;
  }

  get done(): boolean {
    return this.cursor.done && this.anchors.index >= this.anchors.list.length;
  }

  save(): LineBreakerState {
    const state: BreakerState = {
      brand: 'LineBreakerState',
      index: this.cursor.index,
      carry: this.cursor.carry,
      line: this.line,
      anchor: this.anchors.index,
    };
    return state;
  }

  restore(state: LineBreakerState): void {
    const s = state as BreakerState;
    this.cursor.index = s.index;
    this.cursor.carry = s.carry;
    this.line = s.line;
    this.anchors.index = s.anchor;
  }

  next(
    width: number,
    top: number,
    onAnchor?: AnchorHandler<S>,
    fill?: number,
  ): LineBox<S> | undefined {
    const avail = Number.isNaN(width) ? 0 : Math.max(width, 0);
    // Filled to `fill`, aligned in `avail`: the difference goes back once the line is full.
    const slack = fill === undefined || !(fill < avail) ? 0 : avail - Math.max(fill, 0);
    if (this.cursor.done) {
      this.anchors.reach(undefined, 0, avail, 0, onAnchor);
      return undefined;
    }
    const indent = this.line === 0 ? this.options.textIndent : 0;
    const limit = avail - slack - indent;
    const zone = this.options.hyphenateLimitZone;
    const result = collectLine(
      this.para,
      this.cursor,
      limit,
      this.anchors,
      indent,
      onAnchor,
      zone ? zone.length + zone.ofWidth * Math.max(limit, 0) : 0,
    );
    if (result.items.length === 0) {
      this.anchors.reach(undefined, 0, avail, 0, onAnchor);
      return undefined;
    }
    this.line++;
    const used = Math.max(0, result.limit + indent + slack);
    return buildLine(
      this.para,
      result,
      used,
      indent,
      top,
      this.options,
      this.strutFace,
      this.plain,
    );
  }
}

export function createLineBreaker<S>(
  paragraph: ShapedParagraph<S>,
  options: BreakOptions,
): LineBreaker<S> {
  return new Breaker(asParagraph(paragraph), options);
}

export function breakLines<S>(
  paragraph: ShapedParagraph<S>,
  width: AvailableWidth,
  options: BreakOptions,
): LineBox<S>[] {
  const para = asParagraph(paragraph);
  if (para.isEmpty) return [];
  const breaker = new Breaker(para, options);
  const lines: LineBox<S>[] = [];
  let top = 0;
  for (;;) {
    const index = lines.length;
    const asked = typeof width === 'number' ? width : width({ index, top });
    const line = breaker.next(asked, top);
    if (!line) break;
    lines.push(line);
    top += line.height;
  }
  return lines;
}
