/**
 * Entry of a batch worker thread: loads the engine once, then runs the files the main thread
 * sends, one at a time, answering each with its outcome.
 */
import { isMainThread, parentPort } from 'node:worker_threads';
import { runJob } from './jobs.js';
import type { JobMessage, OutcomeMessage } from './pool.js';

export function startBatchWorker(): void {
  const port = parentPort;
  if (isMainThread || !port) throw new Error('the batch worker runs in a worker thread');
  port.on('message', (msg: JobMessage) => {
    void runJob(msg.job).then((outcome) => {
      // Bytes for standard output are never asked of a worker (one input only); keep the
      // message small either way.
      port.postMessage({ id: msg.id, outcome } satisfies OutcomeMessage);
    });
  });
}

if (!isMainThread && parentPort) startBatchWorker();
