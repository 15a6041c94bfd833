#!/usr/bin/env node
// Warm-up and steady state, per document: for each document a fresh service is started
// (`a11ypdf serve`, one worker per core), timed from spawn to /health/ready, then sent the
// same document one request after another until it has rendered it for --seconds (and at least
// --requests times): V8 keeps optimising code for a second or more of work after a fresh
// worker's warm-up, so a short run would take the tail of that ramp for the steady state. The
// steady latency is the median of the run's last third; WeasyPrint and Chromium (when
// installed, each kept warm in one process) then render the same document ten times each, in
// the same minute. Prints the first request's latency after readiness, the request from which the service
// stays at steady speed, the steady latency, the peers' and the ratios. The documents: the
// benchmark's (bench/docs) and the fidelity gallery (gallery/), which the engine was not tuned
// on; gallery assets are served over loopback HTTP.
//
//   node bench/warmup.mjs [--seconds 6] [--requests 30] [--docs invoice,gallery/cv] [--no-peers] [--json]
import { writeFileSync, mkdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { availableParallelism } from 'node:os';
import { serveDirectory } from '../scripts/fidelity-serve.mjs';
import { loadDoc } from './lib/docs.mjs';
import { ALL_DOCS } from './lib/inputs.mjs';
import { toHtml } from './docs/to-html.mjs';
import { startServiceProcess } from './lib/service.mjs';
import { median, table } from './lib/stats.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = fileURLToPath(new URL('./out/', import.meta.url));

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '6' },
    requests: { type: 'string', default: '30' },
    docs: { type: 'string' },
    'no-peers': { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
  },
});
const MIN_REQUESTS = Math.max(12, Number(args.requests));
const RUN_MS = Math.max(0, Number(args.seconds) * 1000);
/** However fast the document, a run stops here. */
const MAX_REQUESTS = 5000;
/** Renders of each peer, after the service's run. */
const PEER_RENDERS = 10;
const DOCS = args.docs ? args.docs.split(',') : ALL_DOCS;

/** The steady latency: the median of the run's last third (this machine's speed wanders). */
export function steadyLatency(latencies) {
  return median(latencies.slice(Math.floor((latencies.length * 2) / 3)));
}

/**
 * The request (1-based) from which the service stays at steady speed: the first from which
 * every rolling median of nine requests is within 1.25x of the steady latency (a median lets
 * a lone collector pause pass, not a slow stretch).
 */
export function steadyFrom(latencies, steady) {
  const roll = (i) => median(latencies.slice(i, i + 9));
  let reached = latencies.length + 1;
  for (let i = latencies.length - 9; i >= 0; i--) {
    if (roll(i) <= steady * 1.25) reached = i + 1;
    else break;
  }
  return reached;
}

async function peers() {
  if (args['no-peers']) return [];
  const list = [];
  for (const [label, mod] of [
    ['WeasyPrint', './engines/weasyprint.mjs'],
    ['Chromium', './engines/chromium-warm.mjs'],
  ]) {
    const engine = await import(mod);
    if ((await engine.available()) === true) list.push({ label, engine: await engine.create() });
    else console.error(`${label}: skipped (${await engine.available()})`);
  }
  return list;
}

/** The request body for the service, and a file for the peers (null: none, a template). */
async function documentFor(name, files) {
  if (name.startsWith('gallery/')) {
    const html = (await import('node:fs')).readFileSync(`${ROOT}${name}/index.html`, 'utf8');
    return {
      path: '/render/html',
      body: { html, baseUrl: files.urlFor(`${name}/index.html`) },
      peerInput: (label) =>
        label === 'Chromium'
          ? pathToFileURL(`${ROOT}${name}/index.html`).href
          : `${ROOT}${name}/index.html`,
    };
  }
  const doc = await loadDoc(name);
  if (doc.template)
    return {
      path: '/render/template',
      body: { template: doc.template, data: doc.data },
      peerInput: () => null,
      doc,
    };
  return { path: '/render/html', body: { html: await toHtml(doc) }, doc };
}

