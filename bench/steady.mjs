#!/usr/bin/env node
// Steady state per document, in one process: a11ypdf's library kept warm against WeasyPrint
// kept warm in one Python process, renders interleaved (a11ypdf, WeasyPrint, a11ypdf, ...) so
// that the load of a shared machine falls on both alike. The documents are the benchmark's
// (bench/docs) and the fidelity gallery (gallery/), which the engine was not tuned on; gallery
// documents are read from disk by both engines (their fonts, images and style sheets included).
//
//   node bench/steady.mjs [--docs invoice,gallery/cv] [--rounds 12] [--no-peers] [--json] [--verbose]
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { render, tuneHeapForRenders } from '../dist/index.js';
import { ALL_DOCS, ourInput, peerInput, weasyprint } from './lib/inputs.mjs';
import { median, table } from './lib/stats.mjs';
import { warmUntilSettled } from './lib/warm.mjs';

// The heap set up as the service's and the batch pool's processes have it.
tuneHeapForRenders();

const OUT = fileURLToPath(new URL('./out/', import.meta.url));

const { values: args } = parseArgs({
  options: {
    docs: { type: 'string' },
    rounds: { type: 'string', default: '12' },
    'no-peers': { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
  },
});
const ROUNDS = Math.max(3, Number(args.rounds));
const DOCS = args.docs ? args.docs.split(',') : ALL_DOCS;
const engine = args['no-peers'] ? null : await weasyprint();
const wp = engine ? await engine.create() : null;
const rows = [];
try {
  for (const name of DOCS) {
    const ours = await ourInput(name);
    const wpInput = wp ? await peerInput(wp, name) : null;
    const once = async () => {
      const t = performance.now();
      const r = await render(ours.input, ours.options);
      return { ms: performance.now() - t, pages: r.pages };
    };
    // Warm renders before timing: enough for the JIT and the per-thread caches (WARM).
    const started = performance.now();
    let pages = 0;
    const warm = await warmUntilSettled(async () => {
      const r = await once();
      pages = r.pages;
      return r.ms;
    });
    if (args.verbose)
      console.error(
        `${name}: warmed ${warm.length} renders in ${(performance.now() - started).toFixed(0)} ms`,
      );
    if (wpInput) for (let i = 0; i < 3; i++) await wp.render(wpInput);
    const a = [];
    const w = [];
    for (let i = 0; i < ROUNDS; i++) {
      a.push((await once()).ms);
      if (wpInput) {
        const t = performance.now();
        await wp.render(wpInput);
        w.push(performance.now() - t);
      }
    }
    const row = {
      document: name,
      pages,
      a11ypdf: median(a),
      weasyprint: w.length ? median(w) : undefined,
    };
    rows.push(row);
    console.error(
      `${name}: a11ypdf ${row.a11ypdf.toFixed(1)} ms` +
        (row.weasyprint
          ? `, WeasyPrint ${row.weasyprint.toFixed(0)} ms, ${(row.weasyprint / row.a11ypdf).toFixed(1)}x`
          : ''),
    );
  }
} finally {
  await wp?.close();
}

const fmt = (ms) => (ms === undefined ? '–' : ms < 100 ? ms.toFixed(1) : ms.toFixed(0));
if (args.json) console.log(JSON.stringify(rows, null, 2));
else
  console.log(
    table(
      rows.map((r) => ({
        document: r.document,
        pages: String(r.pages),
        'a11ypdf warm': `${fmt(r.a11ypdf)} ms`,
        'WeasyPrint warm': r.weasyprint === undefined ? '–' : `${fmt(r.weasyprint)} ms`,
        'WP / a11ypdf':
          r.weasyprint === undefined ? '–' : `${(r.weasyprint / r.a11ypdf).toFixed(1)}x`,
        target:
          r.weasyprint === undefined ? '' : r.weasyprint / r.a11ypdf >= 8 ? 'met' : 'under 8x',
      })),
    ),
  );
mkdirSync(OUT, { recursive: true });
writeFileSync(`${OUT}steady.json`, JSON.stringify(rows, null, 2));
