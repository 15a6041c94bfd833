#!/usr/bin/env node
// Cold one-shot command line: `a11ypdf render small.html -o out.pdf` against `weasyprint
// small.html out.pdf`, each a fresh process, runs interleaved so machine load hits both alike.
// Wall time, CPU time (user + system) and peak RSS come from /usr/bin/time (GNU time); where
// it is missing, wall time only.
//
//   node bench/cold.mjs [--runs N] [--doc FILE.html] [--json]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { which } from './lib/proc.mjs';
import { median } from './lib/stats.mjs';
import { peerFontEnv } from './lib/peer-fonts.mjs';

const BIN = fileURLToPath(new URL('../bin/a11ypdf.js', import.meta.url));

/** A few paragraphs: the "small" document of the speed targets. */
export const SMALL_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Quarterly note</title>
<style>body { font-family: sans-serif; font-size: 11pt; line-height: 1.4 } h1 { font-size: 18pt }</style>
</head><body>
<h1>Quarterly note</h1>
<p>Revenue grew by 12% over the quarter, driven by the new subscription plans and a lower churn
rate among small customers. Costs stayed flat.</p>
<p>The team shipped the <em>self-service</em> portal and moved invoicing to the new platform;
<strong>no customer-facing outage</strong> was recorded.</p>
<p>Next quarter we focus on onboarding, the partner programme and accessibility of every
document we send out.</p>
</body></html>
`;

const TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : null;

/** Runs one command; returns wall ms, CPU ms and peak RSS (KB) or nulls where unknown. */
function measure(cmd, args, env = process.env) {
  const started = process.hrtime.bigint();
  const r = TIME
    ? spawnSync(TIME, ['-f', '@@%e %U %S %M', cmd, ...args], { encoding: 'utf8', env })
    : spawnSync(cmd, args, { encoding: 'utf8', env });
  const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed:\n${r.stderr}`);
  const m = TIME ? /@@([\d.]+) ([\d.]+) ([\d.]+) (\d+)/.exec(r.stderr) : null;
  return {
    wallMs,
    cpuMs: m ? (Number(m[2]) + Number(m[3])) * 1000 : null,
    rssKb: m ? Number(m[4]) : null,
  };
}

/**
 * @param {{ runs?: number, doc?: string }} [opts]
 * @returns {{ engine: string, runs: number, wallMs: number, cpuMs: number | null, rssMb: number | null }[]}
 */
export function coldCli(opts = {}) {
  const runs = opts.runs ?? 7;
  const dir = mkdtempSync(join(tmpdir(), 'a11ypdf-cold-'));
  try {
    const input = opts.doc ?? join(dir, 'small.html');
    if (!opts.doc) writeFileSync(input, SMALL_HTML);
    // `a11ypdf` as a shell runs it: on POSIX systems the launcher starts from the start-up
    // snapshot when one fits; the second row is the portable start (the bundle and its code
    // cache), which is also what `node bin/a11ypdf.js` and Windows get.
    const { NODE_OPTIONS: _o, A11YPDF_NO_SNAPSHOT: _n, ...env } = process.env;
    const posix = process.platform !== 'win32';
    const engines = [
      {
        engine: 'a11ypdf',
        cmd: posix ? BIN : process.execPath,
        args: [...(posix ? [] : [BIN]), 'render', input, '-o', join(dir, 'a.pdf')],
        env,
      },
    ];
    if (posix)
      engines.push({
        engine: 'a11ypdf, no snapshot',
        cmd: BIN,
        args: ['render', input, '-o', join(dir, 'b.pdf')],
        env: { ...env, A11YPDF_NO_SNAPSHOT: '1' },
      });
    const weasy = which('weasyprint');
    if (weasy)
      engines.push({
        engine: 'WeasyPrint',
        cmd: weasy,
        args: [input, join(dir, 'w.pdf')],
        env: peerFontEnv(),
      });
    // One untimed run each: the OS page cache, not the engine, is what a first run measures.
    for (const e of engines) measure(e.cmd, e.args, e.env);
    const samples = new Map(engines.map((e) => [e.engine, []]));
    for (let i = 0; i < runs; i++)
      for (const e of engines) samples.get(e.engine).push(measure(e.cmd, e.args, e.env));
    return engines.map((e) => {
      const s = samples.get(e.engine);
      const known = (k) => (s.every((x) => x[k] !== null) ? median(s.map((x) => x[k])) : null);
      const rss = known('rssKb');
      return {
        engine: e.engine,
        runs,
        wallMs: median(s.map((x) => x.wallMs)),
        cpuMs: known('cpuMs'),
        rssMb: rss === null ? null : rss / 1024,
      };
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Text lines of a cold comparison, with ratios to a11ypdf. */
export function coldLines(rows) {
  const ours = rows.find((r) => r.engine === 'a11ypdf');
  const lines = [`Cold command line, one small document, median of ${ours.runs} fresh processes:`];
  for (const r of rows) {
    const ratio =
      r === ours
        ? ''
        : `   ${(r.wallMs / ours.wallMs).toFixed(2)}x time, ${r.rssMb && ours.rssMb ? (r.rssMb / ours.rssMb).toFixed(2) + 'x memory' : ''}`;
    lines.push(
      `  ${r.engine.padEnd(20)} ${r.wallMs.toFixed(0).padStart(6)} ms wall  ${
        r.cpuMs === null ? '     –' : r.cpuMs.toFixed(0).padStart(6)
      } ms CPU  ${r.rssMb === null ? '   –' : r.rssMb.toFixed(0).padStart(4)} MB peak RSS${ratio}`,
    );
  }
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '7' },
      doc: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  });
  const rows = coldCli({ runs: Number(values.runs), ...(values.doc ? { doc: values.doc } : {}) });
  console.log(values.json ? JSON.stringify(rows, null, 2) : coldLines(rows).join('\n'));
}
