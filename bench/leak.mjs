#!/usr/bin/env node
// Memory over many renders: runs N renders of a rotating mix (HTML invoice, 10-page report,
// JSON template, PNG image, validation) in this process or through the service on loopback,
// samples memory as it goes and prints the baseline after warm-up, the end value, the growth
// and the peak. The target: RSS growth under 10% across 10,000 renders.
//
//   npm run leak -- [--renders 10000] [--service] [--concurrency N] [--samples 50] [--json]
//
// In process (node --expose-gc, which the npm script passes): after every sample interval a
// full GC, then the heap in use and the RSS. Through the service (`a11ypdf serve`, one worker
// per core, started as a child process like bench/http.mjs): the RSS of the service process
// with its worker threads; no GC can be forced there, so its figures include garbage.
//
// The baseline is the sample after the first 10% of renders, when the engine's bounded caches
// (shaped words, hyphenation, glyph outlines, image data) have had time to fill; the end value
// is taken after the last render and a short idle. Every document carries a few new words
// (names, references, amounts), as real traffic does, so word-keyed caches see fresh keys.
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { invoice, report, words } from './docs/content.mjs';
import { toHtml } from './docs/to-html.mjs';
import { readFileSync } from 'node:fs';
import { treeRssKb } from './lib/proc.mjs';
import { startServiceProcess } from './lib/service.mjs';
import { table } from './lib/stats.mjs';

