/**
 * shapeParagraph: white-space processing and text-transform, bidi levels (UAX #9), break
 * opportunities (UAX #14, soft hyphens, hyphens: auto), script itemisation, per-character font
 * fallback, and shaping with fontkit into pieces (see paragraph.ts).
 */
import { isUprightInMixed } from './orientation.js';
import bidiModule, { type Bidi } from 'bidi-js';
import LineBreaker from 'linebreak';
import { asTextContext, type TextFontContext } from './context.js';
import type { LoadedFace, ScaledShape, ShapeParams } from './face.js';
import { adjustedStyle } from './font-size-adjust.js';
import { hyphenationPoints } from './hyphenate.js';
import {
  BREAK_ALLOWED,
  BREAK_MANDATORY,
  BREAK_NONE,
  ParagraphImpl,
  type Piece,
} from './paragraph.js';
import { resolveScripts, scriptOf } from './script.js';
import type {
  FontContext,
  InlineRun,
  ObjectRun,
  ParagraphOptions,
  ShapedParagraph,
  TextRun,
  TextStyle,
  Upright,
  WhiteSpace,
} from './types.js';

/** The runs that make text (anchors are kept apart from them). */
type FlowRun<S> = TextRun<S> | ObjectRun<S>;

const bidi = bidiFactoryOf(bidiModule)();

/**
 * bidi-js is CommonJS whose typings declare an ES default export: Node and the bundler give the
 * factory itself as the default import, a loader that follows the typings gives `{ default }`.
 * Imported statically so that the bundle carries it (a start-up snapshot cannot load files).
 */
function bidiFactoryOf(m: unknown): () => Bidi {
  return (typeof m === 'function' ? m : (m as { default: () => Bidi }).default) as () => Bidi;
}

const OBJECT_CHAR = '\ufffc';
const LINE_SEPARATOR = '\u2028';
const REPLACEMENT_CP = 0xfffd;
/** Longest piece shaped at once; longer unbreakable text is cut between base characters. */
const MAX_PIECE_LENGTH = 512;
/** Size of synthesised small capitals relative to the font size (what browsers use). */
const SMALL_CAPS_SCALE = 0.7;
/** Scripts whose letters join: letter-spacing would break the joins, so it is not applied. */
const CURSIVE_SCRIPTS = new Set(['arab', 'syrc', 'mong', 'nko ']);
/** Cluster offsets of a piece without glyphs (objects, forced breaks). */
const NO_GLYPHS_REL = new Uint32Array(0);
/** No hyphenation points: shared, as most pieces have none. */
const NO_POINTS: readonly number[] = Object.freeze([]);

interface PreparedText {
  readonly text: string;
  readonly runStart: Int32Array;
  readonly runEnd: Int32Array;
  /** Offsets where a soft hyphen stood (removed from the text). */
  readonly softHyphens: ReadonlySet<number>;
  readonly hasContent: boolean;
}

/** No offsets: shared by the many paragraphs without soft hyphens or hyphenation points. */
const NO_OFFSETS: ReadonlySet<number> = new Set();

const collapses = (ws: WhiteSpace): boolean =>
  ws === 'normal' || ws === 'nowrap' || ws === 'pre-line' || ws === 'pre-line-nowrap';
const keepsNewlines = (ws: WhiteSpace): boolean => ws !== 'normal' && ws !== 'nowrap';
const allowsWrap = (ws: WhiteSpace): boolean =>
  ws !== 'nowrap' && ws !== 'pre' && ws !== 'pre-line-nowrap';

function transformText(text: string, style: TextStyle, atWordStart: boolean): string {
  const lang = style.lang;
  switch (style.textTransform) {
    case 'uppercase':
      return text.toLocaleUpperCase(lang);
    case 'lowercase':
      return text.toLocaleLowerCase(lang);
    case 'capitalize': {
      let out = '';
      let start = atWordStart;
      for (const ch of text) {
        const letter = /[\p{L}\p{N}]/u.test(ch);
        out += start && letter ? ch.toLocaleUpperCase(lang) : ch;
        if (letter) start = false;
        else if (/[\s\p{P}]/u.test(ch) && ch !== "'" && ch !== '\u2019') start = true;
      }
      return out;
    }
    case 'full-width': {
      // ASCII graphic characters to their full-width forms, space to the ideographic space.
      let out = '';
      for (const ch of text) {
        const cp = ch.codePointAt(0)!;
        out +=
          cp === 0x20 ? '\u3000' : cp > 0x20 && cp < 0x7f ? String.fromCharCode(cp + 0xfee0) : ch;
      }
      return out;
    }
    default:
      return text;
  }
}

/**
 * Applies each run's white-space rules (CSS Text 3 §4.1) and text-transform, collapsing across
 * run boundaries, and concatenates the runs (objects become U+FFFC).
 */
