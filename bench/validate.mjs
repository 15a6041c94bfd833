#!/usr/bin/env node
// Validator speed: ms per file (median, p95) over folders of PDFs, and time and peak memory for a
// generated 500-page tagged PDF (validated in a fresh process, so the peak RSS is the
// validator's alone).
//
//   node bench/validate.mjs [--json] [--quick] [--flavours pdfa-3a,pdfua-1] [DIR...]
//
// Without DIR: the PDFs of the last `npm run bench` (bench/out/pdf/). Also run by bench/run.mjs.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { render, validate } from '../dist/index.js';
import { report } from './docs/content.mjs';
import { toHtml } from './docs/to-html.mjs';
import { fmtMs, median, p95, table } from './lib/stats.mjs';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    json: { type: 'boolean', default: false },
    quick: { type: 'boolean', default: false },
    flavours: { type: 'string', default: 'pdfa-3a,pdfua-1' },
    'measure-one': { type: 'string' },
  },
});
const flavours = args.flavours === 'auto' ? 'auto' : args.flavours.split(',');

if (args['measure-one']) {
  // Child mode: validate one file once and report time and this process's peak RSS.
  const bytes = readFileSync(args['measure-one']);
  const c = process.cpuUsage();
  const t = performance.now();
  const r = validate(bytes, { flavours });
  const ms = performance.now() - t;
  const used = process.cpuUsage(c);
  console.log(
    JSON.stringify({
      ms,
      cpuMs: (used.user + used.system) / 1000,
      peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
      pages: r.documentInfo.pages,
      compliant: r.isCompliant,
      failures: r.failures.length,
    }),
  );
  process.exit(0);
}

const OUT = fileURLToPath(new URL('./out/', import.meta.url));
const dirs = positionals.length ? positionals : [join(OUT, 'pdf')];
const files = dirs.flatMap((d) =>
  existsSync(d)
    ? readdirSync(d)
        .filter((f) => f.toLowerCase().endsWith('.pdf'))
        .sort()
        .map((f) => join(d, f))
    : [],
);
if (files.length === 0 && !args.json)
  console.log(`no PDFs in ${dirs.join(', ')} (run npm run bench first, or name a folder)`);

// Timed rounds after warm-up: at least 10, and more for small files until about a second is
// spent, so the median is of JIT-compiled code, not of the first cold runs.
const WARMUP = args.quick ? 0 : 3;
const MIN_ROUNDS = args.quick ? 0 : 10;
const BUDGET_MS = args.quick ? 0 : 1000;
const perFile = [];
for (const path of files) {
  const bytes = readFileSync(path);
  const times = [];
  const cpu = [];
  let res;
  try {
    // A warm-up run that also gives the verdict; --quick times that run alone.
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    res = validate(bytes, { flavours });
    if (args.quick) {
      times.push(performance.now() - t0);
      const used = process.cpuUsage(c0);
      cpu.push((used.user + used.system) / 1000);
    }
    for (let i = 0; i < WARMUP; i++) validate(bytes, { flavours });
    const started = performance.now();
    for (let i = 0; i < MIN_ROUNDS || (performance.now() - started < BUDGET_MS && i < 200); i++) {
      const c = process.cpuUsage();
      const t = performance.now();
      validate(bytes, { flavours });
      times.push(performance.now() - t);
      const used = process.cpuUsage(c);
      cpu.push((used.user + used.system) / 1000);
    }
  } catch (e) {
    perFile.push({ file: basename(path), error: String(e?.message ?? e) });
    continue;
  }
  perFile.push({
    file: basename(path),
    kib: Math.round(bytes.length / 1024),
    pages: res.documentInfo.pages,
    compliant: res.isCompliant,
    median: median(times),
    cpuMs: median(cpu),
  });
}
const ok = perFile.filter((f) => f.median !== undefined).map((f) => f.median);

// The large file: a ~500-page report rendered by a11ypdf once and kept in bench/out/.
let large = null;
if (!args.quick) {
  mkdirSync(OUT, { recursive: true });
  const path = join(OUT, 'report-500-pages.pdf');
  {
    // Rendered afresh every run, so the file reflects the current writer.
    const r = await render({ kind: 'html', html: await toHtml(report(590, 'report-500')) });
    writeFileSync(path, r.pdf);
  }
  large = JSON.parse(
    execFileSync(
      process.execPath,
      [fileURLToPath(import.meta.url), '--measure-one', path, '--flavours', args.flavours],
      {
        encoding: 'utf8',
      },
    ),
  );
}

const summary = { flavours, files: perFile, median: median(ok), p95: p95(ok), large };
if (args.json) {
  console.log(JSON.stringify(summary));
} else {
  console.log(
    table(
      perFile.map((f) => ({
        file: f.file,
        pages: String(f.pages ?? '-'),
        KiB: String(f.kib ?? '-'),
        compliant: f.error ? `error: ${f.error}` : String(f.compliant),
        median: fmtMs(f.median),
        'CPU ms': fmtMs(f.cpuMs),
      })),
    ),
  );
  console.log(
    `\n${ok.length} files: median ${fmtMs(summary.median)}, p95 ${fmtMs(summary.p95)} per file`,
  );
  if (large)
    console.log(
      `${large.pages}-page tagged PDF: ${fmtMs(large.ms)}, peak RSS ${large.peakRssMb} MB, compliant ${large.compliant}`,
    );
}
