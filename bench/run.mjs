#!/usr/bin/env node
// The benchmark suite: a11ypdf beside its peers on the same documents, in one run.
//
//   npm run bench                       full run (a few minutes)
//   npm run bench -- --quick            CI smoke run: every document once, no pool
//   npm run bench -- --engines a11ypdf,pdfkit --docs invoice,report-10
//   npm run bench -- --validate-dir DIR also validate the PDFs in DIR
//
// Each engine runs in its own child process (bench/lib/engine-child.mjs) so its peak RSS is its
// own; renders are interleaved across engines so all see the same machine load, and ratios
// are taken within this run. Results: a table on stdout, bench/out/results.json and
// bench/out/latency.svg; the PDFs produced are kept in bench/out/pdf/ (the validation set).
import { execFileSync, fork } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { coldCli, coldLines } from './cold.mjs';
import { latencyChart } from './lib/chart.mjs';
import { SCALING, SUITE } from './lib/docs.mjs';
import { fmtMs, mean, median, p95, table } from './lib/stats.mjs';

const ALL_ENGINES = [
  'a11ypdf',
  'pdfkit',
  'pdfmake',
  'react-pdf',
  'weasyprint',
  'chromium-warm',
  'chromium-cold',
];
const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    engines: { type: 'string' },
    docs: { type: 'string' },
    'validate-dir': { type: 'string', multiple: true, default: [] },
    'no-pool': { type: 'boolean', default: false },
    'no-warmup': { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (args.help) {
  console.log(`Usage: npm run bench -- [--quick] [--engines LIST] [--docs LIST] [--validate-dir DIR]... [--no-pool]

  --quick          every document once, peers on the small documents only (CI smoke run)
  --engines LIST   comma-separated from ${ALL_ENGINES.join(', ')}
  --docs LIST      comma-separated from ${SUITE.join(', ')}
  --validate-dir   add the PDFs of DIR to the validation set (repeatable)
  --no-pool        skip the worker-pool throughput measurements (invoice here; every
                   document of the set in bench/throughput.mjs)
  --no-warmup      skip the per-document warm-up run (bench/warmup.mjs)

Results: a table on stdout, bench/out/results.json and bench/out/latency.svg.`);
  process.exit(0);
}
const quick = args.quick;
const OUT = fileURLToPath(new URL('./out/', import.meta.url));
const PDF_DIR = `${OUT}pdf`;
rmSync(PDF_DIR, { recursive: true, force: true });
mkdirSync(PDF_DIR, { recursive: true });

const engineNames = args.engines ? args.engines.split(',') : ALL_ENGINES;
const docs = args.docs ? args.docs.split(',') : SUITE;
/** Measured renders per document after warm-up; slow engines stop earlier (time budget). */
const SAMPLES = quick
  ? { default: 1 }
  : {
      invoice: 30,
      'invoice-template': 30,
      'report-10': 10,
      'report-100': 4,
      'statement-500': 6,
      default: 5,
    };
/**
 * Renders before measuring, the same for every engine. A service renders the same kinds of
 * documents all day, so the figure that matters is the warm one: short documents need a few
 * dozen runs before the JIT (V8's, Python's caches, Chromium's) has settled; one is enough for
 * long documents, whose first render already runs the hot loops thousands of times.
 */
const warmup = (doc) =>
  quick ? 0 : ['report-100', 'statement-500'].includes(doc) ? 1 : doc === 'report-10' ? 5 : 20;
/** Least wall time each engine renders a document before it is timed (single thread and pool). */
const WARM_MS = 1500;
const BUDGET_MS = quick ? 0 : 15_000; // per engine and document; at least one measured render
/** The pool runs on the short documents, where documents per second is the figure that matters. */
const POOL_DOCS = new Set(['invoice', 'invoice-template', 'report-10']);
/** In quick mode the peers render only the small documents (CI time). */
const QUICK_PEER_DOCS = new Set(['invoice', 'report-10']);

// ---- engine processes ------------------------------------------------------------------------

class EngineProcess {
  constructor(name) {
    this.name = name;
    this.child = fork(fileURLToPath(new URL('./lib/engine-child.mjs', import.meta.url)), [name], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.nextId = 1;
    this.pending = new Map();
    this.ready = new Promise((resolve) => {
      this.child.on('message', (m) => {
        if (m.ready) return resolve();
        const p = this.pending.get(m.id);
        this.pending.delete(m.id);
        if (m.error) p?.reject(new Error(`${name}: ${m.error}`));
        else p?.resolve(m.result);
      });
    });
    this.child.on('exit', () => {
      for (const p of this.pending.values()) p.reject(new Error(`${name} exited`));
    });
  }
  async call(cmd, params = {}) {
    await this.ready;
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.child.send({ id, cmd, ...params });
    });
  }
}

