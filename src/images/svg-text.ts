/**
 * SVG <text> and <tspan> in the vector subset (svg-vector.ts), so that a chart's title, axis
 * labels and legend print as real, selectable text rather than as pixels.
 *
 * Parsing (here, pure data) turns a text element into chunks of runs: characters of one font,
 * fill and position each, grouped into the chunks that text-anchor aligns. Placement needs the
 * document's fonts, which belong to layout: layout hands placeSvgText a shaper, and the runs
 * become glyph runs in page points.
 *
 * Inside the subset: x, y, dx, dy (lists too), nested tspans, xml:space, font-family, -size,
 * -weight and -style, text-anchor, dominant-baseline, alignment-baseline, letter-spacing,
 * word-spacing and fill. Anything else that changes text (textPath, rotate, textLength,
 * vertical writing, baseline-shift, decorations, a stroke) throws SvgTextOutsideSubset, and
 * the file stays with librsvg.
 */
import type { Element } from '@xmldom/xmldom';
import {
  CSS_FONT_SIZE_KEYWORDS,
  CSS_PX_PER_UNIT,
  multiplyMatrix,
  type DisplayItem,
  type GlyphRun,
  type ItemTag,
  type Matrix,
  type RgbaColor,
} from '../document/index.js';

/** Thrown while parsing text that lies outside the subset; parseSimpleSvg answers undefined. */
export class SvgTextOutsideSubset extends Error {
  constructor(what: string) {
    super(`SVG text outside the vector subset: ${what}`);
    this.name = 'SvgTextOutsideSubset';
  }
}

/**
 * A length that may depend on the font size of the host (the <img>'s UA default, or the
 * element around an inline <svg>), known only at placement: `user` user units plus `host`
 * times the host's font size.
 */
export interface SvgHostLength {
  readonly user: number;
  readonly host: number;
}

export type SvgTextAnchor = 'start' | 'middle' | 'end';
export type SvgFontStyle = 'normal' | 'italic' | 'oblique';
/** The baselines the subset places text on, approximated from the font's metrics. */
export type SvgBaseline =
  'alphabetic' | 'middle' | 'central' | 'mathematical' | 'hanging' | 'text-top' | 'text-bottom';

/** Font, fill and baseline of one run of characters. Undefined font members are the host's. */
export interface SvgTextRunStyle {
  readonly families?: readonly string[];
  /** In the text element's user units. */
  readonly size: SvgHostLength;
  readonly weight?: number;
  /** bolder or lighter than the host's weight (set only while `weight` is the host's). */
  readonly weightStep?: 'bolder' | 'lighter';
  readonly style?: SvgFontStyle;
  readonly letterSpacing: SvgHostLength;
  readonly wordSpacing: SvgHostLength;
  readonly baseline: SvgBaseline;
  /** Fill with fill-opacity applied; absent when the run is not painted (it still advances). */
  readonly fill?: RgbaColor;
  /** The fill is currentColor: the host's colour, with `fill`'s alpha. */
  readonly currentColor?: true;
}

/** Characters drawn as one glyph run, after the pen moves to `x`/`y` (when given) and by dx/dy. */
export interface SvgTextRun {
  readonly text: string;
  readonly style: SvgTextRunStyle;
  readonly x?: SvgHostLength;
  readonly y?: SvgHostLength;
  readonly dx?: SvgHostLength;
  readonly dy?: SvgHostLength;
}

/** Runs from one absolute position to the next, aligned together by text-anchor. */
export interface SvgTextChunk {
  readonly anchor: SvgTextAnchor;
  readonly runs: readonly SvgTextRun[];
}

/** One <text> element; `matrix` maps its user space to the root's. */
export interface SvgTextNode {
  readonly kind: 'text';
  readonly matrix: Matrix;
  readonly chunks: readonly SvgTextChunk[];
}

// ---------------------------------------------------------------------------------------------
// Inherited text properties

