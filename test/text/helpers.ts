import type {
  FontContext,
  GlyphFragment,
  InlineRun,
  LineBox,
  TextRun,
  TextStyle,
} from '../../src/text/types.js';
import { breakLines, shapeParagraph } from '../../src/text/index.js';

export const black = { r: 0, g: 0, b: 0, a: 1 };

export function style(overrides: Partial<TextStyle> = {}): TextStyle {
  return {
    families: ['Arial'],
    size: 12,
    weight: 400,
    style: 'normal',
    color: black,
    letterSpacing: 0,
    wordSpacing: 0,
    textTransform: 'none',
    whiteSpace: 'normal',
    hyphens: 'manual',
    lang: 'en',
    lineHeight: { kind: 'normal' },
    ...overrides,
  };
}

export function text(t: string, s: Partial<TextStyle> = {}, source = 0): TextRun<number> {
  return { kind: 'text', text: t, style: style(s), source };
}

export function glyphFragments<S>(lines: readonly LineBox<S>[]): GlyphFragment<S>[] {
  return lines.flatMap((l) =>
    l.fragments.filter((f): f is GlyphFragment<S> => f.kind === 'glyphs'),
  );
}

/** Visible text of a line: glyph texts in visual order. */
export function lineGlyphText<S>(line: LineBox<S>): string {
  return line.fragments
    .map((f) => (f.kind === 'glyphs' ? f.glyphs.texts.join('') : '\ufffc'))
    .join('');
}

/** Logical text of a line (fragment texts). */
export function lineText<S>(line: LineBox<S>): string {
  return line.fragments.map((f) => (f.kind === 'glyphs' ? f.text : '\ufffc')).join('');
}

export function layout(
  ctx: FontContext,
  runs: InlineRun<number>[],
  width: number,
  opts: {
    align?: 'left' | 'right' | 'center' | 'justify' | 'start' | 'end';
    indent?: number;
    direction?: 'ltr' | 'rtl' | 'auto';
  } = {},
): LineBox<number>[] {
  const para = shapeParagraph(ctx, runs, { direction: opts.direction ?? 'ltr' });
  return breakLines(para, width, {
    textAlign: opts.align ?? 'left',
    textIndent: opts.indent ?? 0,
    strut: runs.find((r) => r.kind !== 'anchor')!.style,
  });
}

/** Right edge of the last glyph on a line (pen start + advances). */
export function lineRight<S>(line: LineBox<S>): number {
  let right = 0;
  for (const f of line.fragments) right = Math.max(right, f.x + f.width);
  return right;
}
