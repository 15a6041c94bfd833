/**
 * Runs the validator over a corpus folder and measures agreement (see corpus.ts for the rules).
 * Separate from the CLI so the figures can be computed and tested without a process.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { validate } from '../index.js';
import type { ValidationResponse } from '../contract.js';
import { type Expectation, expectationOf, judge, ruleId } from './corpus.js';

export interface FileResult {
  /** Path relative to the corpus folder. */
  readonly path: string;
  readonly exp: Expectation;
  /** The verdict is right: not compliant for a fail file, compliant for a pass file. */
  readonly verdictAgrees: boolean;
  /** The verdict is right and, for a fail file, a failure is listed under the named clause. */
  readonly agrees: boolean;
  /** What was expected and what the report said, for the disagreement list. */
  readonly note: string;
  readonly ms: number;
}

export interface Figures {
  readonly files: number;
  readonly verdictsAgreeing: number;
  readonly filesAgreeing: number;
  readonly rules: number;
  readonly rulesAgreeing: number;
}

export interface ConformanceResult {
  readonly results: readonly FileResult[];
  readonly byFlavour: ReadonlyMap<string, Figures>;
  readonly overall: Figures;
}

export function listPdfs(dir: string): string[] {
  const out: string[] = [];
  const stack = [dir];
  while (stack.length) {
    const d = stack.pop()!;
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      const st = statSync(p);
      if (st.isDirectory()) stack.push(p);
      else if (name.toLowerCase().endsWith('.pdf')) out.push(p);
    }
  }
  return out.sort();
}

function describe(
  exp: Expectation,
  report: ValidationResponse,
  matching: readonly string[],
): string {
  if (exp.outcome === 'fail') {
    const others = [
      ...new Set((report.failures ?? []).map((f) => `${f.clause}-${f.testNumber}`)),
    ].slice(0, 6);
    return `expected a failure under ${exp.clause}; reported ${others.length ? others.join(', ') : 'no failures'}`;
  }
  const f = (report.failures ?? []).find((x) => matching.includes(`${x.clause}-${x.testNumber}`));
  const where = f
    ? ` (${f.location ?? 'document'}${f.errorDetails ? `: ${f.errorDetails}` : ''})`
    : '';
  return `expected no failure under ${exp.clause}; reported ${matching.join(', ')}${where}`;
}

export function figuresOf(results: readonly FileResult[]): Figures {
  const rules = new Map<string, boolean>();
  for (const r of results) rules.set(ruleId(r.exp), (rules.get(ruleId(r.exp)) ?? true) && r.agrees);
  return {
    files: results.length,
    verdictsAgreeing: results.filter((r) => r.verdictAgrees).length,
    filesAgreeing: results.filter((r) => r.agrees).length,
    rules: rules.size,
    rulesAgreeing: [...rules.values()].filter(Boolean).length,
  };
}

export function percent(n: number, d: number): number {
  return d === 0 ? 100 : (100 * n) / d;
}

/** Validates every corpus file under `dir` (whose path contains `filter`, when given). */
export function runConformance(dir: string, filter?: string): ConformanceResult {
  const results: FileResult[] = [];
  for (const path of listPdfs(dir)) {
    const rel = relative(dir, path);
    if (filter && !rel.includes(filter)) continue;
    const exp = expectationOf(rel);
    if (!exp) continue;
    const t0 = performance.now();
    let agrees = false;
    let verdictAgrees = false;
    let note: string;
    try {
      const report = validate(new Uint8Array(readFileSync(path)), { flavours: [exp.flavour] });
      const v = judge(exp, report);
      agrees = v.agrees;
      verdictAgrees = report.isCompliant === (exp.outcome === 'pass');
      note = describe(exp, report, v.matching);
      if (!verdictAgrees)
        note += `; verdict ${report.isCompliant ? 'compliant' : 'not compliant'}${verdictCause(report)}`;
    } catch (e) {
      note = `validator error: ${(e as Error).message}`;
    }
    results.push({ path: rel, exp, verdictAgrees, agrees, note, ms: performance.now() - t0 });
  }
  const groups = new Map<string, FileResult[]>();
  for (const r of results) groups.set(r.exp.flavour, [...(groups.get(r.exp.flavour) ?? []), r]);
  const byFlavour = new Map(
    [...groups.entries()].sort().map(([f, rs]) => [f, figuresOf(rs)] as const),
  );
  return { results, byFlavour, overall: figuresOf(results) };
}

/** Why a report that should be compliant is not: the clauses it lists. */
function verdictCause(report: ValidationResponse): string {
  if (report.isCompliant) return '';
  const ids = [...new Set((report.failures ?? []).map((f) => `${f.clause}-${f.testNumber}`))];
  return ` (${ids.slice(0, 6).join(', ')})`;
}

/**
 * The headline first (verdict agreement, the way veraPDF's own integration tests score the
 * corpus), then the clause figures as diagnostics, the per-flavour table, timing and (unless
 * quiet) the disagreements.
 */
export function formatConformance(c: ConformanceResult, quiet = false): string {
  const lines: string[] = [];
  const o = c.overall;
  lines.push(
    `verdict agreement: ${percent(o.verdictsAgreeing, o.files).toFixed(2)}% (${o.verdictsAgreeing}/${o.files})`,
  );
  lines.push('');
  const row = (name: string, f: Figures): string =>
    `${name.padEnd(10)} ${String(f.files).padStart(6)} ${percent(f.verdictsAgreeing, f.files).toFixed(1).padStart(8)}% ${String(f.filesAgreeing).padStart(6)} ${percent(f.filesAgreeing, f.files).toFixed(1).padStart(7)}%  ${String(f.rules).padStart(6)} ${String(f.rulesAgreeing).padStart(6)} ${percent(f.rulesAgreeing, f.rules).toFixed(1).padStart(7)}%`;
  lines.push(
    `${'flavour'.padEnd(10)} ${'files'.padStart(6)} ${'verdict'.padStart(9)} ${'clause'.padStart(6)} ${'%'.padStart(8)}  ${'rules'.padStart(6)} ${'agree'.padStart(6)} ${'%'.padStart(8)}`,
  );
  for (const [f, figs] of c.byFlavour) lines.push(row(f, figs));
  lines.push(row('all', c.overall));
  const times = c.results.map((r) => r.ms).sort((a, b) => a - b);
  lines.push('');
  lines.push('diagnostics (clause figures; they must not fall):');
  lines.push(
    `  per-file agreement by clause: ${percent(o.filesAgreeing, o.files).toFixed(2)}% (${o.filesAgreeing}/${o.files})`,
  );
  lines.push(
    `  per-rule agreement by clause: ${percent(o.rulesAgreeing, o.rules).toFixed(2)}% (${o.rulesAgreeing}/${o.rules})`,
  );
  if (times.length) {
    lines.push(
      `time per file: median ${times[Math.floor(times.length / 2)].toFixed(1)} ms, max ${times[times.length - 1].toFixed(0)} ms`,
    );
  }
  const bad = c.results.filter((r) => !r.agrees || !r.verdictAgrees);
  if (bad.length && !quiet) {
    lines.push('', `disagreements (${bad.length}):`);
    for (const r of bad) lines.push(`  ${r.path}`, `      ${r.note}`);
  }
  return lines.join('\n');
}
