#!/usr/bin/env node
// Batch jobs end to end: a private redis-server, one API process (serve --role api) and 1, then
// 2 worker processes (serve --role worker, one render thread each), a job of invoices whose
// PDFs go by PUT to a local target. Prints items/s, worker CPU time per item, and the peak RSS
// of the API and of each worker sampled every 100 ms; then drives the API's synchronous
// /render/html with autocannon to size its memory under its own load. Writes bench/out/jobs.json.
//
//   npm run bench:jobs [-- --items 400] [-- --workers 1,2] [-- --threads 1] [-- --quick]
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { invoice } from './docs/content.mjs';
import { toHtml } from './docs/to-html.mjs';
import { treeCpuMs, treeRssKb, which } from './lib/proc.mjs';
import { table } from './lib/stats.mjs';

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    items: { type: 'string' },
    workers: { type: 'string', default: '1,2' },
    threads: { type: 'string', default: '1' },
  },
});
const items = Number(args.items ?? (args.quick ? 60 : 400));
const workerCounts = args.workers.split(',').map(Number);
const threads = Number(args.threads);

if (!which('redis-server')) {
  console.error('bench:jobs needs redis-server (apt-get install redis-server)');
  process.exit(2);
}

const freePort = () =>
  new Promise((resolve) => {
    const s = createNetServer().listen(0, '127.0.0.1', () => {
      const p = s.address().port;
      s.close(() => resolve(p));
    });
  });

// The redis-server, on loopback, without persistence.
const redisDir = mkdtempSync(join(tmpdir(), 'a11ypdf-bench-redis-'));
const redisPort = await freePort();
const redis = spawn(
  'redis-server',
  [
    '--port',
    String(redisPort),
    '--bind',
    '127.0.0.1',
    '--dir',
    redisDir,
    '--save',
    '',
    '--appendonly',
    'no',
  ],
  { stdio: 'ignore' },
);
await sleep(300);

// The upload target: counts bytes, keeps nothing.
let receivedBytes = 0;
const target = createServer((req, res) => {
  req.on('data', (c) => (receivedBytes += c.length));
  req.on('end', () => {
    res.statusCode = 201;
    res.end();
  });
});
await new Promise((r) => target.listen(0, '127.0.0.1', r));
const targetUrl = `http://127.0.0.1:${target.address().port}`;

const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const common = {
  PATH: process.env.PATH,
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  ALLOW_PRIVATE_NETWORK: 'true',
  REDIS_URL: `redis://127.0.0.1:${redisPort}`,
};

async function start(role, env) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--max-semi-space-size=2', cli, 'serve', '--role', role], {
    env: { ...common, PORT: String(port), HEALTH_PORT: '0', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    const ok = await fetch(`${base}/health/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (i > 600 || child.exitCode !== null) throw new Error(`the ${role} process did not start`);
    await sleep(100);
  }
  return {
    base,
    child,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
    },
  };
}

const html = await toHtml(invoice());
const api = await start('api', { WORKERS: '2' });

async function runJob(n, tag) {
  const res = await fetch(`${api.base}/jobs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      items: Array.from({ length: n }, (_, i) => ({
        route: '/render/html',
        body: { html },
        uploadUrl: `${targetUrl}/${tag}/${i}.pdf`,
      })),
    }),
  });
  if (res.status !== 202) throw new Error(`POST /jobs answered ${res.status}: ${await res.text()}`);
  const { id } = await res.json();
  for (;;) {
    const job = await (await fetch(`${api.base}/jobs/${id}?limit=0`)).json();
    if (job.status === 'completed') return job;
    await sleep(50);
  }
}

const rows = [];
const results = [];
for (const count of workerCounts) {
  const workers = await Promise.all(
    Array.from({ length: count }, () =>
      start('worker', { WORKERS: String(threads), JOBS_CONCURRENCY: String(threads + 1) }),
    ),
  );
  await runJob(count * 4 * threads, `warm-${count}`); // fonts parsed, code compiled
  const peak = { api: 0, worker: 0 };
  const sampler = setInterval(() => {
    peak.api = Math.max(peak.api, treeRssKb(api.child.pid));
    for (const w of workers) peak.worker = Math.max(peak.worker, treeRssKb(w.child.pid));
  }, 100);
  const cpuBefore = workers.map((w) => treeCpuMs(w.child.pid));
  const bytesBefore = receivedBytes;
  const t0 = performance.now();
  const job = await runJob(items, `run-${count}`);
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  const cpuMs = workers.reduce((s, w, i) => s + treeCpuMs(w.child.pid) - cpuBefore[i], 0);
  if (job.counts.succeeded !== items)
    throw new Error(`items failed: ${JSON.stringify(job.counts)}`);
  const row = {
    workers: `${count} × ${threads} thread`,
    items: String(items),
    seconds: seconds.toFixed(1),
    'items/s': (items / seconds).toFixed(1),
    'worker cpu/item': `${(cpuMs / items).toFixed(0)} ms`,
    'kB/item': ((receivedBytes - bytesBefore) / items / 1024).toFixed(1),
    'peak RSS worker': `${Math.round(peak.worker / 1024)} MB`,
    'peak RSS api': `${Math.round(peak.api / 1024)} MB`,
  };
  rows.push(row);
  results.push({ ...row, itemsPerSecond: items / seconds, cpuMsPerItem: cpuMs / items });
  console.log(JSON.stringify(row));
  await Promise.all(workers.map((w) => w.stop()));
}

// The API under its own synchronous load (it renders /render/* with WORKERS threads).
let apiSyncPeak = 0;
const sampler = setInterval(() => {
  apiSyncPeak = Math.max(apiSyncPeak, treeRssKb(api.child.pid));
}, 100);
const sync = await autocannon({
  url: `${api.base}/render/html`,
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ html }),
  connections: 4,
  duration: args.quick ? 3 : 10,
});
clearInterval(sampler);

await api.stop();
redis.kill();
target.close();
rmSync(redisDir, { recursive: true, force: true });

console.log(`\n${items} invoices per run, node ${process.version}\n`);
console.log(table(rows));
console.log(
  `\nAPI (WORKERS=2) under synchronous /render/html load, 4 connections: ${sync.requests.average.toFixed(1)} req/s, peak RSS ${Math.round(apiSyncPeak / 1024)} MB`,
);
const out = fileURLToPath(new URL('./out/', import.meta.url));
mkdirSync(out, { recursive: true });
writeFileSync(
  `${out}jobs.json`,
  JSON.stringify(
    {
      date: new Date().toISOString(),
      items,
      threads,
      results,
      apiSync: { rps: sync.requests.average, peakRssMb: Math.round(apiSyncPeak / 1024) },
    },
    null,
    2,
  ),
);
