/**
 * A parsed font face: the fontkit object behind the public `FontFace`, its metrics, a coverage
 * memo and a bounded cache of shaped words (shaping is size-independent, so results are kept
 * in font units and scaled by the caller).
 */
import { createHash } from 'node:crypto';
import type { Font, Glyph, GlyphPosition } from 'fontkit';
import type { FontResource } from '../document/index.js';
import { GroupedLruCache, LruCache } from '../util/index.js';
import {
  directPlan,
  isDefaultIgnorable,
  shapeDirect,
  type DirectFont,
  type DirectPlan,
  type DirectShape,
} from './direct-shaping.js';
import { kernInPlace } from './kern.js';
import {
  glyphClasses,
  hasMarkGlyph,
  withoutMarkPositioning,
  type ClassDef,
} from './mark-positioning.js';
import type { FontFace, FontMetrics, FontStyle, Upright } from './types.js';

/** Shaped glyphs of one piece of text in font units, logical order. */
export interface ShapedUnits {
  readonly ids: Uint16Array;
  readonly advances: Float64Array;
  readonly xOffsets: Float64Array;
  readonly yOffsets: Float64Array;
  /** Start of each glyph's cluster as a UTF-16 offset into the shaped text. */
  readonly clusters: Uint32Array;
  /** The glyph-to-text mapping could not be recovered: treat the whole text as one cluster. */
  readonly opaque: boolean;
}

/** Shaped glyphs scaled to a size with spacing applied, logical order (what pieces use). */
export interface ScaledShape {
  readonly ids: Uint16Array;
  readonly advances: Float64Array;
  readonly dx: Float64Array;
  readonly dy: Float64Array;
  /** Cluster start per glyph relative to the text; === text length for an appended hyphen. */
  readonly rel: Uint32Array;
  /** 1 where the glyph is a word separator. */
  readonly spaces: Uint8Array;
  readonly width: number;
  readonly opaque: boolean;
}

/** No inserted hyphen (false), the font's ('') or the author's hyphenate-character. */
export type Hyphen = false | string;

/** The glyphs an inserted hyphen draws, in font units. */
export interface HyphenGlyphs {
  readonly ids: readonly number[];
  readonly advances: readonly number[];
  readonly advance: number;
}

export interface ShapeParams {
  readonly script: string;
  readonly rtl: boolean;
  readonly features: Readonly<Record<string, boolean>> | undefined;
  readonly featureKey: string;
  /** OpenType language system tag (e.g. 'TRK '), for language-specific forms (locl). */
  readonly language: string | undefined;
  readonly size: number;
  readonly letterSpacing: number;
  readonly wordSpacing: number;
  readonly tabSize: number;
  /** Joining script: letter-spacing is not applied. */
  readonly cursive: boolean;
  /**
   * Glyphs set upright in vertical text (GlyphFragment.upright): advances are vertical
   * advances (vmtx, else the font's ascent to descent) and dx is minus half the horizontal
   * advance; combined, the glyphs stand side by side in one em box.
   */
  readonly upright?: Upright;
}

/** The last shaping style a face was asked for, and its cache group. */
interface LastStyle {
  readonly size: number;
  readonly letterSpacing: number;
  readonly wordSpacing: number;
  readonly tabSize: number;
  readonly featureKey: string;
  readonly language: string | undefined;
  readonly script: string;
  readonly rtl: boolean;
  readonly hyphen: Hyphen;
  readonly scope: string;
  readonly group: string;
}

/**
 * What one cached shaping costs beyond its glyph data, measured (node 20): five or six small
 * typed arrays and their object are about 1.1-1.3 KB of heap however short the word.
 */
const ENTRY_OVERHEAD = 1300;
/**
 * One budget for the whole process (each worker thread), shared by all faces (keys start with
 * the face's serial number), sized by estimated bytes: 8 MB each holds about 6,000 short words,
 * far more than one document's vocabulary, and fills within a few thousand renders of varied
 * documents. Counted in entries alone (16,384 and 32,768) they reached 60 MB per worker and
 * were still filling after 10,000 renders, which reads as a leak in a long-running service.
 */
