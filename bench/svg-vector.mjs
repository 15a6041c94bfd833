#!/usr/bin/env node
// The SVG vector subset against librsvg on real files: every .svg under the folders given
// (icons, diagrams, charts from anywhere) is parsed by the subset; each one drawn as vectors
// is rendered by a11ypdf (an <img> in a page, raster output) and by librsvg directly (sharp),
// both on white at the same size, and the share of visibly different pixels is reported.
// Files the subset leaves to librsvg are counted by what they use.
//
//   node bench/svg-vector.mjs DIR [DIR ...] [--over 0.02] [--out DIR] [--json]
import { readFileSync, readdirSync, mkdirSync, statSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { renderImage } from '../dist/index.js';
import { parseSimpleSvg } from '../dist/images/svg-vector.js';

const { values: args, positionals: dirs } = parseArgs({
  allowPositionals: true,
  options: {
    over: { type: 'string', default: '0.02' },
    out: { type: 'string' },
    json: { type: 'boolean', default: false },
  },
});
if (dirs.length === 0) {
  console.error(
    'usage: node bench/svg-vector.mjs DIR [DIR ...] [--over 0.02] [--out DIR] [--json]',
  );
  process.exit(2);
}
const OVER = Number(args.over);
const WIDTH = 400;

function* svgFiles(dir) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) yield* svgFiles(p);
    else if (e.isFile() && e.name.toLowerCase().endsWith('.svg')) yield p;
  }
}

/** What keeps a file out of the subset, by the features it uses (a first guess, for counts). */
function features(text) {
  const out = Object.entries({
    filter: /<filter|filter=/,
    mask: /<mask|mask=/,
    pattern: /<pattern/,
    image: /<image/,
    textPath: /textPath/,
    foreignObject: /foreignObject/,
    animation: /<animate|@keyframes/,
    style: /<style/,
  })
    .filter(([, re]) => re.test(text))
    .map(([k]) => k);
  return out.join('+') || 'other';
}

/** Share of pixels whose channels differ by more than 60 of 255. */
function differing(a, b, pixels) {
  let n = 0;
  for (let i = 0; i < a.length; i += 3)
    if (
      Math.max(
        Math.abs(a[i] - b[i]),
        Math.abs(a[i + 1] - b[i + 1]),
        Math.abs(a[i + 2] - b[i + 2]),
      ) > 60
    )
      n++;
  return n / pixels;
}

const seen = new Set();
const rows = [];
const raster = new Map();
if (args.out) mkdirSync(args.out, { recursive: true });
for (const dir of dirs)
  for (const file of svgFiles(dir)) {
    if (statSync(file).size > 400_000) continue;
    const bytes = readFileSync(file);
    const id = createHash('sha1').update(bytes).digest('hex').slice(0, 10);
    if (seen.has(id)) continue;
    seen.add(id);
    const text = bytes.toString('utf8');
    if (!(await parseSimpleSvg(text))) {
      const k = features(text);
      raster.set(k, (raster.get(k) ?? 0) + 1);
      continue;
    }
    try {
      const meta = await sharp(bytes).metadata();
      const w = Math.min(WIDTH, meta.width);
      const h = Math.round((meta.height * w) / meta.width);
      if (!w || !h || h > 2000) continue;
      const flat = (img) =>
        img
          .resize(w, h, { fit: 'fill' })
          .flatten({ background: '#fff' })
          .removeAlpha()
          .raw()
          .toBuffer();
      const theirs = await flat(sharp(bytes, { density: (72 * w) / meta.width }));
      const url = pathToFileURL(file).href;
      const html = `<!doctype html><html lang="en"><head><title>svg</title><style>html,body{margin:0;background:#fff}img{display:block;width:${w}px;height:${h}px}</style></head><body><img src="${url}" alt="svg"></body></html>`;
      const r = await renderImage(
        { kind: 'html', html, baseUrl: url },
        { format: 'png', width: w, files: { root: '/' } },
      );
      const ours = await flat(
        sharp(r.image).extract({ left: 0, top: 0, width: w, height: Math.min(h, r.height) }),
      );
      const share = differing(theirs, ours, w * h);
      rows.push({ file, share });
      if (args.out && share > OVER) {
        const raw = { raw: { width: w, height: h, channels: 3 } };
        await sharp(theirs, raw)
          .png()
          .toFile(join(args.out, `${id}-librsvg.png`));
        await sharp(ours, raw)
          .png()
          .toFile(join(args.out, `${id}-a11ypdf.png`));
      }
    } catch (e) {
      rows.push({ file, share: 1, error: e.message });
    }
  }
rows.sort((a, b) => b.share - a.share);
const summary = {
  files: seen.size,
  vector: rows.length,
  raster: [...raster.values()].reduce((a, b) => a + b, 0),
  rasterBy: Object.fromEntries(raster),
  differing: rows.filter((r) => r.share > OVER).length,
};
if (args.json) console.log(JSON.stringify({ summary, rows }, null, 2));
else {
  console.log(summary);
  for (const r of rows.filter((x) => x.share > OVER))
    console.log(
      `${(r.share * 100).toFixed(1).padStart(5)}%  ${r.file}${r.error ? `  (${r.error})` : ''}`,
    );
}
