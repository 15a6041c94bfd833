/**
 * The batch's worker threads: each loads the engine once and takes one file after another, so
 * a batch pays start-up once per thread, not per file. A thread that dies (out of memory, a
 * crash in native code) fails only the file it had, and a new one takes its place.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { tuneHeapForRenders } from '../index.js';
import { runJob, type Job, type Outcome } from './jobs.js';

/** What the main thread sends a batch worker, and what comes back. */
export interface JobMessage {
  readonly id: number;
  readonly job: Job;
}
export interface OutcomeMessage {
  readonly id: number;
  readonly outcome: Outcome;
}

/**
 * The batch worker's file: beside this module in a build (dist/cli/ or the bundle's folder);
 * from the sources (tests), the compiled one in dist/cli/, since threads start from JavaScript.
 */
export function batchWorkerFile(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [
    join(here, 'batch-worker.js'),
    join(here, '..', '..', 'dist', 'cli', 'batch-worker.js'),
  ];
  const found = candidates.find((c) => existsSync(c) && !c.includes(join('src', 'cli')));
  if (!found) throw new Error('dist/cli/batch-worker.js is missing: run `npm run build` first');
  return found;
}

function crashOutcome(job: Job, message: string): Outcome {
  const error = { type: 'WorkerCrashError', message: `the worker thread failed: ${message}` };
  return job.kind === 'render'
    ? { kind: 'render', file: job.file, output: job.output, ok: false, ms: 0, warnings: [], error }
    : { kind: 'validate', file: job.file, ok: false, ms: 0, error };
}

interface Pending {
  readonly id: number;
  readonly job: Job;
  readonly resolve: (o: Outcome) => void;
}

interface Slot {
  readonly worker: Worker;
  busy: Pending | null;
}

/** Runs jobs on `size` threads (size 1 or less: in this thread, with no start-up at all). */
export class JobPool {
  readonly #size: number;
  readonly #slots: Slot[] = [];
  readonly #queue: Pending[] = [];
  #nextId = 0;
  #closed = false;

  constructor(size: number) {
    this.#size = Math.max(1, Math.floor(size));
    // For the worker threads' isolates, so only when there are any: a one-thread run may be
    // the build of the start-up snapshot, which V8 ties to the flags it was made with.
    if (this.#size > 1) tuneHeapForRenders();
  }

  get threads(): number {
    return this.#size > 1 ? this.#size : 0;
  }

  run(job: Job): Promise<Outcome> {
    if (this.#size <= 1) return runJob(job);
    return new Promise((resolve) => {
      this.#queue.push({ id: this.#nextId++, job, resolve });
      this.#dispatch();
    });
  }

  #spawn(): Slot {
    const slot: Slot = { worker: new Worker(batchWorkerFile()), busy: null };
    slot.worker.on('message', (msg: OutcomeMessage) => {
      const busy = slot.busy;
      if (!busy || busy.id !== msg.id) return;
      slot.busy = null;
      busy.resolve(msg.outcome);
      this.#dispatch();
    });
    const lost = (why: string): void => {
      const index = this.#slots.indexOf(slot);
      if (index < 0) return;
      this.#slots.splice(index, 1);
      const busy = slot.busy;
      slot.busy = null;
      if (busy) busy.resolve(crashOutcome(busy.job, why));
      if (!this.#closed) this.#dispatch();
    };
    slot.worker.on('error', (err) => lost(err.message));
    slot.worker.on('exit', (code) => lost(`it exited with code ${code}`));
    this.#slots.push(slot);
    return slot;
  }

  #dispatch(): void {
    while (this.#queue.length > 0) {
      let slot = this.#slots.find((s) => s.busy === null);
      if (!slot) {
        if (this.#slots.length >= this.#size) return;
        slot = this.#spawn();
      }
      const next = this.#queue.shift() as Pending;
      slot.busy = next;
      slot.worker.postMessage({ id: next.id, job: next.job } satisfies JobMessage);
    }
  }

  /** Ends the threads; a batch calls it when done, so idle threads do not keep it alive. */
  async close(): Promise<void> {
    this.#closed = true;
    const slots = this.#slots.splice(0);
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }
}