/** Text properties as inherited down the tree; undefined members come from the host. */
export interface SvgTextProps {
  readonly families?: readonly string[];
  readonly size: SvgHostLength;
  readonly weight?: number;
  readonly weightStep?: 'bolder' | 'lighter';
  readonly style?: SvgFontStyle;
  readonly anchor: SvgTextAnchor;
  readonly dominantBaseline: SvgBaseline;
  /** alignment-baseline of this element only: it is not inherited. */
  readonly alignmentBaseline?: SvgBaseline;
  readonly letterSpacing: SvgHostLength;
  readonly wordSpacing: SvgHostLength;
  /** xml:space="preserve". */
  readonly preserveSpace: boolean;
}

const ZERO: SvgHostLength = { user: 0, host: 0 };

export const INITIAL_TEXT_PROPS: SvgTextProps = {
  size: { user: 0, host: 1 },
  anchor: 'start',
  dominantBaseline: 'alphabetic',
  letterSpacing: ZERO,
  wordSpacing: ZERO,
  preserveSpace: false,
};

/**
 * Text properties the subset reads, as presentation attributes or in style="", in the order
 * they are applied (font-size first: the spacings and positions in em depend on it). Those
 * without an effect on the drawing here are checked to have their initial value.
 */
export const TEXT_PROPS: readonly string[] = [
  'font-size',
  'font-family',
  'font-weight',
  'font-style',
  'text-anchor',
  'dominant-baseline',
  'alignment-baseline',
  'letter-spacing',
  'word-spacing',
  'baseline-shift',
  'text-decoration',
  'font-variant',
  'font-stretch',
  'writing-mode',
  'direction',
  'unicode-bidi',
  'text-rendering',
];

/** Properties that must keep their initial value (one of these) for the subset to draw the text. */
const ONLY_INITIAL: Readonly<Record<string, readonly string[]>> = {
  'baseline-shift': ['baseline', '0', '0px'],
  'text-decoration': ['none'],
  'font-variant': ['normal'],
  'font-stretch': ['normal', '100%'],
  'writing-mode': ['horizontal-tb', 'lr', 'lr-tb'],
  direction: ['ltr'],
  'unicode-bidi': ['normal'],
  // A rendering hint: any valid value draws the same.
  'text-rendering': ['auto', 'optimizespeed', 'optimizelegibility', 'geometricprecision'],
};

/**
 * The text properties of an element: its parent's, with its own declarations (`own`, already
 * read from attributes and style="") and xml:space applied.
 */
export function applyTextProps(
  parent: SvgTextProps,
  own: ReadonlyMap<string, string>,
  xmlSpace: string | null,
): SvgTextProps {
  const touched =
    xmlSpace !== null ||
    parent.alignmentBaseline !== undefined ||
    own.has('fill') ||
    TEXT_PROPS.some((p) => own.has(p));
  if (!touched) return parent;
  let p: SvgTextProps = { ...parent, alignmentBaseline: undefined };
  if (xmlSpace !== null) {
    if (xmlSpace !== 'preserve' && xmlSpace !== 'default')
      throw new SvgTextOutsideSubset('xml:space');
    p = { ...p, preserveSpace: xmlSpace === 'preserve' };
  }
  for (const prop of TEXT_PROPS) {
    const raw = own.get(prop);
    if (raw === undefined || raw === 'inherit') continue;
    p = applyOne(p, parent, prop, raw.trim());
  }
  return p;
}

