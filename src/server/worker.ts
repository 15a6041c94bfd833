/** Entry of a worker thread of the pool: runs one Task at a time. */
import { runTask, type Task, type TaskOutcome } from './tasks.js';

export default function handle(task: Task): Promise<TaskOutcome> {
  return runTask(task);
}
