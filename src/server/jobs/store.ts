/**
 * The state of batch jobs in Redis, beside the queue that carries their items. Each change is
 * one Lua script, so it is atomic: an item's outcome is recorded once (the first record wins,
 * whichever worker or retry sends it), the counts move with it, and the job finishes exactly
 * when its last item does. Keys (all under the configured prefix):
 *   job:{id}          hash: owner, state, counts, times, callback
 *   job:{id}:results  hash: item index -> outcome JSON
 *   job:{id}:started  hash: item index -> times started
 *   job:{id}:refs     hash: item index -> the caller's reference
 *   idem:{owner}:{key} the job a submission with that Idempotency-Key made
 *   callbacks:pending zset: finished jobs whose callback is not yet handed to the queue
 */
import type { Redis } from 'ioredis';
import type { ItemRecord } from './model.js';

/** How long the state of a job that never finishes is kept, seconds (a backstop, not a limit). */
const UNFINISHED_LIFETIME_S = 30 * 86_400;

/** 'accepting' while items are being queued, 'open' once all are, 'finished' after the last. */
export type JobState = 'accepting' | 'open' | 'finished';

export type CallbackState = 'none' | 'pending' | 'delivered' | 'failed';

export interface JobRecord {
  readonly id: string;
  readonly owner: string;
  readonly state: JobState;
  readonly cancelRequested: boolean;
  readonly total: number;
  readonly running: number;
  readonly succeeded: number;
  readonly failed: number;
  readonly cancelled: number;
  readonly createdAt: number;
  /** When the last acceptance of items began (a stale one is taken over by a retry). */
  readonly acceptedAt: number;
  readonly finishedAt: number | null;
  readonly callbackUrl: string | null;
  readonly callback: CallbackState;
  readonly callbackAttempts: number;
  readonly callbackTargetStatus: number | null;
  /** SHA-256 of the submitted body, to tell a retried submission from a different one. */
  readonly bodyHash: string;
}

export type CreateOutcome =
  | { readonly created: true; readonly id: string }
  | { readonly created: false; readonly id: string };

/** What a worker should do with an item it has taken from the queue. */
export type StartDecision = 'run' | 'done' | 'cancelled' | 'missing';

export interface ItemStates {
  readonly results: readonly (ItemRecord | null)[];
  readonly started: readonly number[];
  readonly references: readonly (string | null)[];
}

type ScriptCall = (...args: (string | number)[]) => Promise<unknown>;

const CREATE = `
if ARGV[8] ~= '' then
  local existing = redis.call('GET', KEYS[3])
  if existing then return {0, existing} end
end
redis.call('HSET', KEYS[1], 'id', ARGV[1], 'owner', ARGV[2], 'state', 'accepting', 'cancel', '0',
  'total', ARGV[3], 'running', 0, 'succeeded', 0, 'failed', 0, 'cancelled', 0,
  'createdAt', ARGV[4], 'acceptedAt', ARGV[4], 'callbackUrl', ARGV[5],
  'callback', ARGV[5] == '' and 'none' or 'pending', 'callbackAttempts', 0, 'bodyHash', ARGV[6],
  'idem', ARGV[8])
redis.call('EXPIRE', KEYS[1], ARGV[7])
if ARGV[9] ~= '' then
  local refs = cjson.decode(ARGV[9])
  for i = 1, #refs, 2 do redis.call('HSET', KEYS[2], refs[i], refs[i + 1]) end
  redis.call('EXPIRE', KEYS[2], ARGV[7])
end
if ARGV[8] ~= '' then redis.call('SET', KEYS[3], ARGV[1], 'EX', ARGV[7]) end
return {1, ARGV[1]}
`;

const OPEN = `
if redis.call('HGET', KEYS[1], 'state') == 'accepting' then
  redis.call('HSET', KEYS[1], 'state', 'open')
end
return 1
`;

const TAKE_OVER = `
if redis.call('HGET', KEYS[1], 'state') ~= 'accepting' then return 0 end
if tonumber(redis.call('HGET', KEYS[1], 'acceptedAt')) > tonumber(ARGV[1]) - tonumber(ARGV[2]) then
  return 0
end
redis.call('HSET', KEYS[1], 'acceptedAt', ARGV[1])
return 1
`;

const START = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 'missing' end
if redis.call('HEXISTS', KEYS[2], ARGV[1]) == 1 then return 'done' end
if redis.call('HGET', KEYS[1], 'cancel') == '1' then return 'cancelled' end
if redis.call('HINCRBY', KEYS[3], ARGV[1], 1) == 1 then
  redis.call('HINCRBY', KEYS[1], 'running', 1)