const SHAPE_CACHE_BYTES = 8 * 1024 * 1024;
const shapeCache = new LruCache<string, ShapedUnits>(16384, {
  bytes: SHAPE_CACHE_BYTES,
  // ids 2 + advances, offsets 3 x 8 + clusters 4 bytes a glyph; the key holds the text.
  weigh: (key, v) => ENTRY_OVERHEAD + 30 * v.ids.length + 2 * key.length,
});
/** Grouped by face and style (see `styleGroup`), then by the word itself. */
const scaledCache = new GroupedLruCache<string, string, ScaledShape>(32768, {
  bytes: SHAPE_CACHE_BYTES,
  // ids 2 + advances, dx, dy 3 x 8 + rel 4 + spaces 1 byte a glyph.
  weigh: (text, v) => ENTRY_OVERHEAD + 31 * v.ids.length + 2 * text.length,
});
let nextSerial = 1;

/** Forgets the shaped words of documents laid out so far. */
export function clearShapeCaches(): void {
  shapeCache.clear();
  scaledCache.clear();
}

const FRESH = Symbol('glyphs carry the code points of their layout');

/**
 * fontkit keeps one Glyph object per glyph id and font, made with the code points of the first
 * layout that produced it: a `b` first shaped inside some cluster keeps that cluster's code
 * points for every later layout of that font, in this document and the next, and the text a
 * glyph stands for (clusters, ToUnicode) goes wrong ("Feby ruary"). Each layout gets glyphs
 * with its own code points: a thin object over the shared glyph, created only when they differ.
 */
function freshCodePoints(font: Font): void {
  type GetGlyph = (id: number, codePoints?: number[]) => Glyph | null;
  const f = font as unknown as { [FRESH]?: true; getGlyph: GetGlyph };
  if (f[FRESH]) return;
  const shared = f.getGlyph.bind(font) as GetGlyph;
  f.getGlyph = (id, codePoints = []) => {
    const g = shared(id, codePoints);
    if (!g || codePoints.length === 0 || sameCodePoints(g.codePoints, codePoints)) return g;
    return Object.create(g, { codePoints: { value: codePoints, enumerable: true } }) as Glyph;
  };
  f[FRESH] = true;
}

