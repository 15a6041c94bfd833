#!/usr/bin/env node
// What a layout mode costs beside another mode laying out the same content in the same run:
// cards in a CSS grid against the same cards in a wrapping flex row, and paragraphs in
// multi-column layout against the same paragraphs as plain blocks (at the container's width,
// and at one column's width, which gives the same lines). Each size doubles the content
// twice, so a mode whose time per item grows with the size is not linear.
//
//   npm run build && node bench/layout-modes.mjs [--json] [--sizes=60,240] [rounds]
//
// Times are layoutHtml end to end (parse, cascade, layout, pagination; no PDF writing), the
// median of the rounds, variants interleaved so machine load affects them alike. The ratio
// column is the median of each round's own ratio, which load that changes between rounds
// does not skew. The largest size (3840 items, hundreds of pages) takes a few minutes.
import { performance } from 'node:perf_hooks';
import { layoutHtml } from '../dist/layout/index.js';
import { fmtMs, median, table } from './lib/stats.mjs';

const args = process.argv.slice(2);
const JSON_OUT = args.includes('--json');
const ROUNDS = Number(args.find((a) => !a.startsWith('--')) ?? 5);
const SIZES = (args.find((a) => a.startsWith('--sizes='))?.slice(8) ?? '60,240,960,3840')
  .split(',')
  .map(Number);

const options = {
  mode: 'paged',
  strict: false,
  loader: {
    policy: {
      allowPrivateNetwork: false,
      maxResourceBytes: 1e6,
      maxTotalBytes: 1e7,
      resourceTimeoutMs: 1000,
      maxRedirects: 0,
    },
    load: () => Promise.reject(new Error('no resources in this bench')),
  },
};

const WORDS =
  'energy output members grants fleet availability price quarter wind solar hydro site capacity factor report budget surplus reserve turbine array'.split(
    ' ',
  );
const sentence = (i, n) =>
  Array.from({ length: n }, (_, k) => WORDS[(i * 7 + k * 3) % WORDS.length]).join(' ') + '.';

function page(css, body) {
  return `<!DOCTYPE html><html lang="en"><head><title>bench</title><style>
    @page { size: A4; margin: 20mm } body { font: 10pt/1.4 sans-serif; margin: 0 }
    h3 { font-size: 11pt; margin: 0 0 4px } p { margin: 0 0 6px }
    .card { border: 1px solid #999; padding: 6px; box-sizing: border-box }
    ${css}</style></head><body>${body}</body></html>`;
}

const cards = (n) =>
  `<div class="wrap">${Array.from(
    { length: n },
    (_, i) => `<div class="card"><h3>Card ${i + 1}</h3><p>${sentence(i, 14)}</p></div>`,
  ).join('')}</div>`;

const paragraphs = (n) =>
  `<div class="wrap">${Array.from({ length: n }, (_, i) => `<p>${sentence(i, 40)}</p>`).join('')}</div>`;

const VARIANTS = {
  grid: (n) =>
    page('.wrap { display: grid; grid-template-columns: repeat(4, 1fr); gap: 8px }', cards(n)),
  flex: (n) =>
    page(
      '.wrap { display: flex; flex-wrap: wrap; gap: 8px } .card { flex: 1 1 20%; min-width: 0 }',
      cards(n),
    ),
  multicol: (n) => page('.wrap { columns: 3; column-gap: 8mm }', paragraphs(n)),
  'block (full width)': (n) => page('', paragraphs(n)),
  'block (column width)': (n) => page('.wrap { width: 53mm }', paragraphs(n)),
};

async function once(html) {
  const started = performance.now();
  const { document } = await layoutHtml({ html }, options);
  return { ms: performance.now() - started, pages: document.pages.length };
}

/** What each mode is compared with: the same content in another mode, in the same round. */
const BASELINE = { grid: 'flex', multicol: 'block (column width)' };

const results = [];
for (const n of SIZES) {
  const sources = Object.entries(VARIANTS).map(([name, make]) => [name, make(n)]);
  const times = new Map(sources.map(([name]) => [name, []]));
  const pages = new Map();
  // Warm-up: fonts, compiled code, a settled heap.
  for (let w = 0; w < 2; w++) for (const [, html] of sources) await once(html);
  // Each round starts one variant later: the run after flex pays for a collection of yoga's
  // garbage that is not its own, and a fixed order put that cost on the same variant always.
  for (let r = 0; r < ROUNDS; r++)
    for (const [name, html] of [
      ...sources.slice(r % sources.length),
      ...sources.slice(0, r % sources.length),
    ]) {
      const t = await once(html);
      times.get(name).push(t.ms);
      pages.set(name, t.pages);
    }
  for (const [name] of sources) {
    const base = BASELINE[name];
    // Each round's own ratio: load that changes between rounds affects both sides of it alike.
    const ratio = base ? median(times.get(name).map((t, r) => t / times.get(base)[r])) : undefined;
    results.push({
      items: n,
      variant: name,
      ms: median(times.get(name)),
      pages: pages.get(name),
      ...(base ? { ratio, baseline: base } : {}),
    });
  }
}

if (JSON_OUT) {
  process.stdout.write(JSON.stringify({ rounds: ROUNDS, results }) + '\n');
} else {
  const rows = results.map((r) => ({
    items: String(r.items),
    variant: r.variant,
    pages: String(r.pages),
    median: fmtMs(r.ms),
    'per item': `${((r.ms / r.items) * 1000).toFixed(0)} µs`,
    'vs same content': r.baseline ? `${r.ratio.toFixed(2)}x ${r.baseline}` : '',
  }));
  console.log(`layoutHtml, median of ${ROUNDS} rounds\n`);
  console.log(table(rows));
}
