/**
 * Per-render font state: @font-face registrations, family → face resolution, the fallback
 * chain used per character, and the warnings raised while shaping this document.
 */
import type { Warning } from '../diagnostics.js';
import {
  BUNDLED_FACES,
  bundledFamily,
  DEFAULT_FAMILY,
  FALLBACK_FAMILIES,
  loadBundledFace,
  REPLACEMENT_FAMILY,
} from './bundled.js';
import { WeakKeyedMemo } from '../util/index.js';
import { LoadedFace, weightAxis } from './face.js';
import { bestMatches } from './match.js';
import { FontFormatError } from './sfnt.js';
import { webFonts, type ParsedWebFont } from './web-fonts.js';
import { scriptName, scriptOf } from './script.js';
import type { AddFontFaceResult, FontContext, FontFaceRule, FontStyle } from './types.js';

/** Upper bound on @font-face rules per document, so a hostile stylesheet cannot exhaust memory. */
const MAX_FONT_FACES = 64;

export class TextFontContext implements FontContext {
  private readonly local = new Map<string, LoadedFace[]>();
  private readonly warningList: Warning[] = [];
  private readonly warningKeys = new Set<string>();
  private readonly familyMemo = new Map<string, LoadedFace[]>();
  /**
   * matchFont and requestedFaces by families list (the computed style's array, the same object
   * for every run of a style), then by style and weight: asked once per run of text, a key
   * string built and hashed per call was most of their cost.
   */
  private matchMemo = new WeakKeyedMemo<readonly string[], FontStyle, Map<number, LoadedFace>>();
  private chainMemo = new WeakKeyedMemo<
    readonly string[],
    FontStyle,
    Map<number, readonly LoadedFace[]>
  >();
  private faceCount = 0;
  /** Characters no font has, by script, in the order met. */
  private readonly missing = new Map<string, Set<number>>();
  private missingSummary: Warning[] | null = null;

  get warnings(): readonly Warning[] {
    if (this.missing.size === 0) return this.warningList;
    this.missingSummary ??= missingGlyphWarnings(this.missing);
    return [...this.warningList, ...this.missingSummary];
  }

  /**
   * Records a character no available font has. They are reported together, one warning per
   * script (a page of Thai would otherwise say the same thing for each of its letters).
   */
  missingGlyph(cp: number): void {
    const script = scriptOf(cp);
    let set = this.missing.get(script);
    if (!set) this.missing.set(script, (set = new Set()));
    if (!set.has(cp)) {
      set.add(cp);
      this.missingSummary = null;
    }
  }

  warn(code: string, message: string, source?: string): Warning {
    const w: Warning = source === undefined ? { code, message } : { code, message, source };
    const key = `${code}\u0000${message}\u0000${source ?? ''}`;
    if (!this.warningKeys.has(key)) {
      this.warningKeys.add(key);
      this.warningList.push(w);
    }
    return w;
  }

  addFontFace(rule: FontFaceRule): AddFontFaceResult {
    const source = rule.source ?? rule.family;
    if (this.faceCount >= MAX_FONT_FACES) {
      return {
        ok: false,
        warning: this.warn(
          'font.limit',
          `more than ${MAX_FONT_FACES} @font-face fonts; ignored`,
          source,
        ),
      };
    }
    let parsed: ParsedWebFont;
    try {
      parsed = webFonts.load(rule.bytes);
    } catch (e) {
      const why = e instanceof FontFormatError ? e.message : 'the font data could not be parsed';
      return {
        ok: false,
        warning: this.warn('font.invalid', `@font-face "${rule.family}": ${why}`, source),
      };
    }
    const { font, program, collectionIndex } = parsed;
    const w = rule.weight;
    const axis = weightAxis(font);
    // An omitted font-weight is `auto` (CSS Fonts 4): a variable font's own weight range.
    const range: [number, number] =
      w === undefined
        ? axis
          ? [axis.min, axis.max]
          : [400, 400]
        : typeof w === 'number'
          ? [w, w]
          : [w[0], w[1]];
    const otherAxes = Object.keys(
      ((font as unknown as { variationAxes?: Record<string, unknown> }).variationAxes ??
        {}) as object,
    ).filter((tag) => tag !== 'wght');
    if (otherAxes.length > 0) {
      // Weights become instances (LoadedFace.atWeight); no CSS property here sets other axes.
      this.warn(
        'font.variable',
        `@font-face "${rule.family}" is a variable font; its ${otherAxes.join(', ')} axes stay at their default values`,
        source,
      );
    }
    const face = new LoadedFace(
      rule.family,
      range[0],
      rule.style ?? 'normal',
      font,
      program,
      range,
      rule.unicodeRange,
      () =>
        this.warn(
          'font.invalid',
          `@font-face "${rule.family}": its OpenType layout tables are damaged; the text is shaped without them`,
          source,
        ),
      undefined,
      collectionIndex,
      parsed.key,
    );
    const key = rule.family.toLowerCase();
    const list = this.local.get(key) ?? [];
    list.push(face);
    this.local.set(key, list);
    this.faceCount++;
    this.familyMemo.clear();
    this.matchMemo = new WeakKeyedMemo();
    this.chainMemo = new WeakKeyedMemo();
    return { ok: true, face };
  }

