#!/usr/bin/env node
// Profiling helper: a render (or validation) loop to run under `node --cpu-prof`, and a reader
// that prints the top self-time functions of a .cpuprofile with their files.
//
//   node --cpu-prof --cpu-prof-dir=bench/out/prof bench/profile.mjs loop invoice 30
//   node --cpu-prof --cpu-prof-dir=bench/out/prof bench/profile.mjs loop report-100 2
//   node --cpu-prof --cpu-prof-dir=bench/out/prof bench/profile.mjs loop gallery/form 100
//   node --cpu-prof --cpu-prof-dir=bench/out/prof bench/profile.mjs validate report-10 20
//   node bench/profile.mjs top bench/out/prof/CPU.*.cpuprofile [count]
import { readFileSync } from 'node:fs';
import { render, validate } from '../dist/index.js';
import { ourInput } from './lib/inputs.mjs';

const [mode, arg, countArg] = process.argv.slice(2);

if (mode === 'loop' || mode === 'validate') {
  const n = Number(countArg ?? 10);
  const { input, options } = await ourInput(arg ?? 'invoice');
  const first = await render(input, options);
  const t = performance.now();
  for (let i = 0; i < n; i++) {
    if (mode === 'loop') await render(input, options);
    else validate(first.pdf, { flavours: ['pdfa-3a', 'pdfua-1'] });
  }
  console.log(`${mode} ${arg}: ${((performance.now() - t) / n).toFixed(1)} ms each over ${n}`);
} else if (mode === 'top') {
  const profile = JSON.parse(readFileSync(arg, 'utf8'));
  const count = Number(countArg ?? 30);
  const self = new Map();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  let total = 0;
  profile.samples.forEach((id, k) => {
    const f = byId.get(id).callFrame;
    if (f.functionName === '(idle)') return;
    const dt = profile.timeDeltas[k] ?? 0;
    total += dt;
    const file = f.url.replace(/^.*\/(dist|node_modules)\//, '$1/');
    const key = `${f.functionName || '(anonymous)'}  ${file}:${f.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + dt);
  });
  const rows = [...self].sort((a, b) => b[1] - a[1]).slice(0, count);
  console.log(`total ${(total / 1000).toFixed(0)} ms sampled; top self time:`);
  for (const [k, v] of rows)
    console.log(
      `${((100 * v) / total).toFixed(1).padStart(5)}%  ${(v / 1000).toFixed(0).padStart(6)} ms  ${k}`,
    );
} else {
  console.log(
    'usage: profile.mjs loop|validate DOC [N]  |  profile.mjs top FILE.cpuprofile [COUNT]',
  );
  process.exit(2);
}
