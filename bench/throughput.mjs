#!/usr/bin/env node
// Throughput with a pool on every core, per document: a11ypdf's library in one worker thread per
// core against WeasyPrint in one warm Python process per core, each pool given the same wall
// time on the same document, one pool after the other, document by document (so machine load
// falls on both alike). Each thread or process renders the document again and again; its rate is
// the documents it finished over the time to its last one, and a pool's rate is the sum. Both
// pools live for the whole run, as a service's workers do, and warm up on each document before
// it is measured. The documents: the benchmark's (bench/docs) and the fidelity gallery.
//
//   node bench/throughput.mjs [--docs invoice,gallery/cv] [--seconds 4] [--threads 2] [--json]
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { ALL_DOCS, ourInput, peerInput, weasyprint } from './lib/inputs.mjs';
import { tuneHeapForRenders } from '../dist/index.js';
import { table } from './lib/stats.mjs';
import { renderUntil, WARM, warmPoolUntilSettled } from './lib/warm.mjs';

const OUT = fileURLToPath(new URL('./out/', import.meta.url));
const { values: args } = parseArgs({
  options: {
    docs: { type: 'string' },
    seconds: { type: 'string', default: '4' },
    threads: { type: 'string' },
    json: { type: 'boolean', default: false },
  },
});
const DOCS = args.docs ? args.docs.split(',') : ALL_DOCS;
const MEASURE_MS = Math.max(1000, Number(args.seconds) * 1000);
const THREADS = Math.max(1, Number(args.threads ?? availableParallelism()));
// Each a11ypdf thread warms on each document as bench/steady.mjs does, then the pool goes on
// until the CPU the process spends per document stops falling (bench/lib/warm.mjs: V8's
// background compiler shares the two cores with the threads for the first seconds);
// WeasyPrint's processes warm for WARM.minMs (their time does not drift).
/** Least documents per thread or process in a measurement, however slow the engine. */
const MIN_DOCS = 2;

/** Documents per second of one renderer: finished documents over the time to the last one. */
const rate = (start, ends) =>
  ends.length === 0 ? 0 : (ends.length * 1000) / (ends.at(-1) - start);

function ourPool() {
  // As the service's pool: before the workers start, so that their isolates get it.
  tuneHeapForRenders();
  const workers = Array.from(
    { length: THREADS },
    () => new Worker(new URL('./lib/throughput-worker.mjs', import.meta.url)),
  );
  const run = (w, msg) =>
    new Promise((resolve, reject) => {
      w.once('message', (m) => (m.error ? reject(new Error(m.error)) : resolve(m)));
      w.postMessage(msg);
    });
  return {
    async measure({ input, options }) {
      await Promise.all(workers.map((w) => run(w, { input, options, warm: true })));
      const warmCpu = await warmPoolUntilSettled(async (until) => {
        const done = await Promise.all(
          workers.map((w) => run(w, { input, options, until, min: 1 })),
        );
        return done.reduce((sum, d) => sum + d.ends.length, 0);
      });
      const until = Date.now() + MEASURE_MS;
      const done = await Promise.all(
        workers.map((w) => run(w, { input, options, until, min: MIN_DOCS })),
      );
      return { rate: done.reduce((sum, d) => sum + rate(d.start, d.ends), 0), warmCpu };
    },
    close: () => Promise.all(workers.map((w) => w.terminate())),
  };
}

async function peerPool() {
  const engine = await weasyprint();
  if (!engine) return null;
  const instances = await Promise.all(Array.from({ length: THREADS }, () => engine.create()));
  const loop = async (wp, path, until, min) => {
    const { start, ends } = await renderUntil(() => wp.render(path), until, min);
    return rate(start, ends);
  };
  return {
    async measure(name) {
      const path = await peerInput(instances[0], name);
      if (path === null) return undefined;
      await Promise.all(instances.map((wp) => loop(wp, path, Date.now() + WARM.minMs, 2)));
      const until = Date.now() + MEASURE_MS;
      const rates = await Promise.all(instances.map((wp) => loop(wp, path, until, MIN_DOCS)));
      return rates.reduce((a, b) => a + b, 0);
    },
    close: () => Promise.all(instances.map((wp) => wp.close())),
  };
}

const ours = ourPool();
const peer = await peerPool();
const rows = [];
try {
  for (const name of DOCS) {
    const { rate: a11ypdf, warmCpu } = await ours.measure(await ourInput(name));
    const weasyprint = peer ? await peer.measure(name) : undefined;
    // CPU ms per document in the pool's warm rounds: how far the JIT's work fell before timing.
    const row = { document: name, a11ypdf, weasyprint, warmCpuMsPerDoc: warmCpu };
    rows.push(row);
    console.error(
      `${name}: pool warm CPU/doc ${warmCpu.map((c) => c.toFixed(1)).join(', ')} ms; ` +
        `a11ypdf ${a11ypdf.toFixed(1)} docs/s` +
        (weasyprint
          ? `, WeasyPrint ${weasyprint.toFixed(2)} docs/s, ${(a11ypdf / weasyprint).toFixed(1)}x`
          : ''),
    );
  }
} finally {
  await ours.close();
  await peer?.close();
}

if (args.json) console.log(JSON.stringify({ threads: THREADS, rows }, null, 2));
else {
  console.log(`pools of ${THREADS} (threads for a11ypdf, processes for WeasyPrint):`);
  console.log(
    table(
      rows.map((r) => ({
        document: r.document,
        'a11ypdf docs/s': r.a11ypdf.toFixed(1),
        'WeasyPrint docs/s': r.weasyprint === undefined ? '–' : r.weasyprint.toFixed(2),
        ratio: r.weasyprint === undefined ? '–' : `${(r.a11ypdf / r.weasyprint).toFixed(1)}x`,
        target:
          r.weasyprint === undefined ? '' : r.a11ypdf / r.weasyprint >= 15 ? 'met' : 'under 15x',
      })),
    ),
  );
}
mkdirSync(OUT, { recursive: true });
writeFileSync(`${OUT}throughput.json`, JSON.stringify({ threads: THREADS, rows }, null, 2));