function applyOne(p: SvgTextProps, parent: SvgTextProps, prop: string, raw: string): SvgTextProps {
  const v = raw.toLowerCase();
  switch (prop) {
    case 'font-size':
      return { ...p, size: fontSize(v, parent.size) };
    case 'font-family':
      return { ...p, families: fontFamilies(raw) };
    case 'font-weight':
      return { ...p, ...fontWeight(v, parent) };
    case 'font-style':
      if (v !== 'normal' && v !== 'italic' && v !== 'oblique')
        throw new SvgTextOutsideSubset(`font-style: ${raw}`);
      return { ...p, style: v };
    case 'text-anchor':
      if (v !== 'start' && v !== 'middle' && v !== 'end')
        throw new SvgTextOutsideSubset(`text-anchor: ${raw}`);
      return { ...p, anchor: v };
    case 'dominant-baseline':
      return { ...p, dominantBaseline: baseline(v) ?? 'alphabetic' };
    case 'alignment-baseline': {
      const b = v === 'baseline' ? undefined : baseline(v);
      return b === undefined ? p : { ...p, alignmentBaseline: b };
    }
    case 'letter-spacing':
      return { ...p, letterSpacing: v === 'normal' ? ZERO : hostLength(v, p.size) };
    case 'word-spacing':
      return { ...p, wordSpacing: v === 'normal' ? ZERO : hostLength(v, p.size) };
    default:
      if (!(ONLY_INITIAL[prop] ?? []).includes(v))
        throw new SvgTextOutsideSubset(`${prop}: ${raw}`);
      return p;
  }
}

/** A baseline keyword; undefined for auto. */
function baseline(v: string): SvgBaseline | undefined {
  switch (v) {
    case 'auto':
      return undefined;
    case 'alphabetic':
    case 'middle':
    case 'central':
    case 'mathematical':
    case 'hanging':
      return v;
    case 'text-top':
    case 'text-before-edge':
      return 'text-top';
    case 'text-bottom':
    case 'text-after-edge':
    case 'ideographic':
      return 'text-bottom';
    default:
      throw new SvgTextOutsideSubset(`baseline ${v}`);
  }
}

