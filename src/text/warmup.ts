/**
 * Optional start-up work for long-running processes: parse the default bundled faces and run
 * the shaping, bidi, break and hyphenation code once, so the first real render does not pay
 * for font parsing, pattern loading and cold JIT (a few hundred milliseconds of CPU).
 *
 * The sample stays within the Liberation faces that a default document uses: Hebrew, Arabic or
 * symbol characters would make every worker thread parse and keep the fallback faces (Noto
 * Arabic, Noto Hebrew, DejaVu Sans, several MB each) that most documents never need. The
 * right-to-left pass runs the bidi code with the same Latin text instead.
 */
import { breakLines } from './break.js';
import { TextFontContext } from './context.js';
import { shapeParagraph } from './shape.js';
import type { TextStyle } from './types.js';

export const WARM_UP_SAMPLE =
  'Warm-up: invoice total €1,234.56 — “hyphenation”, ligatures office (12%) • 3 × 4 ½.';

export function warmUpText(): void {
  const ctx = new TextFontContext();
  for (const families of [['sans-serif'], ['serif'], ['monospace']]) {
    for (const weight of [400, 700]) {
      const style: TextStyle = {
        families,
        size: 10,
        weight,
        style: 'normal',
        color: { r: 0, g: 0, b: 0, a: 1 },
        letterSpacing: 0,
        wordSpacing: 0,
        textTransform: 'none',
        whiteSpace: 'normal',
        hyphens: 'auto',
        lang: 'en',
        lineHeight: { kind: 'normal' },
      };
      for (const direction of ['auto', 'rtl'] as const) {
        const para = shapeParagraph(
          ctx,
          [{ kind: 'text', text: WARM_UP_SAMPLE, style, source: null }],
          { direction },
        );
        breakLines(para, 60, { textAlign: 'justify', textIndent: 0, strut: style });
      }
    }
  }
}
