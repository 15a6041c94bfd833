/**
 * Runs a command's files on the job pool and reports them in input order, whatever order they
 * finish in: JSON lines or the command's text on standard output, progress on standard error.
 * A failing file is reported and counted; the others go on.
 */
import type { Io } from './io.js';
import type { Job, Outcome } from './jobs.js';
import { JobPool } from './pool.js';
import { Progress, summaryLine, tally, type Tally } from './report.js';

export interface BatchOptions {
  readonly jobs: readonly Job[];
  /** Worker threads (1: in this thread). */
  readonly threads: number;
  readonly io: Io;
  readonly verb: 'rendered' | 'validated';
  /** Print the summary line at the end (batches; a single file has its own message). */
  readonly summary: boolean;
  /** Shows the bar on a terminal (batches). */
  readonly progressBar: boolean;
  /**
   * Reports one finished file, in input order: returns lines for standard error (shown above
   * the progress bar) and writes whatever belongs on standard output itself.
   */
  readonly report: (outcome: Outcome) => Promise<readonly string[]>;
}

export interface BatchResult {
  readonly outcomes: readonly Outcome[];
  readonly tally: Tally;
}

export async function runBatch(opts: BatchOptions): Promise<BatchResult> {
  const started = performance.now();
  const { io, jobs } = opts;
  const pool = new JobPool(Math.min(opts.threads, jobs.length));
  const progress = new Progress(
    io.stderr,
    jobs.length,
    opts.progressBar && io.stderr.isTTY === true && jobs.length > 1,
  );
  const results: (Outcome | undefined)[] = new Array<Outcome | undefined>(jobs.length);
  const finished: Outcome[] = [];
  const reported: Outcome[] = [];
  // Reports run one after another, in input order, each once its file and those before it
  // are done.
  let chain = Promise.resolve();
  let next = 0;
  const flush = (): void => {
    while (next < jobs.length && results[next] !== undefined) {
      const outcome = results[next] as Outcome;
      next++;
      chain = chain.then(async () => {
        for (const line of await opts.report(outcome)) progress.log(line);
        reported.push(outcome);
      });
    }
  };
  try {
    await Promise.all(
      jobs.map((job, i) =>
        pool.run(job).then((outcome) => {
          results[i] = outcome;
          finished.push(outcome);
          progress.update(tally(finished), outcome.file);
          flush();
        }),
      ),
    );
    await chain;
  } finally {
    progress.end();
    await pool.close();
  }
  const t = tally(reported);
  if (opts.summary)
    io.stderr.write(
      `${summaryLine(opts.verb, jobs.length, t, performance.now() - started, pool.threads)}\n`,
    );
  return { outcomes: reported, tally: t };
}
