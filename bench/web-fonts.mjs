#!/usr/bin/env node
// What a document's web fonts hold in the per-thread cache: per document, in a fresh process,
// renders it a few times, then prints the fonts kept, the cache's estimate of their heap and
// the heap they really hold (measured by dropping them and collecting garbage), and the first
// render's time against the later ones.
//
//   node --expose-gc bench/web-fonts.mjs [--docs gallery/magazine,gallery/letter] [--renders 4]
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { table } from './lib/stats.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const MB = (bytes) => `${(bytes / 1048576).toFixed(1)} MB`;

async function measure(doc, renders) {
  const { render } = await import('../dist/index.js');
  const { webFonts } = await import('../dist/text/web-fonts.js');
  const path = `${ROOT}${doc}/index.html`;
  const input = {
    kind: 'html',
    html: readFileSync(path, 'utf8'),
    baseUrl: pathToFileURL(path).href,
  };
  const heap = () => {
    globalThis.gc();
    globalThis.gc();
    const m = process.memoryUsage();
    return m.heapUsed + m.arrayBuffers;
  };
  const times = [];
  for (let i = 0; i < renders; i++) {
    const cpu = process.cpuUsage();
    await render(input, { files: { root: ROOT } });
    const used = process.cpuUsage(cpu);
    times.push((used.user + used.system) / 1000);
  }
  const fonts = webFonts.size;
  const estimated = webFonts.bytes;
  const before = heap();
  webFonts.clear();
  const held = before - heap();
  return { doc, fonts, estimated, held, first: times[0], later: times.slice(1) };
}

if (process.argv[2] === '--child') {
  process.send(await measure(process.argv[3], Number(process.argv[4])));
} else {
  const { values: args } = parseArgs({
    options: {
      docs: { type: 'string', default: 'gallery/magazine,gallery/letter,gallery/dashboard' },
      renders: { type: 'string', default: '4' },
    },
  });
  const rows = [];
  for (const doc of args.docs.split(',')) {
    const child = fork(fileURLToPath(import.meta.url), ['--child', doc, args.renders], {
      execArgv: ['--expose-gc'],
    });
    const r = await new Promise((resolve, reject) => {
      child.once('message', resolve);
      child.once('exit', (code) => reject(new Error(`${doc}: exited with ${code}`)));
    });
    child.kill();
    const later = [...r.later].sort((a, b) => a - b);
    rows.push({
      document: r.doc,
      'fonts kept': String(r.fonts),
      estimated: MB(r.estimated),
      'heap held': MB(r.held),
      'first render, fresh process (CPU)': `${r.first.toFixed(0)} ms`,
      'later renders (CPU, median)': `${later[later.length >> 1].toFixed(0)} ms`,
    });
  }
  console.log(table(rows));
}
