#!/usr/bin/env node
// Prints `sha256 name` for every output the engine makes from the test fixtures and the bench
// documents, in deterministic mode, using the built library (dist/). A refactoring that must not
// change output runs it before and after and diffs the two lists:
//
//   npm run build && node scripts/output-hashes.mjs > /tmp/before.txt
//   ... change ...
//   npm run build && node scripts/output-hashes.mjs | diff /tmp/before.txt -
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, dirname, basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { render, renderImage } from '../dist/index.js';
import { loadDoc } from '../bench/lib/docs.mjs';
import { toHtml } from '../bench/docs/to-html.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');
const options = { deterministic: true };

function print(name, bytes) {
  process.stdout.write(`${sha256(bytes)} ${name}\n`);
}

async function files(dir, ext) {
  return (await readdir(join(root, dir))).filter((f) => f.endsWith(ext)).sort();
}

for (const file of await files('test/fixtures/html', '.html')) {
  const html = await readFile(join(root, 'test/fixtures/html', file), 'utf8');
  const input = { kind: 'html', html };
  print(`html/${file}.pdf`, (await render(input, options)).pdf);
  print(`html/${file}.png`, (await renderImage(input, options)).image);
  print(`html/${file}.page1.png`, (await renderImage(input, { ...options, page: 1 })).image);
}

for (const file of await files('test/fixtures/templates', '.json')) {
  const { template, data } = JSON.parse(
    await readFile(join(root, 'test/fixtures/templates', file), 'utf8'),
  );
  const input = { kind: 'template', template, data };
  print(`template/${basename(file)}.pdf`, (await render(input, options)).pdf);
  print(`template/${basename(file)}.png`, (await renderImage(input, options)).image);
}

// The bench documents: longer, with tables, figures and running page numbers.
for (const name of ['invoice', 'invoice-template', 'report-10', 'statement-500']) {
  const doc = await loadDoc(name);
  const input = doc.template
    ? { kind: 'template', template: doc.template, data: doc.data }
    : { kind: 'html', html: await toHtml(doc) };
  print(`bench/${name}.pdf`, (await render(input, options)).pdf);
}
