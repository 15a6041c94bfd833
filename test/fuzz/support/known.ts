/**
 * Open findings (test/fuzz/FINDINGS.md). A random case that ends in one of these is reported
 * but does not fail its suite; a hand-written case that reproduces one is not run at all (its
 * regression test in regressions.test.ts is skipped until the fix lands). Anything else fails.
 * Remove the entries of a finding when it is fixed.
 */
import type { Result } from './runner.js';

interface Known {
  readonly id: string;
  /** Input kind (the first argument of FuzzRunner.check), or a prefix of it ending in '*'. */
  readonly kind: string;
  readonly matches: (r: Result) => boolean;
}

const untypedFrom = (where: RegExp) => (r: Result) => r.status === 'untyped' && where.test(r.stack);

const KNOWN: readonly Known[] = [
  { id: 'F2', kind: '*', matches: untypedFrom(/src\/layout\/flex\.ts/) },
  { id: 'F3', kind: 'css*', matches: untypedFrom(/parseMathFunction|parseCalc/) },
  { id: 'F4', kind: 'css*', matches: untypedFrom(/evalCalc/) },
  { id: 'F5', kind: 'font*', matches: untypedFrom(/fontkit|restructure/) },
];

/** Hand-written cases that reproduce an open finding: `${kind} / ${label}` -> finding id. */
export const OPEN_CASES: Readonly<Record<string, string>> = {
  'html: deep nesting / flex div x10000': 'F2',
  'css: values and var() / calc nested 10,000 deep': 'F3',
  'css: values and var() / calc of 100,000 terms': 'F4',
  'css: 100,000 rules / as a data: stylesheet': 'F6',
  'template: 100,000-row table / 100,000 rows (at the row limit)': 'F10',
  'css: 100,000 rules / 100,000 inline style declarations': 'F6',
};

export function knownFinding(kind: string, result: Result): string | undefined {
  return KNOWN.find(
    (k) =>
      (k.kind.endsWith('*') ? kind.startsWith(k.kind.slice(0, -1)) : k.kind === kind) &&
      k.matches(result),
  )?.id;
}
