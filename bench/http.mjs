#!/usr/bin/env node
// The service under load: starts `a11ypdf serve` (one worker per core) on loopback and drives
// POST /render/html (the invoice) and POST /render/template with autocannon at several
// concurrencies. Prints requests/s, latency p50/p99, errors, the service's CPU time per request
// (steadier than requests/s on a shared machine) and its RSS (the process with its worker
// threads) sampled over the run; writes bench/out/http.json.
//
//   npm run bench:http [-- --quick] [-- --duration 10] [-- --connections 1,4,16]
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { invoice } from './docs/content.mjs';
import { toHtml } from './docs/to-html.mjs';
import { treeCpuMs, treeRssKb } from './lib/proc.mjs';
import { startServiceProcess } from './lib/service.mjs';
import { table } from './lib/stats.mjs';

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    duration: { type: 'string' },
    connections: { type: 'string' },
  },
});
const duration = Number(args.duration ?? (args.quick ? 3 : 15));
const levels = (args.connections ?? (args.quick ? '1,4' : '1,2,4,8,16,32')).split(',').map(Number);
const workers = availableParallelism();

const { base, child: service, stop } = await startServiceProcess({ workers });

const read = (f) => JSON.parse(readFileSync(new URL(`./docs/${f}`, import.meta.url), 'utf8'));
const bodies = {
  'POST /render/html (invoice)': {
    path: '/render/html',
    body: JSON.stringify({ html: await toHtml(invoice()) }),
  },
  'POST /render/template (invoice)': {
    path: '/render/template',
    body: JSON.stringify({
      template: read('invoice.template.json'),
      data: read('invoice.data.json'),
    }),
  },
};

// Warm the workers (fonts parsed, code compiled) before measuring.
for (const { path, body } of Object.values(bodies))
  for (let i = 0; i < workers * 2; i++)
    await fetch(base + path, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
    });

let peakRssKb = 0;
const sampler = setInterval(() => {
  peakRssKb = Math.max(peakRssKb, treeRssKb(service.pid));
}, 200);

const rows = [];
for (const [label, { path, body }] of Object.entries(bodies)) {
  for (const connections of levels) {
    const cpuBefore = treeCpuMs(service.pid);
    const r = await autocannon({
      url: base + path,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      connections,
      duration,
    });
    const errors = r.errors + r.timeouts + r.non2xx;
    const cpuPerRequest = (treeCpuMs(service.pid) - cpuBefore) / Math.max(1, r.requests.total);
    rows.push({
      endpoint: label,
      connections: String(connections),
      'req/s': r.requests.average.toFixed(1),
      p50: `${r.latency.p50} ms`,
      p99: `${r.latency.p99} ms`,
      'cpu/req': `${cpuPerRequest.toFixed(1)} ms`,
      errors: String(errors),
      requests: String(r.requests.total),
      'peak RSS': `${Math.round(peakRssKb / 1024)} MB`,
    });
    console.log(
      `${label} c=${connections}: ${r.requests.average.toFixed(1)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, cpu ${cpuPerRequest.toFixed(1)} ms/req, errors ${errors}`,
    );
  }
}
clearInterval(sampler);
await stop();

console.log(`\nservice: ${workers} workers, ${duration} s per level, node ${process.version}\n`);
console.log(table(rows));
console.log(
  `\npeak service RSS over the run: ${Math.round(peakRssKb / 1024)} MB (goal: under 300 MB)`,
);
const out = fileURLToPath(new URL('./out/', import.meta.url));
mkdirSync(out, { recursive: true });
writeFileSync(
  `${out}http.json`,
  JSON.stringify(
    {
      date: new Date().toISOString(),
      workers,
      duration,
      rows,
      peakRssMb: Math.round(peakRssKb / 1024),
    },
    null,
    2,
  ),
);