function prepareText<S>(runs: readonly FlowRun<S>[]): PreparedText {
  // The output grows by whole stretches of the source copied unchanged (`kept`), appended as
  // one slice where a character is dropped, changed or added: appending character by
  // character made a string object per character.
  let text = '';
  const runStart = new Int32Array(runs.length);
  const runEnd = new Int32Array(runs.length);
  let softHyphens: Set<number> | undefined;
  let prevCollapsibleSpace = true; // paragraph start behaves like after a space
  let prevWordChar = false;
  let hasContent = false;
  for (let r = 0; r < runs.length; r++) {
    const run = runs[r];
    runStart[r] = text.length;
    if (run.kind === 'object') {
      text += OBJECT_CHAR;
      prevCollapsibleSpace = false;
      prevWordChar = false;
      hasContent = true;
      runEnd[r] = text.length;
      continue;
    }
    const style = run.style;
    const ws = style.whiteSpace;
    const collapsing = collapses(ws);
    const source = transformText(run.text.replace(/\r\n?/g, '\n'), style, !prevWordChar);
    /** Start of the stretch of `source` not yet appended; it ends before the current index. */
    let kept = 0;
    /** Appends the stretch before `upTo`; the next starts at `resume` (the rest is left out). */
    const cut = (upTo: number, resume: number): void => {
      if (upTo > kept) text += source.slice(kept, upTo);
      kept = resume;
    };
    let i = 0;
    while (i < source.length) {
      const cp = source.codePointAt(i)!;
      const width = cp > 0xffff ? 2 : 1;
      const at = i;
      i += width;
      if (cp === 0xad /* soft hyphen */) {
        cut(at, i);
        if (style.hyphens !== 'none') (softHyphens ??= new Set()).add(text.length);
        continue;
      }
      if (cp === 0x2028 /* line separator */) {
        // Spaces just before a forced break are removed at line end; after it, at line start.
        prevCollapsibleSpace = true;
        prevWordChar = false;
        hasContent = true;
        continue;
      }
      if (collapsing) {
        if (cp === 0x0a && keepsNewlines(ws)) {
          // pre-line: a preserved newline; drop the collapsible space before it.
          cut(at, i);
          if (text.endsWith(' ') && prevCollapsibleSpace && text.length > runStart[0])
            text = text.slice(0, -1);
          text += '\n';
          prevCollapsibleSpace = true;
          prevWordChar = false;
          hasContent = true;
          continue;
        }
        if (cp === 0x20 || cp === 0x09 || cp === 0x0a || cp === 0x0c) {
          // A single space stays as it is, within the stretch; anything else becomes one.
          if (cp !== 0x20 || prevCollapsibleSpace) {
            cut(at, i);
            if (!prevCollapsibleSpace) text += ' ';
          }
          prevCollapsibleSpace = true;
          prevWordChar = false;
          continue;
        }
      } else if (cp === 0x0a) {
        prevCollapsibleSpace = false;
        prevWordChar = false;
        hasContent = true;
        continue;
      }
      // Other control characters would only ever show as .notdef.
      if ((cp < 0x20 && cp !== 0x09) || (cp >= 0x7f && cp < 0xa0) || cp === 0xfeff) {
        cut(at, i);
        continue;
      }
      prevCollapsibleSpace = false;
      prevWordChar =
        cp < 0x80
          ? (cp >= 0x30 && cp <= 0x39) || ((cp | 0x20) >= 0x61 && (cp | 0x20) <= 0x7a)
          : /[\p{L}\p{N}]/u.test(String.fromCodePoint(cp));
      if (cp !== 0x20 || !collapsing) hasContent = true;
    }
    cut(source.length, source.length);
    runEnd[r] = text.length;
  }
  return { text, runStart, runEnd, softHyphens: softHyphens ?? NO_OFFSETS, hasContent };
}

/** Bidi embedding levels per UTF-16 index, honouring unicode-bidi of inline boxes. */
function bidiLevels<S>(
  text: string,
  runs: readonly FlowRun<S>[],
  prep: PreparedText,
  direction: ParagraphOptions['direction'],
): { levels: Uint8Array; base: 'ltr' | 'rtl' } {
  const hasOverride = runs.some((r) => r.kind === 'text' && r.bidiOverride);
  // Most paragraphs have no right-to-left characters at all: every level is 0.
  if (!hasOverride && direction !== 'rtl' && !RTL_OR_CONTROL.test(text))
    return { levels: new Uint8Array(text.length), base: 'ltr' };
  let bidiText = text;
  let map: Int32Array | undefined;
  if (hasOverride) {
    // Wrap runs of the same override object in the matching control characters, and keep a
    // map from our text to the control-laden text.
    map = new Int32Array(text.length);
    let out = '';
    let open: TextRunOverride | undefined;
    const close = (): void => {
      if (open) out += open.mode === 'isolate' ? '\u2069' : '\u202c';
      open = undefined;
    };
    for (let r = 0; r < runs.length; r++) {
      const run = runs[r];
      const ov = run.kind === 'text' ? run.bidiOverride : undefined;
      if (ov !== open) {
        close();
        if (ov) {
          const rtl = ov.direction === 'rtl';
          out +=
            ov.mode === 'isolate'
              ? rtl
                ? '\u2067'
                : '\u2066'
              : ov.mode === 'embed'
                ? rtl
                  ? '\u202b'
                  : '\u202a'
                : rtl
                  ? '\u202e'
                  : '\u202d';
          open = ov;
        }
      }
      for (let i = prep.runStart[r]; i < prep.runEnd[r]; i++) {
        map[i] = out.length;
        out += text[i];
      }
    }
    close();
    bidiText = out;
  }
  const result = bidi.getEmbeddingLevels(bidiText, direction === 'auto' ? undefined : direction);
  const levels = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) levels[i] = result.levels[map ? map[i] : i];
  const first = result.paragraphs[0];
  const base = direction === 'auto' ? (first && first.level % 2 === 1 ? 'rtl' : 'ltr') : direction;
  return { levels, base };
}

