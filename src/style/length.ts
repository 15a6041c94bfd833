/** Resolving computed lengths that still hold percentages, once layout knows the reference size. */
import type { CalcNode, LengthPercentage } from './types.js';

function evalCalc(node: CalcNode, basis: number): number {
  switch (node.op) {
    case 'value':
      return node.px + (node.percent * basis) / 100;
    case 'min':
      return Math.min(...node.args.map((a) => evalCalc(a, basis)));
    case 'max':
      return Math.max(...node.args.map((a) => evalCalc(a, basis)));
    case 'clamp': {
      const lo = evalCalc(node.min, basis);
      const v = evalCalc(node.value, basis);
      const hi = evalCalc(node.max, basis);
      // CSS: the minimum wins over the maximum when they conflict.
      return Math.max(lo, Math.min(v, hi));
    }
    case '+':
      return evalCalc(node.a, basis) + evalCalc(node.b, basis);
    case '-':
      return evalCalc(node.a, basis) - evalCalc(node.b, basis);
    case '*':
      return evalCalc(node.a, basis) * node.factor;
  }
}

/** True when the value depends on the reference size. */
export function hasPercentage(v: LengthPercentage): boolean {
  return typeof v !== 'number';
}

/**
 * px value of `v` against the reference size `basis` (px). When the basis is unknown (an
 * indefinite height, say) pass undefined: percentages then count as 0, which callers that must
 * treat such values as 'auto' should check first with `hasPercentage`.
 */
export function resolveLength(v: LengthPercentage, basis: number | undefined): number {
  if (typeof v === 'number') return v;
  const b = basis ?? 0;
  if ('calc' in v) return evalCalc(v.calc, b);
  return v.px + (v.percent * b) / 100;
}