const engines = [];
const skipped = [];
for (const name of engineNames) {
  if (quick && name === 'chromium-cold') {
    skipped.push({ name, reason: 'cold start per document is left out of --quick' });
    continue;
  }
  const p = new EngineProcess(name);
  const init = await p.call('init');
  p.info = init.info;
  if (init.skipped) {
    skipped.push({ name, reason: init.skipped });
    await p.call('close').catch(() => {});
  } else engines.push(p);
}
for (const s of skipped) console.log(`skipped ${s.name}: ${s.reason}`);

// ---- latency: interleaved rounds ---------------------------------------------------------------

/** @type {Record<string, Record<string, { times: number[], bytes: number, pages: number }>>} */
const results = {};
for (const doc of docs) {
  results[doc] = {};
  const active = engines.filter((e) => e.name === 'a11ypdf' || !quick || QUICK_PEER_DOCS.has(doc));
  const want = new Map();
  for (const e of active) {
    let first;
    try {
      first = await e.call('run', { doc, n: Math.max(1, warmup(doc)), save: PDF_DIR });
    } catch (err) {
      console.log(`${e.name} failed on ${doc}: ${err.message.split('\n')[0]}`);
      continue;
    }
    if (first.unsupported) continue;
    results[doc][e.name] = {
      times: quick ? first.times : [],
      cpu: quick ? first.cpu : [],
      bytes: first.bytes,
      pages: first.pages,
    };
    const est = Math.max(...first.times.slice(-1), 0.1);
    // Warm-up by time as well as by count: a fast engine's JIT is still compiling after 20
    // renders (a11ypdf spends about 3 s of compiler time on its first 250 invoices), so every
    // engine renders for at least WARM_MS before it is timed.
    const warmedMs = first.times.reduce((a, b) => a + b, 0);
    const extra = quick ? 0 : Math.min(1000, Math.round((WARM_MS - warmedMs) / est));
    if (extra > 0) await e.call('run', { doc, n: extra });
    const n = SAMPLES[doc] ?? SAMPLES.default;
    want.set(e, quick ? 0 : Math.max(1, Math.min(n, Math.floor(BUDGET_MS / est))));
  }
  // Round robin, one render at a time, so a burst of load hits every engine alike.
  for (let round = 0; [...want.values()].some((n) => n > round); round++) {
    for (const [e, n] of want) {
      if (round >= n) continue;
      const r = await e.call('run', { doc, n: 1 });
      results[doc][e.name].times.push(...r.times);
      results[doc][e.name].cpu.push(...r.cpu);
    }
  }
  const line = Object.entries(results[doc])
    .map(([e, r]) => `${e} ${fmtMs(median(r.times))}`)
    .join(', ');
  console.log(`${doc}: ${line}`);
}

const rss = {};
for (const e of engines) rss[e.name] = (await e.call('rss')).kb;

// ---- throughput with a pool on all cores ----------------------------------------------------------

const threads = availableParallelism();
const pool = {};
if (!quick && !args['no-pool']) {
  for (const doc of docs.filter((d) => POOL_DOCS.has(d))) {
    pool[doc] = {};
    for (const e of engines) {
      const r = results[doc][e.name];
      if (!r) continue;
      // Throughput is a steady-state figure, so every engine gets the same wall time: WARM_MS
      // of warm-up per thread (as single-threaded), then about three seconds of measured work
      // per thread. Counted in documents instead, the fastest engine was measured while its
      // JIT was still compiling.
      const perDoc = median(r.times);
      const warm = Math.max(1, warmup(doc), Math.min(1000, Math.round(WARM_MS / perDoc)));
      const jobs = Math.max(threads * 2, Math.min(5000, Math.round((threads * 3000) / perDoc)));
      try {
        const res = await e.call('pool', { doc, jobs, threads, warm });
        if (!res.unsupported) pool[doc][e.name] = res.docsPerSec;
      } catch (err) {
        console.log(`pool: ${e.name} failed on ${doc}: ${err.message.split('\n')[0]}`);
      }
    }
  }
}

