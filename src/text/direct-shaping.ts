/**
 * Shaping of plain words without fontkit's layout engine, where the result is certain to be
 * the same as fontkit's.
 *
 * fontkit shapes every word by building a plan, a glyph object per character and walking
 * every lookup of every feature over every glyph. Most words of Latin, Greek and Cyrillic text
 * meet none of the font's substitutions and only its pair kerning: no glyph of the word starts
 * a single, multiple or alternate substitution or a positioning other than pair adjustment, no
 * ligature's components follow its first glyph, no context's input and lookahead sequence
 * matches. For such a word the glyphs are the font's character map, the advances its metrics,
 * and pair adjustments (GPOS, or the legacy kern table where GPOS has none) are applied here in
 * fontkit's order and manner. A word with a mark, a ligature glyph, a default-ignorable
 * character, a fraction slash or anything a lookup could act on is left to fontkit.
 *
 * The plan (which lookups apply) is built once per font, script, language and feature set the
 * way fontkit's default shaper builds it; the coverage tables it reads are the ones fontkit
 * decodes on its first word anyway.
 */

/** fontkit's decoded OpenType structures, as far as this module reads them. */
interface Coverage {
  readonly version: number;
  readonly glyphs?: ArrayLike<number>;
  readonly rangeRecords?: ArrayLike<{ start: number; end: number; startCoverageIndex: number }>;
}
interface ClassDefTable {
  readonly version: number;
  readonly startGlyph?: number;
  readonly classValueArray?: ArrayLike<number>;
  readonly classRangeRecord?: ArrayLike<{ start: number; end: number; class: number }>;
}
interface ValueRecord {
  readonly xPlacement?: number | null;
  readonly yPlacement?: number | null;
  readonly xAdvance?: number | null;
  readonly yAdvance?: number | null;
}
interface Indexed<T> {
  readonly length: number;
  get(index: number): T | undefined;
}
interface SubTable {
  readonly version?: number;
  readonly lookupType?: number;
  readonly extension?: SubTable;
  readonly coverage?: Coverage;
  readonly coverages?: ArrayLike<Coverage>;
  readonly inputCoverage?: ArrayLike<Coverage>;
  readonly lookaheadCoverage?: ArrayLike<Coverage>;
  readonly markCoverage?: Coverage;
  readonly mark1Coverage?: Coverage;
  readonly pairSets?: Indexed<
    ArrayLike<{ secondGlyph: number; value1?: ValueRecord; value2?: ValueRecord }>
  >;
  readonly classDef1?: ClassDefTable;
  readonly classDef2?: ClassDefTable;
  readonly classRecords?: Indexed<Indexed<{ value1?: ValueRecord; value2?: ValueRecord }>>;
  readonly ligatureSets?: Indexed<ArrayLike<{ components: ArrayLike<number> }>>;
}
interface Lookup {
  readonly lookupType: number;
  readonly flags: { readonly flags?: Readonly<Record<string, boolean>> };
  readonly subTables: ArrayLike<SubTable>;
}
interface Processor {
  readonly features: Readonly<Record<string, unknown>>;
  selectScript(script: string, language: string | null, direction: string): unknown;
  findScript(script: string | string[]): unknown;
  lookupsForFeatures(tags: string[]): { feature: string; lookup: Lookup }[];
}
/** The parts of a fontkit font the direct path reads. */
export interface DirectFont {
  readonly numGlyphs: number;
  readonly _variationProcessor?: unknown;
  readonly morx?: unknown;
  /** The legacy kern table; text/kern.ts puts a reader with get() in its place. */
  readonly kern?: unknown;
  readonly GDEF?: { readonly glyphClassDef?: ClassDefTable } | null;
  readonly _layoutEngine: {
    readonly engine?: { GSUBProcessor?: Processor | null; GPOSProcessor?: Processor | null } | null;
  };
  glyphForCodePoint(cp: number): { id: number; advanceWidth: number };
}

/** The glyphs a word shaped here is made of, in fontkit's units. */
export interface DirectShape {
  readonly ids: Uint16Array;
  readonly advances: Float64Array;
  readonly xOffsets: Float64Array;
  readonly yOffsets: Float64Array;
}

