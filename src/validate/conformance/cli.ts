#!/usr/bin/env node
/**
 * Conformance runner: validates every file of a corpus folder against the flavour of its
 * top folder and measures agreement with the expectations encoded in the file names (see
 * corpus.ts). Prints per-flavour tables, the per-file and per-rule agreement and the
 * disagreements; exits 1 when a figure is below its floor, 2 on a usage error.
 *
 *   npm run conformance -- DIR [--min-file PCT] [--min-rule PCT] [--filter TEXT] [--quiet]
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { validate } from '../index.js';
import type { ValidationResponse } from '../report-types.js';
import { type Expectation, expectationOf, judge, ruleId } from './corpus.js';

interface FileResult {
  readonly path: string;
  readonly exp: Expectation;
  readonly agrees: boolean;
  readonly note: string;
  readonly ms: number;
}

function listPdfs(dir: string): string[] {
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
  return `expected no failure under ${exp.clause}; reported ${matching.join(', ')}${f ? ` (${f.location ?? 'document'}${f.errorDetails ? `: ${f.errorDetails}` : ''})` : ''}`;
}

function pct(n: number, d: number): number {
  return d === 0 ? 100 : (100 * n) / d;
}

function main(argv: string[]): number {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        'min-file': { type: 'string' },
        'min-rule': { type: 'string' },
        filter: { type: 'string' },
        quiet: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      allowPositionals: true,
    });
  } catch (e) {
    console.error((e as Error).message);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help || positionals.length !== 1) {
    console.error(
      'Usage: conformance DIR [--min-file PCT] [--min-rule PCT] [--filter TEXT] [--quiet]',
    );
    return values.help ? 0 : 2;
  }
  const floor = (v: string | undefined): number | null => {
    if (v === undefined) return null;
    const n = Number(v);
    if (!Number.isFinite(n) || n < 0 || n > 100) throw new Error(`not a percentage: ${v}`);
    return n;
  };
  let minFile: number | null;
  let minRule: number | null;
  try {
    minFile = floor(values['min-file']);
    minRule = floor(values['min-rule']);
  } catch (e) {
    console.error((e as Error).message);
    return 2;
  }
  const dir = positionals[0];
  let files: string[];
  try {
    files = listPdfs(dir);
  } catch (e) {
    console.error(`cannot read ${dir}: ${(e as Error).message}`);
    return 2;
  }
  const results: FileResult[] = [];
  for (const path of files) {
    const rel = relative(dir, path);
    if (values.filter && !rel.includes(values.filter)) continue;
    const exp = expectationOf(rel);
    if (!exp) continue;
    const t0 = performance.now();
    let agrees = false;
    let note: string;
    try {
      const report = validate(new Uint8Array(readFileSync(path)), { flavours: [exp.flavour] });
      const v = judge(exp, report);
      agrees = v.agrees;
      note = describe(exp, report, v.matching);
    } catch (e) {
      note = `validator error: ${(e as Error).message}`;
    }
    results.push({ path: rel, exp, agrees, note, ms: performance.now() - t0 });
  }
  if (results.length === 0) {
    console.error(`no corpus files found in ${dir}`);
    return 2;
  }

  // Per flavour and overall: files and rules.
  const byFlavour = new Map<string, FileResult[]>();
  for (const r of results) {
    const list = byFlavour.get(r.exp.flavour) ?? [];
    list.push(r);
    byFlavour.set(r.exp.flavour, list);
  }
  const rulesOf = (rs: FileResult[]): Map<string, boolean> => {
    const m = new Map<string, boolean>();
    for (const r of rs) m.set(ruleId(r.exp), (m.get(ruleId(r.exp)) ?? true) && r.agrees);
    return m;
  };
  const line = (name: string, rs: FileResult[]): string => {
    const fa = rs.filter((r) => r.agrees).length;
    const rm = rulesOf(rs);
    const ra = [...rm.values()].filter(Boolean).length;
    return `${name.padEnd(10)} ${String(rs.length).padStart(6)} ${String(fa).padStart(6)} ${pct(fa, rs.length).toFixed(1).padStart(7)}%  ${String(rm.size).padStart(6)} ${String(ra).padStart(6)} ${pct(ra, rm.size).toFixed(1).padStart(7)}%`;
  };
  console.log(
    `${'flavour'.padEnd(10)} ${'files'.padStart(6)} ${'agree'.padStart(6)} ${'%'.padStart(8)}  ${'rules'.padStart(6)} ${'agree'.padStart(6)} ${'%'.padStart(8)}`,
  );
  for (const [f, rs] of [...byFlavour.entries()].sort()) console.log(line(f, rs));
  console.log(line('all', results));

  const fileAgree = pct(results.filter((r) => r.agrees).length, results.length);
  const rules = rulesOf(results);
  const ruleAgree = pct([...rules.values()].filter(Boolean).length, rules.size);
  const times = results.map((r) => r.ms).sort((a, b) => a - b);
  console.log('');
  console.log(
    `per-file agreement: ${fileAgree.toFixed(2)}% (${results.filter((r) => r.agrees).length}/${results.length})`,
  );
  console.log(
    `per-rule agreement: ${ruleAgree.toFixed(2)}% (${[...rules.values()].filter(Boolean).length}/${rules.size})`,
  );
  console.log(
    `time per file: median ${times[Math.floor(times.length / 2)].toFixed(1)} ms, max ${times[times.length - 1].toFixed(0)} ms`,
  );

  const bad = results.filter((r) => !r.agrees);
  if (bad.length && !values.quiet) {
    console.log('');
    console.log(`disagreements (${bad.length}):`);
    for (const r of bad) console.log(`  ${r.path}\n      ${r.note}`);
  }
  let exit = 0;
  if (minFile !== null && fileAgree < minFile) {
    console.error(`per-file agreement ${fileAgree.toFixed(2)}% is below the floor ${minFile}%`);
    exit = 1;
  }
  if (minRule !== null && ruleAgree < minRule) {
    console.error(`per-rule agreement ${ruleAgree.toFixed(2)}% is below the floor ${minRule}%`);
    exit = 1;
  }
  return exit;
}

process.exitCode = main(process.argv.slice(2));