  /**
   * Faces of one family that best match weight/style (several when @font-face splits the
   * family by unicode-range), or [] when the family is unknown.
   */
  familyFaces(family: string, weight: number, style: FontStyle): LoadedFace[] {
    const memoKey = `${family.toLowerCase()}|${weight}|${style}`;
    const hit = this.familyMemo.get(memoKey);
    if (hit) return hit;
    let result: LoadedFace[] = [];
    const local = this.local.get(family.trim().toLowerCase());
    if (local && local.length > 0)
      result = bestMatches(local, weight, style).map((f) => f.atWeight(weight));
    else {
      const infos = bundledFamily(family.trim());
      if (infos) {
        const candidates = infos.map((info) => ({
          info,
          style: info.style,
          weightRange: [info.weight, info.weight] as const,
        }));
        result = bestMatches(candidates, weight, style).map((c) => loadBundledFace(c.info));
      }
    }
    this.familyMemo.set(memoKey, result);
    return result;
  }

  matchFont(families: readonly string[], weight: number, style: FontStyle) {
    const byWeight = this.matchMemo.get(families, style, byWeightMap);
    const hit = byWeight.get(weight);
    if (hit) return hit;
    let found: LoadedFace | undefined;
    for (const family of families) {
      const faces = this.familyFaces(family, weight, style);
      if (faces.length > 0) {
        found = faces[0];
        break;
      }
    }
    found ??= this.familyFaces(DEFAULT_FAMILY, weight, style)[0];
    if (found) byWeight.set(weight, found);
    return found;
  }

  /** Faces of the requested families (or the default family), memoised per (families, weight, style). */
  requestedFaces(
    families: readonly string[],
    weight: number,
    style: FontStyle,
  ): readonly LoadedFace[] {
    const byWeight = this.chainMemo.get(families, style, byWeightMap);
    const hit = byWeight.get(weight);
    if (hit) return hit;
    const chain: LoadedFace[] = [];
    for (const family of families)
      for (const f of this.familyFaces(family, weight, style))
        if (!chain.includes(f)) chain.push(f);
    if (chain.length === 0) chain.push(...this.familyFaces(DEFAULT_FAMILY, weight, style));
    byWeight.set(weight, chain);
    return chain;
  }

  /**
   * The first face that has `cp`: the requested families, then the bundled fallbacks in the
   * same weight and style (loaded only when reached), or null when no font has it.
   */
  faceFor(
    cp: number,
    requested: readonly LoadedFace[],
    weight: number,
    style: FontStyle,
  ): LoadedFace | null {
    for (const f of requested) if (f.hasCodePoint(cp)) return f;
    for (const family of FALLBACK_FAMILIES)
      for (const f of this.familyFaces(family, weight, style)) if (f.hasCodePoint(cp)) return f;
    return null;
  }

  /** The face whose U+FFFD stands in for characters that no font has. */
  replacementFace(): LoadedFace {
    return this.familyFaces(REPLACEMENT_FAMILY, 400, 'normal')[0];
  }
}

export function createFontContext(): FontContext {
  return new TextFontContext();
}

/** Narrows the public interface back to the implementation (contexts only come from here). */
export function asTextContext(ctx: FontContext): TextFontContext {
  if (!(ctx instanceof TextFontContext))
    throw new TypeError('FontContext must come from createFontContext()');
  return ctx;
}

/** For tests and diagnostics: every bundled family name. */
export function bundledFamilies(): string[] {
  return [...new Set(BUNDLED_FACES.map((f) => f.family))];
}

/** A memo's level by weight, made once per families list and style (module-level: no closure). */
function byWeightMap<V>(): Map<number, V> {
  return new Map();
}

/** Code points listed in a missing-glyph warning before "and N more". */
const LISTED = 12;

function missingGlyphWarnings(missing: ReadonlyMap<string, ReadonlySet<number>>): Warning[] {
  const out: Warning[] = [];
  for (const [script, set] of missing) {
    const cps = [...set];
    const hex = (cp: number): string => `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
    const listed = cps.slice(0, LISTED).map(hex).join(', ');
    const more = cps.length > LISTED ? ` and ${cps.length - LISTED} more` : '';
    const what =
      cps.length === 1
        ? `a ${scriptName(script)} character`
        : `${cps.length} ${scriptName(script)} characters`;
    out.push({
      code: 'text.missing-glyph',
      message: `no available font has ${what} (${listed}${more}); drawn as replacement characters, the text stays searchable; add an @font-face font that covers them`,
    });
  }
  return out;
}
