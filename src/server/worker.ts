/**
 * Entry of a worker thread of the pool, as compiled by tsc (dist/server/worker.js); the bundled
 * service starts its workers from dist/bundle/worker.cjs instead. Piscina waits for this module,
 * so the worker is loaded and warm before its first task.
 */
import { startPoolWorker } from './worker-thread.js';

export type { PoolWorkerData, WorkerMessage } from './worker-thread.js';

export default await startPoolWorker();
