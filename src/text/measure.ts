/** measureText: one unbroken line of text in one style (list markers, counters, page numbers). */
import { adjustedStyle } from './font-size-adjust.js';
import { asTextContext } from './context.js';
import { measureIntrinsic } from './intrinsic.js';
import { shapeParagraph } from './shape.js';
import type { FontContext, TextMeasure, TextStyle } from './types.js';

export function measureText(ctx: FontContext, text: string, given: TextStyle): TextMeasure {
  const style = adjustedStyle(asTextContext(ctx), given);
  const para = shapeParagraph(ctx, [{ kind: 'text', text, style, source: null }], {
    direction: 'auto',
  });
  const face = asTextContext(ctx).matchFont(style.families, style.weight, style.style);
  return {
    width: measureIntrinsic(para).maxContent,
    ascent: face.metrics.ascent * style.size,
    descent: face.metrics.descent * style.size,
  };
}