/** Strong right-to-left characters and explicit bidi controls (BMP and astral RTL blocks). */
const RTL_OR_CONTROL =
  /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff\u200f\u202a-\u202e\u2066-\u2069\u061c]|\ud802[\udc00-\udfff]|\ud803|\ud83a|\ud83b/;

type TextRunOverride = NonNullable<TextRun<unknown>['bidiOverride']>;

/** Break opportunities: breaks[i] is the opportunity between text[i-1] and text[i]. */
function breakOpportunities<S>(
  text: string,
  runs: readonly FlowRun<S>[],
  runOf: Int32Array,
): Uint8Array {
  const n = text.length;
  const breaks = new Uint8Array(n + 1);
  if (n === 0) return breaks;
  const breaker = new LineBreaker(text);
  for (let b = breaker.nextBreak(); b; b = breaker.nextBreak()) {
    if (b.position > 0 && b.position < n)
      breaks[b.position] = b.required ? BREAK_MANDATORY : BREAK_ALLOWED;
  }
  for (let i = 1; i < n; i++) {
    const prev = text[i - 1];
    if (prev === '\n' || prev === LINE_SEPARATOR) {
      breaks[i] = BREAK_MANDATORY;
      continue;
    }
    const run = runs[runOf[i - 1]];
    const style = run.style;
    if (run.kind !== 'text') {
      // After an atomic inline, the white-space of the inline box around it decides.
      if (breaks[i] === BREAK_ALLOWED && !allowsWrap(style.whiteSpace)) breaks[i] = BREAK_NONE;
      continue;
    }
    if (breaks[i] === BREAK_ALLOWED && !allowsWrap(style.whiteSpace)) {
      breaks[i] = BREAK_NONE;
      continue;
    }
    if (!allowsWrap(style.whiteSpace)) continue;
    const wb = style.wordBreak;
    if (wb === 'break-all' && breaks[i] === BREAK_NONE && runOf[i] === runOf[i - 1]) {
      const code = text.charCodeAt(i);
      const isLowSurrogate = code >= 0xdc00 && code <= 0xdfff;
      if (!isLowSurrogate && !/\p{M}/u.test(text[i]) && /[\p{L}\p{N}]/u.test(prev))
        breaks[i] = BREAK_ALLOWED;
    } else if (
      wb === 'keep-all' &&
      breaks[i] === BREAK_ALLOWED &&
      /[\p{L}\p{N}]/u.test(prev) &&
      /[\p{L}\p{N}]/u.test(text[i])
    ) {
      breaks[i] = BREAK_NONE;
    }
  }
  return breaks;
}

/**
 * Hyphenation opportunities (absolute offsets): soft hyphens (already filtered by hyphens:
 * none), and for hyphens: auto the pattern points of each word — a word may span several runs
 * (<b>hyph</b>enation) when they all ask for auto hyphenation in the same language.
 */
function hyphenOpportunities<S>(
  text: string,
  runs: readonly FlowRun<S>[],
  prep: PreparedText,
  runOf: Int32Array,
): ReadonlySet<number> {
  const autoRun = (r: number): string | undefined => {
    const run = runs[r];
    return run.kind === 'text' && run.style.hyphens === 'auto' && allowsWrap(run.style.whiteSpace)
      ? run.style.lang
      : undefined;
  };
  const auto = runs.some((_, r) => autoRun(r) !== undefined);
  if (!auto && prep.softHyphens.size === 0) return NO_OFFSETS;
  const points = new Set<number>();
  for (const p of prep.softHyphens) if (p > 0 && p < text.length) points.add(p);
  if (!auto) return points;
  const re = /[\p{L}\p{M}]+/gu;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const wordStart = m.index;
    const wordEnd = wordStart + m[0].length;
    let lang: string | undefined;
    let ok = true;
    for (let r = runOf[wordStart]; r <= runOf[wordEnd - 1] && ok; r++) {
      if (prep.runEnd[r] === prep.runStart[r]) continue;
      const l = autoRun(r);
      if (l === undefined || (lang !== undefined && l.toLowerCase() !== lang.toLowerCase()))
        ok = false;
      else lang = l;
    }
    if (!ok || lang === undefined) continue;
    // A word with explicit soft hyphens is only broken there (as browsers do).
    let manual = false;
    for (let i = wordStart + 1; i < wordEnd && !manual; i++)
      if (prep.softHyphens.has(i)) manual = true;
    if (manual) continue;
    const run = runs[runOf[wordStart]];
    const limits = run.kind === 'text' ? run.style.hyphenateLimits : undefined;
    for (const p of hyphenationPoints(m[0], lang))
      if (!limits || withinLimits(m[0], p, limits)) points.add(wordStart + p);
  }
  return points;
}

