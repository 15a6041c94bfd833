// A worker thread of bench/throughput.mjs: an a11ypdf library that renders the document it is
// sent, again and again: warming (`warm`), until its render time settles (bench/lib/warm.mjs),
// since a fresh thread's JIT keeps compiling the engine's common paths for dozens of renders;
// measuring, until a moment the main thread names, reporting when each render ended.
import { parentPort } from 'node:worker_threads';
import { render } from '../../dist/index.js';
import { renderUntil, warmUntilSettled } from './warm.mjs';

parentPort.on('message', async ({ input, options, until, min, warm }) => {
  try {
    if (warm) {
      const times = await warmUntilSettled(async () => {
        const t = performance.now();
        await render(input, options);
        return performance.now() - t;
      });
      parentPort.postMessage({ renders: times.length });
      return;
    }
    parentPort.postMessage(await renderUntil(() => render(input, options), until, min));
  } catch (e) {
    parentPort.postMessage({ error: String(e?.stack ?? e) });
  }
});
