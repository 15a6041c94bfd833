#!/usr/bin/env node
// The PDF writer's own cost per page, beside pdfkit writing the same text in the same run.
//
//   npm run build && node bench/writer.mjs [--json] [pages] [rounds]
//
// Also run by bench/run.mjs (with --json: one JSON object on stdout).
// "writer" is writePdf alone on pre-shaped text (content streams, subsetting, structure tree,
// XMP, compression); "with shaping" adds building the display list with fontkit's layout,
// which is what pdfkit does internally. pdfkit is timed end to end and writes untagged output:
// it is the speed floor, not a peer. Ratios are within one run, interleaved, so machine load
// affects both sides alike.
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import { writePdf } from '../dist/pdf/index.js';

const JSON_OUT = process.argv.includes('--json');
const positional = process.argv.slice(2).filter((a) => a !== '--json');
const PAGES = Number(positional[0] ?? 20);
const ROUNDS = Number(positional[1] ?? 5);
const FONT_PATH = new URL('../fonts/LiberationSans-Regular.ttf', import.meta.url);
const BOLD_PATH = new URL('../fonts/LiberationSans-Bold.ttf', import.meta.url);
const W = 595;
const H = 842;

const WORDS =
  'accessible documents need structure tags language metadata fonts embedded with unicode maps tables headers lists links figures alternative text reading order'.split(
    ' ',
  );

function resource(path) {
  const program = readFileSync(path);
  const kit = fontkit.create(program);
  return {
    kit,
    res: {
      id: createHash('sha1').update(program).digest('hex'),
      postscriptName: kit.postscriptName,
      program,
    },
  };
}
const regular = resource(FONT_PATH);
const bold = resource(BOLD_PATH);

function line(i, n) {
  const words = [];
  for (let k = 0; k < n; k++) words.push(WORDS[(i * 7 + k * 3) % WORDS.length]);
  return words.join(' ');
}

function glyphRun(font, text, x, y, size, slot) {
  const run = font.kit.layout(text);
  const scale = size / font.kit.unitsPerEm;
  const glyphs = {
    ids: run.glyphs.map((g) => g.id),
    advances: run.positions.map((p) => p.xAdvance * scale),
    texts: run.glyphs.map((g) => String.fromCodePoint(...g.codePoints)),
  };
  return {
    kind: 'glyphs',
    font: font.res,
    size,
    color: { r: 0, g: 0, b: 0, a: 1 },
    x,
    y,
    glyphs,
    tag: { kind: 'content', slot },
  };
}

/** Text-heavy: per page one heading and 56 lines of 11 pt text in 8 paragraphs. */
function textDoc(pages) {
  let slot = 1;
  let id = 1;
  const kids = [];
  const out = [];
  const lines = [];
  for (let p = 0; p < pages; p++) {
    const items = [];
    const hs = slot++;
    items.push(glyphRun(bold, `Section ${p + 1}`, 56, 60, 18, hs));
    lines.push({ p, x: 56, y: 60, text: `Section ${p + 1}`, bold: true, size: 18 });
    kids.push({
      kind: 'node',
      id: id++,
      type: p === 0 ? 'H1' : 'H2',
      children: [{ kind: 'content', slot: hs }],
    });
    for (let para = 0; para < 8; para++) {
      const s = slot++;
      kids.push({ kind: 'node', id: id++, type: 'P', children: [{ kind: 'content', slot: s }] });
      for (let l = 0; l < 7; l++) {
        const y = 90 + (para * 7 + l) * 13;
        const text = line(p * 100 + para * 7 + l, 12);
        items.push(glyphRun(regular, text, 56, y, 11, s));
        lines.push({ p, x: 56, y, text, bold: false, size: 11 });
      }
    }
    items.push({
      ...glyphRun(regular, `Page ${p + 1}`, 280, 820, 9, 0),
      tag: { kind: 'artifact', type: 'Pagination', subtype: 'Footer' },
    });
    out.push({ width: W, height: H, items });
  }
  return { doc: finish(out, kids), lines, rects: [] };
}

