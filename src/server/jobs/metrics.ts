/**
 * Metrics of the batch jobs, registered in the service's own registry. The queue depth is the
 * same number on every replica (it is read from Redis): aggregate it with max(), not sum().
 */
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { ItemOutcome } from './model.js';

export interface JobsMetrics {
  readonly items: Counter<'outcome'>;
  readonly itemSeconds: Histogram<'outcome'>;
  readonly attemptSeconds: Histogram;
  readonly uploadRetries: Counter;
  readonly callbacks: Counter<'outcome'>;
  readonly submitted: Counter;
  /** An item ended: counted by outcome, its latency from submission observed. */
  itemEnded(outcome: ItemOutcome, queuedAt: number): void;
}

export type QueueCounts = Record<'waiting' | 'active' | 'delayed' | 'failed', number>;

/** Longest a scrape waits for Redis before it reports the queue as unknown. */
const COUNTS_TIMEOUT_MS = 1_000;

/** The queue's counts, or null when Redis does not answer in time (no number beats a stale one). */
async function readCounts(counts: () => Promise<QueueCounts>): Promise<QueueCounts | null> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      counts(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), COUNTS_TIMEOUT_MS);
      }),
    ]);
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

export function createJobsMetrics(
  registry: Registry,
  counts: (() => Promise<QueueCounts>) | null,
): JobsMetrics {
  const items = new Counter({
    name: 'a11ypdf_jobs_items_total',
    help: 'Batch job items that ended, by outcome (succeeded, failed, cancelled)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const itemSeconds = new Histogram({
    name: 'a11ypdf_jobs_item_latency_seconds',
    help: 'Time from the submission of an item to its end, by outcome',
    labelNames: ['outcome'] as const,
    buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800, 3600],
    registers: [registry],
  });
  const attemptSeconds = new Histogram({
    name: 'a11ypdf_jobs_item_processing_seconds',
    help: 'Time one worker spends on one attempt of an item (render or validation, and upload)',
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers: [registry],
  });
  const uploadRetries = new Counter({
    name: 'a11ypdf_jobs_upload_retries_total',
    help: 'Items put back for a retry because their upload target (or source) failed',
    registers: [registry],
  });
  const callbacks = new Counter({
    name: 'a11ypdf_jobs_callbacks_total',
    help: 'Callback deliveries by outcome (delivered, retried, failed)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const submitted = new Counter({
    name: 'a11ypdf_jobs_submitted_total',
    help: 'Batch jobs created (a replayed Idempotency-Key is not counted)',
    registers: [registry],
  });
  if (counts) {
    // prom-client collects all gauges of a scrape at once; they share one reading of Redis.
    let reading: Promise<QueueCounts | null> | null = null;
    const snapshot = () =>
      (reading ??= readCounts(counts).finally(() => {
        reading = null;
      }));
    new Gauge({
      name: 'a11ypdf_jobs_queue_depth',
      help: 'Items waiting for a worker, over all replicas (the worker autoscaling signal)',
      registers: [registry],
      async collect() {
        const c = await snapshot();
        if (c) this.set(c.waiting);
        else this.reset();
      },
    });
    new Gauge({
      name: 'a11ypdf_jobs_queue_items',
      help: 'Items in the queue by state (waiting, active, delayed for a retry, failed)',
      labelNames: ['state'] as const,
      registers: [registry],
      async collect() {
        const c = await snapshot();
        this.reset();
        for (const [state, n] of Object.entries(c ?? {})) this.set({ state }, n);
      },
    });
    new Gauge({
      name: 'a11ypdf_jobs_queue_up',
      help: '1 when the job queue (Redis) answered this scrape, else 0',
      registers: [registry],
      async collect() {
        this.set((await snapshot()) ? 1 : 0);
      },
    });
  }
  return {
    items,
    itemSeconds,
    attemptSeconds,
    uploadRetries,
    callbacks,
    submitted,
    itemEnded(outcome, queuedAt) {
      items.inc({ outcome });
      itemSeconds.observe({ outcome }, Math.max(0, Date.now() - queuedAt) / 1000);
    },
  };
}