end
if redis.call('TTL', KEYS[3]) < 0 then redis.call('EXPIRE', KEYS[3], redis.call('TTL', KEYS[1])) end
return 'run'
`;

// KEYS: job, results, started, refs, pending callbacks. ARGV: index, outcome, record, now, ttl.
const FINISH = `
if redis.call('EXISTS', KEYS[1]) == 0 then return {0, 0, 0} end
if redis.call('HSETNX', KEYS[2], ARGV[1], ARGV[3]) == 0 then return {0, 0, 0} end
if redis.call('TTL', KEYS[2]) < 0 then redis.call('EXPIRE', KEYS[2], redis.call('TTL', KEYS[1])) end
if redis.call('HEXISTS', KEYS[3], ARGV[1]) == 1 then redis.call('HINCRBY', KEYS[1], 'running', -1) end
redis.call('HINCRBY', KEYS[1], ARGV[2], 1)
local job = redis.call('HMGET', KEYS[1], 'total', 'succeeded', 'failed', 'cancelled', 'callback', 'idem', 'id')
local done = tonumber(job[2]) + tonumber(job[3]) + tonumber(job[4])
if done < tonumber(job[1]) then return {1, 0, 0} end
redis.call('HSET', KEYS[1], 'state', 'finished', 'finishedAt', ARGV[4])
for i = 1, 4 do redis.call('EXPIRE', KEYS[i], ARGV[5]) end
if job[6] and job[6] ~= '' then redis.call('EXPIRE', job[6], ARGV[5]) end
if job[5] == 'pending' then
  redis.call('ZADD', KEYS[5], ARGV[4], job[7])
  return {1, 1, 1}
end
return {1, 1, 0}
`;

const CANCEL = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 'missing' end
if redis.call('HGET', KEYS[1], 'state') == 'finished' then return 'finished' end
redis.call('HSET', KEYS[1], 'cancel', '1')
return 'ok'
`;