/** What the direct path applies for one script, language and feature set. */
export interface DirectPlan {
  /** 1 for a mark, a ligature glyph, or one a substitution or other positioning may start at. */
  readonly blocked: Uint8Array;
  /** Pair adjustment lookups, in the order fontkit applies them. */
  readonly pairs: readonly PairLookup[];
  /** Ligature substitutions: a word whose glyphs one of them would join is left to fontkit. */
  readonly ligatures: readonly SubTable[];
  /**
   * Contexts given as coverage sequences (input, then lookahead): a word where one matches is
   * left to fontkit. What comes before is not looked at, so a match is never missed.
   */
  readonly contexts: readonly (readonly Coverage[])[];
  /** Kerning from the legacy kern table, applied after GPOS as fontkit does. */
  readonly legacyKern: KernReader | undefined;
}
interface KernReader {
  get(left: number, right: number): number;
}
type PairLookup = readonly SubTable[];

/** Scripts fontkit shapes with its default shaper (no per-script stages or reordering). */
const DIRECT_SCRIPTS: ReadonlySet<string> = new Set(['latn', 'grek', 'cyrl']);

/** fontkit's default shaper, left to right: its features, global and local. */
const PRE_GLOBAL = ['rvrn', 'ltra', 'ltrm'];
const PRE_LOCAL = ['frac', 'numr', 'dnom'];
const POST_GLOBAL = [
  'ccmp',
  'locl',
  'rlig',
  'mark',
  'mkmk',
  'calt',
  'clig',
  'liga',
  'rclt',
  'curs',
  'kern',
];

/** GDEF glyph classes. */
const LIGATURE_CLASS = 2;
const MARK_CLASS = 3;

const COMBINING_MARK = /\p{M}/u;

/** Default-ignorable code points as fontkit's layout lists them (it hides their glyphs). */
export function isDefaultIgnorable(cp: number): boolean {
  return (
    cp === 0x00ad ||
    cp === 0x034f ||
    cp === 0x061c ||
    (cp >= 0x200b && cp <= 0x200f) ||
    (cp >= 0x202a && cp <= 0x202e) ||
    (cp >= 0x2060 && cp <= 0x206f) ||
    (cp >= 0xfe00 && cp <= 0xfe0f) ||
    cp === 0xfeff ||
    (cp >= 0xe0100 && cp <= 0xe01ef)
  );
}

/**
 * Characters left to fontkit: its default ignorables and, to be safe, the others Unicode lists
 * (fillers, Mongolian selectors and the like), surrogates, and the fraction slash (which turns
 * on fraction features).
 */
function isSpecial(c: number): boolean {
  return (
    isDefaultIgnorable(c) ||
    c === 0x115f ||
    c === 0x1160 ||
    c === 0x17b4 ||
    c === 0x17b5 ||
    (c >= 0x180b && c <= 0x180f) ||
    c === 0x2044 ||
    c === 0x3164 ||
    (c >= 0xd800 && c <= 0xdfff) ||
    c === 0xffa0 ||
    (c >= 0xfff0 && c <= 0xfff8)
  );
}

/** The stage of feature tags fontkit's default shaper plans, and which of them are global. */
function planFeatures(features: Readonly<Record<string, boolean>> | undefined): {
  stage: string[];
  global: Set<string>;
} {
  const stage: string[] = [];
  const global = new Set<string>();
  const add = (tags: readonly string[], isGlobal: boolean): void => {
    for (const tag of tags)
      if (!stage.includes(tag)) {
        stage.push(tag);
        if (isGlobal) global.add(tag);
      }
  };
  add(PRE_GLOBAL, true);
  add(PRE_LOCAL, false);
  add(POST_GLOBAL, true);
  if (features)
    for (const tag in features) {
      if (features[tag]) add([tag], true);
      else if (stage.includes(tag)) {
        stage.splice(stage.indexOf(tag), 1);
        global.delete(tag);
      }
    }
  return { stage, global };
}