/** Whether a break at `at` in `word` keeps hyphenate-limit-chars (counted in characters). */
function withinLimits(
  word: string,
  at: number,
  limits: NonNullable<TextStyle['hyphenateLimits']>,
): boolean {
  const before = [...word.slice(0, at)].length;
  const after = [...word.slice(at)].length;
  return (
    before + after >= (limits.word ?? 0) &&
    before >= (limits.before ?? 0) &&
    after >= (limits.after ?? 0)
  );
}

const isMark = (cp: number): boolean => cp >= 0x300 && /\p{M}/u.test(String.fromCodePoint(cp));

function isStickyChar(cp: number): boolean {
  // Marks, joiners, variation selectors and emoji modifiers stay with the preceding base.
  if (cp < 0x300) return false;
  return (
    cp === 0x200c ||
    cp === 0x200d ||
    (cp >= 0xfe00 && cp <= 0xfe0f) ||
    (cp >= 0xe0100 && cp <= 0xe01ef) ||
    (cp >= 0x1f3fb && cp <= 0x1f3ff) ||
    (cp >= 0xe0020 && cp <= 0xe007f) ||
    isMark(cp)
  );
}

const NO_FEATURES: { features?: Readonly<Record<string, boolean>>; key: string } = Object.freeze({
  key: '',
});

export function featureSettings(
  style: TextStyle,
  script: string,
): { features?: Readonly<Record<string, boolean>>; key: string } {
  let features = style.fontFeatures;
  if (style.letterSpacing !== 0 && !CURSIVE_SCRIPTS.has(script)) {
    // CSS: with letter-spacing, optional ligatures are off.
    features = { liga: false, clig: false, dlig: false, ...features };
  }
  if (!features) return NO_FEATURES;
  const key = Object.keys(features)
    .sort()
    .map((k) => `${k}${features![k] ? '+' : '-'}`)
    .join(',');
  return { features, key };
}

/** BCP 47 primary language → OpenType language system tag, for fonts with locl forms. */
const OT_LANGUAGES: ReadonlyMap<string, string> = new Map([
  ['tr', 'TRK '], ['az', 'AZE '], ['crh', 'CRT '], ['tt', 'TAT '], ['kk', 'KAZ '], ['ro', 'ROM '],
  ['mo', 'MOL '], ['sr', 'SRB '], ['mk', 'MKD '], ['bg', 'BGR '], ['ru', 'RUS '], ['uk', 'UKR '],
  ['be', 'BEL '], ['ca', 'CAT '], ['nl', 'NLD '], ['pl', 'PLK '], ['de', 'DEU '], ['fr', 'FRA '],
  ['es', 'ESP '], ['it', 'ITA '], ['pt', 'PTG '], ['sv', 'SVE '], ['fi', 'FIN '], ['da', 'DAN '],
  ['nb', 'NOR '], ['no', 'NOR '], ['nn', 'NYN '], ['hu', 'HUN '], ['cs', 'CSY '], ['sk', 'SKY '],
  ['hr', 'HRV '], ['sl', 'SLV '], ['el', 'ELL '], ['ar', 'ARA '], ['fa', 'FAR '], ['ur', 'URD '],
  ['ps', 'PAS '], ['sd', 'SND '], ['ug', 'UYG '], ['ku', 'KUR '], ['he', 'IWR '], ['yi', 'JII '],
  ['vi', 'VIT '], ['is', 'ISL '], ['ga', 'IRI '], ['mt', 'MTS '], ['eo', 'NTO '],
]); // prettier-ignore

function openTypeLanguage(lang: string | undefined): string | undefined {
  if (!lang) return undefined;
  const dash = lang.indexOf('-');
  return OT_LANGUAGES.get((dash < 0 ? lang : lang.slice(0, dash)).toLowerCase());
}

export interface PieceSpec {
  readonly start: number;
  readonly end: number;
  readonly run: number;
  readonly level: number;
  readonly face: LoadedFace;
  readonly script: string;
  readonly missing: boolean;
  /** Synthesised small capitals: lowercase shaped as uppercase at this fraction of the size. */
  readonly sizeScale: number;
  readonly breakAfter: number;
  readonly hyphenPoints: readonly number[];
  /** Glyphs set upright in vertical text. */
  readonly upright?: Upright;
}