const { values: args } = parseArgs({
  options: {
    renders: { type: 'string', default: '10000' },
    service: { type: 'boolean', default: false },
    concurrency: { type: 'string' },
    samples: { type: 'string', default: '50' },
    json: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (args.help) {
  console.log(
    'usage: npm run leak -- [--renders 10000] [--service] [--concurrency N] [--samples 50] [--json]',
  );
  process.exit(0);
}
const positive = (name, v) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`--${name} needs a positive integer`);
  return n;
};
const RENDERS = positive('renders', args.renders);
const SAMPLES = Math.min(RENDERS, positive('samples', args.samples));
const WORKERS = availableParallelism();
const CONCURRENCY = positive('concurrency', args.concurrency ?? String(WORKERS * 2));
const INTERVAL = Math.max(1, Math.floor(RENDERS / SAMPLES));
const BASELINE_AT = Math.max(1, Math.floor(RENDERS / 10));

// ---- the mix --------------------------------------------------------------------------------

const SYLLABLES = 'ka lo mi ne ra tu sen vor del pha qui zan bro est ulm yth'.split(' ');
/** A made-up word that differs with n (customer names, places), so caches see new keys. */
function name(n) {
  let s = '';
  let x = n * 2654435761;
  for (let i = 0; i < 3; i++) {
    s += SYLLABLES[Math.abs(x) % SYLLABLES.length];
    x = Math.floor(x / SYLLABLES.length) + 7 * i;
  }
  return s[0].toUpperCase() + s.slice(1);
}
const fresh = (n) =>
  `Customer ${name(n)} ${name(n + 1)} of ${name(n * 3 + 2)}, reference R-${100000 + n}, ` +
  `amount ${(n * 13.37).toFixed(2)}. ${words(n, 12)}`;

function invoiceDoc(n) {
  const doc = invoice();
  doc.title = `Invoice INV-${n}`;
  doc.blocks.splice(1, 0, { t: 'p', text: fresh(n) });
  return doc;
}
function reportDoc(n) {
  const doc = report(8, 'report-10');
  doc.blocks.splice(1, 0, { t: 'p', text: fresh(n) });
  return doc;
}
const templateJson = JSON.parse(
  readFileSync(new URL('./docs/invoice.template.json', import.meta.url), 'utf8'),
);
const dataJson = JSON.parse(
  readFileSync(new URL('./docs/invoice.data.json', import.meta.url), 'utf8'),
);
function templateData(n) {
  const data = structuredClone(dataJson);
  data.title = { text: `Invoice INV-${n}` };
  data.buyer.name = `${name(n)} ${name(n + 5)} Ltd`;
  data.buyer.customer = `C-${n}`;
  return data;
}

const KINDS = ['html invoice', 'html report-10', 'template', 'png image', 'validate'];
const kindOf = (i) => KINDS[i % KINDS.length];

// ---- memory ---------------------------------------------------------------------------------

const mb = (bytes) => Math.round((bytes / (1024 * 1024)) * 10) / 10;

// ---- in process -----------------------------------------------------------------------------

async function inProcess() {
  if (typeof globalThis.gc !== 'function')
    throw new Error('run with node --expose-gc (npm run leak does)');
  const { render, renderImage, validate } = await import('../dist/index.js');
  let lastPdf = (await render({ kind: 'html', html: await toHtml(invoiceDoc(0)) })).pdf;

  async function one(i) {
    switch (kindOf(i)) {
      case 'html invoice':
        lastPdf = (await render({ kind: 'html', html: await toHtml(invoiceDoc(i)) })).pdf;
        return;
      case 'html report-10':
        lastPdf = (await render({ kind: 'html', html: await toHtml(reportDoc(i)) })).pdf;
        return;
      case 'template':
        lastPdf = (
          await render({ kind: 'template', template: templateJson, data: templateData(i) })
        ).pdf;
        return;
      case 'png image':
        await renderImage(
          { kind: 'html', html: await toHtml(invoiceDoc(i)) },
          { format: 'png', width: 800 },
        );
        return;
      case 'validate':
        validate(lastPdf);
        return;
    }
  }

  const samples = [];
  const sample = (done) => {
    globalThis.gc();
    globalThis.gc();
    const m = process.memoryUsage();
    samples.push({
      renders: done,
      rssMb: mb(m.rss),
      heapMb: mb(m.heapUsed),
      externalMb: mb(m.external),
    });
  };
  let peakRss = 0;
  const began = performance.now();
  for (let i = 0; i < RENDERS; i++) {
    await one(i);
    if ((i + 1) % 25 === 0) peakRss = Math.max(peakRss, process.memoryUsage().rss);
    if ((i + 1) % INTERVAL === 0 || i + 1 === BASELINE_AT) sample(i + 1);
    if (!args.json && (i + 1) % (INTERVAL * 10) === 0) progress(samples.at(-1), began);
  }
  await sleep(1000);
  sample(RENDERS);
  peakRss = Math.max(peakRss, process.resourceUsage().maxRSS * 1024);
  return { samples, seconds: (performance.now() - began) / 1000, peakRssMb: mb(peakRss) };
}

// ---- through the service ----------------------------------------------------------------------

async function throughService() {
  const { base, child: service, stop } = await startServiceProcess({ workers: WORKERS });
  try {
    const post = async (path, body, type = 'application/json') => {
      const res = await fetch(base + path, {
        method: 'POST',
        headers: { 'content-type': type },
        body: type === 'application/json' ? JSON.stringify(body) : body,
      });
      const bytes = new Uint8Array(await res.arrayBuffer());
      if (res.status !== 200) throw new Error(`${path}: HTTP ${res.status}`);
      return bytes;
    };
    let lastPdf = await post('/render/html', { html: await toHtml(invoiceDoc(0)) });
    async function one(i) {
      switch (kindOf(i)) {
        case 'html invoice':
          lastPdf = await post('/render/html', { html: await toHtml(invoiceDoc(i)) });
          return;
        case 'html report-10':
          lastPdf = await post('/render/html', { html: await toHtml(reportDoc(i)) });
          return;
        case 'template':
          lastPdf = await post('/render/template', {
            template: templateJson,
            data: templateData(i),
          });
          return;
        case 'png image':
          await post('/render', {
            html: await toHtml(invoiceDoc(i)),
            format: 'png',
            width: 800,
          });
          return;
        case 'validate':
          await post('/validate', lastPdf, 'application/pdf');
          return;
      }
    }

    const samples = [];
    const sample = (done) =>
      samples.push({ renders: done, rssMb: mb(treeRssKb(service.pid) * 1024) });
    let peakKb = 0;
    const sampler = setInterval(() => {
      peakKb = Math.max(peakKb, treeRssKb(service.pid));
    }, 200);
    const began = performance.now();
    let next = 0;
    let done = 0;
    const errors = new Map();
    async function client() {
      while (next < RENDERS) {
        const i = next++;
        try {
          await one(i);
        } catch (err) {
          errors.set(err.message, (errors.get(err.message) ?? 0) + 1);
        }
        done++;
        if (done % INTERVAL === 0 || done === BASELINE_AT) sample(done);
        if (!args.json && done % (INTERVAL * 10) === 0) progress(samples.at(-1), began);
      }
    }
    await Promise.all(Array.from({ length: CONCURRENCY }, client));
    clearInterval(sampler);
    await sleep(2000);
    sample(RENDERS);
    peakKb = Math.max(peakKb, treeRssKb(service.pid));
    if (errors.size) console.error(`errors: ${JSON.stringify(Object.fromEntries(errors))}`);
    return {
      samples,
      seconds: (performance.now() - began) / 1000,
      peakRssMb: mb(peakKb * 1024),
      errors: Object.fromEntries(errors),
    };
  } finally {
    await stop();
  }
}

function progress(s, began) {
  const secs = Math.round((performance.now() - began) / 1000);
  const heap = s.heapMb === undefined ? '' : `, heap ${s.heapMb} MB`;
  console.error(`  ${s.renders} renders, ${secs} s: RSS ${s.rssMb} MB${heap}`);
}

// ---- report ---------------------------------------------------------------------------------

const run = args.service ? await throughService() : await inProcess();
const baseline = run.samples.find((s) => s.renders >= BASELINE_AT);
const end = run.samples.at(-1);
const metrics = [['RSS', 'rssMb']];
if (!args.service) metrics.push(['heap after GC', 'heapMb'], ['external after GC', 'externalMb']);
const rows = metrics.map(([label, key]) => {
  const values = run.samples.map((s) => s[key]);
  const peak = key === 'rssMb' ? Math.max(run.peakRssMb, ...values) : Math.max(...values);
  return {
    metric: label,
    baseline: `${baseline[key]} MB`,
    end: `${end[key]} MB`,
    growth: `${(((end[key] - baseline[key]) / baseline[key]) * 100).toFixed(1)}%`,
    peak: `${peak} MB`,
  };
});
const result = {
  date: new Date().toISOString(),
  mode: args.service ? `service (${WORKERS} workers, ${CONCURRENCY} clients)` : 'in process',
  renders: RENDERS,
  baselineAt: baseline.renders,
  seconds: Math.round(run.seconds),
  rendersPerSecond: Math.round((RENDERS / run.seconds) * 10) / 10,
  rows,
  samples: run.samples,
  ...(run.errors ? { errors: run.errors } : {}),
};
if (args.json) {
  console.log(JSON.stringify(result));
} else {
  console.log(
    `\n${result.mode}: ${RENDERS} renders (${KINDS.join(', ')}) in ${result.seconds} s ` +
      `(${result.rendersPerSecond}/s), node ${process.version}; baseline after ${baseline.renders}\n`,
  );
  console.log(table(rows));
  const tenth = Math.max(1, Math.floor(run.samples.length / 10));
  const series = run.samples.filter((_, k) => k % tenth === 0 || k === run.samples.length - 1);
  console.log(
    `\nRSS by renders: ${series.map((s) => `${s.renders}: ${s.rssMb}`).join(', ')}` +
      (args.service
        ? ''
        : `\nheap after GC by renders: ${series.map((s) => `${s.renders}: ${s.heapMb}`).join(', ')}`),
  );
}
