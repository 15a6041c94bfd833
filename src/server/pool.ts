/**
 * A bounded pool of worker threads for CPU-bound work (render, validate, rasterise).
 * - bounded queue: when it is full the caller gets QueueFullError at once (HTTP 429);
 * - per-task deadline: a task over its deadline is aborted and its worker thread replaced (504);
 * - a worker that crashes or runs out of memory fails only its own task (500).
 */
import { Piscina } from 'piscina';
import { compiledServerFile } from './dist-file.js';
import { deserializeError } from './task-errors.js';
import { setFlagsFromString } from 'node:v8';
import { tuneHeapForRenders } from '../index.js';
import { stageName } from './stages.js';
import type { ServiceConfig } from './config.js';
import type { Task, TaskOutcome } from './tasks.js';
import type { PoolWorkerData, WorkerMessage } from './worker-thread.js';

export class QueueFullError extends Error {
  override readonly name = 'QueueFullError';
}

export class TaskTimeoutError extends Error {
  override readonly name = 'TaskTimeoutError';
  constructor(
    message: string,
    /** Where the task was: 'queue' when it never started, else the engine's last stage. */
    readonly stage: string,
  ) {
    super(message);
  }
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
  /**
   * Tasks that may wait, with every worker busy, before the pool counts as saturated (readiness
   * fails). Default: one per worker.
   */
  readonly saturationQueue?: number;
  /** How much nicer than the process the worker threads run (Linux; default 0). */
  readonly workerNice?: number;
  /** Most time each worker spends warming up on sample documents before its first task. */
  readonly warmUpMs?: number;
}

/** The service's pool as its configuration sets it up. */
export function poolFromConfig(config: ServiceConfig): WorkPool {
  return new WorkPool({
    workers: config.workers,
    queueLimit: config.queueLimit,
    saturationQueue: config.readyQueueThreshold,
    workerNice: config.workerNice,
    warmUpMs: config.warmUpMs,
    timeoutMs: config.requestTimeoutMs,
    queueTimeoutMs: config.queueTimeoutMs,
    workerMemoryMb: config.workerMemoryMb,
    ...(config.workerYoungGenerationMb > 0
      ? { workerYoungGenerationMb: config.workerYoungGenerationMb }
      : {}),
    heapGrowingPercent: config.heapGrowingPercent,
  });
}

/**
 * When the pool gives up a running task: a little after its deadline. The engine stops itself
 * before the deadline (worker.ts) and answers with the stage it reached, keeping its worker;
 * cutting the worker off is for work between the engine's checks. Counted from the start the
 * worker recorded, the cut-off has no message latency in it, so on a loaded machine it needs
 * its own margin to let the engine's answer arrive first.
 */
function cutOffMs(timeoutMs: number): number {
  return timeoutMs + Math.min(500, timeoutMs / 10);
}

/**
 * The error of a task the pool gave up: `stage` is the code its worker last wrote, or null when
 * it never left the queue. Milliseconds are whole, whatever arithmetic produced the deadline.
 */
export function taskTimeout(ms: number, stage: number | null): TaskTimeoutError {
  if (stage === null) {
    return new TaskTimeoutError(
      `no worker was free within ${Math.round(ms)} ms (stopped while queued)`,
      'queue',
    );
  }
  const name = stageName(stage);
  return new TaskTimeoutError(
    `the work did not finish within ${Math.round(ms)} ms (stopped during ${name})`,
    name,
  );
}

export class WorkPool {
  readonly #pool: Piscina<WorkerMessage, TaskOutcome>;
  readonly #timeoutMs: number;
  readonly #queueTimeoutMs: number;
  /**
   * When each in-flight task started (epoch ms, 0 = still queued), one slot per task, shared
   * with the workers. A worker writes its task's slot as it picks the task up, and the deadline
   * timer reads it. (A MessageChannel per task to say "started" leaked about 3 KB of native
   * memory per task through piscina's transfer path: 3 MB per thousand requests, for good.)
   */
  readonly #starts: BigInt64Array;
  /** The stage each running task is in (stages.ts codes), written by its worker. */
  readonly #stages: Int32Array;
  readonly #saturationQueue: number;
  readonly #freeSlots: number[];
  #running = 0;