/**
 * The shaping parameters of the last piece a paragraph shaped, reused for the next piece of the
 * same style, script, direction and size (most pieces of a paragraph): one object a paragraph
 * rather than a word.
 */
interface ShapeParamsMemo {
  style?: TextStyle;
  script?: string;
  rtl?: boolean;
  size?: number;
  upright?: Upright;
  params?: ShapeParams;
}

function shapeParams(
  style: TextStyle,
  script: string,
  rtl: boolean,
  size: number,
  memo: ShapeParamsMemo | undefined,
  upright?: Upright,
): ShapeParams {
  if (
    memo?.params &&
    memo.style === style &&
    memo.script === script &&
    memo.rtl === rtl &&
    memo.size === size &&
    memo.upright === upright
  )
    return memo.params;
  const settings = featureSettings(style, script);
  // Upright glyphs take the font's vertical alternates (CJK punctuation); the key keeps their
  // shapes apart from the same text's horizontal ones.
  const { features, key } = upright
    ? {
        features: { ...settings.features, kern: false, vert: true },
        key: `${settings.key}|${upright}`,
      }
    : settings;
  const params: ShapeParams = {
    script,
    rtl,
    features,
    featureKey: key,
    language: openTypeLanguage(style.lang),
    size,
    letterSpacing: style.letterSpacing,
    wordSpacing: style.wordSpacing,
    tabSize: style.tabSize ?? 8,
    cursive: CURSIVE_SCRIPTS.has(script),
    ...(upright ? { upright } : {}),
  };
  if (memo) {
    memo.style = style;
    memo.script = script;
    memo.rtl = rtl;
    memo.size = size;
    memo.upright = upright;
    memo.params = params;
  }
  return params;
}

/**
 * Shapes one piece of text (optionally with a hyphen appended) into points. Used for the
 * initial pieces and for the slices line breaking makes at hyphenation and emergency breaks.
 */
export function shapePiece<S>(
  ctx: TextFontContext,
  text: string,
  shapingText: string,
  runs: readonly FlowRun<S>[],
  runStart: number,
  runEnd: number,
  spec: PieceSpec,
  withHyphen: boolean,
  memo?: ShapeParamsMemo,
): Piece {
  const run = runs[spec.run];
  if (run.kind !== 'text') throw new TypeError('shapePiece on an object run');
  const style = run.style;
  const face = spec.face;
  const size = style.size * spec.sizeScale;
  let shaped: ScaledShape;
  if (spec.missing) shaped = replacementShape(text, spec, face, size);
  else
    shaped = face.shapeScaled(
      shapingText.slice(spec.start, spec.end),
      shapeParams(style, spec.script, spec.level % 2 === 1, size, memo, spec.upright),
      withHyphen ? (style.hyphenateCharacter ?? '') : false,
    );
  const insetStart = spec.start === runStart ? (run.insetStart ?? 0) : 0;
  const insetEnd = spec.end === runEnd && !withHyphen ? (run.insetEnd ?? 0) : 0;
  const ws = style.whiteSpace;
  return {
    start: spec.start,
    end: spec.end,
    run: spec.run,
    level: spec.level,
    face,
    script: spec.script,
    size,
    ids: shaped.ids,
    advances: shaped.advances,
    dx: shaped.dx,
    dy: shaped.dy,
    rel: shaped.rel,
    clusterBase: spec.start,
    spaces: shaped.spaces,
    width: shaped.width + insetStart + insetEnd,
    insetStart,
    insetEnd,
    breakAfter: spec.breakAfter,
    ...(spec.upright ? { upright: spec.upright } : {}),
    hyphenPoints: shaped.opaque ? NO_POINTS : spec.hyphenPoints,
    hyphenated: withHyphen,
    hyphenChars: style.hyphenateCharacter ?? '',
    needsActualText: shaped.opaque || spec.missing || withHyphen,
    missing: spec.missing,
    collapsible: collapses(ws),
    hangs: ws !== 'break-spaces' && ws !== 'pre',
    emergencyBreak:
      !shaped.opaque &&
      (style.overflowWrap === 'anywhere' ||
        style.overflowWrap === 'break-word' ||
        style.wordBreak === 'break-word'),
    breakAnywhere:
      !shaped.opaque && (style.overflowWrap === 'anywhere' || style.wordBreak === 'break-word'),
    isForcedBreak: false,
  };
}

