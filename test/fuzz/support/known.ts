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

// Every finding so far is fixed. An entry looks like
//   { id: 'F11', kind: 'css*', matches: (r) => r.status === 'untyped' && /parseX/.test(r.stack) }
const KNOWN: readonly Known[] = [];

/** Hand-written cases that reproduce an open finding: `${kind} / ${label}` -> finding id. */
export const OPEN_CASES: Readonly<Record<string, string>> = {};

export function knownFinding(kind: string, result: Result): string | undefined {
  return KNOWN.find(
    (k) =>
      (k.kind.endsWith('*') ? kind.startsWith(k.kind.slice(0, -1)) : k.kind === kind) &&
      k.matches(result),
  )?.id;
}
