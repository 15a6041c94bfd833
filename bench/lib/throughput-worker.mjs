// A worker thread of bench/throughput.mjs: an a11ypdf library that renders the document it is
// sent, again and again. Warming (`warm`), it renders until its render time settles: the median
// of the last ten within 5% of the ten before, after at least `minMs` and `minRenders` (at most
// `maxMs`), since a fresh thread's JIT keeps compiling the engine's common paths for dozens of
// renders. Measuring,
// it renders until a moment the main thread names and reports when each render ended.
import { parentPort } from 'node:worker_threads';
import { render } from '../../dist/index.js';
import { settled } from './stats.mjs';

parentPort.on('message', async ({ input, options, until, min, warm }) => {
  try {
    if (warm) {
      const t0 = performance.now();
      const times = [];
      for (;;) {
        const elapsed = performance.now() - t0;
        if (elapsed >= warm.maxMs) break;
        if (elapsed >= warm.minMs && times.length >= warm.minRenders && settled(times)) break;
        const t = performance.now();
        await render(input, options);
        times.push(performance.now() - t);
      }
      parentPort.postMessage({ renders: times.length });
      return;
    }
    const ends = [];
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