function markCoverage(blocked: Uint8Array, coverage: Coverage | undefined): boolean {
  if (!coverage) return false;
  if (coverage.version === 1 && coverage.glyphs) {
    for (let i = 0; i < coverage.glyphs.length; i++) blocked[coverage.glyphs[i] as number] = 1;
    // (Typed arrays ignore writes past their end.)
    return true;
  }
  if (coverage.version === 2 && coverage.rangeRecords) {
    for (let i = 0; i < coverage.rangeRecords.length; i++) {
      const r = coverage.rangeRecords[i] as { start: number; end: number };
      for (let g = r.start; g <= r.end && g < blocked.length; g++) blocked[g] = 1;
    }
    return true;
  }
  // fontkit matches nothing against another format.
  return true;
}

function hasScript(processor: Processor, script: string): boolean {
  return Boolean(processor.findScript(script) ?? processor.findScript(['DFLT', 'dflt', 'latn']));
}

/** Where a word is checked against subtables, instead of blocking their coverage. */
interface WordChecks {
  readonly ligatures: SubTable[];
  readonly contexts: Coverage[][];
}

/**
 * A context or chaining-context subtable: its coverage sequence filed to be tried word by word
 * (format 3, with `checks`), else the coverage it starts at blocked; false when it has none.
 */
function contextCoverage(
  blocked: Uint8Array,
  table: SubTable,
  chaining: boolean,
  checks: WordChecks | undefined,
): boolean {
  if (table.version === 1 || table.version === 2) return markCoverage(blocked, table.coverage);
  if (table.version === 3) {
    const input = chaining ? table.inputCoverage : table.coverages;
    // An empty input sequence would match at every glyph.
    if (!input || input.length === 0) return false;
    if (checks) {
      const sequence = Array.from(input);
      if (chaining && table.lookaheadCoverage)
        sequence.push(...Array.from(table.lookaheadCoverage));
      checks.contexts.push(sequence);
      return true;
    }
    return markCoverage(blocked, input[0]);
  }
  return false;
}

/**
 * Marks where a substitution subtable starts, or files a ligature subtable to be tried word by
 * word (`checks`, when given); false when the subtable is not understood.
 */
function blockSubstitution(
  blocked: Uint8Array,
  type: number,
  table: SubTable,
  checks: WordChecks | undefined,
): boolean {
  if (type === 7)
    return table.extension !== undefined && table.lookupType !== undefined
      ? blockSubstitution(blocked, table.lookupType, table.extension, checks)
      : false;
  if (type === 4 && checks && table.ligatureSets && table.coverage) {
    checks.ligatures.push(table);
    return true;
  }
  if (type >= 1 && type <= 4) return markCoverage(blocked, table.coverage);
  if (type === 5) return contextCoverage(blocked, table, false, checks);
  if (type === 6) return contextCoverage(blocked, table, true, checks);
  return false;
}

/** Marks where a non-pair positioning subtable starts; false when not understood. */
function blockPositioning(
  blocked: Uint8Array,
  type: number,
  table: SubTable,
  checks: WordChecks | undefined,
): boolean {
  if (type === 9)
    return table.extension !== undefined && table.lookupType !== undefined
      ? blockPositioning(blocked, table.lookupType, table.extension, checks)
      : false;
  if (type === 1 || type === 3) return markCoverage(blocked, table.coverage);
  if (type === 4 || type === 5) return markCoverage(blocked, table.markCoverage);
  if (type === 6) return markCoverage(blocked, table.mark1Coverage);
  if (type === 7) return contextCoverage(blocked, table, false, checks);
  if (type === 8) return contextCoverage(blocked, table, true, checks);
  return false;
}

/** A pair adjustment lookup's subtables (extensions opened), or undefined when it is not one. */
function pairSubtables(lookup: Lookup): SubTable[] | undefined {
  const out: SubTable[] = [];
  for (let i = 0; i < lookup.subTables.length; i++) {
    let table = lookup.subTables[i] as SubTable;
    let type = lookup.lookupType;
    if (type === 9) {
      if (!table.extension || table.lookupType === undefined) return undefined;
      type = table.lookupType;
      table = table.extension;
    }
    if (type !== 2 || (table.version !== 1 && table.version !== 2)) return undefined;
    out.push(table);
  }
  return out;
}

