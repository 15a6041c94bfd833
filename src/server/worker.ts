/**
 * Entry of a worker thread of the pool: announces that the task has started (so the deadline
 * counts running time, not time spent waiting in the queue), then runs it.
 */
import type { MessagePort } from 'node:worker_threads';
import { runTask, type Task, type TaskOutcome } from './tasks.js';

export interface WorkerMessage {
  readonly task: Task;
  /** Receives one 'started' message when the worker picks the task up. */
  readonly started: MessagePort;
}

export default function handle({ task, started }: WorkerMessage): Promise<TaskOutcome> {
  started.postMessage('started');
  started.close();
  return runTask(task);
}