/** No font has these characters: one replacement glyph per code point, mapped to the text. */
function replacementShape(
  text: string,
  spec: PieceSpec,
  face: LoadedFace,
  size: number,
): ScaledShape {
  const gid = face.glyphId(REPLACEMENT_CP);
  const rel: number[] = [];
  for (let i = spec.start; i < spec.end;) {
    rel.push(i - spec.start);
    i += text.codePointAt(i)! > 0xffff ? 2 : 1;
  }
  const advance = (face.advanceOf(gid) * size) / face.unitsPerEm;
  return {
    ids: new Uint16Array(rel.length).fill(gid),
    advances: new Float64Array(rel.length).fill(advance),
    dx: new Float64Array(rel.length),
    dy: new Float64Array(rel.length),
    rel: Uint32Array.from(rel),
    spaces: new Uint8Array(rel.length),
    width: advance * rel.length,
    opaque: false,
  };
}

function emptyPiece(start: number, run: number, level: number, breakAfter: number): Piece {
  return {
    start,
    end: start + 1,
    run,
    level,
    face: null,
    script: '',
    size: 0,
    ids: new Uint16Array(0),
    advances: new Float64Array(0),
    dx: new Float64Array(0),
    dy: new Float64Array(0),
    rel: NO_GLYPHS_REL,
    clusterBase: start,
    spaces: new Uint8Array(0),
    width: 0,
    insetStart: 0,
    insetEnd: 0,
    breakAfter,
    hyphenPoints: NO_POINTS,
    hyphenated: false,
    hyphenChars: '',
    needsActualText: false,
    missing: false,
    collapsible: false,
    hangs: false,
    emergencyBreak: false,
    breakAnywhere: false,
    isForcedBreak: false,
  };
}

function objectPiece(
  start: number,
  run: number,
  level: number,
  object: ObjectRun<unknown>,
  breakAfter: number,
): Piece {
  return { ...emptyPiece(start, run, level, breakAfter), object, width: object.width };
}

function forcedBreakPiece(start: number, run: number, level: number): Piece {
  return { ...emptyPiece(start, run, level, BREAK_MANDATORY), isForcedBreak: true };
}

/** Whether any character is right-to-left (an odd bidi level). */
function hasOddLevel(levels: Uint8Array): boolean {
  for (let i = 0; i < levels.length; i++) if (levels[i] % 2 === 1) return true;
  return false;
}

/** Where each anchor stands: where the next run's text starts (or at the end). */
function anchorOffsets<S>(
  anchorAt: readonly { run: number; source: S }[],
  runCount: number,
  prep: PreparedText,
  end: number,
): { offset: number; source: S }[] {
  const out: { offset: number; source: S }[] = [];
  for (const a of anchorAt)
    out.push({ offset: a.run < runCount ? prep.runStart[a.run] : end, source: a.source });
  return out;
}

/** What itemisation reads of the paragraph being shaped (see `pieceOf`). */
interface Itemising<S> {
  readonly ctx: TextFontContext;
  readonly text: string;
  readonly shapingText: string;
  readonly runs: readonly FlowRun<S>[];
  readonly prep: PreparedText;
  readonly runOf: Int32Array;
  readonly levels: Uint8Array;
  readonly breaks: Uint8Array;
  readonly hyphens: ReadonlySet<number>;
  readonly scripts: readonly string[];
  readonly faces: readonly (LoadedFace | null)[];
  readonly missing: Uint8Array;
  readonly smallCaps: Uint8Array | undefined;
  /** Per character, 0 or how it stands in vertical text (UPRIGHT_KINDS); absent when none does. */
  readonly upright: Uint8Array | undefined;
  readonly memo: ShapeParamsMemo;
}

/**
 * The piece of the paragraph's text from `start` to `end`. Module-level rather than a closure
 * made for every paragraph: functions made anew on every call lose their optimized code at
 * each major garbage collection (Node 20).
 */
function pieceOf<S>(it: Itemising<S>, start: number, end: number): Piece {
  const { text, runs, levels } = it;
  const n = text.length;
  const r = it.runOf[start];
  const run = runs[r];
  const breakAfter = end < n ? it.breaks[end] : BREAK_MANDATORY;
  const ch = text[start];
  if (run.kind === 'object')
    return objectPiece(start, r, levels[start], run as ObjectRun<unknown>, breakAfter);
  if (ch === '\n' || ch === LINE_SEPARATOR) return forcedBreakPiece(start, r, levels[start]);
  let hp: readonly number[] = NO_POINTS;
  if (it.hyphens.size > 0) {
    const found: number[] = [];
    for (let i = start + 1; i < end; i++) if (it.hyphens.has(i)) found.push(i);
    if (found.length > 0) hp = found;
  }
  return shapePiece(
    it.ctx,
    text,
    it.shapingText,
    runs,
    it.prep.runStart[r],
    it.prep.runEnd[r],
    {
      start,
      end,
      run: r,
      level: levels[start],
      face: it.faces[start]!,
      script: it.scripts[start],
      missing: it.missing[start] === 1,
      sizeScale: it.smallCaps?.[start] ? SMALL_CAPS_SCALE : 1,
      breakAfter,
      hyphenPoints: hp,
      ...(it.upright?.[start] ? { upright: UPRIGHT_KINDS[it.upright[start]] } : {}),
    },
    false,
    it.memo,
  );
}

