// A worker thread of bench/throughput.mjs: a warm a11ypdf library that renders the document it
// is sent, again and again until a moment the main thread names, and reports when each ended.
import { parentPort } from 'node:worker_threads';
import { render } from '../../dist/index.js';

parentPort.on('message', async ({ input, options, until, min }) => {
  const ends = [];
  try {
    const start = Date.now();
    while (Date.now() < until || ends.length < min) {
      await render(input, options);
      ends.push(Date.now());
    }
    parentPort.postMessage({ start, ends });
  } catch (e) {
    parentPort.postMessage({ error: String(e?.stack ?? e) });
  }
});
