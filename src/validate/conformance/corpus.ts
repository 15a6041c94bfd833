/**
 * How a conformance corpus folder maps to expectations, and how agreement is counted.
 *
 * Layout: DIR/<flavour folder>/.../<name>.pdf, where the flavour folder is PDF_A-2b, PDF_A-2u,
 * PDF_A-2a, PDF_A-3b, PDF_A-3u, PDF_A-3a or PDF_UA-1, and the name ends in
 * `<clause>-t<NN>-<pass|fail>[-<letter>].pdf` with the clause written with '-' or '.'
 * ("6-2-4-3-t02-fail-a", "7.2-t14-pass-b"). A fail file agrees when the report is not compliant
 * and lists a failure under its clause, the clause's parent or one of its sub-clauses; a pass
 * file agrees when no failure is listed under any of those. A rule (flavour, clause, test
 * number of the name) agrees when all its files agree.
 */
import type { Flavour, ValidationResponse } from '../contract.js';

export const FLAVOUR_FOLDERS: Readonly<Record<string, Flavour>> = {
  'PDF_A-2b': 'pdfa-2b',
  'PDF_A-2u': 'pdfa-2u',
  'PDF_A-2a': 'pdfa-2a',
  'PDF_A-3b': 'pdfa-3b',
  'PDF_A-3u': 'pdfa-3u',
  'PDF_A-3a': 'pdfa-3a',
  'PDF_UA-1': 'pdfua-1',
};

export interface Expectation {
  readonly flavour: Flavour;
  readonly clause: string;
  readonly testNumber: number;
  readonly outcome: 'pass' | 'fail';
}

const NAME_RE = /(\d+(?:[.-]\d+)*)-t(\d+)-(pass|fail)(?:-[a-z0-9]+)?\.pdf$/i;

/** The expectation a corpus file's path encodes; null for files that do not follow the scheme. */
export function expectationOf(relativePath: string): Expectation | null {
  const parts = relativePath.split(/[\\/]/);
  const flavour = FLAVOUR_FOLDERS[parts[0]];
  if (!flavour) return null;
  const m = NAME_RE.exec(parts[parts.length - 1]);
  if (!m) return null;
  return {
    flavour,
    clause: m[1].replace(/-/g, '.'),
    testNumber: Number(m[2]),
    outcome: m[3].toLowerCase() as 'pass' | 'fail',
  };
}

/** Whether a reported clause counts for an expected one: equal, its parent, or a sub-clause. */
export function clauseMatches(expected: string, reported: string): boolean {
  if (reported === expected) return true;
  if (reported.startsWith(`${expected}.`)) return true;
  const parent = expected.includes('.') ? expected.slice(0, expected.lastIndexOf('.')) : null;
  return parent !== null && reported === parent;
}

export interface FileVerdict {
  readonly agrees: boolean;
  /** Failures listed under the expected clause (or its parent / sub-clauses). */
  readonly matching: readonly string[];
}

export function judge(exp: Expectation, report: ValidationResponse): FileVerdict {
  const matching = (report.failures ?? [])
    .filter((f) => clauseMatches(exp.clause, f.clause))
    .map((f) => `${f.clause}-${f.testNumber}`);
  const unique = [...new Set(matching)];
  const agrees =
    exp.outcome === 'fail' ? !report.isCompliant && unique.length > 0 : unique.length === 0;
  return { agrees, matching: unique };
}

export function ruleId(exp: Expectation): string {
  return `${exp.flavour} ${exp.clause}-t${String(exp.testNumber).padStart(2, '0')}`;
}
