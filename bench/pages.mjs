#!/usr/bin/env node
// Cost per page as documents grow: the same kind of content at about 10, 100 and 1,000 pages,
// rendered to a tagged PDF end to end (parse, cascade, layout, pagination, writing), one
// kind at a time in this process. A kind is linear when its milliseconds per page stay flat.
//
//   npm run build && node bench/pages.mjs [--kinds=text,tables,grids,images] [--sizes=10,100,1000]
//                                          [--rounds=N] [--json] [--write=DIR]
//
// Kinds: text (headings, paragraphs, lists), tables (one long table whose header repeats on
// every page, as a statement), grids (cards in a CSS grid, rows breaking between pages) and
// images (a figure with a raster image and a caption every few paragraphs; the same picture
// once in eight, seven others distinct). Each size renders `rounds` times after one warm-up
// render of the smallest size; the median is reported. CPU time (process.cpuUsage: this
// thread and V8's helper threads) is what a loaded machine does not inflate; the ratio column
// divides a size's CPU per page by the smallest size's.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { deflateSync } from 'node:zlib';
import { render } from '../dist/index.js';
import { paragraph, words } from './docs/content.mjs';
import { median } from './lib/stats.mjs';

const args = process.argv.slice(2);
const opt = (name, fallback) =>
  args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const KINDS = opt('kinds', 'text,tables,grids,images').split(',');
const SIZES = opt('sizes', '10,100,1000').split(',').map(Number);
const ROUNDS = Number(opt('rounds', '3'));
const JSON_OUT = args.includes('--json');
/** Writes the documents as DIR/<kind>-<pages>.html (to profile or compare) instead of rendering. */
const WRITE_DIR = opt('write', '');

