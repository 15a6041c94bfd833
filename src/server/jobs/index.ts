/**
 * Batch jobs in the service, by role: the API role serves /jobs (503 without REDIS_URL), the
 * worker role runs items from the queue, `all` does both. Queue metrics are exported by every
 * role that has a queue.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Authenticator } from '../auth.js';
import type { ServiceConfig } from '../config.js';
import type { Metrics } from '../metrics.js';
import type { WorkPool } from '../pool.js';
import { createJobsMetrics } from './metrics.js';
import { jobsRoutes } from './routes.js';
import type { JobsWorker } from './worker.js';

export interface JobsRuntime {
  /** False while a worker cannot take items (not yet connected, or stopping). */
  isReady(): boolean;
  /** Drains the worker (see JobsWorker.close) and closes the connections. */
  close(): Promise<void>;
}

export interface JobsDeps {
  readonly config: ServiceConfig;
  readonly pool: WorkPool;
  readonly metrics: Metrics;
  readonly authenticate: Authenticator;
}

/** How long start-up waits for Redis before it goes on (the API answers 503 until it is up). */
const CONNECT_WAIT_MS = 5_000;
/** Redis reconnects every few seconds while it is down; its errors are logged this often. */
const ERROR_LOG_INTERVAL_MS = 30_000;

function redisErrorLogger(log: FastifyBaseLogger): (err: Error) => void {
  let last = 0;
  return (err) => {
    const now = Date.now();
    if (now - last < ERROR_LOG_INTERVAL_MS) return;
    last = now;
    log.warn({ reason: err.message }, 'job queue (Redis) connection error; reconnecting');
  };
}

export async function setUpJobs(app: FastifyInstance, deps: JobsDeps): Promise<JobsRuntime> {
  const { config } = deps;
  const jobs = config.jobs;
  const log = app.log.child({ component: 'jobs' });
  const onError = redisErrorLogger(log);
  // BullMQ and ioredis are loaded only by a service that has a queue (REDIS_URL): they are
  // most of the HTTP thread's code otherwise, and its start-up would parse them for nothing.
  const queue = jobs ? await import('./queue.js') : null;
  const api =
    jobs && queue && config.role !== 'worker'
      ? new queue.JobsBackend(jobs, queue.redisClient(jobs, 'producer', onError), onError)
      : null;
  const workerSide =
    jobs && queue && config.role !== 'api'
      ? new queue.JobsBackend(jobs, queue.redisClient(jobs, 'worker', onError), onError)
      : null;
  const counted = api ?? workerSide;
  const metrics = createJobsMetrics(deps.metrics.registry, counted ? () => counted.counts() : null);

  if (config.role !== 'worker') {
    await app.register(jobsRoutes, {
      config,
      authenticate: deps.authenticate,
      backend: api,
      metrics,
    });
  }
  const waits = [api, workerSide].flatMap((b) =>
    b && queue ? [queue.connected(b.connection, CONNECT_WAIT_MS)] : [],
  );
  if ((await Promise.all(waits)).includes(false)) {
    log.warn('job queue (Redis) not reachable yet; jobs wait until it is');
  }
  const worker: JobsWorker | null =
    jobs && workerSide
      ? new (await import('./worker.js')).JobsWorker({
          config,
          jobs,
          pool: deps.pool,
          backend: workerSide,
          metrics,
          log,
          onConnectionError: onError,
        })
      : null;

  return {
    isReady: () => worker?.isReady() ?? true,
    async close() {
      await worker?.close();
      await Promise.all([workerSide?.close(), api?.close()]);
    },
  };
}
