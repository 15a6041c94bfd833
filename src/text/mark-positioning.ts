/**
 * When shaping may leave out the font's mark positioning.
 *
 * fontkit decodes a GPOS lookup whole the first time a feature uses it, and the `mark` lookups of
 * a face with wide coverage are its largest tables: every mark glyph's anchor and every base
 * glyph's anchors per mark class (measured: about 100 ms of a cold render for Liberation Sans,
 * 200 ms for Noto Sans, 80 ms for Roboto, paid once per face and thread). Those lookups only
 * move mark glyphs. A text with no combining mark that shapes to no glyph the font classes as a
 * mark gets the same positions without them, so it is shaped with `mark` and `mkmk` off, and
 * shaped again with them on when the result holds a mark glyph after all (a font whose
 * composition feature splits a character into base and mark). A font without a glyph class
 * table gives no way to tell, and is always shaped in full.
 */

/** A class definition table as fontkit decodes it (OpenType ClassDef, formats 1 and 2). */
export interface ClassDef {
  readonly version?: number;
  readonly startGlyph?: number;
  readonly classValueArray?: ArrayLike<number>;
  readonly classRangeRecord?: ArrayLike<{ start: number; end: number; class: number }>;
}

/** GDEF glyph class of marks (OpenType GDEF, GlyphClassDef). */
const MARK_CLASS = 3;

/** Whether glyph `gid` is classed as a mark by `classDef`. */
export function isMarkGlyph(classDef: ClassDef, gid: number): boolean {
  if (classDef.version === 1 && classDef.classValueArray && classDef.startGlyph !== undefined) {
    const i = gid - classDef.startGlyph;
    return (
      i >= 0 && i < classDef.classValueArray.length && classDef.classValueArray[i] === MARK_CLASS
    );
  }
  const ranges = classDef.classRangeRecord;
  if (classDef.version === 2 && ranges) {
    // Ranges are sorted by start glyph and do not overlap.
    let lo = 0;
    let hi = ranges.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const r = ranges[mid];
      if (gid < r.start) hi = mid - 1;
      else if (gid > r.end) lo = mid + 1;
      else return r.class === MARK_CLASS;
    }
  }
  return false;
}

/** The font's glyph class table, or undefined when it has none (or it cannot be read). */
export function glyphClasses(font: unknown): ClassDef | undefined {
  try {
    const def = (font as { GDEF?: { glyphClassDef?: ClassDef } }).GDEF?.glyphClassDef;
    return def && (def.version === 1 || def.version === 2) ? def : undefined;
  } catch {
    return undefined;
  }
}

const COMBINING_MARK = /\p{M}/u;

/**
 * Features to shape `text` with when mark positioning may be left out, or undefined when it
 * may not: the text has a combining mark, the caller asked for `mark` or `mkmk` itself, or the
 * font has no glyph classes.
 */
export function withoutMarkPositioning(
  text: string,
  features: Readonly<Record<string, boolean>> | undefined,
  classes: ClassDef | undefined,
): Record<string, boolean> | undefined {
  if (!classes || COMBINING_MARK.test(text)) return undefined;
  if (features && ('mark' in features || 'mkmk' in features)) return undefined;
  return { ...features, mark: false, mkmk: false };
}

/** Whether any of the shaped glyphs is a mark, so the text must be shaped with marks on. */
export function hasMarkGlyph(classes: ClassDef, glyphs: readonly { id: number }[]): boolean {
  for (const g of glyphs) if (isMarkGlyph(classes, g.id)) return true;
  return false;
}
