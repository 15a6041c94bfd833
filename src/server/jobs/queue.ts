/**
 * The connections and queues of the jobs: one queue of items, one of callbacks, both BullMQ on
 * Redis, with the jobs' own state beside them (store.ts). Producers fail fast when Redis is
 * unreachable (the API answers 503); workers wait for it to come back.
 */
import { Queue, type JobsOptions } from 'bullmq';
import { Redis, type RedisOptions } from 'ioredis';
import type { JobsConfig } from './config.js';
import {
  itemJobId,
  type CallbackData,
  type ItemData,
  type ItemOutcome,
  type ItemRecord,
  type JobItem,
} from './model.js';
import { JobStore } from './store.js';
import { CALLBACKS_QUEUE, ITEMS_QUEUE } from './unavailable.js';

/** Callback deliveries tried before a callback is given up (about half an hour of backoff). */
const CALLBACK_ATTEMPTS = 9;
const CALLBACK_BACKOFF_MS = 5_000;

export function redisClient(
  config: JobsConfig,
  use: 'producer' | 'worker',
  onError: (err: Error) => void,
): Redis {
  const options: RedisOptions =
    use === 'producer'
      ? { maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 5_000 }
      : // BullMQ's workers block on Redis and must retry without limit.
        { maxRetriesPerRequest: null, connectTimeout: 10_000 };
  const client = new Redis(config.redisUrl, {
    ...options,
    connectionName: `a11ypdf-${use}`,
    retryStrategy: (times) => Math.min(times * 200, 5_000),
  });
  client.on('error', onError);
  return client;
}

/** Resolves when the client is connected, or after `ms` (the caller goes on either way). */
export function connected(client: Redis, ms: number): Promise<boolean> {
  if (client.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => done(false), ms);
    const onReady = () => done(true);
    const done = (ok: boolean) => {
      clearTimeout(timer);
      client.off('ready', onReady);
      resolve(ok);
    };
    client.on('ready', onReady);
  });
}

/** How items are queued: retried with exponential backoff, gone from the queue once they end. */
export function itemJobOptions(config: JobsConfig, jobId: string, index: number): JobsOptions {
  return {
    jobId: itemJobId(jobId, index),
    attempts: config.attempts,
    backoff: { type: 'exponential', delay: config.backoffMs, jitter: 0.5 },
    removeOnComplete: true,
    // Kept until a worker has recorded its failure (reconcileFailed); then removed.
    removeOnFail: false,
  };
}

export function callbackJobOptions(config: JobsConfig, jobId: string): JobsOptions {
  const keep = { age: config.resultTtlSeconds };
  return {
    // One callback per job: queuing it again (the sweeper after a crash) adds nothing.
    jobId: `callback.${jobId}`,
    attempts: CALLBACK_ATTEMPTS,
    backoff: { type: 'exponential', delay: CALLBACK_BACKOFF_MS, jitter: 0.5 },
    removeOnComplete: keep,
    removeOnFail: keep,
  };
}

/** The producer side: the store and both queues over one connection. */
export class JobsBackend {
  readonly store: JobStore;
  readonly items: Queue<ItemData>;
  readonly callbacks: Queue<CallbackData>;
  readonly #client: Redis;
  readonly #config: JobsConfig;

  constructor(config: JobsConfig, client: Redis, onError: (err: Error) => void) {
    this.#config = config;
    this.#client = client;
    this.store = new JobStore(client, config.prefix, config.resultTtlSeconds);
    const base = { connection: client, prefix: config.prefix };
    this.items = new Queue<ItemData>(ITEMS_QUEUE, base);
    this.callbacks = new Queue<CallbackData>(CALLBACKS_QUEUE, base);
    // Connection errors are the client's to report (once in a while, see setUpJobs).
    this.items.on('error', onError);
    this.callbacks.on('error', onError);
  }

  /** The connection, for a worker on the same Redis (BullMQ opens its blocking one beside it). */
  get connection(): Redis {
    return this.#client;
  }

  get connected(): boolean {
    return this.#client.status === 'ready';
  }

  /** Queues items [from, items.length) in bulk; an item already queued is not queued again. */
  async enqueue(jobId: string, items: readonly JobItem[], from = 0): Promise<void> {
    const CHUNK = 500;
    for (let start = from; start < items.length; start += CHUNK) {
      const chunk = items.slice(start, start + CHUNK).map((item, i) => ({
        name: item.route,
        data: { jobId, index: start + i, item },
        opts: itemJobOptions(this.#config, jobId, start + i),
      }));
      await this.items.addBulk(chunk);
    }
  }

  /** Hands a finished job's callback to the callback queue, once. */
  async queueCallback(jobId: string): Promise<void> {
    await this.callbacks.add('callback', { jobId }, callbackJobOptions(this.#config, jobId));
    await this.store.callbackQueued(jobId);
  }

  /**
   * Records an item's outcome (once, whoever comes first: a worker, a retry, a cancel) and,
   * when it was the job's last, hands the job's callback to the callback queue.
   */
  async end(
    jobId: string,
    index: number,
    record: ItemRecord,
    ended: (outcome: ItemOutcome) => void,
  ): Promise<boolean> {
    const { recorded, finished, callback } = await this.store.finish(jobId, index, record);
    if (recorded) ended(record.outcome);
    // Left in the pending set on failure: a worker's housekeeping queues it later.
    if (finished && callback) await this.queueCallback(jobId).catch(() => {});
    return finished;
  }

  /** Items waiting for a worker (the autoscaling signal) and the other states, by name. */
  async counts(): Promise<Record<'waiting' | 'active' | 'delayed' | 'failed', number>> {
    const c = await this.items.getJobCounts('wait', 'prioritized', 'active', 'delayed', 'failed');
    return {
      waiting: (c.wait ?? 0) + (c.prioritized ?? 0),
      active: c.active ?? 0,
      delayed: c.delayed ?? 0,
      failed: c.failed ?? 0,
    };
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.items.close(), this.callbacks.close()]);
    this.#client.disconnect();
  }
}