export function shapeParagraph<S>(
  fontContext: FontContext,
  allRuns: readonly InlineRun<S>[],
  options: ParagraphOptions,
): ShapedParagraph<S> {
  const ctx = asTextContext(fontContext);
  // Anchors take no text: each stands where the next run's text starts (or at the end).
  const runs: FlowRun<S>[] = [];
  const anchorAt: { run: number; source: S }[] = [];
  for (const r of allRuns) {
    if (r.kind === 'anchor') anchorAt.push({ run: runs.length, source: r.source });
    else if (r.kind === 'text' && r.style.fontSizeAdjust)
      runs.push({ ...r, style: adjustedStyle(ctx, r.style) });
    else runs.push(r);
  }
  const prep = prepareText(runs);
  const text = prep.text;
  const n = text.length;
  const runOf = new Int32Array(n);
  for (let r = 0; r < runs.length; r++)
    for (let i = prep.runStart[r]; i < prep.runEnd[r]; i++) runOf[i] = r;
  const primaryFaces: LoadedFace[] = [];
  for (const r of runs)
    primaryFaces.push(ctx.matchFont(r.style.families, r.style.weight, r.style.style));
  const { levels, base } = bidiLevels(text, runs, prep, options.direction);

  // Mirrored characters (brackets) in right-to-left text are shaped as their mirror image.
  let shapingText = text;
  if (hasOddLevel(levels)) {
    const chars = text.split('');
    let changed = false;
    for (let i = 0; i < n; i++)
      if (levels[i] % 2 === 1) {
        const m = bidi.getMirroredCharacter(chars[i]);
        if (m && m.length === 1) {
          chars[i] = m;
          changed = true;
        }
      }
    if (changed) shapingText = chars.join('');
  }

  const breaks = breakOpportunities(text, runs, runOf);
  const hyphens = hyphenOpportunities(text, runs, prep, runOf);
  const scripts = resolveScripts(text);

  // Per-character face choice with fallback.
  const faces: (LoadedFace | null)[] = new Array<LoadedFace | null>(n).fill(null);
  const missing = new Uint8Array(n);
  const requested: (readonly LoadedFace[])[] = [];
  for (const r of runs)
    requested.push(ctx.requestedFaces(r.style.families, r.style.weight, r.style.style));
  for (let i = 0; i < n;) {
    const cp = text.codePointAt(i)!;
    const width = cp > 0xffff ? 2 : 1;
    const r = runOf[i];
    const run = runs[r];
    let face: LoadedFace | null = null;
    if (run.kind === 'text' && cp !== 0x0a && cp !== 0x2028) {
      const prevFace = i > 0 && runOf[i - 1] === r && !missing[i - 1] ? faces[i - 1] : null;
      const lookup = cp === 0x09 ? 0x20 : cp;
      // Fast path: the previous character's face (first choice for Latin text) has it.
      if (prevFace && prevFace === requested[r][0] && prevFace.hasCodePoint(lookup))
        face = prevFace;
      else {
        const sticky = isStickyChar(cp);
        // Marks, joiners and neutral characters (spaces, punctuation, digits) stay in the font
        // of the text around them when it has them, so runs are not split needlessly.
        if (
          prevFace &&
          (sticky || scriptOf(cp) === '') &&
          (prevFace.hasCodePoint(lookup) || (sticky && !isMark(cp)))
        )
          face = prevFace;
        else {
          const style = run.style;
          face = ctx.faceFor(lookup, requested[r], style.weight, style.style);
          if (!face && sticky && prevFace) face = prevFace;
          if (!face) {
            face = ctx.replacementFace();
            for (let k = 0; k < width; k++) missing[i + k] = 1;
            ctx.missingGlyph(cp);
          }
        }
      }
    }
    faces[i] = face;
    if (width === 2) faces[i + 1] = face;
    i += width;
  }

  // font-variant: small-caps with a font that has no small capitals: like browsers, draw the
  // lowercase letters as capitals at a reduced size (the text itself stays lowercase).
  let smallCaps: Uint8Array | undefined;
  for (let i = 0; i < n; i++) {
    const run = runs[runOf[i]];
    if (run.kind !== 'text' || run.style.fontFeatures?.smcp !== true) continue;
    const face = faces[i];
    if (!face || missing[i] || face.hasFeature('smcp')) continue;
    const ch = text[i];
    const upper = ch.toLocaleUpperCase(run.style.lang);
    if (upper.length !== 1 || upper === ch || ch.toLocaleLowerCase(run.style.lang) !== ch) continue;
    if (!face.hasCodePoint(upper.charCodeAt(0))) continue;
    smallCaps ??= new Uint8Array(n);
    smallCaps[i] = 1;
  }
  if (smallCaps) {
    const chars = shapingText.split('');
    for (let i = 0; i < n; i++) if (smallCaps[i]) chars[i] = chars[i].toLocaleUpperCase();
    shapingText = chars.join('');
  }

  const upright = uprightCharacters(text, runs, runOf);

  // Itemise into pieces.
  const pieces: Piece[] = [];
  const it: Itemising<S> = {
    ctx,
    text,
    shapingText,
    runs,
    prep,
    runOf,
    levels,
    breaks,
    hyphens,
    scripts,
    faces,
    missing,
    smallCaps,
    upright,
    memo: {},
  };
  let start = 0;
  for (let i = 1; i <= n; i++) {
    if (i === n) {
      pieces.push(pieceOf(it, start, n));
      break;
    }
    const code = text.charCodeAt(i);
    if (code >= 0xdc00 && code <= 0xdfff) continue; // never split a surrogate pair
    const prev = text[i - 1];
    const ch = text[i];
    // Combined text stays one piece: it stands in one em box, never broken.
    const combined = upright !== undefined && upright[i] === 2 && upright[i - 1] === 2;
    if (
      (breaks[i] !== BREAK_NONE && !combined) ||
      runOf[i] !== runOf[i - 1] ||
      levels[i] !== levels[i - 1] ||
      faces[i] !== faces[i - 1] ||
      missing[i] !== missing[i - 1] ||
      (smallCaps !== undefined && smallCaps[i] !== smallCaps[i - 1]) ||
      (upright !== undefined && upright[i] !== upright[i - 1]) ||
      scripts[i] !== scripts[i - 1] ||
      ch === OBJECT_CHAR ||
      prev === OBJECT_CHAR ||
      ch === '\n' ||
      ch === LINE_SEPARATOR ||
      prev === '\n' ||
      prev === LINE_SEPARATOR ||
      // Very long unbreakable text is shaped in bounded chunks (cache keys, re-shaping cost).
      (i - start >= MAX_PIECE_LENGTH && !isStickyChar(text.codePointAt(i)!))
    ) {
      // `start` is always before `i`: the text from it is never empty.
      pieces.push(pieceOf(it, start, i));
      start = i;
    }
  }
  return new ParagraphImpl<S>(
    ctx,
    text,
    shapingText,
    base,
    !prep.hasContent,
    runs,
    anchorOffsets(anchorAt, runs.length, prep, text.length),
    pieces,
    primaryFaces,
    prep.runStart,
    prep.runEnd,
  );
}