function fontSize(v: string, parent: SvgHostLength): SvgHostLength {
  const keyword = CSS_FONT_SIZE_KEYWORDS[v];
  if (keyword !== undefined) return { user: keyword, host: 0 };
  const m = /^([+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)%$/.exec(v);
  const size = m ? scaled(parent, Number(m[1]) / 100) : hostLength(v, parent);
  if (size.user < 0 || size.host < 0) throw new SvgTextOutsideSubset(`font-size: ${v}`);
  return size;
}

/** A length in user units or em of `fontSize`; percentages and other units are outside the subset. */
function hostLength(raw: string, fontSize: SvgHostLength): SvgHostLength {
  const m = /^([+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)([a-z]*)$/i.exec(raw.trim());
  if (!m) throw new SvgTextOutsideSubset(`length ${raw}`);
  const n = Number(m[1]);
  const unit = m[2].toLowerCase();
  if (unit === 'em') return scaled(fontSize, n);
  const k = unit === '' ? 1 : CSS_PX_PER_UNIT[unit];
  if (k === undefined || !Number.isFinite(n * k)) throw new SvgTextOutsideSubset(`length ${raw}`);
  return { user: n * k, host: 0 };
}

function scaled(l: SvgHostLength, k: number): SvgHostLength {
  return { user: l.user * k, host: l.host * k };
}

/** A font-family list: names unquoted, generic families kept as written. */
function fontFamilies(raw: string): string[] {
  const out: string[] = [];
  const re = /\s*(?:"([^"]*)"|'([^']*)'|([^,"']+))\s*(?:,|$)/y;
  let pos = 0;
  while (pos < raw.length) {
    re.lastIndex = pos;
    const m = re.exec(raw);
    if (!m || re.lastIndex === pos) throw new SvgTextOutsideSubset(`font-family: ${raw}`);
    pos = re.lastIndex;
    const name = (m[1] ?? m[2] ?? m[3]).trim().replace(/\s+/g, ' ');
    if (name !== '') out.push(name);
  }
  if (out.length === 0) throw new SvgTextOutsideSubset(`font-family: ${raw}`);
  return out;
}

function fontWeight(v: string, parent: SvgTextProps): Pick<SvgTextProps, 'weight' | 'weightStep'> {
  if (v === 'normal') return { weight: 400, weightStep: undefined };
  if (v === 'bold') return { weight: 700, weightStep: undefined };
  if (v === 'bolder' || v === 'lighter') {
    if (parent.weight !== undefined) return { weight: relativeWeight(parent.weight, v) };
    // Relative to a host weight not known yet: one step is kept for placement.
    if (parent.weightStep !== undefined) throw new SvgTextOutsideSubset('font-weight steps');
    return { weight: undefined, weightStep: v };
  }
  const n = Number(v);
  if (!/^\d+(\.\d+)?$/.test(v) || n < 1 || n > 1000)
    throw new SvgTextOutsideSubset(`font-weight: ${v}`);
  return { weight: n, weightStep: undefined };
}

/** CSS Fonts 4 §2.2: the weight bolder or lighter than `w`. */
export function relativeWeight(w: number, step: 'bolder' | 'lighter'): number {
  if (step === 'bolder') return w < 350 ? 400 : w < 550 ? 700 : w < 900 ? 900 : w;
  return w < 100 ? w : w < 550 ? 100 : w < 750 ? 400 : 700;
}

// ---------------------------------------------------------------------------------------------
// Parsing a <text> element

/**
 * What the text parser borrows from the shape parser, so that both read attributes, style=""
 * and paint alike. `P` is the shape parser's paint state.
 */
/**
 * A run's fill: a colour, or (`host`) currentColor with no color property in the file, the
 * colour of the element holding the SVG with `color`'s alpha.
 */
export interface SvgTextFill {
  readonly color: RgbaColor;
  readonly host: boolean;
}

export interface SvgTextHooks<P> {
  /** A <tspan>'s own declarations; checks its attributes and counts it against the limits. */
  readonly own: (tspan: Element) => ReadonlyMap<string, string>;
  /** The paint of a child from its parent's and its own declarations. */
  readonly paint: (parent: P, own: ReadonlyMap<string, string>) => P;
  /** Text's fill (fill-opacity applied), or undefined for none; throws for paint not drawn on text. */
  readonly fill: (paint: P) => SvgTextFill | undefined;
  /** Counts characters against the limits. */
  readonly spend: (chars: number) => void;
}

const SVG_NS = 'http://www.w3.org/2000/svg';
const MAX_TSPAN_DEPTH = 16;

/** Position attribute lists of one element, over the characters [start, end) it holds. */
interface PositionLists {
  readonly start: number;
  end: number;
  readonly x: readonly SvgHostLength[];
  readonly y: readonly SvgHostLength[];
  readonly dx: readonly SvgHostLength[];
  readonly dy: readonly SvgHostLength[];
}

/** The characters of a text element after white-space processing, each with its span. */
interface Collected {
  readonly chars: string[];
  readonly spanOf: number[];
  readonly spans: {
    readonly style: SvgTextRunStyle;
    readonly anchor: SvgTextAnchor;
    readonly preserve: boolean;
  }[];
  readonly lists: PositionLists[];
}

/**
 * A <text> element (its paint and text properties already resolved, `matrix` its transform
 * into root user space) as a node, or undefined when it paints nothing.
 */
export function parseSvgText<P>(
  el: Element,
  paint: P,
  props: SvgTextProps,
  matrix: Matrix,
  hooks: SvgTextHooks<P>,
): SvgTextNode | undefined {
  const acc: Collected = { chars: [], spanOf: [], spans: [], lists: [] };
  collect(el, paint, props, hooks, acc, 0);
  // Spaces at the end of the text are stripped (as at its start) unless preserved.
  while (acc.chars.length > 0 && acc.chars[acc.chars.length - 1] === ' ') {
    if (acc.spans[acc.spanOf[acc.spanOf.length - 1]].preserve) break;
    acc.chars.pop();
    acc.spanOf.pop();
  }
  hooks.spend(acc.chars.length);
  const chunks = chunksOf(acc);
  const painted = chunks.some((c) => c.runs.some(paints));
  return painted ? { kind: 'text', matrix, chunks } : undefined;
}

function paints(run: SvgTextRun): boolean {
  const s = run.style;
  return s.fill !== undefined && (s.size.user > 0 || s.size.host > 0);
}

function collect<P>(
  el: Element,
  paint: P,
  props: SvgTextProps,
  hooks: SvgTextHooks<P>,
  acc: Collected,
  depth: number,
): void {
  if (depth > MAX_TSPAN_DEPTH) throw new SvgTextOutsideSubset('tspans nested too deep');
  const span = acc.spans.length;
  acc.spans.push({
    style: runStyle(props, hooks.fill(paint)),
    anchor: props.anchor,
    preserve: props.preserveSpace,
  });
  const lists: PositionLists = {
    start: acc.chars.length,
    end: acc.chars.length,
    x: positionList(el, 'x', props.size),
    y: positionList(el, 'y', props.size),
    dx: positionList(el, 'dx', props.size),
    dy: positionList(el, 'dy', props.size),
  };
  acc.lists.push(lists);
  for (let n = el.firstChild; n; n = n.nextSibling) {
    if (n.nodeType === 3 || n.nodeType === 4) {
      appendText(acc, n.nodeValue ?? '', span);
      continue;
    }
    if (n.nodeType !== 1) continue; // comments, processing instructions
    const child = n as Element;
    const name = child.localName ?? '';
    if (child.namespaceURI !== SVG_NS) throw new SvgTextOutsideSubset(`<${name}> in text`);
    if (name === 'title' || name === 'desc' || name === 'metadata') continue;
    if (name !== 'tspan') throw new SvgTextOutsideSubset(`<${name}> in text`);
    const own = hooks.own(child);
    // A tspan has no transform of its own, and SVG 1.1 gives it no opacity either.
    if (child.hasAttribute('transform')) throw new SvgTextOutsideSubset('transform on tspan');
    const opacity = own.get('opacity');
    if (opacity !== undefined && Number(opacity) !== 1)
      throw new SvgTextOutsideSubset('opacity on tspan');
    const childProps = applyTextProps(props, own, child.getAttribute('xml:space'));
    collect(child, hooks.paint(paint, own), childProps, hooks, acc, depth + 1);
  }
  lists.end = acc.chars.length;
}

function runStyle(props: SvgTextProps, fill: SvgTextFill | undefined): SvgTextRunStyle {
  return {
    ...(props.families ? { families: props.families } : {}),
    size: props.size,
    ...(props.weight !== undefined ? { weight: props.weight } : {}),
    ...(props.weightStep ? { weightStep: props.weightStep } : {}),
    ...(props.style ? { style: props.style } : {}),
    letterSpacing: props.letterSpacing,
    wordSpacing: props.wordSpacing,
    baseline: props.alignmentBaseline ?? props.dominantBaseline,
    ...(fill ? { fill: fill.color } : {}),
    ...(fill?.host ? { currentColor: true as const } : {}),
  };
}

/** x, y, dx or dy: one length, or one per character. */
function positionList(el: Element, name: string, fontSize: SvgHostLength): SvgHostLength[] {
  const raw = el.getAttribute(name);
  if (raw === null || raw.trim() === '') return [];
  return raw
    .trim()
    .split(/\s*,\s*|\s+/)
    .map((t) => hostLength(t, fontSize));
}

/**
 * Appends text with SVG's white-space rules, as browsers apply them: line feeds and tabs become
 * spaces; outside xml:space="preserve", spaces collapse (across tspans too) and none starts the
 * text. (SVG 1.1 removed line feeds instead; Chromium and Firefox make them spaces.)
 */
function appendText(acc: Collected, text: string, span: number): void {
  const preserve = acc.spans[span].preserve;
  for (const c of text) {
    const ch = c === '\n' || c === '\r' || c === '\t' ? ' ' : c;
    if (ch === ' ' && !preserve) {
      const last = acc.chars.length - 1;
      if (last < 0 || acc.chars[last] === ' ') continue;
    }
    acc.chars.push(ch);
    acc.spanOf.push(span);
  }
}

/** Splits the characters into runs at span changes and positions, and into anchored chunks. */
function chunksOf(acc: Collected): SvgTextChunk[] {
  const n = acc.chars.length;
  const at = (key: 'x' | 'y' | 'dx' | 'dy'): (SvgHostLength | undefined)[] => {
    const out: (SvgHostLength | undefined)[] = new Array(n);
    // Outer elements come first in `lists`: an inner element's values override theirs.
    for (const l of acc.lists) {
      const values = l[key];
      const count = Math.min(values.length, l.end - l.start, n - l.start);
      for (let k = 0; k < count; k++) out[l.start + k] = values[k];
    }
    return out;
  };
  const x = at('x');
  const y = at('y');
  const dx = at('dx');
  const dy = at('dy');
  const chunks: { anchor: SvgTextAnchor; runs: SvgTextRun[] }[] = [];
  let run: { -readonly [K in keyof SvgTextRun]: SvgTextRun[K] } | undefined;
  for (let i = 0; i < n; i++) {
    const span = acc.spanOf[i];
    const absolute = x[i] !== undefined || y[i] !== undefined;
    if (i === 0 || absolute) chunks.push({ anchor: acc.spans[span].anchor, runs: [] });
    const moved = absolute || dx[i] !== undefined || dy[i] !== undefined;
    if (!run || moved || span !== acc.spanOf[i - 1]) {
      run = { text: '', style: acc.spans[span].style };
      if (x[i]) run.x = x[i];
      if (y[i]) run.y = y[i];
      if (dx[i]) run.dx = dx[i];
      if (dy[i]) run.dy = dy[i];
      chunks[chunks.length - 1].runs.push(run);
    }
    run.text += acc.chars[i];
  }
  return chunks;
}

// ---------------------------------------------------------------------------------------------
// Placement

/** The font and colour SVG text inherits: the UA default for an <img>, the host element's for inline SVG. */
export interface SvgTextHost {
  readonly families: readonly string[];
  /** Font size in CSS px, which are user units. */
  readonly size: number;
  readonly weight: number;
  readonly style: SvgFontStyle;
  /** What currentColor is. */
  readonly color: RgbaColor;
}

/** What an SVG loaded as an image inherits: the UA's default font, black. */
export const UA_TEXT_HOST: SvgTextHost = {
  families: ['serif'],
  size: 16,
  weight: 400,
  style: 'normal',
  color: { r: 0, g: 0, b: 0, a: 1 },
};

/** A run's font for shaping; lengths in points. */
export interface SvgTextFont {
  readonly families: readonly string[];
  readonly weight: number;
  readonly style: SvgFontStyle;
  readonly size: number;
  readonly letterSpacing: number;
  readonly wordSpacing: number;
}

/** Glyphs of one face, with the pen starting at (0, 0) on the baseline. */
export type ShapedGlyphs = Pick<GlyphRun, 'font' | 'size' | 'x' | 'y' | 'glyphs' | 'actualText'>;

export interface ShapedSvgText {
  readonly glyphs: readonly ShapedGlyphs[];
  /** Pen advance over the whole text, in points. */
  readonly advance: number;
  /** The first font's ascent, descent and x-height in points, for dominant-baseline. */
  readonly ascent: number;
  readonly descent: number;
  readonly xHeight: number;
}

/** Shapes text with the document's fonts (and their fallbacks); supplied by layout. */
export interface SvgTextShaper {
  readonly host: SvgTextHost;
  shape(text: string, font: SvgTextFont): ShapedSvgText;
}

/**
 * A text node as glyph runs: `toPage` maps root user units to page points. Text is laid out in
 * a space scaled like the page (so that fonts have their size in points); when the mapping is
 * more than a uniform scale and a move, the runs are drawn through a group transform.
 */
export function placeSvgText(
  node: SvgTextNode,
  toPage: Matrix,
  tag: ItemTag,
  shaper: SvgTextShaper,
): DisplayItem {
  const m = multiplyMatrix(toPage, node.matrix);
  const k = Math.sqrt(Math.abs(m[0] * m[3] - m[1] * m[2]));
  if (!(k > 0) || !Number.isFinite(k)) return { kind: 'group', items: [] };
  const rest = multiplyMatrix(m, [1 / k, 0, 0, 1 / k, 0, 0]);
  const near = (a: number, b: number): boolean => Math.abs(a - b) < 1e-9;
  const plain = near(rest[0], 1) && near(rest[1], 0) && near(rest[2], 0) && near(rest[3], 1);
  const items = layOutChunks(node.chunks, k, shaper, tag, plain ? rest[4] : 0, plain ? rest[5] : 0);
  return plain ? { kind: 'group', items } : { kind: 'group', transform: rest, items };
}

interface PlacedRun {
  readonly shaped: ShapedSvgText;
  readonly style: SvgTextRunStyle;
  readonly x: number;
  readonly y: number;
}

/** Glyph runs of the chunks in a space of `k` times user units, moved by (ox, oy). */
function layOutChunks(
  chunks: readonly SvgTextChunk[],
  k: number,
  shaper: SvgTextShaper,
  tag: ItemTag,
  ox: number,
  oy: number,
): GlyphRun[] {
  const host = shaper.host;
  const len = (l: SvgHostLength | undefined): number =>
    l === undefined ? 0 : (l.user + l.host * host.size) * k;
  const out: GlyphRun[] = [];
  let penX = 0;
  let penY = 0;
  for (const chunk of chunks) {
    const placed: PlacedRun[] = [];
    let start = 0;
    for (const run of chunk.runs) {
      if (run.x) penX = len(run.x);
      if (run.y) penY = len(run.y);
      penX += len(run.dx);
      penY += len(run.dy);
      if (placed.length === 0) start = penX;
      const font = fontOf(run.style, host, len);
      const shaped: ShapedSvgText =
        font.size > 0
          ? shaper.shape(run.text, font)
          : { glyphs: [], advance: 0, ascent: 0, descent: 0, xHeight: 0 };
      placed.push({ shaped, style: run.style, x: penX, y: penY });
      penX += shaped.advance;
    }
    const shift =
      (penX - start) * (chunk.anchor === 'middle' ? 0.5 : chunk.anchor === 'end' ? 1 : 0);
    for (const p of placed) {
      const color = colorOf(p.style, host);
      if (!color) continue;
      const y = p.y + baselineOffset(p.style.baseline, p.shaped);
      for (const g of p.shaped.glyphs)
        out.push({ kind: 'glyphs', ...g, color, x: ox + p.x - shift + g.x, y: oy + y + g.y, tag });
    }
  }
  return out;
}

function fontOf(
  s: SvgTextRunStyle,
  host: SvgTextHost,
  len: (l: SvgHostLength) => number,
): SvgTextFont {
  return {
    families: s.families ?? host.families,
    weight: s.weight ?? (s.weightStep ? relativeWeight(host.weight, s.weightStep) : host.weight),
    style: s.style ?? host.style,
    size: len(s.size),
    letterSpacing: len(s.letterSpacing),
    wordSpacing: len(s.wordSpacing),
  };
}

function colorOf(s: SvgTextRunStyle, host: SvgTextHost): RgbaColor | undefined {
  if (!s.fill) return undefined;
  if (!s.currentColor) return s.fill;
  return { ...host.color, a: host.color.a * s.fill.a };
}

/**
 * How far below the position the alphabetic baseline lies for `baseline`, from the font's
 * metrics as browsers approximate the baselines fonts rarely carry: middle is half the
 * x-height above the baseline, central the middle of the ascent and descent, hanging 80% of
 * the ascent, mathematical half of it.
 */
function baselineOffset(b: SvgBaseline, f: ShapedSvgText): number {
  switch (b) {
    case 'alphabetic':
      return 0;
    case 'middle':
      return f.xHeight / 2;
    case 'central':
      return (f.ascent - f.descent) / 2;
    case 'mathematical':
      return f.ascent / 2;
    case 'hanging':
      return f.ascent * 0.8;
    case 'text-top':
      return f.ascent;
    default:
      return -f.descent;
  }
}