const page = (body, title) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title><style>
body { font-family: sans-serif; font-size: 10.5pt; line-height: 1.4 }
@page { size: A4; margin: 20mm; @bottom-center { content: counter(page) " / " counter(pages) } }
h2 { font-size: 14pt; margin: 1.2em 0 .4em } figure { margin: 1em 0 }
figcaption { font-size: 9pt; color: #444 }
table { width: 100%; border-collapse: collapse } th, td { padding: 3px 6px; border-bottom: 1px solid #ccc }
th { background: #eee; text-align: left } td.n { text-align: right }
.grid { display: grid; grid-template-columns: repeat(3, 1fr); gap: 6mm }
.card { border: 1px solid #bbb; padding: 3mm; break-inside: avoid }
.card h3 { margin: 0 0 2mm; font-size: 11pt }
</style></head><body>${body}</body></html>`;

/** Units of content per page, measured once on this engine (rounded). */
const PER_PAGE = { text: 1.6, tables: 29, grids: 12.2, images: 3.1 };

function text(units) {
  let out = '<h1>Growth report</h1>';
  for (let s = 0; s < units; s++) {
    out += `<h2>${s + 1}. ${words(s + 40, 4).slice(0, -1)}</h2>`;
    out += `<p>${paragraph(s * 5 + 2, 5)}</p><ul>`;
    for (let i = 0; i < 4; i++) out += `<li>${words(s * 9 + i, 10 + i)}</li>`;
    out += `</ul><p>${paragraph(s * 5 + 4, 6)}</p><p>${paragraph(s * 5 + 5, 4)}</p>`;
  }
  return out;
}

function tables(rows) {
  let out =
    '<h1>Account statement</h1><table><thead><tr><th>Date</th><th>Reference</th>' +
    '<th>Description</th><th>Amount</th><th>Balance</th></tr></thead><tbody>';
  let balance = 100000;
  for (let i = 0; i < rows; i++) {
    const amount = ((i * 7919) % 50000) - 20000;
    balance += amount;
    const day = `2026-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`;
    out += `<tr><td>${day}</td><td>TX${100000 + i}</td><td>${words(i, 4 + (i % 4))}</td>`;
    out += `<td class="n">${(amount / 100).toFixed(2)}</td><td class="n">${(balance / 100).toFixed(2)}</td></tr>`;
  }
  return `${out}</tbody></table>`;
}

function grids(cards) {
  let out = '<h1>Product catalogue</h1><div class="grid">';
  for (let i = 0; i < cards; i++)
    out += `<div class="card"><h3>Item ${i + 1}</h3><p>${words(i * 3, 12 + (i % 9))}</p></div>`;
  return `${out}</div>`;
}

/** A small RGB PNG, drawn from `seed` so distinct figures are distinct images. */
function png(seed, w = 96, h = 48) {
  const raw = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const o = y * (w * 3 + 1) + 1 + x * 3;
      raw[o] = (x * 5 + seed * 40) & 255;
      raw[o + 1] = (y * 9 + seed * 20) & 255;
      raw[o + 2] = ((x + y) * 3 + seed * 70) & 255;
    }
  const chunk = (type, data) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const sig = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
  const file = Buffer.concat([
    sig,
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${file.toString('base64')}`;
}

function crc32(buf) {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

const PICTURES = Array.from({ length: 8 }, (_, i) => png(i));

function images(figures) {
  let out = '<h1>Field notes</h1>';
  for (let i = 0; i < figures; i++) {
    out += `<p>${paragraph(i * 3 + 1, 3)}</p>`;
    out += `<figure><img src="${PICTURES[i % 8]}" alt="Sample chart ${i + 1}" style="width: 70mm">`;
    out += `<figcaption>Figure ${i + 1}. ${words(i, 6)}</figcaption></figure>`;
  }
  return out;
}

const MAKE = { text, tables, grids, images };

async function renderOnce(html) {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const r = await render({ kind: 'html', html });
  const cpu = process.cpuUsage(c0);
  return {
    ms: performance.now() - t0,
    cpuMs: (cpu.user + cpu.system) / 1000,
    pages: r.pages,
    bytes: r.pdf.length,
  };
}

const results = [];
for (const kind of KINDS) {
  const make = MAKE[kind];
  if (!make) throw new Error(`unknown kind ${kind} (text, tables, grids, images)`);
  const docs = SIZES.map((pages) => ({
    pages,
    html: page(make(Math.max(1, Math.round(pages * PER_PAGE[kind]))), `${kind} ${pages}`),
  }));
  if (WRITE_DIR) {
    mkdirSync(WRITE_DIR, { recursive: true });
    for (const d of docs) writeFileSync(join(WRITE_DIR, `${kind}-${d.pages}.html`), d.html);
    continue;
  }
  await renderOnce(docs[0].html);
  for (const d of docs) {
    const runs = [];
    for (let i = 0; i < (d.pages >= 1000 ? Math.min(ROUNDS, 2) : ROUNDS); i++)
      runs.push(await renderOnce(d.html));
    const ms = median(runs.map((r) => r.ms));
    const cpuMs = median(runs.map((r) => r.cpuMs));
    const pages = runs[0].pages;
    results.push({
      kind,
      target: d.pages,
      pages,
      ms,
      cpuMs,
      msPerPage: ms / pages,
      cpuPerPage: cpuMs / pages,
    });
  }
}

if (WRITE_DIR) process.exit(0);
if (JSON_OUT) console.log(JSON.stringify(results, null, 2));
else {
  const base = Object.fromEntries(
    results.filter((r) => r.target === SIZES[0]).map((r) => [r.kind, r.cpuPerPage]),
  );
  console.log(
    [
      'kind     pages   wall ms   ms/page   CPU ms  CPU/page  CPU/page vs smallest',
      ...results.map((r) =>
        [
          r.kind.padEnd(7),
          String(r.pages).padStart(6),
          r.ms.toFixed(0).padStart(9),
          r.msPerPage.toFixed(2).padStart(9),
          r.cpuMs.toFixed(0).padStart(8),
          r.cpuPerPage.toFixed(2).padStart(9),
          `${(r.cpuPerPage / base[r.kind]).toFixed(2)}x`.padStart(12),
        ].join(' '),
      ),
    ].join('\n'),
  );
}
