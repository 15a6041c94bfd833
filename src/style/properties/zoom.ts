/**
 * `zoom` (CSS Viewport): scales every absolute length of the element and its descendants.
 * The computed value kept here is the effective zoom (the product of the zooms from the root
 * down), which the cascade hands to length resolution so layout sees ordinary px values.
 */
import * as kit from './kit.js';
import * as cssValues from '../values.js';

export const longhands: kit.Longhand[] = [];
export const shorthands: kit.Shorthand[] = [];

/** The element's own factor: a non-negative number or percentage; 0 and `normal` mean 1. */
function parseZoom(n: Parameters<typeof cssValues.ident>[0]): number | null {
  if (cssValues.ident(n) === 'normal') return 1;
  const v = n?.type === 'Percentage' ? parseFloat(n.value) / 100 : cssValues.parseNumber(n);
  if (v === null || !Number.isFinite(v) || v < 0) return null;
  return v === 0 ? 1 : v;
}

longhands.push(
  kit.longhand<number>({
    name: 'zoom',
    key: 'zoom',
    // Inherited so that an element without its own zoom carries its parent's effective zoom.
    inherited: true,
    initial: 1,
    parse: kit.single(parseZoom),
    compute: (own, c) => own * (c.parent.zoom as number),
  }),
);
