/**
 * A fuzz worker thread: loads the engine from source (see ts-hooks.mjs) and runs one case at a
 * time. The parent enforces the deadline by terminating this thread, which is the only way to
 * stop a synchronous loop.
 */
import { register } from 'node:module';
import { parentPort } from 'node:worker_threads';

register('./ts-hooks.mjs', import.meta.url);
const { runCase } = await import('./targets.ts');

parentPort.on('message', async (msg) => {
  const outcome = await runCase(msg.input);
  parentPort.postMessage({ id: msg.id, outcome });
});
parentPort.postMessage({ ready: true });