function isPairLookup(lookup: Lookup): boolean {
  if (lookup.lookupType === 2) return true;
  if (lookup.lookupType !== 9 || lookup.subTables.length === 0) return false;
  return (lookup.subTables[0] as SubTable).lookupType === 2;
}

/**
 * The direct plan for shaping left-to-right text of `script` with `features` (what fontkit is
 * given), or null when text of this font and script always goes through fontkit.
 */
export function directPlan(
  font: DirectFont,
  script: string,
  language: string | undefined,
  features: Readonly<Record<string, boolean>> | undefined,
): DirectPlan | null {
  if (!DIRECT_SCRIPTS.has(script) || font._variationProcessor || font.morx) return null;
  // No engine (no GSUB, no GPOS): glyphs from the character map, kerning from the kern table.
  const engine = font._layoutEngine.engine ?? null;
  const gpos = engine?.GPOSProcessor ?? null;
  const gsub = engine?.GSUBProcessor ?? null;
  // A table with neither the script nor a default one leaves fontkit with the features of
  // whatever was shaped before: not a plan to keep.
  if ((gpos && !hasScript(gpos, script)) || (gsub && !hasScript(gsub, script))) return null;
  const { stage, global } = planFeatures(features);
  // A glyph id past the font's count (a damaged table) is read as blocked.
  const blocked = new Uint8Array(Math.max(0, Math.min(font.numGlyphs, 0x10000)));
  const pairs: PairLookup[] = [];
  const checks: WordChecks = { ligatures: [], contexts: [] };

  let kernInGpos = false;
  if (gpos) {
    gpos.selectScript(script, language || null, 'ltr');
    kernInGpos = Boolean(gpos.features.kern);
    for (const { feature, lookup } of gpos.lookupsForFeatures(stage)) {
      if (!global.has(feature)) continue;
      const flags = lookup.flags.flags ?? {};
      if (isPairLookup(lookup)) {
        const tables = pairSubtables(lookup);
        // Ligature glyphs are blocked below, so only skipping base glyphs would change pairs.
        if (!tables || flags.ignoreBaseGlyphs) return null;
        pairs.push(tables);
        continue;
      }
      // Sequences are matched glyph after glyph only when no base glyph is skipped.
      const words = flags.ignoreBaseGlyphs ? undefined : checks;
      for (let i = 0; i < lookup.subTables.length; i++)
        if (!blockPositioning(blocked, lookup.lookupType, lookup.subTables[i] as SubTable, words))
          return null;
    }
  }
  let legacyKern: KernReader | undefined;
  if (!kernInGpos && features?.kern !== false && font.kern) {
    const reader = font.kern as Partial<KernReader>;
    // fontkit's own decoding of the table (formats text/kern.ts does not read): not here.
    if (typeof reader.get !== 'function') return null;
    legacyKern = reader as KernReader;
  }
  if (gsub) {
    gsub.selectScript(script, language || null, 'ltr');
    for (const { feature, lookup } of gsub.lookupsForFeatures(stage)) {
      if (!global.has(feature)) continue;
      const flags = lookup.flags.flags ?? {};
      const words = flags.ignoreBaseGlyphs ? undefined : checks;
      for (let i = 0; i < lookup.subTables.length; i++)
        if (!blockSubstitution(blocked, lookup.lookupType, lookup.subTables[i] as SubTable, words))
          return null;
    }
  }
  const classes = font.GDEF?.glyphClassDef;
  if (classes) blockClasses(blocked, classes);
  return { blocked, pairs, ligatures: checks.ligatures, contexts: checks.contexts, legacyKern };
}

