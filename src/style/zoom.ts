/**
 * What `zoom` changes beyond length resolution: lengths an element inherits (or takes as an
 * initial value) were computed without its own zoom factor, so the cascade scales them here.
 * Specified values need nothing: values.ts multiplies their units by the effective zoom.
 */
import type { CalcNode, LengthPercentage, LineHeight, TextShadow } from './types.js';

function zoomCalc(n: CalcNode, f: number): CalcNode {
  switch (n.op) {
    case 'value':
      return { op: 'value', px: n.px * f, percent: n.percent };
    case 'min':
    case 'max':
      return { op: n.op, args: n.args.map((a) => zoomCalc(a, f)) };
    case 'clamp':
      return {
        op: 'clamp',
        min: zoomCalc(n.min, f),
        value: zoomCalc(n.value, f),
        max: zoomCalc(n.max, f),
      };
    case '+':
    case '-':
      return { op: n.op, a: zoomCalc(n.a, f), b: zoomCalc(n.b, f) };
    case '*':
      return { op: '*', a: zoomCalc(n.a, f), factor: n.factor };
  }
}

/** A computed length-percentage with its px part scaled; keywords pass through. */
export function zoomLengthPercentage<T>(v: T | LengthPercentage, f: number): T | LengthPercentage {
  if (typeof v === 'number') return v * f;
  if (typeof v !== 'object' || v === null) return v;
  if ('calc' in v) return { calc: zoomCalc(v.calc, f) };
  if ('percent' in v && 'px' in v) return { percent: v.percent, px: v.px * f };
  return v;
}

const lengthPercentage = (v: unknown, f: number): unknown => zoomLengthPercentage(v, f);

/** Inherited properties whose computed value holds lengths, and how to scale each. */
const INHERITED_LENGTHS: Readonly<Record<string, (v: unknown, f: number) => unknown>> = {
  fontSize: lengthPercentage,
  lineHeight: (v, f) => {
    const lh = v as LineHeight;
    return lh.kind === 'length' ? { kind: 'length', px: lh.px * f } : lh;
  },
  textIndent: lengthPercentage,
  letterSpacing: lengthPercentage,
  wordSpacing: lengthPercentage,
  textUnderlineOffset: lengthPercentage,
  textStrokeWidth: lengthPercentage,
  tabSize: (v, f) =>
    typeof v === 'object' && v !== null ? { px: (v as { px: number }).px * f } : v,
  _borderSpacing: (v, f) => (v as number[]).map((x) => x * f),
  textShadow: (v, f) =>
    (v as TextShadow[]).map((s) => ({ ...s, x: s.x * f, y: s.y * f, blur: s.blur * f })),
};

/** Non-inherited lengths that `inherit` copies from the parent (a box's own sizes). */
const BOX_LENGTHS = new Set(
  [
    'width',
    'height',
    'minWidth',
    'minHeight',
    'maxWidth',
    'maxHeight',
    'top',
    'right',
    'bottom',
    'left',
    'outlineWidth',
    'outlineOffset',
    'columnRuleWidth',
  ].concat(
    ['Top', 'Right', 'Bottom', 'Left'].flatMap((s) => [
      `margin${s}`,
      `padding${s}`,
      `border${s}Width`,
    ]),
  ),
);

/**
 * A value the element inherits from its parent, scaled by the element's own zoom factor (its
 * effective zoom over its parent's); unchanged when the factor is 1 or holds no length.
 */
export function zoomInherited(key: string, value: unknown, ownFactor: number): unknown {
  if (ownFactor === 1) return value;
  const scale = INHERITED_LENGTHS[key];
  if (scale) return scale(value, ownFactor);
  return BOX_LENGTHS.has(key) ? zoomLengthPercentage(value, ownFactor) : value;
}

/** Initial values that are lengths other than 0 (the medium widths, the medium font size). */
const NONZERO_INITIAL = new Set([
  'fontSize',
  'borderTopWidth',
  'borderRightWidth',
  'borderBottomWidth',
  'borderLeftWidth',
  'outlineWidth',
  'columnRuleWidth',
]);

/** An initial value at the element's effective zoom. */
export function zoomInitial(key: string, value: unknown, zoom: number): unknown {
  return zoom !== 1 && NONZERO_INITIAL.has(key) ? zoomLengthPercentage(value, zoom) : value;
}