  constructor(opts: PoolOptions) {
    this.#timeoutMs = opts.timeoutMs;
    this.#queueTimeoutMs = opts.queueTimeoutMs;
    // Running tasks plus the queue bound how many are in flight; a task refused by a full queue
    // holds its slot only until the refusal.
    const slots = opts.workers + opts.queueLimit + 1;
    this.#starts = new BigInt64Array(new SharedArrayBuffer(slots * 8));
    this.#stages = new Int32Array(new SharedArrayBuffer(slots * 4));
    this.#saturationQueue = opts.saturationQueue ?? opts.workers;
    this.#freeSlots = Array.from({ length: slots }, (_, i) => slots - 1 - i);
    // `npm start` gives the HTTP thread a small young generation (--max-semi-space-size): it
    // only parses requests and sends responses. The flag would also bind the workers' isolates,
    // whose young generation is this pool's own setting, so it is cleared before they start.
    if (process.execArgv.some((a) => a.startsWith('--max-semi-space-size')))
      setFlagsFromString('--max-semi-space-size=0');
    // Before the workers' isolates start: they get the process-wide flags.
    tuneHeapForRenders();
    if (opts.heapGrowingPercent !== undefined) {
      // Read by V8 each time it sizes the heap after a full GC, so setting it at run time works.
      setFlagsFromString(`--heap-growing-percent=${Math.trunc(opts.heapGrowingPercent)}`);
    }
    this.#pool = new Piscina<WorkerMessage, TaskOutcome>({
      filename: compiledServerFile('worker'),
      minThreads: opts.workers,
      maxThreads: opts.workers,
      maxQueue: opts.queueLimit,
      idleTimeout: 60_000,
      workerData: {
        starts: this.#starts,
        stages: this.#stages,
        nice: opts.workerNice ?? 0,
        warmUpMs: opts.warmUpMs ?? 0,
      } satisfies PoolWorkerData,
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

  /**
   * Every worker is busy and more tasks wait than the saturation threshold: a new request would
   * wait for several whole tasks, so readiness sends traffic elsewhere.
   */
  get saturated(): boolean {
    const queued = this.#pool.queueSize;
    const busy = this.#running - queued;
    return busy >= this.#pool.maxThreads && queued >= Math.max(1, this.#saturationQueue);
  }

  /**
   * Runs a task. The deadline counts from the moment a worker starts it; a task still queued
   * after the queue timeout is given up too, so nothing waits forever.
   */
  async run<T>(
    task: Task,
    timeoutMs = this.#timeoutMs,
    queueTimeoutMs = this.#queueTimeoutMs,
  ): Promise<T> {
    const slot = this.#freeSlots.pop();
    // Cannot happen while the queue bound holds; refuse rather than share a slot.
    if (slot === undefined) throw new QueueFullError('all workers are busy and the queue is full');
    Atomics.store(this.#starts, slot, 0n);
    Atomics.store(this.#stages, slot, 0);
    const controller = new AbortController();
    const enqueued = Date.now();
    let started = false;
    let timedOut = false;
    let timer: NodeJS.Timeout | undefined;
    // One timer, re-armed from the start time the worker wrote: the queue deadline until the
    // task starts, then the run deadline from its start.
    const check = (): void => {
      const startedAt = Number(Atomics.load(this.#starts, slot));
      const now = Date.now();
      let wait: number;
      if (startedAt === 0) {
        wait = queueTimeoutMs - (now - enqueued);
        // Looked at again no later than a whole run deadline, so a task that starts just after
        // this check is still cut off on time.
        if (wait > 0) wait = Math.min(wait, timeoutMs);
      } else {
        started = true;
        wait = startedAt + cutOffMs(timeoutMs) - now;
      }
      if (wait <= 0) {
        timedOut = true;
        controller.abort();
      } else timer = setTimeout(check, wait);
    };
    timer = setTimeout(check, Math.min(queueTimeoutMs, timeoutMs));
    this.#running++;
    let outcome: TaskOutcome;
    try {
      outcome = await this.#pool.run({ task, slot, timeoutMs } satisfies WorkerMessage, {
        signal: controller.signal,
      });
    } catch (err) {
      const message = (err as Error).message ?? String(err);
      if (/queue is at limit|No task queue available/i.test(message)) {
        throw new QueueFullError('all workers are busy and the queue is full');
      }
      if (timedOut) {
        throw taskTimeout(
          started ? timeoutMs : queueTimeoutMs,
          started ? Atomics.load(this.#stages, slot) : null,
        );
      }
      throw new WorkerCrashError(`the worker failed: ${message}`);
    } finally {
      clearTimeout(timer);
      this.#freeSlots.push(slot);
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
    // No queue deadline: the tasks wait while the workers load and warm up (seconds on a busy
    // machine); given up after the queue timeout, they made readiness turn green early.
    await Promise.allSettled(
      Array.from({ length: this.#pool.maxThreads }, () =>
        this.run({ kind: 'warmup' }, this.#timeoutMs, Number.POSITIVE_INFINITY),
      ),
    );
  }

  /** Ends every worker, running or not (the service drains its requests before it closes). */
  async close(): Promise<void> {
    await this.#pool.destroy();
  }
}
