/** Form controls: whether the platform's look is drawn (`appearance`), and its accent colour. */
import { parseColor, type ColorSpec } from '../colors.js';
import * as kit from './kit.js';
import * as cssValues from '../values.js';

export const longhands: kit.Longhand[] = [];
export const shorthands: kit.Shorthand[] = [];

longhands.push(
  // Every value but none draws the control as browsers do (auto and the legacy widget names).
  kit.longhand<'auto' | 'none'>({
    name: 'appearance',
    key: 'appearance',
    inherited: false,
    initial: 'auto',
    parse: kit.single((n) => {
      const id = cssValues.ident(n);
      if (id === null) return null;
      return id === 'none' ? 'none' : 'auto';
    }),
  }),
  kit.longhand<'auto' | ColorSpec>({
    name: 'accent-color',
    key: 'accentColor',
    inherited: true,
    initial: 'auto',
    parse: kit.single((n) => (cssValues.ident(n) === 'auto' ? 'auto' : parseColor(n))),
    compute: (v, ctx) => (v === 'auto' ? 'auto' : kit.resolveColor(v, ctx.color)),
  }),
);
