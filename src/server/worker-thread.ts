/**
 * A worker thread of the pool: loads and warms the engine before it takes work, then, per task,
 * records when the task started (so the deadline counts running time, not time spent waiting
 * in the queue) and runs it within the deadline, so a slow task ends with TimeoutError (504)
 * and the worker lives on. Its entry files (worker.ts; the bundle's worker.cjs) only call
 * startPoolWorker().
 */
import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { workerData } from 'node:worker_threads';
import { loadEngine } from '../index.js';
import { stageCode } from './stages.js';
import { warmUpWorker } from './warm-up.js';
import { runTask, type Task, type TaskOutcome } from './tasks.js';

/** What the pool gives every worker when it starts. */
export interface PoolWorkerData {
  /** Start time (epoch ms) per task slot; the worker writes its task's slot when it begins. */
  readonly starts: BigInt64Array;
  /** The stage (stages.ts code) per task slot, written as the task moves on. */
  readonly stages: Int32Array;
  /** Niceness of this thread (0: as the process). */
  readonly nice: number;
  /** Most time to spend warming up on sample documents before the first task (0: none). */
  readonly warmUpMs: number;
}

export interface WorkerMessage {
  readonly task: Task;
  /** This task's slot in PoolWorkerData.starts. */
  readonly slot: number;
  /** The pool's deadline for the task, milliseconds from its start. */
  readonly timeoutMs?: number;
}

/**
 * The engine's deadline ends a little before the task's deadline, and the pool cuts the worker
 * off a little after it (pool.ts), so the clean 504 that names the stage wins when the engine
 * reaches a check in time; the cut-off remains for work between checks.
 */
export function engineTimeoutMs(timeoutMs: number): number {
  return Math.max(0, timeoutMs - Math.min(250, timeoutMs / 10));
}

/**
 * Renders are CPU-bound and the HTTP thread is not: running the workers at a lower priority
 * lets the HTTP and health threads answer at once on a machine whose cores the renders fill.
 * Linux schedules threads as tasks, so the niceness of this thread alone can be raised
 * (raising it needs no privilege); elsewhere, or without /proc, the thread keeps the process's.
 */
function lowerPriority(by: number): void {
  if (by <= 0) return;
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, Math.min(19, getPriority(tid) + by));
  } catch {
    // Not Linux: the thread keeps the process's priority.
  }
}

export type TaskHandler = (message: WorkerMessage) => Promise<TaskOutcome>;

/**
 * Prepares this worker thread and resolves to its task handler. Before the first task, for the
 * first workers and for every replacement alike: its deadline must not be spent loading the
 * engine's code, nor its latency on cold code and empty caches. The pool hands a worker tasks
 * only once its handler has resolved.
 */
export async function startPoolWorker(): Promise<TaskHandler> {
  const { starts, stages, nice, warmUpMs } = workerData as PoolWorkerData;
  lowerPriority(nice);
  await loadEngine();
  if (warmUpMs > 0) await warmUpWorker(warmUpMs);
  return ({ task, slot, timeoutMs }) => {
    // The pool's warm-up task finds this worker warmed by the rounds above: the text-only
    // warm-up it runs otherwise would only delay readiness.
    if (task.kind === 'warmup' && warmUpMs > 0) return Promise.resolve({ ok: true, value: null });
    Atomics.store(starts, slot, BigInt(Date.now()));
    Atomics.store(stages, slot, stageCode('start'));
    return runTask(task, {
      ...(timeoutMs === undefined ? {} : { timeoutMs: engineTimeoutMs(timeoutMs) }),
      onStage: (stage) => Atomics.store(stages, slot, stageCode(stage)),
    });
  };
}