// ---- a11ypdf: stages and growth with document length -------------------------------------------

const ours = engines.find((e) => e.name === 'a11ypdf');
let stages = {};
const scaling = {};
if (ours) {
  const stageDocs = docs.filter((d) =>
    (quick ? ['invoice'] : ['invoice', 'report-10', 'report-100']).includes(d),
  );
  stages = await ours.call('stages', { docs: stageDocs, n: quick ? 1 : 3 });
  for (const [doc, sections] of Object.entries(SCALING)) {
    if (quick && sections > 20) continue;
    const n = quick ? 1 : sections > 200 ? 1 : sections > 20 ? 2 : 5;
    const r = await ours.call('run', { doc, n: n + (quick ? 0 : 1) });
    const times = quick ? r.times : r.times.slice(1);
    scaling[doc] = { ms: median(times), pages: r.pages, msPerPage: median(times) / r.pages };
  }
}
for (const e of engines) await e.call('close').catch(() => {});

// ---- the writer alone, and validation -------------------------------------------------------------

const node = process.execPath;
const here = (f) => fileURLToPath(new URL(f, import.meta.url));
const sub = (script, argv) =>
  JSON.parse(
    execFileSync(node, [here(script), ...argv], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
  );
const writer = sub('./writer.mjs', ['--json', ...(quick ? ['5', '1'] : ['20', '5'])]);
const images = sub('./image.mjs', ['--json', ...(quick ? ['--quick'] : [])]);
const validation = sub('./validate.mjs', [
  '--json',
  ...(quick ? ['--quick'] : []),
  PDF_DIR,
  ...args['validate-dir'],
]);

// ---- report ---------------------------------------------------------------------------------------

const machine = {
  date: new Date().toISOString(),
  cpus: cpus().length,
  cpuModel: cpus()[0]?.model ?? 'unknown',
  memoryGb: Math.round(totalmem() / 2 ** 30),
  node: process.version,
  engines: Object.fromEntries(engines.map((e) => [e.name, e.info.version])),
  skipped,
  quick,
};
/** Documents per second of one thread: renders back to back at the mean latency. */
const docsPerSec = (doc, e) => {
  const t = results[doc]?.[e]?.times;
  return t?.length ? 1000 / mean(t) : undefined;
};
const engineOrder = engines.map((e) => e.name);
const rows = [];
for (const doc of docs) {
  const base = results[doc].a11ypdf;
  for (const e of engineOrder) {
    const r = results[doc][e];
    if (!r) continue;
    const med = median(r.times);
    rows.push({
      doc,
      engine: e,
      tagged: engines.find((x) => x.name === e).info.tagged ? 'yes' : 'no',
      median: fmtMs(med),
      p95: fmtMs(p95(r.times)),
      // NaN (not measurable, e.g. a cold Chromium that has exited) arrives as null over IPC.
      'CPU ms': fmtMs(median(r.cpu.filter((x) => typeof x === 'number' && !Number.isNaN(x)))),
      'docs/s 1T': docsPerSec(doc, e).toFixed(1),
      [`docs/s ${threads}T`]: pool[doc]?.[e] ? pool[doc][e].toFixed(1) : '-',
      'peak RSS': rss[e] ? `${Math.round(rss[e] / 1024)} MB` : '-',
      size: `${Math.round(r.bytes / 1024)} KiB`,
      pages: String(r.pages),
      'vs a11ypdf': base && e !== 'a11ypdf' ? `${(med / median(base.times)).toFixed(2)}x` : '',
      n: String(r.times.length),
    });
  }
}
console.log(
  `\na11ypdf benchmark, ${machine.date}, ${machine.cpus} cores (${machine.cpuModel}), node ${machine.node}${quick ? ', --quick' : ''}`,
);
console.log(`engines: ${engineOrder.map((e) => `${e} ${machine.engines[e]}`).join(', ')}`);
console.log(
  '"CPU ms" = CPU time per render (all threads), steadier than latency on a busy machine. ' +
    '"vs a11ypdf" = peer median / a11ypdf median (above 1: a11ypdf is faster). Peak RSS of chromium is the sum over its processes.\n',
);
console.log(table(rows));

if (Object.keys(stages).length) {
  console.log(
    '\na11ypdf time per stage (render + validation of the output, sampled with the V8 profiler)\n',
  );
  const stageNames = Object.keys(Object.values(stages)[0].stagesMs);
  console.log(
    table(
      Object.entries(stages).map(([doc, s]) => ({
        doc,
        'total ms': fmtMs(s.wallMs),
        ...Object.fromEntries(
          stageNames.map((k) => [k, `${((100 * s.stagesMs[k]) / s.wallMs).toFixed(0)}%`]),
        ),
      })),
    ),
  );
}
if (Object.keys(scaling).length) {
  console.log('\na11ypdf growth with document length (report, median)\n');
  console.log(
    table(
      Object.entries(scaling).map(([doc, s]) => ({
        doc,
        pages: String(s.pages),
        ms: fmtMs(s.ms),
        'ms/page': s.msPerPage.toFixed(1),
      })),
    ),
  );
}
console.log(
  `\nwriter alone (${writer.pages} pages, text shaped beforehand) vs pdfkit, ms per page\n`,
);
console.log(
  table(
    writer.results.map((w) => ({
      kind: w.label,
      'a11ypdf writer': w.oursMsPerPage.toFixed(2),
      'with shaping': w.withShapingMsPerPage?.toFixed(2) ?? '-',
      pdfkit: w.pdfkitMsPerPage.toFixed(2),
      ratio: `${w.ratio.toFixed(2)}x`,
      'ratio with shaping': w.ratioWithShaping ? `${w.ratioWithShaping.toFixed(2)}x` : '-',
    })),
  ),
);
console.log(`\nraster output at width ${images.width}\n`);
console.log(
  table(
    images.rows.map((r) => ({
      ...r,
      KiB: String(r.KiB),
      median: fmtMs(r.median),
      p95: fmtMs(r.p95),
    })),
  ),
);
console.log(
  `\nvalidation (PDF/A-3A + PDF/UA-1) of ${validation.files.length} files: median ${fmtMs(validation.median)}, p95 ${fmtMs(validation.p95)} per file`,
);
const ownReport = validation.files.find((f) => f.file === 'a11ypdf--report-10.pdf');
if (ownReport) console.log(`our own 10-page report: ${fmtMs(ownReport.median)}`);
if (validation.large)
  console.log(
    `generated ${validation.large.pages}-page tagged PDF: ${fmtMs(validation.large.ms)}, peak RSS ${validation.large.peakRssMb} MB`,
  );

// Ratios the performance targets are stated in.
const cpuOf = (doc, e) => {
  const xs = (results[doc]?.[e]?.cpu ?? []).filter(
    (x) => typeof x === 'number' && !Number.isNaN(x),
  );
  return xs.length ? median(xs) : undefined;
};
const medOf = (doc, e) => (results[doc]?.[e] ? median(results[doc][e].times) : undefined);
/** peer / a11ypdf, by latency and by CPU time (undefined when either side is missing). */
const ratio = (doc, peer, of) => {
  const a = of(doc, 'a11ypdf');
  const b = of(doc, peer);
  return a !== undefined && b !== undefined ? b / a : undefined;
};
const both = (doc, peer) => [ratio(doc, peer, medOf), ratio(doc, peer, cpuOf)];
const inv = ([w, c]) => [w && 1 / w, c && 1 / c];
/** a11ypdf / peer in documents per second: [one thread, the pool on all cores]. */
const throughput = (doc, peer) => {
  const over = (a, b) => (a && b ? a / b : undefined);
  return [
    over(docsPerSec(doc, 'a11ypdf'), docsPerSec(doc, peer)),
    over(pool[doc]?.a11ypdf, pool[doc]?.[peer]),
  ];
};
const targets = {
  invoiceMs: [medOf('invoice', 'a11ypdf'), cpuOf('invoice', 'a11ypdf')],
  report100Ms: [medOf('report-100', 'a11ypdf'), cpuOf('report-100', 'a11ypdf')],
  invoiceVsWeasyprint: both('invoice', 'weasyprint'),
  invoiceVsChromiumWarm: both('invoice', 'chromium-warm'),
  invoiceVsChromiumCold: both('invoice', 'chromium-cold'),
  vsPdfkit: Object.fromEntries(
    docs.filter((d) => results[d]?.pdfkit).map((d) => [d, inv(both(d, 'pdfkit'))]),
  ),
  validateOwnReport10Ms: [ownReport?.median, ownReport?.cpuMs],
  // The throughput targets in documents per second: a11ypdf / peer, one thread and the pool.
  invoiceThroughputVsWeasyprint: throughput('invoice', 'weasyprint'),
  invoiceThroughputVsChromiumWarm: throughput('invoice', 'chromium-warm'),
};
console.log('\nperformance targets, by latency and by CPU time:');
const num = (v) => (v === undefined || Number.isNaN(v) ? '-' : v.toFixed(2)).padStart(9);
const show = (label, [wall, cpu], goal, ok) => {
  const verdict =
    wall === undefined
      ? ''
      : ok(wall)
        ? 'met'
        : ok(cpu ?? NaN)
          ? 'met by CPU time only'
          : 'NOT met';
  console.log(`  ${label.padEnd(46)} ${num(wall)} ${num(cpu)}   goal ${goal.padEnd(7)} ${verdict}`);
};
show('invoice median, ms', targets.invoiceMs, '< 20', (v) => v < 20);
show('100-page report, ms', targets.report100Ms, '< 2000', (v) => v < 2000);
show('invoice: weasyprint / a11ypdf', targets.invoiceVsWeasyprint, '>= 15', (v) => v >= 15);
show('invoice: chromium-warm / a11ypdf', targets.invoiceVsChromiumWarm, '>= 5', (v) => v >= 5);
for (const [d, v] of Object.entries(targets.vsPdfkit))
  show(`${d}: a11ypdf / pdfkit`, v, '<= 2', (x) => x <= 2);
show('validate own 10-page report, ms', targets.validateOwnReport10Ms, '< 50', (v) => v < 50);
console.log('\nthroughput targets, documents per second, one thread and the pool:');
const showRate = (label, [one, all], goal) => {
  const verdict =
    one === undefined && all === undefined
      ? ''
      : (all ?? one) >= goal
        ? one >= goal
          ? 'met'
          : 'met with the pool'
        : 'NOT met';
  console.log(
    `  ${label.padEnd(46)} ${num(one)} ${num(all)}   goal >= ${String(goal).padEnd(4)} ${verdict}`,
  );
};
showRate('invoice: a11ypdf / weasyprint', targets.invoiceThroughputVsWeasyprint, 15);
showRate('invoice: a11ypdf / chromium-warm', targets.invoiceThroughputVsChromiumWarm, 5);

// Cold command line against WeasyPrint's (fresh processes, interleaved), then, in a full run,
// warm-up and steady state of a fresh service per document (bench/warmup.mjs).
const cold = coldCli({ runs: quick ? 3 : 7 });
console.log(`\n${coldLines(cold).join('\n')}`);
if (!quick && !args['no-warmup']) {
  console.log('\nWarm-up and steady state, a fresh service per document (bench/warmup.mjs):');
  execFileSync(process.execPath, [fileURLToPath(new URL('./warmup.mjs', import.meta.url))], {
    stdio: 'inherit',
  });
}
if (!quick && !args['no-pool']) {
  console.log('\nThroughput with a pool on every core, per document (bench/throughput.mjs):');
  execFileSync(process.execPath, [fileURLToPath(new URL('./throughput.mjs', import.meta.url))], {
    stdio: 'inherit',
  });
}

const json = {
  machine,
  results,
  rss,
  pool,
  stages,
  scaling,
  writer,
  images,
  validation,
  targets,
  cold,
};
// A --quick run keeps its own files, so it never overwrites the figures of a full run.
const suffix = quick ? '-quick' : '';
writeFileSync(`${OUT}results${suffix}.json`, JSON.stringify(json, null, 2));
writeFileSync(
  `${OUT}latency${suffix}.svg`,
  latencyChart({
    docs: docs.filter((d) => Object.keys(results[d]).length),
    engines: engineOrder,
    median: (d, e) => (results[d]?.[e] ? median(results[d][e].times) : undefined),
    title: `Median latency by document, ${machine.date.slice(0, 10)}, ${machine.cpus} cores, node ${machine.node}`,
  }),
);
console.log(
  `\nwrote ${OUT}results${suffix}.json, ${OUT}latency${suffix}.svg and the PDFs in ${PDF_DIR}/`,
);