function sameCodePoints(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * What the direct path keeps per parsed font, shared by every face made from it (a web font's
 * faces are made again for each document): its plans, by script, language and features, and
 * the character map's glyph per code point.
 */
interface DirectState {
  readonly plans: Map<string, DirectPlan | null>;
  readonly glyphFor: (cp: number) => Glyph;
}
const directStates = new WeakMap<Font, DirectState>();

function directStateOf(font: Font): DirectState {
  let state = directStates.get(font);
  if (!state) {
    const glyphs = new Map<number, Glyph>();
    state = {
      plans: new Map(),
      glyphFor: (cp) => {
        let glyph = glyphs.get(cp);
        if (!glyph) {
          glyph = font.glyphForCodePoint(cp);
          glyphs.set(cp, glyph);
        }
        return glyph;
      },
    };
    directStates.set(font, state);
  }
  return state;
}

/** Variation instances per parsed font and weight, shared by every face made from it. */
const variations = new WeakMap<Font, Map<number, Font | null>>();

function variationOf(font: Font, wght: number): Font | undefined {
  let byWeight = variations.get(font);
  if (!byWeight) {
    byWeight = new Map();
    variations.set(font, byWeight);
  }
  let varied = byWeight.get(wght);
  if (varied === undefined) {
    try {
      varied = font.getVariation({ wght });
    } catch {
      varied = null;
    }
    byWeight.set(wght, varied);
  }
  return varied ?? undefined;
}

/** Resource ids per font program and instance suffix (hashing a 300 KB program costs ~1 ms). */
const resourceIds = new WeakMap<Uint8Array, Map<string, string>>();

function resourceId(program: Uint8Array, suffix: string): string {
  let bySuffix = resourceIds.get(program);
  if (!bySuffix) {
    bySuffix = new Map();
    resourceIds.set(program, bySuffix);
  }
  let id = bySuffix.get(suffix);
  if (id === undefined) {
    const hash = createHash('sha256').update(program);
    if (suffix) hash.update(suffix);
    id = 'F' + hash.digest('hex').slice(0, 20);
    bySuffix.set(suffix, id);
  }
  return id;
}

/** Parsed fontkit object behind each FontResource handed out (weak: never keeps a font alive). */
const parsedByResource = new WeakMap<FontResource, Font>();

/**
 * The fontkit font already parsed for a FontResource from text/ (raster output can outline
 * glyphs without parsing the program again), or undefined for resources from elsewhere.
 */
export function parsedFont(resource: FontResource): Font | undefined {
  return parsedByResource.get(resource);
}

const isSpaceCode = (c: number): boolean =>
  c === 0x20 || c === 0xa0 || c === 0x1361 || c === 0x3000 || c === 0x09;

export class LoadedFace implements FontFace {
  readonly metrics: FontMetrics;
  private resourceMemo: FontResource | undefined;
  private hyphenMemo: { id: number; advance: number } | undefined;
  private readonly hyphenStrings = new Map<string, HyphenGlyphs>();
  private featureMemo: Set<string> | undefined;
  /** The font's GDEF glyph classes (undefined: none); null until first read. */
  private classesMemo: ClassDef | undefined | null = null;
  private readonly coverage = new Map<number, boolean>();
  private readonly instances = new Map<number, LoadedFace>();
  /**
   * Set once fontkit has thrown while applying this font's GSUB/GPOS (decoded lazily, so load
   * checks cannot see the damage): from then on the face is shaped by its cmap alone.
   */
  private layoutBroken = false;
  /** Distinguishes this face's entries in the shared caches. */
  private readonly serial = nextSerial++;
  /**
   * The style of the last shapeScaled call and its cache group: consecutive words of a run
   * share a style, so the group key is built once per run style rather than once per word.
   */
  private lastStyle: LastStyle | undefined;
  readonly unitsPerEm: number;

  constructor(
    readonly family: string,
    readonly weight: number,
    readonly style: FontStyle,
    readonly font: Font,
    private readonly program: Uint8Array,
    /** Weight range for @font-face with a range (variable fonts); [weight, weight] otherwise. */
    readonly weightRange: readonly [number, number] = [weight, weight],
    readonly unicodeRange?: readonly (readonly [number, number])[],
    /** Told (once) when the layout tables turn out to be unusable; the context warns. */
    private readonly onLayoutBroken?: () => void,
    /** Axis coordinates when `font` is an instance of a variable font other than its default. */
    readonly variation?: Readonly<Record<string, number>>,
    /** Index of the font in `program` when that is a collection (TTC/OTC). */
    readonly collectionIndex?: number,
    /**
     * Names the parsed font when other faces (other documents' @font-face rules) share it:
     * while its layout tables work, shaping depends on the font alone, so those faces share
     * their cached shapes. A face whose tables broke shapes apart under its own serial.
     */
    private readonly sharedFont?: string,
  ) {
    this.unitsPerEm = font.unitsPerEm || 1000;
    this.metrics = computeMetrics(font, this.unitsPerEm);
    freshCodePoints(font);
    kernInPlace(font);
  }

  get resource(): FontResource {
    if (!this.resourceMemo) {
      const axes = Object.entries(this.variation ?? {}).map(([tag, v]) => `${v}${tag}`);
      const suffix =
        (this.collectionIndex !== undefined ? `#${this.collectionIndex}` : '') +
        (axes.length > 0 ? `@${axes.join('_')}` : '');
      const id = resourceId(this.program, suffix);
      const base = this.font.postscriptName || 'Font' + id;
      const resource: FontResource = {
        id,
        // Instances are named the way variable-font tools name them: the axis values appended.
        postscriptName: axes.length > 0 ? `${base}_${axes.join('_')}` : base,
        program: this.program,
        ...(this.collectionIndex !== undefined ? { collectionIndex: this.collectionIndex } : {}),
        ...(this.variation ? { variation: this.variation } : {}),
      };
      parsedByResource.set(resource, this.font);
      this.resourceMemo = resource;
    }
    return this.resourceMemo;
  }

  /**
   * This face at a CSS weight: for a variable font with a weight axis, its instance at the
   * weight clamped to the face's range and the axis (CSS Fonts 4 §5.2 then §7.3); otherwise,
   * or at the default weight, this face itself. Instances are kept per weight.
   */
  atWeight(weight: number): LoadedFace {
    const axis = weightAxis(this.font);
    if (!axis || this.variation) return this;
    const [lo, hi] = this.weightRange;
    const wght = Math.min(axis.max, Math.max(axis.min, Math.min(hi, Math.max(lo, weight))));
    if (wght === axis.default) return this;
    let instance = this.instances.get(wght);
    if (!instance) {
      const varied = variationOf(this.font, wght);
      // fontkit instances glyf + gvar and CFF2 fonts only; anything else keeps its default.
      if (!varied) return this;
      instance = new LoadedFace(
        this.family,
        wght,
        this.style,
        varied,
        this.program,
        [wght, wght],
        this.unicodeRange,
        this.onLayoutBroken,
        { wght },
        this.collectionIndex,
        this.sharedFont === undefined ? undefined : `${this.sharedFont}@${wght}`,
      );
      this.instances.set(wght, instance);
    }
    return instance;
  }

  /** True when the font's GSUB or GPOS offers this OpenType feature for some script. */
  hasFeature(tag: string): boolean {
    if (!this.featureMemo) {
      let tags: string[] = [];
      try {
        tags = (this.font as unknown as { availableFeatures: string[] }).availableFeatures ?? [];
      } catch {
        tags = [];
      }
      this.featureMemo = new Set(tags);
    }
    return this.featureMemo.has(tag);
  }

  hasCodePoint(cp: number): boolean {
    let has = this.coverage.get(cp);
    if (has === undefined) {
      has = this.inRange(cp) && this.font.hasGlyphForCodePoint(cp);
      this.coverage.set(cp, has);
    }
    return has;
  }

  private inRange(cp: number): boolean {
    if (!this.unicodeRange) return true;
    for (const [a, b] of this.unicodeRange) if (cp >= a && cp <= b) return true;
    return false;
  }

  /** Glyph id for a code point (0 when missing). */
  glyphId(cp: number): number {
    return this.font.glyphForCodePoint(cp).id;
  }

  advanceOf(gid: number): number {
    return this.font.getGlyph(gid).advanceWidth;
  }

  /**
   * Vertical advance in font units: the vmtx table's, else the font's ascent to descent (the
   * em box upright glyphs are stood in, as HarfBuzz and browsers do).
   */
  verticalAdvance(gid: number): number {
    const vertical = (this.font as Font & { readonly vmtx?: unknown }).vmtx !== undefined;
    const g = this.font.getGlyph(gid) as Glyph & { readonly advanceHeight?: number };
    if (vertical && g.advanceHeight !== undefined) return g.advanceHeight;
    return (this.metrics.ascent + this.metrics.descent) * this.unitsPerEm;
  }

  /**
   * The glyph drawn for an inserted hyphen: the font's own soft-hyphen glyph when it has a
   * visible one (so its text maps to U+00AD without clashing with '-'), else U+2010, else '-'.
   */
  hyphenGlyph(): { id: number; advance: number } {
    if (!this.hyphenMemo) {
      let chosen = { id: 0, advance: 0 };
      for (const cp of [0xad, 0x2010, 0x2d]) {
        if (!this.font.hasGlyphForCodePoint(cp)) continue;
        const g = this.font.glyphForCodePoint(cp);
        if (g.id !== 0 && g.advanceWidth > 0) {
          chosen = { id: g.id, advance: g.advanceWidth };
          break;
        }
      }
      this.hyphenMemo = chosen;
    }
    return this.hyphenMemo;
  }

  /**
   * The glyphs of an inserted hyphen: the font's hyphen for '' (hyphenate-character: auto),
   * else the author's string, one glyph per code point (those the font lacks left out).
   */
  hyphenGlyphs(chars: string): HyphenGlyphs {
    if (chars === '') {
      const h = this.hyphenGlyph();
      return { ids: [h.id], advances: [h.advance], advance: h.advance };
    }
    let hit = this.hyphenStrings.get(chars);
    if (!hit) {
      const ids: number[] = [];
      const advances: number[] = [];
      for (const ch of chars) {
        const cp = ch.codePointAt(0)!;
        if (!this.font.hasGlyphForCodePoint(cp)) continue;
        const g = this.font.glyphForCodePoint(cp);
        ids.push(g.id);
        advances.push(g.advanceWidth);
      }
      hit = { ids, advances, advance: advances.reduce((a, b) => a + b, 0) };
      this.hyphenStrings.set(chars, hit);
    }
    return hit;
  }

  /**
   * Shapes `text` at a size with letter-, word- and tab spacing applied; `hyphen` (the
   * hyphenate-character, '' for the font's hyphen) appends a hyphen whose glyphs get
   * rel === text.length. Cached: results are shared, never mutate them.
   */
  shapeScaled(text: string, p: ShapeParams, hyphen: Hyphen): ScaledShape {
    const group = this.styleGroup(p, hyphen);
    const hit = scaledCache.get(group, text);
    if (hit) return hit;
    const str = text.indexOf('\t') >= 0 ? text.replace(/\t/g, ' ') : text;
    const units = this.shape(str, p.script, p.rtl, p.features, p.featureKey, p.language);
    const shapedCount = units.ids.length;
    const added = hyphen === false ? null : this.hyphenGlyphs(hyphen);
    const n = shapedCount + (added ? added.ids.length : 0);
    const scale = p.size / this.unitsPerEm;
    const advances = new Float64Array(n);
    const dx = new Float64Array(n);
    const dy = new Float64Array(n);
    const rel = new Uint32Array(n);
    const spaces = new Uint8Array(n);
    const len = text.length;
    const tabWidth = p.tabSize * this.metrics.spaceAdvance * p.size;
    const spacing = p.letterSpacing !== 0 && !p.cursive;
    let width = 0;
    const ids = added ? new Uint16Array(n) : units.ids;
    if (added) {
      ids.set(units.ids);
      for (let k = 0; k < added.ids.length; k++) {
        const at = shapedCount + k;
        ids[at] = added.ids[k];
        rel[at] = len;
        advances[at] =
          added.advances[k] * scale + (p.letterSpacing !== 0 && !p.cursive ? p.letterSpacing : 0);
        width += advances[at];
      }
    }
    for (let i = 0; i < shapedCount; i++) {
      const c = units.clusters[i];
      rel[i] = c;
      let a = units.advances[i] * scale;
      dx[i] = units.xOffsets[i] * scale;
      dy[i] = -units.yOffsets[i] * scale;
      const clusterStart = i === 0 || units.clusters[i - 1] !== units.clusters[i];
      if (!units.opaque && clusterStart && c < len) {
        const code = text.charCodeAt(c);
        if (isSpaceCode(code)) {
          spaces[i] = 1;
          if (code === 0x09) a = tabWidth;
          a += p.wordSpacing;
        }
      }
      if (
        spacing &&
        (units.opaque || i === shapedCount - 1 || units.clusters[i + 1] !== units.clusters[i])
      )
        a += p.letterSpacing;
      if (p.upright === 'glyphs') {
        // The centre line of an upright glyph is half its horizontal advance in from its
        // origin; its pen moves down by its vertical advance (letter-spacing kept).
        const h = units.advances[i] * scale;
        dx[i] = -h / 2;
        dy[i] = 0;
        a += h === 0 ? -h : this.verticalAdvance(ids[i]) * scale - h;
      }
      advances[i] = a;
      width += a;
    }
    if (p.upright === 'combined')
      width = combineUpright(units.advances, scale, p.size, advances, dx, dy);
    const out: ScaledShape = {
      ids,
      advances,
      dx,
      dy,
      rel,
      spaces,
      width,
      opaque: units.opaque,
    };
    // Shaping may just have found the layout tables broken: file under the face's own group.
    scaledCache.set(this.styleGroup(p, hyphen), text, out);
    return out;
  }

  /** The cache group for shaping with these parameters (everything but the text). */
  private styleGroup(p: ShapeParams, hyphen: Hyphen): string {
    const last = this.lastStyle;
    if (
      last &&
      last.size === p.size &&
      last.letterSpacing === p.letterSpacing &&
      last.wordSpacing === p.wordSpacing &&
      last.tabSize === p.tabSize &&
      last.featureKey === p.featureKey &&
      last.language === p.language &&
      last.script === p.script &&
      last.rtl === p.rtl &&
      last.hyphen === hyphen &&
      last.scope === this.shapeScope()
    )
      return last.group;
    const scope = this.shapeScope();
    const group = `${scope}|${p.size}|${p.letterSpacing}|${p.wordSpacing}|${p.tabSize}|${p.featureKey}|${p.language ?? ''}|${p.script}|${p.rtl ? 'r' : 'l'}|${hyphen === false ? '' : `h${hyphen}`}`;
    // The fields compared above, written out: a spread of the parameters made a larger copy.
    this.lastStyle = {
      size: p.size,
      letterSpacing: p.letterSpacing,
      wordSpacing: p.wordSpacing,
      tabSize: p.tabSize,
      featureKey: p.featureKey,
      language: p.language,
      script: p.script,
      rtl: p.rtl,
      hyphen,
      scope,
      group,
    };
    return group;
  }

  /**
   * Shapes `text` (one script, one direction) and returns glyphs in logical order with the
   * cluster each belongs to. Cached per (script, direction, features, text).
   */
  shape(
    text: string,
    script: string,
    rtl: boolean,
    features: Readonly<Record<string, boolean>> | undefined,
    featureKey: string,
    language?: string,
  ): ShapedUnits {
    const rest = `|${script}|${rtl ? 'r' : 'l'}|${featureKey}|${language ?? ''}|${text}`;
    const hit = shapeCache.get(this.shapeScope() + rest);
    if (hit) return hit;
    if (this.classesMemo === null) this.classesMemo = glyphClasses(this.font);
    // The features fontkit is given for text without marks (see mark-positioning.ts).
    const lean = withoutMarkPositioning(text, features, this.classesMemo);
    const direct =
      this.layoutBroken || rtl
        ? undefined
        : this.shapeDirectly(text, script, features, featureKey, language, lean);
    if (direct) {
      const n = direct.ids.length;
      const clusters = new Uint32Array(n);
      for (let i = 0; i < n; i++) clusters[i] = i;
      const units: ShapedUnits = { ...direct, clusters, opaque: false };
      shapeCache.set(this.shapeScope() + rest, units);
      return units;
    }
    let glyphs: Glyph[];
    let positions: GlyphPosition[];
    const laid = this.layoutBroken
      ? undefined
      : this.layout(text, script, rtl, features, language, lean);
    if (laid) {
      glyphs = laid.glyphs.slice();
      positions = laid.positions.slice();
      // fontkit returns right-to-left runs in visual order; we keep logical order throughout.
      if (rtl) {
        glyphs.reverse();
        positions.reverse();
      }
    } else {
      // cmap mapping in logical order, advances from hmtx: no ligatures, marks or kerning,
      // but the text stays readable and selectable.
      glyphs = this.font.glyphsForString(text);
      positions = glyphs.map((g) => ({
        xAdvance: g.advanceWidth,
        yAdvance: 0,
        xOffset: 0,
        yOffset: 0,
      })) as GlyphPosition[];
    }
    const n = glyphs.length;
    const out: ShapedUnits = {
      ids: new Uint16Array(n),
      advances: new Float64Array(n),
      xOffsets: new Float64Array(n),
      yOffsets: new Float64Array(n),
      clusters: new Uint32Array(n),
      opaque: false,
    };
    let opaque = false;
    let offset = 0;
    let lastCluster = 0;
    for (let i = 0; i < n; i++) {
      const g = glyphs[i];
      const p = positions[i];
      out.ids[i] = g.id;
      out.advances[i] = p.xAdvance;
      out.xOffsets[i] = p.xOffset;
      out.yOffsets[i] = p.yOffset;
      const cps = g.codePoints;
      if (opaque) continue;
      if (cps.length === 0) {
        // Inserted glyph (e.g. a dotted circle): part of the preceding cluster.
        out.clusters[i] = lastCluster;
        continue;
      }
      let matched = true;
      let o = offset;
      for (const cp of cps) {
        const actual = text.codePointAt(o);
        if (actual === cp) o += cp > 0xffff ? 2 : 1;
        else if (actual !== undefined && cps.length === 1 && isDefaultIgnorable(actual))
          o += actual > 0xffff ? 2 : 1;
        else {
          matched = false;
          break;
        }
      }
      if (!matched) {
        opaque = true;
        continue;
      }
      out.clusters[i] = offset;
      lastCluster = offset;
      offset = o;
    }
    if (opaque || offset !== text.length) {
      out.clusters.fill(0);
      (out as { opaque: boolean }).opaque = true;
    }
    // Under the scope as it is now: text that broke the layout is this face's alone.
    shapeCache.set(this.shapeScope() + rest, out);
    return out;
  }

  /** Prefix of this face's shape-cache keys: the shared font's while its layout works. */
  private shapeScope(): string {
    return this.sharedFont !== undefined && !this.layoutBroken
      ? this.sharedFont
      : `#${this.serial}`;
  }

  /**
   * The glyphs fontkit would give `text` (left to right), worked out without its layout engine,
   * or undefined when the text needs it (see direct-shaping.ts).
   */
  private shapeDirectly(
    text: string,
    script: string,
    features: Readonly<Record<string, boolean>> | undefined,
    featureKey: string,
    language: string | undefined,
    lean: Record<string, boolean> | undefined,
  ): DirectShape | undefined {
    // Planned for the features layout() would hand fontkit for this text.
    const key = `${script}|${language ?? ''}|${featureKey}|${lean ? 'lean' : 'full'}`;
    const direct = directStateOf(this.font);
    let plan = direct.plans.get(key);
    if (plan === undefined) {
      try {
        plan = directPlan(this.font as unknown as DirectFont, script, language, lean ?? features);
      } catch {
        // Tables fontkit cannot decode: its own layout will find out and say so.
        plan = null;
      }
      direct.plans.set(key, plan);
    }
    if (!plan) return undefined;
    try {
      return shapeDirect(plan, text, direct.glyphFor);
    } catch {
      return undefined;
    }
  }

  /** fontkit's full OpenType layout, or undefined (face marked broken) when its tables throw. */
  private layout(
    text: string,
    script: string,
    rtl: boolean,
    features: Readonly<Record<string, boolean>> | undefined,
    language: string | undefined,
    lean: Record<string, boolean> | undefined,
  ): { glyphs: Glyph[]; positions: GlyphPosition[] } | undefined {
    try {
      const direction = rtl ? 'rtl' : 'ltr';
      if (lean && this.classesMemo) {
        const run = this.font.layout(text, lean, script, language, direction);
        if (!hasMarkGlyph(this.classesMemo, run.glyphs)) return run;
      }
      return this.font.layout(
        text,
        features ? { ...features } : undefined,
        script,
        language,
        direction,
      );
    } catch {
      // Any throw here comes from fontkit decoding damaged font data, never from our input.
      this.layoutBroken = true;
      this.onLayoutBroken?.();
      return undefined;
    }
  }
}

/** The font's `wght` design axis, when it is a variable font that has one. */
export function weightAxis(font: Font): { min: number; max: number; default: number } | undefined {
  try {
    const axes = font.variationAxes as Record<
      string,
      { min: number; max: number; default: number }
    >;
    const w = axes?.wght;
    return w && Number.isFinite(w.min) && Number.isFinite(w.max) && w.min <= w.max ? w : undefined;
  } catch {
    return undefined;
  }
}

/** The fixed fields of a font's `post` table that layout and the PDF font descriptor use. */
export interface PostHeader {
  readonly italicAngle: number;
  readonly underlinePosition: number;
  readonly underlineThickness: number;
  readonly isFixedPitch: boolean;
}

/**
 * Reads the post table's 32-byte header straight from the font's bytes. fontkit decodes the
 * whole table on first access, glyph names included (thousands in a TrueType font with a
 * format 2 table), which was a large part of a cold render; the header is all we need.
 * Fonts whose bytes are not the sfnt itself (WOFF, WOFF2, variation instances) use fontkit.
 */
export function postHeader(font: Font): PostHeader {
  const f = font as unknown as {
    type?: string;
    variationCoords?: unknown;
    directory?: { tables?: Record<string, { offset: number; length: number } | undefined> };
    stream?: { buffer?: Uint8Array };
  };
  const entry = f.directory?.tables?.post;
  const bytes = f.stream?.buffer;
  if (
    f.type === 'TTF' &&
    !f.variationCoords &&
    entry &&
    bytes &&
    entry.length >= 16 &&
    entry.offset + 16 <= bytes.length
  ) {
    const view = new DataView(bytes.buffer, bytes.byteOffset + entry.offset, 16);
    return {
      italicAngle: view.getInt32(4) / 65536,
      underlinePosition: view.getInt16(8),
      underlineThickness: view.getInt16(10),
      isFixedPitch: view.getUint32(12) !== 0,
    };
  }
  const post = (font as unknown as { post?: { isFixedPitch?: number } }).post;
  return {
    italicAngle: font.italicAngle,
    underlinePosition: font.underlinePosition,
    underlineThickness: font.underlineThickness,
    isFixedPitch: Boolean(post?.isFixedPitch),
  };
}

function computeMetrics(font: Font, upm: number): FontMetrics {
  const os2 = (font as unknown as { 'OS/2'?: Os2Table })['OS/2'];
  const hhea = (font as unknown as { hhea?: { ascent: number; descent: number; lineGap: number } })
    .hhea;
  let ascent: number;
  let descent: number;
  let lineGap: number;
  const useTypo = os2?.fsSelection?.useTypoMetrics === true;
  if (useTypo && os2) {
    ascent = os2.typoAscender;
    descent = -os2.typoDescender;
    lineGap = os2.typoLineGap;
  } else if (hhea && (hhea.ascent !== 0 || hhea.descent !== 0)) {
    ascent = hhea.ascent;
    descent = -hhea.descent;
    lineGap = hhea.lineGap;
  } else if (os2) {
    ascent = os2.winAscent;
    descent = os2.winDescent;
    lineGap = 0;
  } else {
    ascent = 0.8 * upm;
    descent = 0.2 * upm;
    lineGap = 0;
  }
  const glyphTop = (cp: number): number | undefined => {
    if (!font.hasGlyphForCodePoint(cp)) return undefined;
    const bbox = font.glyphForCodePoint(cp).bbox;
    return bbox && Number.isFinite(bbox.maxY) ? bbox.maxY : undefined;
  };
  const advance = (cp: number): number | undefined =>
    font.hasGlyphForCodePoint(cp) ? font.glyphForCodePoint(cp).advanceWidth : undefined;
  const xHeight =
    (os2 && os2.version >= 2 && os2.xHeight > 0 ? os2.xHeight : glyphTop(0x78)) ?? 0.5 * upm;
  const capHeight =
    (os2 && os2.version >= 2 && os2.capHeight > 0 ? os2.capHeight : glyphTop(0x48)) ?? 0.7 * upm;
  const post = postHeader(font);
  const ulThick = post.underlineThickness > 0 ? post.underlineThickness : upm / 20;
  // post.underlinePosition is the top of the underline; some fonts put it almost on the
  // baseline, which looks cramped, so keep it at least a little below.
  const ulCentre = Math.max((-post.underlinePosition + ulThick / 2) / upm, 0.075);
  const stThick = os2 && os2.yStrikeoutSize > 0 ? os2.yStrikeoutSize : ulThick;
  const stTop =
    os2 && os2.yStrikeoutPosition > 0 ? os2.yStrikeoutPosition : xHeight / 2 + stThick / 2;
  return {
    ascent: ascent / upm,
    descent: descent / upm,
    lineGap: lineGap / upm,
    xHeight: xHeight / upm,
    capHeight: capHeight / upm,
    zeroAdvance: (advance(0x30) ?? upm / 2) / upm,
    spaceAdvance: (advance(0x20) ?? upm / 4) / upm,
    underlineOffset: ulCentre,
    underlineThickness: ulThick / upm,
    strikeoutOffset: (stTop - stThick / 2) / upm,
    strikeoutThickness: stThick / upm,
  };
}

interface Os2Table {
  version: number;
  typoAscender: number;
  typoDescender: number;
  typoLineGap: number;
  winAscent: number;
  winDescent: number;
  xHeight: number;
  capHeight: number;
  yStrikeoutSize: number;
  yStrikeoutPosition: number;
  fsSelection?: { useTypoMetrics?: boolean };
}

/**
 * Combined upright text (text-combine-upright: all): the glyphs side by side, centred across
 * the line (dx from the centre line, in the order drawn), all in one em box along it, which the
 * last glyph's advance takes. Writes `advances`, `dx` and `dy`; returns the em box.
 */
function combineUpright(
  unitAdvances: ArrayLike<number>,
  scale: number,
  em: number,
  advances: Float64Array,
  dx: Float64Array,
  dy: Float64Array,
): number {
  const n = advances.length;
  let across = 0;
  for (let i = 0; i < unitAdvances.length; i++) across += unitAdvances[i] * scale;
  let at = -across / 2;
  for (let i = 0; i < n; i++) {
    dx[i] = at;
    dy[i] = 0;
    at += i < unitAdvances.length ? unitAdvances[i] * scale : 0;
    advances[i] = 0;
  }
  // One em along the line, whatever the glyphs' width (the painter compresses wider text).
  if (n > 0) advances[n - 1] = em;
  return n > 0 ? em : 0;
}
