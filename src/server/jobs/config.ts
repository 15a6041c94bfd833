/**
 * Settings of the batch jobs (REDIS_URL and JOBS_*) and of the process role. REDIS_URL turns
 * the jobs API on; a JOBS_* setting without it, an unknown JOBS_* name or a worker without a
 * queue is a half-made configuration and stops start-up.
 */
import { ConfigError, int } from '../env.js';

/** What one process does: the HTTP API, the queue worker, or both. */
export type ServiceRole = 'api' | 'worker' | 'all';

export const SERVICE_ROLES: readonly ServiceRole[] = ['api', 'worker', 'all'];

export interface JobsConfig {
  /** redis:// or rediss:// URL of the Redis that holds the queue and the jobs' state. */
  readonly redisUrl: string;
  /** Prefix of every Redis key, so several deployments can share one Redis. */
  readonly prefix: string;
  /** Items one worker process works on at once. */
  readonly concurrency: number;
  /** Most items in one job. */
  readonly maxItems: number;
  /** Largest POST /jobs body, bytes. */
  readonly bodyLimit: number;
  /** Tries of an item whose upload target (or source) failed for a reason that may pass. */
  readonly attempts: number;
  /** Wait before the first retry, milliseconds; it doubles with each retry. */
  readonly backoffMs: number;
  /**
   * How long a worker's claim on an item lasts without renewal, milliseconds. A worker renews
   * it while it works; when the worker dies, the item goes back to the queue after this long.
   */
  readonly leaseMs: number;
  /** How long a finished job's status and results stay readable, seconds. */
  readonly resultTtlSeconds: number;
  /**
   * On SIGTERM, how long items in progress may run to their end, milliseconds; past it, items
   * still rendering go back to the queue for another worker (uploads under way finish).
   */
  readonly drainTimeoutMs: number;
  /** Secret that signs callbacks (HMAC-SHA256 in X-A11ypdf-Signature); none: unsigned. */
  readonly callbackSecret: string | null;
}

/** Every JOBS_* setting the service reads; any other JOBS_ name is a mistake. */
export const JOBS_SETTINGS = [
  'JOBS_PREFIX',
  'JOBS_CONCURRENCY',
  'JOBS_MAX_ITEMS',
  'JOBS_BODY_LIMIT_MB',
  'JOBS_ATTEMPTS',
  'JOBS_BACKOFF_MS',
  'JOBS_LEASE_MS',
  'JOBS_RESULT_TTL_SECONDS',
  'JOBS_DRAIN_TIMEOUT_MS',
  'JOBS_CALLBACK_SECRET',
] as const;

export function parseRole(raw: string | undefined, source = 'ROLE'): ServiceRole {
  const value = raw?.trim().toLowerCase() || 'all';
  if (!(SERVICE_ROLES as readonly string[]).includes(value)) {
    throw new ConfigError(`${source} must be one of ${SERVICE_ROLES.join(', ')}, got '${raw}'`);
  }
  return value as ServiceRole;
}

function redisUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`REDIS_URL must be a redis:// or rediss:// URL, got '${raw}'`);
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') {
    throw new ConfigError(`REDIS_URL must start with redis:// or rediss://, got '${url.protocol}'`);
  }
  return raw;
}

/** The jobs settings, or null when REDIS_URL is not set (the service runs without jobs). */
export function loadJobsConfig(env: NodeJS.ProcessEnv, workers: number): JobsConfig | null {
  const given = Object.keys(env).filter((k) => k.startsWith('JOBS_') && env[k] !== '');
  const unknown = given.filter((k) => !(JOBS_SETTINGS as readonly string[]).includes(k));
  if (unknown.length > 0) {
    throw new ConfigError(
      `${unknown.join(', ')}: not a setting of the service (jobs settings: ${JOBS_SETTINGS.join(', ')})`,
    );
  }
  const raw = env.REDIS_URL?.trim();
  if (!raw) {
    if (given.length > 0) {
      throw new ConfigError(
        `${given.join(', ')} set but REDIS_URL is not: set REDIS_URL (redis://host:6379) to turn the jobs API on, or remove the JOBS_* settings`,
      );
    }
    return null;
  }
  const MB = 1024 * 1024;
  const prefix = env.JOBS_PREFIX?.trim() || 'a11ypdf';
  if (!/^[\w.-]{1,64}$/.test(prefix)) {
    throw new ConfigError(`JOBS_PREFIX must be 1 to 64 letters, digits, '.', '_' or '-'`);
  }
  const secret = env.JOBS_CALLBACK_SECRET ?? '';
  if (secret !== '' && secret.length < 16) {
    throw new ConfigError('JOBS_CALLBACK_SECRET must be at least 16 characters long');
  }
  return {
    redisUrl: redisUrl(raw),
    prefix,
    concurrency: int(env, 'JOBS_CONCURRENCY', workers, 1, 1024),
    maxItems: int(env, 'JOBS_MAX_ITEMS', 10_000, 1, 1_000_000),
    bodyLimit: int(env, 'JOBS_BODY_LIMIT_MB', 100, 1, 4096) * MB,
    attempts: int(env, 'JOBS_ATTEMPTS', 5, 1, 100),
    backoffMs: int(env, 'JOBS_BACKOFF_MS', 2_000, 10, 3_600_000),
    leaseMs: int(env, 'JOBS_LEASE_MS', 30_000, 1_000, 3_600_000),
    resultTtlSeconds: int(env, 'JOBS_RESULT_TTL_SECONDS', 86_400, 60, 90 * 86_400),
    drainTimeoutMs: int(env, 'JOBS_DRAIN_TIMEOUT_MS', 20_000, 0, 3_600_000),
    callbackSecret: secret === '' ? null : secret,
  };
}

/** A worker needs the queue; refused at start-up rather than idling without one. */
export function assertRoleFits(role: ServiceRole, jobs: JobsConfig | null): void {
  if (role === 'worker' && jobs === null) {
    throw new ConfigError(
      'the worker role takes items from the job queue: set REDIS_URL (redis://host:6379)',
    );
  }
}
