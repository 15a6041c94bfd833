/**
 * The worker role: takes items from the queue and runs them, records each outcome once, and
 * sends the callback of each job it finishes.
 *
 * - An item whose upload target (or source) fails for a reason that passes is retried with
 *   exponential backoff; anything the document itself causes fails the item at once, alone.
 * - A worker that dies mid-item stops renewing its claim (the lease); after it lapses another
 *   worker takes the item again. An item that kills its worker twice fails alone.
 * - Before uploading, the worker renews its claim: a worker that lost it (another has taken
 *   the item) does not upload.
 * - On shutdown, items finish within the drain time; past it, those still rendering go back
 *   to the queue for another worker (uploads already under way finish).
 */
import type { FastifyBaseLogger } from 'fastify';
import { Worker, WaitingError, type Job } from 'bullmq';
import type { ServiceConfig } from '../config.js';
import type { WorkPool } from '../pool.js';
import { errorToProblemInit, problemAt } from '../problem.js';
import { isRetriable } from './items.js';
import { ItemReturned, runItem, type ItemOutput } from './items.js';
import { sendCallback } from './callbacks.js';
import type { JobsConfig } from './config.js';
import type { JobsMetrics } from './metrics.js';
import type { CallbackData, ItemData, ItemOutcome, ItemRecord } from './model.js';
import type { JobsBackend } from './queue.js';
import { CALLBACKS_QUEUE, isRedisError, ITEMS_QUEUE } from './unavailable.js';
import { jobView } from './view.js';
import { UploadError } from '../../index.js';

/** How often a worker looks for failed items to record and callbacks left unqueued. */
const HOUSEKEEPING_MS = 10_000;
/** A pending callback older than this was left by a worker that died after finishing a job. */
const CALLBACK_ORPHAN_MS = 15_000;
/** Beyond the drain and upload time, how long closing waits for the queue to let go. */
export const CLOSE_MARGIN_MS = 5_000;
/** Callbacks delivered at once by one worker process. */
const CALLBACK_CONCURRENCY = 4;

/** This worker's claim on an item lapsed and another worker may hold it: do not upload. */
class LeaseLost extends Error {
  override readonly name = 'LeaseLost';
}

export interface JobsWorkerOptions {
  readonly config: ServiceConfig;
  readonly jobs: JobsConfig;
  readonly pool: WorkPool;
  /** A backend over a patient connection: a short Redis outage waits rather than fails. */
  readonly backend: JobsBackend;
  readonly metrics: JobsMetrics;
  readonly log: FastifyBaseLogger;
  /** Reports a lost connection to Redis (rate-limited: it repeats while Redis is down). */
  readonly onConnectionError: (err: Error) => void;
}

/** The problem of a failed item, addressed to the item within the job. */
function itemProblem(jobId: string, index: number, err: unknown) {
  const init = errorToProblemInit(err);
  return problemAt(`/jobs/${jobId}/items/${index}`, jobId, {
    ...init,
    errors: (init.errors ?? []).map((e) => ({
      ...e,
      pointer: `/items/${index}/body${e.pointer.startsWith('/headers') ? '' : e.pointer}`,
    })),
  });
}

export class JobsWorker {
  readonly #opts: JobsWorkerOptions;
  readonly #items: Worker<ItemData>;
  readonly #callbacks: Worker<CallbackData>;
  readonly #drain = new AbortController();
  readonly #housekeeping: NodeJS.Timeout;
  /** Items this worker is processing now. */
  #running = 0;
  #reconciling: Promise<void> | null = null;

