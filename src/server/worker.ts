/**
 * Entry of a worker thread of the pool: announces that the task has started (so the deadline
 * counts running time, not time spent waiting in the queue), then runs it within the deadline,
 * so a slow task ends with TimeoutError (504) and the worker lives on.
 */
import type { MessagePort } from 'node:worker_threads';
import { runTask, type Task, type TaskOutcome } from './tasks.js';

export interface WorkerMessage {
  readonly task: Task;
  /** Receives one 'started' message when the worker picks the task up. */
  readonly started: MessagePort;
  /** The pool's deadline for the task, milliseconds from its start. */
  readonly timeoutMs?: number;
}

/**
 * The engine's deadline ends a little before the pool cuts the worker off (the pool starts its
 * timer only when 'started' arrives, and the error has to travel back), so the clean 504 wins
 * when the engine reaches a check in time; the cut-off remains for work between checks.
 */
export function engineTimeoutMs(timeoutMs: number): number {
  return Math.max(0, timeoutMs - Math.min(250, timeoutMs / 10));
}

export default function handle({ task, started, timeoutMs }: WorkerMessage): Promise<TaskOutcome> {
  started.postMessage('started');
  started.close();
  return runTask(task, timeoutMs === undefined ? {} : { timeoutMs: engineTimeoutMs(timeoutMs) });
}