/** Blocks marks (their positioning is fontkit's) and ligature glyphs (skipped by some lookups). */
function blockClasses(blocked: Uint8Array, def: ClassDefTable): void {
  const hit = (cls: number): boolean => cls === MARK_CLASS || cls === LIGATURE_CLASS;
  if (def.version === 1 && def.classValueArray && def.startGlyph !== undefined) {
    for (let i = 0; i < def.classValueArray.length; i++)
      if (hit(def.classValueArray[i] as number)) blocked[def.startGlyph + i] = 1;
  } else if (def.version === 2 && def.classRangeRecord) {
    for (let i = 0; i < def.classRangeRecord.length; i++) {
      const r = def.classRangeRecord[i] as { start: number; end: number; class: number };
      if (hit(r.class)) for (let g = r.start; g <= r.end && g < blocked.length; g++) blocked[g] = 1;
    }
  }
}

/**
 * Coverage and class tables laid out as arrays indexed by glyph, made on first use: fontkit
 * searches them entry by entry, which for a pair table of a few hundred glyphs was most of a
 * word's shaping here. Built back to front, so the first entry or range holding a glyph wins,
 * as in fontkit's search. Keyed by fontkit's decoded tables, which never change.
 */
const denseCoverages = new WeakMap<Coverage, Int32Array>();
const denseClassDefs = new WeakMap<ClassDefTable, Uint16Array>();

function denseCoverage(coverage: Coverage): Int32Array {
  let table = denseCoverages.get(coverage);
  if (!table) {
    let size = 0;
    const glyphs = coverage.version === 1 ? coverage.glyphs : undefined;
    const ranges = coverage.version === 2 ? coverage.rangeRecords : undefined;
    if (glyphs)
      for (let i = 0; i < glyphs.length; i++) size = Math.max(size, (glyphs[i] as number) + 1);
    if (ranges)
      for (let i = 0; i < ranges.length; i++)
        size = Math.max(size, Math.min((ranges[i] as { end: number }).end, 0xffff) + 1);
    table = new Int32Array(size).fill(-1);
    if (glyphs) for (let i = glyphs.length - 1; i >= 0; i--) table[glyphs[i] as number] = i;
    if (ranges)
      for (let i = ranges.length - 1; i >= 0; i--) {
        const r = ranges[i] as { start: number; end: number; startCoverageIndex: number };
        for (let g = Math.max(0, r.start); g <= r.end && g < size; g++)
          table[g] = r.startCoverageIndex + g - r.start;
      }
    denseCoverages.set(coverage, table);
  }
  return table;
}

/** fontkit's coverage index: the first entry or range holding the glyph, or -1. */
function coverageIndex(coverage: Coverage | undefined, glyph: number): number {
  if (!coverage) return -1;
  const table = denseCoverage(coverage);
  return glyph < table.length ? (table[glyph] as number) : -1;
}

/** fontkit's class of a glyph (0 when no range or entry holds it). */
function classOf(def: ClassDefTable | undefined, glyph: number): number {
  if (!def) return 0;
  if (def.version === 1 && def.classValueArray && def.startGlyph !== undefined) {
    const i = glyph - def.startGlyph;
    return i >= 0 && i < def.classValueArray.length ? (def.classValueArray[i] as number) : 0;
  }
  if (def.version !== 2 || !def.classRangeRecord) return 0;
  let table = denseClassDefs.get(def);
  if (!table) {
    const ranges = def.classRangeRecord;
    let size = 0;
    for (let i = 0; i < ranges.length; i++)
      size = Math.max(size, Math.min((ranges[i] as { end: number }).end, 0xffff) + 1);
    table = new Uint16Array(size);
    for (let i = ranges.length - 1; i >= 0; i--) {
      const r = ranges[i] as { start: number; end: number; class: number };
      for (let g = Math.max(0, r.start); g <= r.end && g < size; g++) table[g] = r.class;
    }
    denseClassDefs.set(def, table);
  }
  return glyph < table.length ? (table[glyph] as number) : 0;
}

/** Adds a value record to glyph `i`; false for a missing record (fontkit would fail on it). */
function applyValue(out: DirectShape, i: number, value: ValueRecord | undefined): boolean {
  if (value === undefined || value === null) return false;
  if (value.xAdvance != null) out.advances[i] += value.xAdvance;
  if (value.xPlacement != null) out.xOffsets[i] += value.xPlacement;
  if (value.yPlacement != null) out.yOffsets[i] += value.yPlacement;
  return true;
}

