#!/usr/bin/env node
/**
 * The fidelity gallery, side by side with the print engines people compare us with.
 *
 *   npm run fidelity                      every document in gallery/
 *   npm run fidelity -- --only book,cv    some of them
 *   npm run fidelity -- --no-peers        a11ypdf only (no WeasyPrint, no Chromium)
 *   npm run fidelity -- --json            results as JSON on stdout instead of the table
 *   npm run fidelity -- --dir probe       documents from another folder laid out as gallery/ is
 *
 * Each document is rendered with a11ypdf through the library API (dist/), and, where they are
 * installed, with `weasyprint` and headless `chromium`. Written to .fidelity/<doc>/: the PDFs,
 * one PNG per page and engine, and compare-<n>.png with a11ypdf | WeasyPrint | Chromium side by
 * side. Printed per document: pages per engine, the share of the reference's words found in our
 * text, the ink similarity of the first pages against the reference (and between the two peers,
 * as a yardstick of what "alike" scores), the validator's PDF/A-3a + PDF/UA-1 failures and our
 * warnings. The reference is the peer named in gallery/manifest.json (WeasyPrint 57 lacks grid
 * and CSS nesting, Chromium lacks most of paged media), or the other peer when it is missing.
 */
import { execFile } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import sharp from 'sharp';
import { FLAGS as CHROMIUM_FLAGS, findChromium } from '../bench/lib/chromium.mjs';
import { which } from '../bench/lib/proc.mjs';
import { mean, table } from '../bench/lib/stats.mjs';
import { closeLetterSpacing, inkSimilarity, wordCounts, wordShare } from './fidelity-measure.mjs';
import { peerFontEnv } from '../bench/lib/peer-fonts.mjs';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const { values: args } = parseArgs({
  options: {
    only: { type: 'string' },
    dir: { type: 'string' },
    'no-peers': { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
// Another folder of <name>/index.html documents (new probe documents before they join the
// gallery); its manifest.json is optional, and WeasyPrint is the reference without one.
const GALLERY = resolve(ROOT, args.dir ?? 'gallery');
const OUT = join(ROOT, '.fidelity');
// The gallery's documents use their own files and the repository's fonts/ through relative
// URLs; the library reads them from the checkout, and nothing outside it.
const LOCAL_FILES = { root: ROOT };
const galleryUrl = (name) => pathToFileURL(join(GALLERY, name, 'index.html')).href;
/** Resolution of the page images, dots per inch. */
const DPI = 60;
/** Pages compared for the ink score. */
const INK_PAGES = 3;
const ENGINES = ['a11ypdf', 'weasyprint', 'chromium'];
const LABELS = { a11ypdf: 'a11ypdf', weasyprint: 'WeasyPrint', chromium: 'Chromium' };

if (args.help) {
  console.log(
    readFileSync(fileURLToPath(import.meta.url), 'utf8')
      .split('\n')
      .slice(2, 8)
      .join('\n'),
  );
  process.exit(0);
}

const manifestFile = join(GALLERY, 'manifest.json');
const manifest = existsSync(manifestFile)
  ? JSON.parse(readFileSync(manifestFile, 'utf8')).documents
  : {};
const all = readdirSync(GALLERY, { withFileTypes: true })
  .filter((e) => e.isDirectory() && existsSync(join(GALLERY, e.name, 'index.html')))
  .map((e) => e.name)
  .sort();
const wanted = args.only ? args.only.split(',').map((s) => s.trim()) : all;
for (const name of wanted) {
  if (!all.includes(name)) {
    console.error(`no gallery document '${name}' (have: ${all.join(', ')})`);
    process.exit(2);
  }
}

const tools = {
  weasyprint: args['no-peers'] ? null : which('weasyprint'),
  chromium: args['no-peers'] ? null : (findChromium()?.bin ?? null),
  pdftoppm: which('pdftoppm'),
  pdftotext: which('pdftotext'),
};

const lib = await import(pathToFileURL(join(ROOT, 'dist', 'index.js')).href).catch(() => {
  console.error('dist/ is missing: run `npm run build` first');
  process.exit(2);
});

mkdirSync(OUT, { recursive: true });
// Everything here is output; the folder keeps itself out of git.
writeFileSync(join(OUT, '.gitignore'), '*\n');
const chromeProfile = mkdtempSync(join(tmpdir(), 'a11ypdf-fidelity-chromium-'));

const results = [];
try {
  for (const name of wanted) {
    const result = await measure(name);
    results.push(result);
    if (!args.json) console.error(`${name}: done in ${(result.ms / 1000).toFixed(1)} s`);
  }
} finally {
  rmSync(chromeProfile, { recursive: true, force: true });
}

if (args.json) {
  console.log(
    JSON.stringify(
      {
        tools: Object.fromEntries(Object.entries(tools).map(([k, v]) => [k, v !== null])),
        results,
      },
      null,
      2,
    ),
  );
} else {
  printTable(results);
}

/** Renders one document with every engine and measures it. */
async function measure(name) {
  const started = performance.now();
  const dir = join(OUT, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const source = join(GALLERY, name, 'index.html');
  const pdfs = {};

  const ours = await renderOurs(name, source, join(dir, 'a11ypdf.pdf'));
  if (ours.pdf) pdfs.a11ypdf = join(dir, 'a11ypdf.pdf');
  const peers = await Promise.all([
    tools.weasyprint ? renderWeasyPrint(source, join(dir, 'weasyprint.pdf')) : null,
    tools.chromium ? renderChromium(source, join(dir, 'chromium.pdf')) : null,
  ]);
  if (peers[0]) pdfs.weasyprint = peers[0];
  if (peers[1]) pdfs.chromium = peers[1];

  const pages = {};
  for (const engine of ENGINES) {
    if (!pdfs[engine]) continue;
    pages[engine] = await rasterise(engine, pdfs[engine], dir, ours);
  }
  await compose(dir, pages);

  const preferred = manifest[name]?.reference ?? 'weasyprint';
  const reference = pdfs[preferred] ? preferred : (ENGINES.slice(1).find((e) => pdfs[e]) ?? null);
  let words = null;
  let ink = null;
  let peerInk = null;
  if (reference && pdfs.a11ypdf) {
    const theirs = wordCounts(await pdfText(pdfs[reference]));
    const mine = wordCounts(await pdfText(pdfs.a11ypdf));
    const share = wordShare(theirs, mine);
    words = { share: share.share, total: share.total, missing: share.missing.slice(0, 12) };
    ink = await firstPagesInk(pages[reference], pages.a11ypdf);
  }
  if (pages.weasyprint && pages.chromium) {
    peerInk = await firstPagesInk(
      pages[reference === 'chromium' ? 'chromium' : 'weasyprint'],
      pages[reference === 'chromium' ? 'weasyprint' : 'chromium'],
    );
  }
  return {
    name,
    reference,
    pages: Object.fromEntries(ENGINES.map((e) => [e, pages[e]?.length ?? null])),
    words,
    ink,
    peerInk,
    validator: ours.validator,
    warnings: ours.warnings,
    error: ours.error,
    renderMs: ours.ms,
    ms: performance.now() - started,
  };
}

async function renderOurs(name, source, out) {
  const html = readFileSync(source, 'utf8');
  const started = performance.now();
  try {
    const result = await lib.render(
      { kind: 'html', html, baseUrl: galleryUrl(name) },
      { files: LOCAL_FILES, deterministic: true },
    );
    const ms = performance.now() - started;
    writeFileSync(out, result.pdf);
    const report = lib.validate(result.pdf);
    const failures = report.failures ?? [];
    return {
      pdf: result.pdf,
      html,
      baseUrl: galleryUrl(name),
      ms,
      warnings: result.warnings.map(
        (w) => `[${w.code}] ${w.message}${w.source ? ` (${w.source})` : ''}`,
      ),
      validator: {
        compliant: report.isCompliant,
        failures: failures.length,
        rules: [...new Set(failures.map((f) => `${f.profile} ${f.clause}-${f.testNumber}`))],
      },
      error: null,
    };
  } catch (err) {
    return {
      pdf: null,
      html,
      ms: performance.now() - started,
      warnings: [],
      validator: null,
      error: `${err.name}: ${err.message}`,
    };
  }
}

async function renderWeasyPrint(source, out) {
  try {
    await run(tools.weasyprint, ['-q', source, out], { timeout: 300_000, env: peerFontEnv() });
    return out;
  } catch (err) {
    console.error(`weasyprint failed on ${source}: ${err.message.split('\n')[0]}`);
    return null;
  }
}

async function renderChromium(source, out) {
  try {
    await run(
      tools.chromium,
      [
        ...CHROMIUM_FLAGS,
        '--no-pdf-header-footer',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-default-apps',
        '--disable-sync',
        '--metrics-recording-only',
        `--user-data-dir=${chromeProfile}`,
        `--print-to-pdf=${out}`,
        pathToFileURL(source).href,
      ],
      { timeout: 300_000, env: peerFontEnv() },
    );
    return existsSync(out) ? out : null;
  } catch (err) {
    console.error(`chromium failed on ${source}: ${err.message.split('\n')[0]}`);
    return null;
  }
}

/** Page images of one engine's PDF: pdftoppm when installed, else our own rasteriser (a11ypdf only). */
async function rasterise(engine, pdf, dir, ours) {
  if (tools.pdftoppm) {
    await run(tools.pdftoppm, ['-r', String(DPI), '-png', pdf, join(dir, engine)], {
      timeout: 300_000,
    });
    return readdirSync(dir)
      .filter((f) => f.startsWith(`${engine}-`) && f.endsWith('.png'))
      .sort((a, b) => pageNumber(a) - pageNumber(b))
      .map((f) => join(dir, f));
  }
  if (engine !== 'a11ypdf' || !ours.pdf) return [];
  const files = [];
  for (let page = 1; ; page++) {
    try {
      const img = await lib.renderImage(
        { kind: 'html', html: ours.html, baseUrl: ours.baseUrl },
        { files: LOCAL_FILES, deterministic: true, page },
      );
      // renderImage draws at 96 dpi (scale 1, its smallest); bring it to the peers' resolution.
      const file = join(dir, `a11ypdf-${page}.png`);
      await sharp(img.image)
        .resize(Math.round((img.width * DPI) / 96))
        .png()
        .toFile(file);
      files.push(file);
    } catch {
      return files;
    }
  }
}

function pageNumber(file) {
  return Number(/-(\d+)\.png$/.exec(file)?.[1] ?? 0);
}

/** Text of a PDF: pdftotext when installed, else pdfjs-dist (items joined, lines kept). */
async function pdfText(pdf) {
  if (tools.pdftotext) {
    const { stdout } = await run(tools.pdftotext, ['-enc', 'UTF-8', pdf, '-'], {
      maxBuffer: 64 * 1024 * 1024,
    });
    return stdout;
  }
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(readFileSync(pdf)), verbosity: 0 })
    .promise;
  let text = '';
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    for (const item of content.items)
      if ('str' in item) text += closeLetterSpacing(item.str) + (item.hasEOL ? '\n' : '');
    text += '\n';
  }
  await doc.destroy();
  return text;
}

/** Mean ink similarity over the reference's first pages; a page we lack scores 0. */
async function firstPagesInk(referencePages, ourPages) {
  if (!referencePages?.length || !ourPages) return null;
  const scores = [];
  for (let i = 0; i < Math.min(INK_PAGES, referencePages.length); i++) {
    scores.push(ourPages[i] ? await inkSimilarity(referencePages[i], ourPages[i]) : 0);
  }
  return mean(scores);
}

/** compare-<n>.png: the engines' page n side by side under their names. */
async function compose(dir, pages) {
  const engines = ENGINES.filter((e) => pages[e]);
  const count = Math.max(0, ...engines.map((e) => pages[e].length));
  const gap = 12;
  const head = 28;
  for (let n = 0; n < count; n++) {
    const tiles = [];
    for (const engine of engines) {
      const file = pages[engine][n];
      const meta = file ? await sharp(file).metadata() : null;
      tiles.push({ engine, file, width: meta?.width ?? 0, height: meta?.height ?? 0 });
    }
    const cell = Math.max(...tiles.map((t) => t.width), 200);
    const height = Math.max(...tiles.map((t) => t.height), 200) + head;
    const width = engines.length * cell + (engines.length + 1) * gap;
    const layers = [];
    tiles.forEach((t, i) => {
      const left = gap + i * (cell + gap);
      const label = `${LABELS[t.engine]} · page ${n + 1}${t.file ? '' : ' (none)'}`;
      layers.push({ input: labelSvg(label, cell, head), left, top: 0 });
      if (t.file) layers.push({ input: t.file, left, top: head });
    });
    await sharp({ create: { width, height: height + gap, channels: 3, background: '#9aa0a6' } })
      .composite(layers)
      .png()
      .toFile(join(dir, `compare-${n + 1}.png`));
  }
}

function labelSvg(text, width, height) {
  const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<text x="4" y="${height - 9}" font-family="DejaVu Sans, sans-serif" font-size="15" font-weight="bold" fill="#111">${escaped}</text></svg>`,
  );
}

function pct(x) {
  return x === null || x === undefined ? '-' : `${(x * 100).toFixed(1)}%`;
}

function score(x) {
  return x === null || x === undefined ? '-' : x.toFixed(2);
}

function printTable(rows) {
  const peers = [tools.weasyprint && 'weasyprint', tools.chromium && 'chromium'].filter(Boolean);
  console.log(
    `\nReference per document from gallery/manifest.json; peers: ${peers.join(', ') || 'none'}; ` +
      `pages rasterised with ${tools.pdftoppm ? 'pdftoppm' : 'a11ypdf renderImage'}; output in .fidelity/\n`,
  );
  console.log(
    table(
      rows.map((r) => ({
        document: r.name,
        'pages a/w/c': ENGINES.map((e) => r.pages[e] ?? '-').join(' / '),
        ref: r.reference ?? '-',
        words: pct(r.words?.share),
        ink: score(r.ink),
        'ink w~c': score(r.peerInk),
        validator: r.error
          ? 'error'
          : r.validator.failures === 0
            ? 'pass'
            : `${r.validator.failures} fail`,
        warnings: r.warnings.length,
        'render s': (r.renderMs / 1000).toFixed(2),
      })),
    ),
  );
  const valid = rows.filter((r) => !r.error);
  const referenced = rows.filter((r) => r.reference && r.pages.a11ypdf !== null);
  const closePages = referenced.filter(
    (r) => Math.abs(r.pages.a11ypdf - r.pages[r.reference]) <= 0.1 * r.pages[r.reference],
  );
  const means = (f) => {
    const xs = rows.map(f).filter((x) => typeof x === 'number');
    return xs.length ? mean(xs) : null;
  };
  console.log(
    [
      `\nmean: words ${pct(means((r) => r.words?.share))}`,
      `ink ${score(means((r) => r.ink))}`,
      `peers' ink ${score(means((r) => r.peerInk))}`,
      `compliant ${valid.filter((r) => r.validator.failures === 0).length}/${rows.length}`,
      `warnings ${valid.reduce((s, r) => s + r.warnings.length, 0)}`,
      `pages within 10% of the reference ${closePages.length}/${referenced.length}`,
    ].join(' · '),
  );
  for (const r of rows) {
    if (r.error) console.log(`  ${r.name}: ${r.error}`);
    else if (r.words?.missing.length)
      console.log(
        `  ${r.name}: missing ${r.words.missing.map((m) => (m.count > 1 ? `${m.word}×${m.count}` : m.word)).join(' ')}`,
      );
  }
}
