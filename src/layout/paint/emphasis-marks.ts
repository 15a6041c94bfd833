/**
 * Emphasis marks (text-emphasis): the mark, at half the text's size, centred over (or under)
 * each character of a run but spaces, punctuation and controls. Drawn as Layout artifacts, as
 * decoration lines are: the marks are not part of the text that is read or copied.
 */
import { repeatGlyphs } from './glyph-repeat.js';
import type { DisplayItem, FontResource, GlyphList, RgbaColor } from '../../document/index.js';
import { breakLines, shapeParagraph, type FontContext, type TextStyle } from '../../text/index.js';
import { layoutTag } from './decoration.js';

/** What a run of text gives the marks: its glyphs, pen start and baseline, its style. */
export interface EmphasizedRun {
  readonly glyphs: GlyphList;
  readonly x: number;
  readonly baseline: number;
  /** The run's font ascent and descent (points): the marks sit just outside them. */
  readonly ascent: number;
  readonly descent: number;
  readonly style: TextStyle;
}

interface MarkPart {
  readonly font: FontResource;
  readonly size: number;
  readonly x: number;
  readonly width: number;
  readonly glyphs: GlyphList;
}

interface ShapedMark {
  readonly parts: readonly MarkPart[];
  readonly width: number;
  readonly ascent: number;
  readonly descent: number;
}

/** Characters that take no mark: separators, punctuation, controls and format characters. */
const UNMARKED = /^[\p{Z}\p{P}\p{C}]*$/u;

const shaped = new WeakMap<FontContext, Map<string, ShapedMark | null>>();

function shapeMark(fonts: FontContext, mark: string, style: TextStyle): ShapedMark | null {
  const size = style.size / 2;
  const key = `${mark}|${size}|${style.weight}|${style.style}|${style.families.join(',')}`;
  let memo = shaped.get(fonts);
  if (!memo) {
    memo = new Map();
    shaped.set(fonts, memo);
  }
  const known = memo.get(key);
  if (known !== undefined) return known;
  const markStyle: TextStyle = {
    families: style.families,
    size,
    weight: style.weight,
    style: style.style,
    color: style.color,
    letterSpacing: 0,
    wordSpacing: 0,
    textTransform: 'none',
    whiteSpace: 'pre',
    hyphens: 'manual',
    lineHeight: { kind: 'normal' },
  };
  const para = shapeParagraph(fonts, [{ kind: 'text', text: mark, style: markStyle, source: 0 }], {
    direction: 'ltr',
  });
  const [line] = para.isEmpty
    ? []
    : breakLines(para, Number.MAX_SAFE_INTEGER / 4, {
        textAlign: 'left',
        textIndent: 0,
        strut: markStyle,
      });
  const parts: MarkPart[] = [];
  for (const f of line?.fragments ?? [])
    if (f.kind === 'glyphs' && f.glyphs.ids.length > 0)
      parts.push({ font: f.font, size: f.size, x: f.x, width: f.width, glyphs: f.glyphs });
  const first = line?.fragments.find((f) => f.kind === 'glyphs');
  const out =
    parts.length === 0 || !first || first.kind !== 'glyphs'
      ? null
      : {
          parts,
          width: line.contentWidth,
          ascent: first.face.metrics.ascent * size,
          descent: first.face.metrics.descent * size,
        };
  memo.set(key, out);
  return out;
}

/** Centres (points, from the run's pen start) of the characters that take a mark. */
function markCentres(glyphs: GlyphList, letterSpacing: number): number[] {
  const centres: number[] = [];
  const n = glyphs.ids.length;
  let x = 0;
  for (let i = 0; i < n;) {
    let j = i + 1;
    while (j < n && glyphs.texts[j] === '') j++;
    let advance = 0;
    for (let k = i; k < j; k++) advance += glyphs.advances[k];
    // Letter spacing trails the character: the mark centres on the glyph without it.
    if (!UNMARKED.test(glyphs.texts[i])) centres.push(x + Math.max(0, advance - letterSpacing) / 2);
    x += advance;
    i = j;
  }
  return centres;
}

/** `part` once per centre, each copy the same distance from its centre as the first. */
function repeatAt(part: MarkPart, centres: readonly number[]): GlyphList {
  let own = 0;
  for (const a of part.glyphs.advances) own += a;
  return repeatGlyphs(part.glyphs, centres.length, (k) =>
    k + 1 < centres.length ? centres[k + 1] - centres[k] - own : 0,
  );
}

/** The run's emphasis marks as glyph runs (none when it has no emphasis or no marked text). */
export function emphasisMarkItems(run: EmphasizedRun, fonts: FontContext): DisplayItem[] {
  const emphasis = run.style.emphasis;
  if (!emphasis || emphasis.color.a === 0) return [];
  const centres = markCentres(run.glyphs, run.style.letterSpacing);
  if (centres.length === 0) return [];
  const mark = shapeMark(fonts, emphasis.mark, run.style);
  if (!mark) return [];
  const y =
    emphasis.position === 'under'
      ? run.baseline + run.descent + mark.ascent
      : run.baseline - run.ascent - mark.descent;
  return mark.parts.map((part) =>
    glyphRunOf(part, centres, run.x - mark.width / 2, y, emphasis.color),
  );
}

function glyphRunOf(
  part: MarkPart,
  centres: readonly number[],
  left: number,
  y: number,
  color: RgbaColor,
): DisplayItem {
  return {
    kind: 'glyphs',
    font: part.font,
    size: part.size,
    color,
    x: left + part.x + centres[0],
    y,
    glyphs: repeatAt(part, centres),
    tag: layoutTag(),
  };
}
