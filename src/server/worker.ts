/**
 * Entry of a worker thread of the pool, as compiled by tsc (dist/server/worker.js); the bundled
 * service starts its workers from dist/bundle/worker.cjs instead. The default export is the
 * promise of the task handler, which piscina awaits, so the worker is loaded and warm before its
 * first task. It is not a top-level await: piscina loads its file with require() first, and
 * Node's require() of a module graph with a top-level await fails, so piscina falls back to
 * import(); a second require() while that import links aborts the whole process in V8.
 */
import { startPoolWorker } from './worker-thread.js';

export type { PoolWorkerData, WorkerMessage } from './worker-thread.js';

export default startPoolWorker();