/** Upright pieces by their mark in Itemising.upright. */
const UPRIGHT_KINDS: readonly (Upright | undefined)[] = [undefined, 'glyphs', 'combined'];

/**
 * Which characters of vertical text stand upright (TextStyle.vertical): all of an upright
 * run's, the CJK ones of a mixed run (1), all of a combined run's (2). Undefined when the
 * paragraph has none.
 */
function uprightCharacters<S>(
  text: string,
  runs: readonly FlowRun<S>[],
  runOf: Int32Array,
): Uint8Array | undefined {
  if (!runs.some((r) => r.kind === 'text' && (r.style.vertical ?? r.style.combine) !== undefined))
    return undefined;
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const run = runs[runOf[i]];
    if (run.kind !== 'text') continue;
    if (run.style.combine) {
      out[i] = 2;
      continue;
    }
    if (run.style.vertical === undefined) continue;
    const cp = text.codePointAt(i)!;
    const wide = cp > 0xffff;
    // Line breaks and tabs never stand; spaces do in upright text (an em box apart, as
    // browsers set them), and keep their sideways width between the words of mixed text.
    const up =
      cp !== 0x0a &&
      cp !== 0x09 &&
      (run.style.vertical === 'upright' || (cp !== 0x20 && isUprightInMixed(cp)));
    out[i] = up ? 1 : 0;
    if (wide) out[++i] = out[i - 1];
  }
  return out;
}

/** Re-shapes part of a piece (hyphenation or emergency break), optionally adding a hyphen. */
export function slicePiece<S>(
  para: ParagraphImpl<S>,
  piece: Piece,
  from: number,
  to: number,
  withHyphen: boolean,
): Piece {
  const runStart = para.runStart[piece.run];
  const runEnd = para.runEnd[piece.run];
  return shapePiece(
    para.ctx,
    para.text,
    para.shapingText,
    para.runs,
    runStart,
    runEnd,
    {
      start: from,
      end: to,
      run: piece.run,
      level: piece.level,
      face: piece.face!,
      script: piece.script,
      missing: piece.missing,
      sizeScale:
        para.runs[piece.run].style.size > 0 ? piece.size / para.runs[piece.run].style.size : 1,
      breakAfter: to === piece.end ? piece.breakAfter : BREAK_ALLOWED,
      hyphenPoints: piece.hyphenPoints.filter((p) => p > from && p < to),
      ...(piece.upright ? { upright: piece.upright } : {}),
    },
    withHyphen,
  );
}