  constructor(opts: JobsWorkerOptions) {
    this.#opts = opts;
    const { jobs, backend, log } = opts;
    const connection = backend.connection;
    this.#items = new Worker<ItemData>(ITEMS_QUEUE, (job, token) => this.#process(job, token), {
      connection,
      prefix: jobs.prefix,
      concurrency: jobs.concurrency,
      lockDuration: jobs.leaseMs,
      stalledInterval: jobs.leaseMs,
      maxStalledCount: 1,
    });
    this.#callbacks = new Worker<CallbackData>(CALLBACKS_QUEUE, (job) => this.#callback(job), {
      connection,
      prefix: jobs.prefix,
      concurrency: CALLBACK_CONCURRENCY,
      lockDuration: jobs.leaseMs,
      stalledInterval: jobs.leaseMs,
    });
    for (const worker of [this.#items, this.#callbacks]) {
      worker.on('error', (err) =>
        isRedisError(err) ? opts.onConnectionError(err) : log.warn({ err }, 'job queue error'),
      );
    }
    this.#items.on('failed', (job, err) => {
      // Items the processor gave up are recorded by it; a deferred failure (an item that
      // stopped its workers too often) is recorded here.
      if (job && err.name === 'UnrecoverableError') void this.#reconcile();
    });
    this.#items.on('lockRenewalFailed', (ids) =>
      log.warn({ items: ids }, 'could not renew the lease on items'),
    );
    // At start too: what a worker that died left behind is recorded without waiting.
    void this.#reconcile();
    this.#housekeeping = setInterval(() => void this.#reconcile(), HOUSEKEEPING_MS);
    this.#housekeeping.unref();
  }

  isReady(): boolean {
    return this.#items.isRunning() && this.#opts.backend.connected;
  }

  async #process(job: Job<ItemData>, token: string | undefined): Promise<void> {
    this.#running++;
    try {
      return await this.#run(job, token);
    } finally {
      this.#running--;
    }
  }

  async #run(job: Job<ItemData>, token: string | undefined): Promise<void> {
    const { store } = this.#opts.backend;
    const { jobId, index, item } = job.data;
    const decision = await store.start(jobId, index);
    if (decision === 'missing' || decision === 'done') return;
    if (decision === 'cancelled') return this.#end(job, 'cancelled', {});
    const started = performance.now();
    let output: ItemOutput;
    try {
      output = await runItem(item, {
        config: this.#opts.config,
        pool: this.#opts.pool,
        jobId,
        index,
        signal: this.#drain.signal,
        beforeUpload: async () => {
          if (!token || (await job.extendLock(token, this.#opts.jobs.leaseMs)) !== 1) {
            throw new LeaseLost(`the lease on item ${job.id} lapsed`);
          }
        },
      });
    } catch (err) {
      this.#opts.metrics.attemptSeconds.observe((performance.now() - started) / 1000);
      return this.#failed(job, token, err);
    }
    this.#opts.metrics.attemptSeconds.observe((performance.now() - started) / 1000);
    return this.#end(job, 'succeeded', output);
  }

  async #failed(job: Job<ItemData>, token: string | undefined, err: unknown): Promise<void> {
    const { log, metrics } = this.#opts;
    const { jobId, index } = job.data;
    if (err instanceof ItemReturned) {
      log.info({ jobId, index }, 'shutting down: item returned to the queue');
      await job.moveToWait(token);
      throw new WaitingError();
    }
    if (err instanceof LeaseLost) {
      log.warn({ jobId, index }, 'lease lost before the upload: left to the worker holding it');
      throw err;
    }
    const attempts = job.opts.attempts ?? 1;
    if (isRetriable(err) && job.attemptsMade + 1 < attempts) {
      metrics.uploadRetries.inc();
      log.info(
        { jobId, index, attempt: job.attemptsMade + 1, reason: (err as Error).message },
        'item will be retried',
      );
      throw err;
    }
    const problem = itemProblem(jobId, index, err);
    if (problem.status >= 500) log.error({ err, jobId, index }, 'item failed');
    else log.info({ jobId, index, status: problem.status, detail: problem.detail }, 'item failed');
    return this.#end(job, 'failed', { problem });
  }

  /** Records the item's outcome (once, whoever comes first). */
  async #end(job: Job<ItemData>, outcome: ItemOutcome, output: ItemOutput): Promise<void> {
    const { backend, metrics, log } = this.#opts;
    const { jobId, index } = job.data;
    const record: ItemRecord = {
      outcome,
      attempts: Math.max(1, job.attemptsStarted ?? job.attemptsMade + 1),
      finishedAt: new Date().toISOString(),
      ...output,
    };
    const finished = await backend.end(jobId, index, record, (o) =>
      metrics.itemEnded(o, job.timestamp),
    );
    if (finished) log.info({ jobId }, 'job finished');
  }

  async #callback(job: Job<CallbackData>): Promise<void> {
    const { backend, config, jobs, metrics, log } = this.#opts;
    const { jobId } = job.data;
    const record = await backend.store.get(jobId);
    if (!record?.callbackUrl) return;
    const attempt = job.attemptsMade + 1;
    try {
      const view = jobView(record, await backend.store.ttl(jobId));
      const status = await sendCallback(record.callbackUrl, view, config, jobs.callbackSecret);
      await backend.store.callbackDone(jobId, 'delivered', attempt, status);
      metrics.callbacks.inc({ outcome: 'delivered' });
    } catch (err) {
      if (isRetriable(err) && attempt < (job.opts.attempts ?? 1)) {
        metrics.callbacks.inc({ outcome: 'retried' });
        throw err;
      }
      log.warn({ jobId, reason: (err as Error).message }, 'callback not delivered');
      const status = err instanceof UploadError ? (err.targetStatus ?? null) : null;
      await backend.store.callbackDone(jobId, 'failed', attempt, status);
      metrics.callbacks.inc({ outcome: 'failed' });
    }
  }

  /**
   * Records the items the queue failed without our processor (they stopped their workers too
   * often), and queues callbacks a dead worker left pending. Any worker may do it; the store
   * records each outcome once.
   */
  #reconcile(): Promise<void> {
    this.#reconciling ??= (async () => {
      const { backend, log } = this.#opts;
      try {
        for (const job of (await backend.items.getFailed(0, 199)) as Job<ItemData>[]) {
          if (!job?.data) continue;
          const { jobId, index } = job.data;
          const problem = problemAt(`/jobs/${jobId}/items/${index}`, jobId, {
            status: 500,
            slug: 'worker-lost',
            title: 'The item stopped its workers',
            detail: `the workers running this item stopped before it ended (${job.failedReason ?? 'no reason given'}); it failed alone and the rest of the job went on`,
          });
          await this.#end(job, 'failed', { problem });
          await job.remove();
        }
        for (const jobId of await backend.store.pendingCallbacks(Date.now() - CALLBACK_ORPHAN_MS)) {
          await backend.queueCallback(jobId);
        }
      } catch (err) {
        log.warn({ err }, 'job housekeeping failed; it runs again shortly');
      } finally {
        this.#reconciling = null;
      }
    })();
    return this.#reconciling;
  }

  /**
   * Stops taking items and lets those in progress end; after the drain time, items still
   * rendering go back to the queue. With Redis unreachable nothing can be recorded or given
   * back: the worker stops waiting once its own items have ended (or could not), and leaves
   * what it held to the lease.
   */
  async close(): Promise<void> {
    const { jobs, config, backend, log } = this.#opts;
    clearInterval(this.#housekeeping);
    const drain = setTimeout(() => this.#drain.abort(), jobs.drainTimeoutMs);
    const closed = Promise.all([this.#items.close(), this.#callbacks.close()]).then(() => true);
    const deadline = Date.now() + jobs.drainTimeoutMs + config.uploadTimeoutMs + CLOSE_MARGIN_MS;
    let done = false;
    void closed.then(() => (done = true));
    while (!done && Date.now() < deadline && (this.#running > 0 || backend.connected)) {
      await new Promise((r) => setTimeout(r, 100));
    }
    clearTimeout(drain);
    if (!done) {
      log.warn(
        { items: this.#running },
        'job queue unreachable while stopping: items held are left to their lease',
      );
      backend.connection.disconnect();
    }
  }
}