const files = await serveDirectory(ROOT);
const peerEngines = await peers();
const rows = [];
try {
  for (const name of DOCS) {
    const d = await documentFor(name, files);
    const peerInputs = new Map();
    for (const p of peerEngines) {
      const input = d.doc ? await p.engine.prepare(d.doc) : d.peerInput(p.label);
      if (input !== null) {
        for (let i = 0; i < 5; i++) await p.engine.render(input); // warm
        peerInputs.set(p.label, { engine: p.engine, input, times: [] });
      }
    }
    const started = performance.now();
    const svc = await startServiceProcess({
      workers: availableParallelism(),
      // Worker threads at the process's priority: peers run at normal priority on this shared
      // machine, and niced workers would wait behind every other job on it.
      env: { ALLOW_PRIVATE_NETWORK: 'true', WORKER_NICE: '0' },
      waitFor: '/health/ready',
    });
    const readyMs = performance.now() - started;
    const latencies = [];
    const send = async () => {
      const t = performance.now();
      const res = await fetch(`${svc.base}${d.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/pdf' },
        body: JSON.stringify(d.body),
      });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${name}: HTTP ${res.status}`);
      return performance.now() - t;
    };
    try {
      const until = performance.now() + RUN_MS;
      while (
        latencies.length < MAX_REQUESTS &&
        (latencies.length < MIN_REQUESTS || performance.now() < until)
      )
        latencies.push(await send());
    } finally {
      await svc.stop();
    }
    // The peers right after, not between our requests: a browser goes on working for a while
    // after it returns a PDF, and that work would be charged to the request after it.
    for (const p of peerInputs.values())
      for (let i = 0; i < PEER_RENDERS; i++) {
        const tp = performance.now();
        await p.engine.render(p.input);
        p.times.push(performance.now() - tp);
      }
    const steady = steadyLatency(latencies);
    const reached = steadyFrom(latencies, steady);
    const row = {
      document: name,
      readyMs,
      firstMs: latencies[0],
      toSteady: reached,
      requests: latencies.length,
      steadyMs: steady,
      first5: latencies.slice(0, 5),
      latencies: latencies.map((ms) => Math.round(ms * 10) / 10),
    };
    for (const [label, p] of peerInputs) row[label] = median(p.times);
    rows.push(row);
    console.error(
      `${name}: ready ${readyMs.toFixed(0)} ms, first ${latencies[0].toFixed(1)} ms, steady ${steady.toFixed(1)} ms from request ${reached}`,
    );
  }
} finally {
  for (const p of peerEngines) await p.engine.close();
  await files.close();
}

const fmt = (ms) => (ms === undefined ? '–' : ms < 100 ? ms.toFixed(1) : ms.toFixed(0));
const ratio = (a, b) => (a === undefined ? '–' : `${(a / b).toFixed(1)}x`);
if (args.json) console.log(JSON.stringify(rows, null, 2));
else
  console.log(
    table(
      rows.map((r) => ({
        document: r.document,
        ready: `${fmt(r.readyMs)} ms`,
        'first request': `${fmt(r.firstMs)} ms`,
        'first / steady': `${(r.firstMs / r.steadyMs).toFixed(2)}x`,
        'steady from request': `${r.toSteady} of ${r.requests}`,
        steady: `${fmt(r.steadyMs)} ms`,
        'WeasyPrint warm': r.WeasyPrint === undefined ? '–' : `${fmt(r.WeasyPrint)} ms`,
        'WP / a11ypdf': ratio(r.WeasyPrint, r.steadyMs),
        'Chromium warm': r.Chromium === undefined ? '–' : `${fmt(r.Chromium)} ms`,
        'Cr / a11ypdf': ratio(r.Chromium, r.steadyMs),
      })),
    ),
  );
mkdirSync(OUT, { recursive: true });
writeFileSync(`${OUT}warmup.json`, JSON.stringify(rows, null, 2));
