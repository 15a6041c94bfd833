#!/usr/bin/env node
// Soak test: starts the service in this process (one worker thread per core) on 127.0.0.1 and
// drives a mixed load at it for a bounded time, then prints what happened.
//
//   npm run soak -- [--seconds 60] [--concurrency N] [--json]
//
// The mix: HTML to PDF (/render/html), /convert, /validate of a PDF rendered at start-up,
// /render to PNG, /render/template, and bad requests of several kinds (malformed JSON, wrong
// media type, schema errors, a non-PDF body, an unknown route). A separate probe calls
// /health/live every 250 ms to show that liveness stays fast under load. Traffic only goes to
// loopback; the service refuses private-network fetches, and the documents fetch nothing.
//
// Printed: requests and rate, responses by status, p50/p99 latency per route, the /health/live
// p99, and the process RSS (main thread plus workers) after warm-up and at the end (after a
// short idle, with a GC when node runs with --expose-gc).
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildService } from '../dist/server/app.js';
import { loadConfig } from '../dist/server/config.js';

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const n = Number(process.argv[i + 1]);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} needs a positive number`);
  return n;
}

const SECONDS = option('seconds', 60);
const WORKERS = availableParallelism();
const CONCURRENCY = option('concurrency', WORKERS * 3);
const JSON_OUT = process.argv.includes('--json');

const page = (title, body) =>
  `<!doctype html><html lang="en"><head><title>${title}</title><style>
  body{font-family:'Liberation Sans';font-size:11pt} td,th{border:1px solid #444;padding:2px 4px}
  </style></head><body>${body}</body></html>`;

function invoiceHtml(n) {
  const rows = Array.from(
    { length: 8 + (n % 12) },
    (_, i) =>
      `<tr><td>Item ${i + 1}</td><td>${(i + 1) * 3}</td><td>${(i * 7.25).toFixed(2)}</td></tr>`,
  ).join('');
  return page(
    `Invoice ${n}`,
    `<h1>Invoice ${n}</h1><p>Dear customer, thank you for your order. Payment is due in 30 days.</p>
     <table><caption>Lines</caption><thead><tr><th>Item</th><th>Qty</th><th>Price</th></tr></thead>
     <tbody>${rows}</tbody></table><ul><li>Delivery: standard</li><li>Reference: R-${n}</li></ul>`,
  );
}

const template = (n) => ({
  version: 2,
  config: { title: `Statement ${n}` },
  rows: [
    { blocks: [{ type: 'heading', text: `Statement ${n}`, level: 1 }] },
    {
      blocks: [
        {
          type: 'table',
          id: 'lines',
          columns: [
            { key: 'what', label: 'What' },
            { key: 'amount', label: 'Amount', align: 'right' },
          ],
          rows: Array.from({ length: 10 }, (_, i) => ({ what: `Line ${i}`, amount: i * 12.5 })),
        },
      ],
    },
    { blocks: [{ type: 'text', text: 'Balance carried forward.' }] },
  ],
});

/** Bad requests the service must refuse with a 4xx quickly, without touching a worker. */
const BAD = [
  { path: '/render/html', type: 'application/json', body: '{"html": "<p>x</p>"' },
  { path: '/render/html', type: 'text/plain', body: 'hello' },
  { path: '/render/html', type: 'application/json', body: '{"html": 5}' },
  { path: '/render/template', type: 'application/json', body: '{"template": {"version": 1}}' },
  { path: '/validate', type: 'application/pdf', body: 'this is not a PDF' },
  { path: '/render', type: 'application/json', body: '{"html": "<p>x</p>", "width": 100000}' },
  { path: '/no/such/route', type: 'application/json', body: '{}' },
];

const MIX = [
  ['render/html', 25],
  ['convert', 15],
  ['validate', 20],
  ['render (png)', 15],
  ['render/template', 15],
  ['bad request', 10],
];
const TOTAL_WEIGHT = MIX.reduce((n, [, w]) => n + w, 0);

function pick(i) {
  // Deterministic spread over the mix (golden-ratio sequence), so runs are comparable.
  let x = ((i * 0.6180339887) % 1) * TOTAL_WEIGHT;
  for (const [route, w] of MIX) {
    if (x < w) return route;
    x -= w;
  }
  return MIX[0][0];
}

function requestFor(route, n, pdf) {
  const json = (path, body) => ({
    path,
    init: {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    },
  });
  switch (route) {
    case 'render/html':
      return json('/render/html', { html: invoiceHtml(n) });
    case 'convert':
      return json('/convert', { html: invoiceHtml(n + 1) });
    case 'validate':
      return {
        path: '/validate',
        init: { method: 'POST', headers: { 'content-type': 'application/pdf' }, body: pdf },
      };
    case 'render (png)':
      return json('/render', { html: invoiceHtml(n), width: 800, format: 'png' });
    case 'render/template':
      return json('/render/template', { template: template(n) });
    default: {
      const bad = BAD[n % BAD.length];
      return {
        path: bad.path,
        init: { method: 'POST', headers: { 'content-type': bad.type }, body: bad.body },
      };
    }
  }
}

function quantile(sorted, q) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

const mb = (bytes) => Math.round(bytes / (1024 * 1024));

async function settle() {
  await sleep(2000);
  globalThis.gc?.();
  await sleep(500);
}

async function main() {
  const config = loadConfig(
    {
      ...process.env,
      LOG_LEVEL: 'silent',
      WORKERS: String(WORKERS),
      ALLOW_PRIVATE_NETWORK: 'false',
    },
    { host: '127.0.0.1', port: 0, apiKeys: [], jwt: null },
  );
  const service = await buildService(config);
  await service.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = service.app.server.address();
  const base = `http://127.0.0.1:${port}`;

  // A PDF of our own for /validate, and one request per route to warm the workers up.
  const first = await fetch(`${base}/render/html`, requestFor('render/html', 0).init);
  if (first.status !== 200) throw new Error(`warm-up render failed: ${first.status}`);
  const pdf = new Uint8Array(await first.arrayBuffer());
  for (let w = 0; w < WORKERS; w++) {
    await Promise.all(
      MIX.map(([route]) => {
        const r = requestFor(route, w, pdf);
        return fetch(base + r.path, r.init).then((res) => res.arrayBuffer());
      }),
    );
  }
  await settle();
  const rssStart = process.memoryUsage().rss;

  const latencies = new Map(MIX.map(([route]) => [route, []]));
  const statuses = new Map();
  const statusByRoute = new Map();
  const failures = new Map();
  let sent = 0;
  const deadline = performance.now() + SECONDS * 1000;

  async function client() {
    while (performance.now() < deadline) {
      const n = sent++;
      const route = pick(n);
      const { path, init } = requestFor(route, n, pdf);
      const started = performance.now();
      let status;
      try {
        const res = await fetch(base + path, init);
        await res.arrayBuffer();
        status = res.status;
      } catch (err) {
        status = 'network error';
        failures.set(err.message, (failures.get(err.message) ?? 0) + 1);
      }
      latencies.get(route).push(performance.now() - started);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      const key = `${route} ${status}`;
      statusByRoute.set(key, (statusByRoute.get(key) ?? 0) + 1);
    }
  }

  const live = [];
  const liveStatuses = new Map();
  async function liveProbe() {
    while (performance.now() < deadline) {
      const started = performance.now();
      const res = await fetch(`${base}/health/live`).catch(() => null);
      if (res) await res.arrayBuffer();
      live.push(performance.now() - started);
      const s = res?.status ?? 'network error';
      liveStatuses.set(s, (liveStatuses.get(s) ?? 0) + 1);
      await sleep(250);
    }
  }

  const began = performance.now();
  await Promise.all([...Array.from({ length: CONCURRENCY }, client), liveProbe()]);
  const elapsed = (performance.now() - began) / 1000;
  const rssPeak = process.resourceUsage().maxRSS * 1024;
  await settle();
  const rssEnd = process.memoryUsage().rss;
  await service.shutdown();

  const routes = MIX.map(([route]) => {
    const sorted = latencies.get(route).sort((a, b) => a - b);
    return {
      route,
      requests: sorted.length,
      p50Ms: Math.round(quantile(sorted, 0.5)),
      p99Ms: Math.round(quantile(sorted, 0.99)),
    };
  });
  const liveSorted = live.sort((a, b) => a - b);
  const result = {
    seconds: Math.round(elapsed),
    workers: WORKERS,
    concurrency: CONCURRENCY,
    requests: sent,
    perSecond: Math.round((sent / elapsed) * 10) / 10,
    statuses: Object.fromEntries([...statuses].sort()),
    statusByRoute: Object.fromEntries([...statusByRoute].sort()),
    networkErrors: Object.fromEntries(failures),
    routes,
    healthLive: {
      probes: live.length,
      statuses: Object.fromEntries(liveStatuses),
      p50Ms: Math.round(quantile(liveSorted, 0.5) * 10) / 10,
      p99Ms: Math.round(quantile(liveSorted, 0.99) * 10) / 10,
    },
    rssMb: { afterWarmUp: mb(rssStart), peak: mb(rssPeak), end: mb(rssEnd) },
  };
  if (JSON_OUT) {
    console.log(JSON.stringify(result));
    return;
  }
  console.log(
    `soak: ${result.requests} requests in ${result.seconds} s (${result.perSecond}/s), ` +
      `${WORKERS} worker(s), ${CONCURRENCY} concurrent clients`,
  );
  console.log(
    `status: ${Object.entries(result.statuses)
      .map(([s, n]) => `${s}=${n}`)
      .join(' ')}`,
  );
  for (const r of routes)
    console.log(
      `  ${r.route.padEnd(16)} ${String(r.requests).padStart(6)} requests  p50 ${r.p50Ms} ms  p99 ${r.p99Ms} ms`,
    );
  console.log(
    `  /health/live     ${String(live.length).padStart(6)} probes    p50 ${result.healthLive.p50Ms} ms  p99 ${result.healthLive.p99Ms} ms`,
  );
  console.log(`by route: ${JSON.stringify(result.statusByRoute)}`);
  if (failures.size) console.log(`network errors: ${JSON.stringify(result.networkErrors)}`);
  console.log(
    `RSS: ${result.rssMb.afterWarmUp} MB after warm-up, ${result.rssMb.peak} MB peak, ${result.rssMb.end} MB at the end ` +
      `(${Math.round((100 * (rssEnd - rssStart)) / rssStart)}% change)`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
