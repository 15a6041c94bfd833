// One engine in its own process (forked by run.mjs), so peak RSS belongs to that engine alone.
// It answers commands over IPC; run.mjs interleaves the engines' batches so every engine sees
// the same machine load and the ratios hold on a noisy machine.
import { writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { loadDoc } from './docs.mjs';

const engineName = process.argv[2];
const mod = await import(`../engines/${engineName}.mjs`);
/** @type {import('../engines/types.mjs').EngineInstance | null} */
let inst = null;
/** @type {Map<string, unknown>} */
const inputs = new Map();
let externalPeak = 0;

async function input(docName) {
  if (!inputs.has(docName)) inputs.set(docName, await inst.prepare(await loadDoc(docName)));
  return inputs.get(docName);
}

const handlers = {
  async init() {
    const ok = await mod.available();
    if (ok !== true) return { info: mod.info, skipped: ok };
    inst = await mod.create();
    return { info: mod.info };
  },

  /** n sequential renders of one document; the first reply also carries size and pages. */
  async run({ doc, n, save }) {
    const inp = await input(doc);
    if (inp === null) return { unsupported: true };
    const times = [];
    /** CPU time per render (all threads of this process, or as the helper reports it): a
     * figure that stays meaningful when other programs compete for the cores. */
    const cpu = [];
    let last;
    for (let i = 0; i < n; i++) {
      const ext = inst.cpuMsNow?.();
      const c = process.cpuUsage();
      const t = performance.now();
      last = await inst.render(inp);
      times.push(performance.now() - t);
      const used = process.cpuUsage(c);
      if (ext !== undefined) cpu.push(inst.cpuMsNow() - ext);
      else if (last.cpuMs !== undefined) cpu.push(last.cpuMs);
      else cpu.push(mod.info.kind === 'js' ? (used.user + used.system) / 1000 : NaN);
      if (inst.externalRssKb) externalPeak = Math.max(externalPeak, inst.externalRssKb());
    }
    let pages = last.pages;
    if (pages === undefined) {
      const { identify } = await import('../../dist/index.js');
      pages = identify(last.bytes).pages;
    }
    if (save) writeFileSync(join(save, `${engineName}--${doc}.pdf`), last.bytes);
    return { times, cpu, bytes: last.bytes.length, pages };
  },

  /** Peak RSS so far (KiB): this process, plus helper processes of external engines. */
  async rss() {
    const own = process.resourceUsage().maxRSS;
    const ext = Math.max(externalPeak, inst?.externalPeakRssKb?.() ?? 0);
    return { kb: mod.info.kind === 'external' ? ext : own, ownKb: own };
  },

  /** Documents per second with `threads` workers (js) or instances (external) busy at once. */
  async pool({ doc, jobs, threads = availableParallelism(), warm = 1 }) {
    if ((await input(doc)) === null) return { unsupported: true };
    return mod.info.kind === 'js'
      ? threadPool(doc, jobs, threads, warm)
      : instancePool(doc, jobs, threads, warm);
  },

  /** Stage shares for a11ypdf (see profile.mjs). */
  async stages({ docs, n }) {
    const { stageShares } = await import('./stages.mjs');
    return stageShares(docs, n);
  },

  async close() {
    await inst?.close();
    return {};
  },
};

/** @type {Worker[] | null} */
let workers = null;

async function threadPool(doc, jobs, threads, warm) {
  workers ??= Array.from(
    { length: threads },
    () =>
      new Worker(new URL('./pool-worker.mjs', import.meta.url), {
        workerData: { engine: engineName },
      }),
  );
  const call = (w, msg) =>
    new Promise((resolve, reject) => {
      w.once('message', (m) => (m.error ? reject(new Error(m.error)) : resolve(m)));
      w.postMessage(msg);
    });
  // Warm each worker on this document as the single-thread measurement warms its engine.
  await Promise.all(
    workers.map(async (w) => {
      for (let k = 0; k < warm; k++) await call(w, { doc });
    }),
  );
  let next = 0;
  const t = performance.now();
  await Promise.all(
    workers.map(async (w) => {
      while (next < jobs) {
        next++;
        await call(w, { doc });
      }
    }),
  );
  const s = (performance.now() - t) / 1000;
  return { docsPerSec: jobs / s, threads };
}

/** @type {import('../engines/types.mjs').EngineInstance[] | null} */
let instances = null;

async function instancePool(doc, jobs, threads, warm) {
  instances ??= [
    inst,
    ...(await Promise.all(Array.from({ length: threads - 1 }, () => mod.create()))),
  ];
  const d = await loadDoc(doc);
  const inps = await Promise.all(instances.map((i) => i.prepare(d)));
  await Promise.all(
    instances.map(async (i, k) => {
      for (let n = 0; n < warm; n++) await i.render(inps[k]);
    }),
  );
  let next = 0;
  const t = performance.now();
  await Promise.all(
    instances.map(async (i, k) => {
      while (next < jobs) {
        next++;
        await i.render(inps[k]);
      }
    }),
  );
  const s = (performance.now() - t) / 1000;
  return { docsPerSec: jobs / s, threads };
}

process.on('message', async (msg) => {
  try {
    const result = await handlers[msg.cmd](msg);
    process.send({ id: msg.id, result });
    if (msg.cmd === 'close') {
      for (const w of workers ?? []) await w.terminate();
      for (const i of instances?.slice(1) ?? []) await i.close();
      process.exit(0);
    }
  } catch (e) {
    process.send({ id: msg.id, error: String(e?.stack ?? e) });
  }
});
// When run.mjs goes away, stop too (and with us the helper processes of external engines).
process.on('disconnect', () => {
  Promise.resolve(inst?.close())
    .catch(() => {})
    .finally(() => process.exit(0));
});
process.send({ ready: true });
