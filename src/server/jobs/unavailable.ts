/**
 * What the routes and the worker need to know about the queue without loading its client:
 * the queue names and how a failed Redis operation becomes a 503. Kept apart from queue.ts so
 * that a service without REDIS_URL never loads BullMQ and ioredis.
 */

export const ITEMS_QUEUE = 'items';
export const CALLBACKS_QUEUE = 'callbacks';

/** The queue or its Redis cannot be reached now: a 503 with Retry-After, never a 500. */
export class QueueUnavailableError extends Error {
  override readonly name = 'QueueUnavailableError';
}

/** Whether an error comes from the connection to Redis rather than from our own code. */
export function isRedisError(err: unknown): boolean {
  const e = err as { name?: string; message?: string; code?: string } | null;
  if (!e) return false;
  return (
    ['ReplyError', 'MaxRetriesPerRequestError', 'AbortError', 'ConnectionClosedError'].includes(
      e.name ?? '',
    ) ||
    /Connection is closed|enableOfflineQueue|ECONNREFUSED|ETIMEDOUT|ECONNRESET|EHOSTUNREACH|Stream isn't writeable/i.test(
      `${e.message ?? ''} ${e.code ?? ''}`,
    )
  );
}

/** Runs a Redis operation; a connection failure becomes QueueUnavailableError. */
export async function guarded<T>(operation: Promise<T>): Promise<T> {
  try {
    return await operation;
  } catch (err) {
    if (isRedisError(err)) {
      throw new QueueUnavailableError(
        `the job queue is unreachable (${(err as Error).message}); retry later`,
      );
    }
    throw err;
  }
}
