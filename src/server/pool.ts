/**
 * A bounded pool of worker threads for CPU-bound work (render, validate, rasterise).
 * - bounded queue: when it is full the caller gets QueueFullError at once (HTTP 429);
 * - per-task deadline: a task over its deadline is aborted and its worker thread replaced (504);
 * - a worker that crashes or runs out of memory fails only its own task (500).
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { deserializeError } from './task-errors.js';
import { setFlagsFromString } from 'node:v8';
import { MessageChannel } from 'node:worker_threads';
import type { Task, TaskOutcome } from './tasks.js';
import type { WorkerMessage } from './worker.js';

export class QueueFullError extends Error {
  override readonly name = 'QueueFullError';
}

export class TaskTimeoutError extends Error {
  override readonly name = 'TaskTimeoutError';
}

export class WorkerCrashError extends Error {
  override readonly name = 'WorkerCrashError';
}

export interface PoolOptions {
  readonly workers: number;
  readonly queueLimit: number;
  readonly timeoutMs: number;
  /** Longest wait in the queue before a task is given up (504). */
  readonly queueTimeoutMs: number;
  /** Heap limit of one worker, MB; a render over it kills only its worker. */
  readonly workerMemoryMb?: number;
  /**
   * Young generation of each worker, MB (absent: V8's size, 16 MB semi-spaces). 16-24 give
   * 8 MB semi-spaces: about 20 MB less per worker for the same throughput. Below that the
   * trade turns: 8 MB took the service's peak RSS under load from about 440 to 360 MB for
   * 12-15% fewer requests per second.
   */
  readonly workerYoungGenerationMb?: number;
  /**
   * V8's old-generation growing factor, percent past the live size (0: V8's own). A V8 flag,
   * so it is process-wide; set before the workers start, it applies to their heaps too.
   */
  readonly heapGrowingPercent?: number;
}

/** The compiled worker entry: dist/server/worker.js, wherever this module runs from. */
function workerFile(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [
    join(here, 'worker.js'),
    join(here, '..', '..', 'dist', 'server', 'worker.js'),
  ];
  const found = candidates.find(
    (c) => c.endsWith('.js') && existsSync(c) && !c.includes(`${join('src', 'server')}`),
  );
  if (!found) throw new Error('dist/server/worker.js is missing: run `npm run build` first');
  return found;
}

export class WorkPool {
  readonly #pool: Piscina<WorkerMessage, TaskOutcome>;
  readonly #timeoutMs: number;
  readonly #queueTimeoutMs: number;
  #running = 0;

  constructor(opts: PoolOptions) {
    this.#timeoutMs = opts.timeoutMs;
    this.#queueTimeoutMs = opts.queueTimeoutMs;
    // `npm start` gives the HTTP thread a small young generation (--max-semi-space-size): it
    // only parses requests and sends responses. The flag would also bind the workers' isolates,
    // whose young generation is this pool's own setting, so it is cleared before they start.
    if (process.execArgv.some((a) => a.startsWith('--max-semi-space-size')))
      setFlagsFromString('--max-semi-space-size=0');
    if (opts.heapGrowingPercent !== undefined) {
      // Read by V8 each time it sizes the heap after a full GC, so setting it at run time works.
      setFlagsFromString(`--heap-growing-percent=${Math.trunc(opts.heapGrowingPercent)}`);
    }
    this.#pool = new Piscina<WorkerMessage, TaskOutcome>({
      filename: workerFile(),
      minThreads: opts.workers,
      maxThreads: opts.workers,
      maxQueue: opts.queueLimit,
      idleTimeout: 60_000,
      resourceLimits: {
        maxOldGenerationSizeMb: opts.workerMemoryMb ?? 1024,
        ...(opts.workerYoungGenerationMb !== undefined
          ? { maxYoungGenerationSizeMb: opts.workerYoungGenerationMb }
          : {}),
      },
    });
  }

  /** Tasks waiting for a worker. */
  get queueDepth(): number {
    return this.#pool.queueSize;
  }

  /** Tasks running or waiting. */
  get inFlight(): number {
    return this.#running;
  }

  get saturated(): boolean {
    return (
      this.#pool.queueSize >= this.#pool.options.maxQueue && this.#running >= this.#pool.maxThreads
    );
  }

  /**
   * Runs a task. The deadline counts from the moment a worker starts it; a task still queued
   * after the queue timeout is given up too, so nothing waits forever.
   */
  async run<T>(task: Task, timeoutMs = this.#timeoutMs): Promise<T> {
    const controller = new AbortController();
    const { port1, port2 } = new MessageChannel();
    let runTimer: NodeJS.Timeout | undefined;
    let timedOut = false;
    const abort = () => {
      timedOut = true;
      controller.abort();
    };
    const queueTimer = setTimeout(abort, this.#queueTimeoutMs);
    port1.once('message', () => {
      clearTimeout(queueTimer);
      runTimer = setTimeout(abort, timeoutMs);
    });
    this.#running++;
    let outcome: TaskOutcome;
    try {
      outcome = await this.#pool.run({ task, started: port2, timeoutMs } satisfies WorkerMessage, {
        signal: controller.signal,
        transferList: [port2] as never,
      });
    } catch (err) {
      const message = (err as Error).message ?? String(err);
      if (/queue is at limit|No task queue available/i.test(message)) {
        throw new QueueFullError('all workers are busy and the queue is full');
      }
      if (timedOut) {
        throw new TaskTimeoutError(
          runTimer === undefined
            ? `no worker was free within ${this.#queueTimeoutMs} ms`
            : `the work did not finish within ${timeoutMs} ms`,
        );
      }
      throw new WorkerCrashError(`the worker failed: ${message}`);
    } finally {
      clearTimeout(runTimer);
      clearTimeout(queueTimer);
      port1.close();
      this.#running--;
    }
    if (!outcome.ok) throw deserializeError(outcome.error);
    return outcome.value as T;
  }

  /**
   * Warms every worker (one warm-up task each, run side by side so each worker takes one).
   * Resolves when all are warm; a failed warm-up is not fatal, the worker warms on first use.
   */
  async warmUp(): Promise<void> {
    await Promise.allSettled(
      Array.from({ length: this.#pool.maxThreads }, () => this.run({ kind: 'warmup' })),
    );
  }

  async close(): Promise<void> {
    await this.#pool.close({ force: true });
  }
}
