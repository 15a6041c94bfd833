// A worker thread of the throughput pool: loads one engine and renders the documents it is sent.
import { parentPort, workerData } from 'node:worker_threads';
import { loadDoc } from './docs.mjs';

const mod = await import(`../engines/${workerData.engine}.mjs`);
const inst = await mod.create();
const inputs = new Map();

parentPort.on('message', async ({ doc }) => {
  try {
    if (!inputs.has(doc)) inputs.set(doc, await inst.prepare(await loadDoc(doc)));
    const r = await inst.render(inputs.get(doc));
    parentPort.postMessage({ bytes: r.bytes.length });
  } catch (e) {
    parentPort.postMessage({ error: String(e?.stack ?? e) });
  }
});