/** Table-heavy: per page a 6 x 40 table, every cell with borders and text (one Table over all pages). */
function tableDoc(pages) {
  let slot = 1;
  let id = 1000000;
  const rows = [];
  const out = [];
  const lines = [];
  const rects = [];
  const colW = 80;
  for (let p = 0; p < pages; p++) {
    const items = [];
    for (let r = 0; r < 40; r++) {
      const cells = [];
      for (let c = 0; c < 6; c++) {
        const s = slot++;
        const x = 56 + c * colW;
        const y = 60 + r * 18;
        const text =
          r === 0 && p === 0
            ? `Column ${c + 1}`
            : `${(p * 40 + r) * 6 + c}.00 ${WORDS[(r + c) % WORDS.length]}`;
        items.push({
          kind: 'path',
          ops: [{ op: 'rect', x, y, width: colW, height: 18 }],
          stroke: { paint: { r: 0.5, g: 0.5, b: 0.5, a: 1 }, width: 0.5 },
          tag: { kind: 'artifact', type: 'Layout' },
        });
        items.push(glyphRun(r === 0 && p === 0 ? bold : regular, text, x + 4, y + 13, 9, s));
        rects.push({ p, x, y, w: colW, h: 18 });
        lines.push({ p, x: x + 4, y: y + 13, text, bold: r === 0 && p === 0, size: 9 });
        cells.push({
          kind: 'node',
          id: id++,
          type: r === 0 && p === 0 ? 'TH' : 'TD',
          ...(r === 0 && p === 0 ? { attributes: { scope: 'Column' } } : {}),
          children: [{ kind: 'content', slot: s }],
        });
      }
      rows.push({ kind: 'node', id: id++, type: 'TR', children: cells });
    }
    out.push({ width: W, height: H, items });
  }
  const table = { kind: 'node', id: id++, type: 'Table', children: rows };
  return { doc: finish(out, [table]), lines, rects };
}

function finish(pages, kids) {
  return {
    pages,
    structure: { kind: 'node', id: 0, type: 'Document', children: kids },
    metadata: { title: 'Benchmark', lang: 'en' },
  };
}

/** The file settings render() would pass, fixed so every run writes the same bytes. */
const SETTINGS = {
  creationDate: new Date('2026-01-01T00:00:00Z'),
  documentId: '00000000-0000-4000-a000-000000000000',
  attachments: [],
  xmpSchemas: [],
  pdfa: true,
};

function pdfkitWrite(lines, rects, pages) {
  return new Promise((resolve) => {
    const doc = new PDFDocument({ size: [W, H], autoFirstPage: false, compress: true });
    const chunks = [];
    doc.on('data', (c) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.registerFont('R', FONT_PATH.pathname);
    doc.registerFont('B', BOLD_PATH.pathname);
    let li = 0;
    let ri = 0;
    for (let p = 0; p < pages; p++) {
      doc.addPage({ size: [W, H], margin: 0 });
      doc.lineWidth(0.5).strokeColor('#808080');
      while (ri < rects.length && rects[ri].p === p) {
        const r = rects[ri++];
        doc.rect(r.x, r.y, r.w, r.h).stroke();
      }
      while (li < lines.length && lines[li].p === p) {
        const l = lines[li++];
        // pdfkit positions text by its top; move up by the ascent to share our baselines.
        doc
          .font(l.bold ? 'B' : 'R')
          .fontSize(l.size)
          .fillColor('black')
          .text(l.text, l.x, l.y - l.size * 0.905, { lineBreak: false });
      }
    }
    doc.end();
  });
}

async function measure(label, build) {
  // Warm-up: font parsing caches, JIT.
  const warm = build(PAGES);
  writePdf(warm.doc, SETTINGS, { deterministic: true });
  await pdfkitWrite(warm.lines, warm.rects, PAGES);
  let shaping = 0;
  let ours = 0;
  let theirs = 0;
  let oursBytes = 0;
  let theirBytes = 0;
  for (let i = 0; i < ROUNDS; i++) {
    let t = performance.now();
    const { doc, lines, rects } = build(PAGES);
    shaping += performance.now() - t;
    t = performance.now();
    const r = writePdf(doc, SETTINGS, { deterministic: true });
    ours += performance.now() - t;
    oursBytes = r.bytes.length;
    t = performance.now();
    const b = await pdfkitWrite(lines, rects, PAGES);
    theirs += performance.now() - t;
    theirBytes = b.length;
  }
  const perPage = (ms) => (ms / ROUNDS / PAGES).toFixed(2).padStart(6);
  const result = {
    label,
    oursMsPerPage: ours / ROUNDS / PAGES,
    withShapingMsPerPage: (ours + shaping) / ROUNDS / PAGES,
    pdfkitMsPerPage: theirs / ROUNDS / PAGES,
    ratio: ours / theirs,
    ratioWithShaping: (ours + shaping) / theirs,
    oursBytes,
    pdfkitBytes: theirBytes,
  };
  if (JSON_OUT) return result;
  console.log(
    `${label.padEnd(12)} writer ${perPage(ours)} ms/page, with shaping ${perPage(ours + shaping)} ` +
      `(${(oursBytes / 1024).toFixed(0)} KiB tagged PDF/A-3a+UA-1) | pdfkit ${perPage(theirs)} ms/page ` +
      `(${(theirBytes / 1024).toFixed(0)} KiB untagged) | writer/pdfkit ${(ours / theirs).toFixed(2)}x, ` +
      `with shaping ${((ours + shaping) / theirs).toFixed(2)}x`,
  );
  return result;
}

if (!JSON_OUT)
  console.log(`writer benchmark: ${PAGES} pages, ${ROUNDS} rounds, node ${process.version}`);
const results = [await measure('text-heavy', textDoc), await measure('table-heavy', tableDoc)];
if (JSON_OUT) console.log(JSON.stringify({ pages: PAGES, rounds: ROUNDS, results }));
