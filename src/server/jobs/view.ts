/**
 * What a caller sees of a job: its status, counts and (a page of) item results, built from the
 * stored record as plain data. The same view answers GET /jobs/{id} and goes to the callback.
 */
import type { ItemRecord } from './model.js';
import type { ItemStates, JobRecord } from './store.js';

export type JobStatus = 'queued' | 'running' | 'cancelling' | 'completed' | 'cancelled';

export interface ItemView extends Partial<Omit<ItemRecord, 'outcome'>> {
  readonly index: number;
  readonly reference?: string;
  readonly status: 'queued' | 'running' | ItemRecord['outcome'];
}

export interface JobView {
  readonly id: string;
  readonly status: JobStatus;
  readonly counts: {
    readonly total: number;
    readonly queued: number;
    readonly running: number;
    readonly succeeded: number;
    readonly failed: number;
    readonly cancelled: number;
  };
  readonly createdAt: string;
  readonly finishedAt: string | null;
  readonly expiresAt: string | null;
  readonly callback?: {
    readonly status: 'pending' | 'delivered' | 'failed';
    readonly attempts: number;
    readonly targetStatus: number | null;
  };
  readonly items?: readonly ItemView[];
  readonly page?: { readonly offset: number; readonly limit: number; readonly next: string | null };
}

export function jobStatus(r: JobRecord): JobStatus {
  const ended = r.succeeded + r.failed + r.cancelled;
  if (r.state === 'finished') return r.cancelled > 0 ? 'cancelled' : 'completed';
  if (r.cancelRequested) return 'cancelling';
  return r.running > 0 || ended > 0 ? 'running' : 'queued';
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** ttlSeconds: what is left of a finished job's lifetime (ignored while it runs). */
export function jobView(r: JobRecord, ttlSeconds: number): JobView {
  const ended = r.succeeded + r.failed + r.cancelled;
  const finished = r.state === 'finished';
  return {
    id: r.id,
    status: jobStatus(r),
    counts: {
      total: r.total,
      queued: Math.max(0, r.total - r.running - ended),
      running: r.running,
      succeeded: r.succeeded,
      failed: r.failed,
      cancelled: r.cancelled,
    },
    createdAt: iso(r.createdAt)!,
    finishedAt: iso(r.finishedAt),
    expiresAt: finished && ttlSeconds >= 0 ? iso(Date.now() + ttlSeconds * 1000) : null,
    ...(r.callback === 'none'
      ? {}
      : {
          callback: {
            status: r.callback,
            attempts: r.callbackAttempts,
            targetStatus: r.callbackTargetStatus,
          },
        }),
  };
}

/** Items [offset, offset + n) as the caller sees them. */
export function itemViews(offset: number, states: ItemStates): ItemView[] {
  return states.results.map((record, i) => {
    const reference = states.references[i];
    const base = { index: offset + i, ...(reference ? { reference } : {}) };
    if (record) {
      const { outcome, ...rest } = record;
      return { ...base, status: outcome, ...rest };
    }
    const started = states.started[i];
    return started > 0
      ? { ...base, status: 'running' as const, attempts: started }
      : { ...base, status: 'queued' as const };
  });
}
