/**
 * Optional start-up work for long-running processes: parse the common bundled faces and run
 * the shaping, bidi, break and hyphenation code once, so the first real render does not pay
 * for font parsing, pattern loading and cold JIT (a few hundred milliseconds of CPU).
 */
import { breakLines } from './break.js';
import { TextFontContext } from './context.js';
import { shapeParagraph } from './shape.js';
import type { TextStyle } from './types.js';

const SAMPLE = 'Warm-up: invoice total €1,234.56 — hyphenation, ligatures office. שלום مرحبا ✓';

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
      const para = shapeParagraph(ctx, [{ kind: 'text', text: SAMPLE, style, source: null }], {
        direction: 'auto',
      });
      breakLines(para, 60, { textAlign: 'justify', textIndent: 0, strut: style });
    }
  }
}