const CALLBACK_DONE = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('HSET', KEYS[1], 'callback', ARGV[1], 'callbackAttempts', ARGV[2], 'callbackTargetStatus', ARGV[3])
return 1
`;

const num = (v: string | undefined): number => (v === undefined || v === '' ? 0 : Number(v));

export class JobStore {
  readonly #redis: Redis;
  readonly #prefix: string;
  readonly #resultTtlSeconds: number;
  readonly #scripts: Record<
    'create' | 'open' | 'takeOver' | 'start' | 'finish' | 'cancel' | 'callbackDone',
    ScriptCall
  >;

  constructor(redis: Redis, prefix: string, resultTtlSeconds: number) {
    this.#redis = redis;
    this.#prefix = prefix;
    this.#resultTtlSeconds = resultTtlSeconds;
    const define = (name: string, keys: number, lua: string): ScriptCall => {
      const command = `a11ypdfJobs${name}`;
      redis.defineCommand(command, { numberOfKeys: keys, lua });
      return (...args) =>
        (redis as unknown as Record<string, ScriptCall>)[command].call(redis, ...args);
    };
    this.#scripts = {
      create: define('Create', 3, CREATE),
      open: define('Open', 1, OPEN),
      takeOver: define('TakeOver', 1, TAKE_OVER),
      start: define('Start', 3, START),
      finish: define('Finish', 5, FINISH),
      cancel: define('Cancel', 1, CANCEL),
      callbackDone: define('CallbackDone', 1, CALLBACK_DONE),
    };
  }

  #job(id: string): string {
    return `${this.#prefix}:job:${id}`;
  }

  #idem(owner: string, keyHash: string): string {
    return `${this.#prefix}:idem:${owner}:${keyHash}`;
  }

  get pendingCallbacksKey(): string {
    return `${this.#prefix}:callbacks:pending`;
  }

  /**
   * Records a new job, or finds the one an earlier submission with the same idempotency key
   * made (keyHash: SHA-256 of the key; null: no key).
   */
  async create(job: {
    readonly id: string;
    readonly owner: string;
    readonly total: number;
    readonly callbackUrl: string | null;
    readonly bodyHash: string;
    readonly keyHash: string | null;
    readonly references: ReadonlyMap<number, string>;
  }): Promise<CreateOutcome> {
    const key = this.#job(job.id);
    const idem = job.keyHash === null ? '' : this.#idem(job.owner, job.keyHash);
    const refs = [...job.references].flatMap(([i, r]) => [String(i), r]);
    const [created, id] = (await this.#scripts.create(
      key,
      `${key}:refs`,
      idem === '' ? `${key}:no-idem` : idem,
      job.id,
      job.owner,
      job.total,
      Date.now(),
      job.callbackUrl ?? '',
      job.bodyHash,
      UNFINISHED_LIFETIME_S,
      idem,
      refs.length > 0 ? JSON.stringify(refs) : '',
    )) as [number, string];
    return { created: created === 1, id };
  }

  /** Lets a retried submission take over at once an acceptance that failed part-way. */
  async releaseAcceptance(id: string): Promise<void> {
    await this.#redis.hset(this.#job(id), 'acceptedAt', 0);
  }

  /** Deletes a job nobody knows the id of (its acceptance failed): its queued items skip. */
  async drop(id: string): Promise<void> {
    const key = this.#job(id);
    await this.#redis.del(key, `${key}:results`, `${key}:started`, `${key}:refs`);
  }

  /** All items are in the queue. */
  async open(id: string): Promise<void> {
    await this.#scripts.open(this.#job(id));
  }

  /**
   * Whether this caller may queue the items of a job whose acceptance stopped part-way (its
   * process died): only when the last acceptance began more than staleMs ago.
   */
  async takeOver(id: string, staleMs: number): Promise<boolean> {
    return (await this.#scripts.takeOver(this.#job(id), Date.now(), staleMs)) === 1;
  }

  async get(id: string): Promise<JobRecord | null> {
    const h = await this.#redis.hgetall(this.#job(id));
    if (!h.id) return null;
    return {
      id: h.id,
      owner: h.owner,
      state: h.state as JobState,
      cancelRequested: h.cancel === '1',
      total: num(h.total),
      running: num(h.running),
      succeeded: num(h.succeeded),
      failed: num(h.failed),
      cancelled: num(h.cancelled),
      createdAt: num(h.createdAt),
      acceptedAt: num(h.acceptedAt),
      finishedAt: h.finishedAt ? num(h.finishedAt) : null,
      callbackUrl: h.callbackUrl || null,
      callback: (h.callback || 'none') as CallbackState,
      callbackAttempts: num(h.callbackAttempts),
      callbackTargetStatus: h.callbackTargetStatus ? num(h.callbackTargetStatus) : null,
      bodyHash: h.bodyHash ?? '',
    };
  }

  /** Seconds until a job's state expires (-2: gone). */
  async ttl(id: string): Promise<number> {
    return this.#redis.ttl(this.#job(id));
  }

  /** Outcomes, start counts and references of items [offset, offset + limit). */
  async items(id: string, offset: number, limit: number): Promise<ItemStates> {
    if (limit <= 0) return { results: [], started: [], references: [] };
    const key = this.#job(id);
    const fields = Array.from({ length: limit }, (_, i) => String(offset + i));
    const [results, started, refs] = (await this.#redis
      .multi()
      .hmget(`${key}:results`, ...fields)
      .hmget(`${key}:started`, ...fields)
      .hmget(`${key}:refs`, ...fields)
      .exec())!.map(([err, value]) => {
      if (err) throw err;
      return value as (string | null)[];
    });
    return {
      results: results.map((r) => (r === null ? null : (JSON.parse(r) as ItemRecord))),
      started: started.map((s) => num(s ?? undefined)),
      references: refs,
    };
  }

  /** Called as a worker takes an item: whether to run it, and counts it as running if so. */
  async start(id: string, index: number): Promise<StartDecision> {
    const key = this.#job(id);
    return (await this.#scripts.start(
      key,
      `${key}:results`,
      `${key}:started`,
      index,
    )) as StartDecision;
  }

  /**
   * Records an item's outcome unless one is recorded already. `finished`: this was the job's
   * last item (true for exactly one call per job); `callback`: the job has a callback to send.
   */
  async finish(
    id: string,
    index: number,
    record: ItemRecord,
  ): Promise<{ recorded: boolean; finished: boolean; callback: boolean }> {
    const key = this.#job(id);
    const [recorded, finished, callback] = (await this.#scripts.finish(
      key,
      `${key}:results`,
      `${key}:started`,
      `${key}:refs`,
      this.pendingCallbacksKey,
      index,
      record.outcome,
      JSON.stringify(record),
      Date.now(),
      this.#resultTtlSeconds,
    )) as [number, number, number?];
    return { recorded: recorded === 1, finished: finished === 1, callback: callback === 1 };
  }

  /** Asks the job's items that have not started to stop. */
  async cancel(id: string): Promise<'ok' | 'finished' | 'missing'> {
    return (await this.#scripts.cancel(this.#job(id))) as 'ok' | 'finished' | 'missing';
  }

  async callbackDone(
    id: string,
    state: 'delivered' | 'failed',
    attempts: number,
    targetStatus: number | null,
  ): Promise<void> {
    await this.#scripts.callbackDone(this.#job(id), state, attempts, targetStatus ?? '');
  }

  /** Finished jobs whose callback was not handed to the callback queue before `before`. */
  async pendingCallbacks(before: number): Promise<string[]> {
    return this.#redis.zrangebyscore(this.pendingCallbacksKey, 0, before, 'LIMIT', 0, 100);
  }

  async callbackQueued(id: string): Promise<void> {
    await this.#redis.zrem(this.pendingCallbacksKey, id);
  }
}
