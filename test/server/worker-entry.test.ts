/**
 * The pool's worker file as piscina loads it: with require() first. A module graph with a
 * top-level await makes that require() fail, piscina then import()s the file, and a second
 * require() while the import links aborts the whole process inside V8 (Node 20.19+). The entry
 * therefore exports the promise of its handler, and a plain require() must load it.
 */
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { compiledServerFile } from '../../src/server/dist-file.js';
import type { PoolWorkerData } from '../../src/server/worker-thread.js';

function requireInWorker(file: string): Promise<string> {
  const workerData: PoolWorkerData = {
    starts: new BigInt64Array(new SharedArrayBuffer(8)),
    stages: new Int32Array(new SharedArrayBuffer(4)),
    nice: 0,
    warmUpMs: 0,
  };
  // eval'd workers are CommonJS, the way piscina's own worker file is.
  const source = [
    "const { parentPort } = require('node:worker_threads');",
    'let loaded;',
    `try { loaded = require(${JSON.stringify(file)}); }`,
    "catch (e) { parentPort.postMessage('require failed: ' + (e.code ?? e.message)); return; }",
    'Promise.resolve(loaded.default).then(',
    "  (h) => parentPort.postMessage('handler: ' + typeof h),",
    "  (e) => parentPort.postMessage('handler failed: ' + e.message));",
  ].join('\n');
  return new Promise((resolve, reject) => {
    const worker = new Worker(`(() => {\n${source}\n})();`, { eval: true, workerData });
    worker.once('message', (m: string) => {
      resolve(m);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

describe('pool worker entry', () => {
  it('loads with require() and resolves to the task handler', async () => {
    expect(await requireInWorker(compiledServerFile('worker'))).toBe('handler: function');
  });
});