/**
 * Applies one pair subtable at glyph `i` the way fontkit does: true when it applied, false
 * when it did not, undefined when fontkit would fail on the data.
 */
function applyPair(out: DirectShape, i: number, table: SubTable): boolean | undefined {
  const ids = out.ids;
  if (i + 1 >= ids.length) return false;
  const first = ids[i] as number;
  const second = ids[i + 1] as number;
  const index = coverageIndex(table.coverage, first);
  if (index === -1) return false;
  if (table.version === 1) {
    const set = table.pairSets?.get(index);
    if (!set) return undefined;
    for (let k = 0; k < set.length; k++) {
      const pair = set[k] as { secondGlyph: number; value1?: ValueRecord; value2?: ValueRecord };
      if (pair.secondGlyph === second)
        return applyValue(out, i, pair.value1) && applyValue(out, i + 1, pair.value2)
          ? true
          : undefined;
    }
    return false;
  }
  const row = table.classRecords?.get(classOf(table.classDef1, first));
  const pair = row?.get(classOf(table.classDef2, second));
  if (!pair) return undefined;
  return applyValue(out, i, pair.value1) && applyValue(out, i + 1, pair.value2) ? true : undefined;
}

/** Whether a ligature of `table` would form anywhere in `ids` (or might: a damaged set). */
function joinsGlyphs(table: SubTable, ids: Uint16Array): boolean {
  for (let i = 0; i < ids.length; i++) {
    const index = coverageIndex(table.coverage, ids[i] as number);
    if (index === -1) continue;
    const set = table.ligatureSets?.get(index);
    if (!set) return true;
    for (let k = 0; k < set.length; k++) {
      const components = (set[k] as { components: ArrayLike<number> }).components;
      // An empty component list forms a ligature of the glyph alone.
      if (components.length > ids.length - i - 1) continue;
      let all = true;
      for (let c = 0; c < components.length && all; c++) all = components[c] === ids[i + 1 + c];
      if (all) return true;
    }
  }
  return false;
}

/** Whether the coverage sequence matches the glyphs from some position on. */
function matchesSomewhere(sequence: readonly Coverage[], ids: Uint16Array): boolean {
  const last = ids.length - sequence.length;
  for (let i = 0; i <= last; i++) {
    let k = 0;
    while (k < sequence.length && coverageIndex(sequence[k], ids[i + k] as number) !== -1) k++;
    if (k === sequence.length) return true;
  }
  return false;
}

/**
 * Shapes `text` with `plan`, or returns undefined when the text needs fontkit's full layout.
 * `glyphFor` maps a character to the glyph and advance fontkit's character map gives.
 */
export function shapeDirect(
  plan: DirectPlan,
  text: string,
  glyphFor: (cp: number) => { id: number; advanceWidth: number },
): DirectShape | undefined {
  const n = text.length;
  if (n === 0 || COMBINING_MARK.test(text)) return undefined;
  const out: DirectShape = {
    ids: new Uint16Array(n),
    advances: new Float64Array(n),
    xOffsets: new Float64Array(n),
    yOffsets: new Float64Array(n),
  };
  const blocked = plan.blocked;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (isSpecial(c)) return undefined;
    const glyph = glyphFor(c);
    if (glyph.id >= blocked.length || blocked[glyph.id] === 1) return undefined;
    out.ids[i] = glyph.id;
    out.advances[i] = glyph.advanceWidth;
  }
  for (const table of plan.ligatures) if (joinsGlyphs(table, out.ids)) return undefined;
  for (const sequence of plan.contexts) if (matchesSomewhere(sequence, out.ids)) return undefined;
  for (const tables of plan.pairs)
    for (let i = 0; i < n; i++)
      for (const table of tables) {
        const applied = applyPair(out, i, table);
        if (applied === undefined) return undefined;
        if (applied) break;
      }
  const kern = plan.legacyKern;
  if (kern)
    for (let i = 0; i < n - 1; i++)
      out.advances[i] += kern.get(out.ids[i] as number, out.ids[i + 1] as number);
  return out;
}
