/**
 * The worker pool's deadlines, tracked through the start time each worker records for its task:
 * time in the queue counts against the queue timeout only, running time against the task's own
 * deadline, and the slots that carry start times are reused across many tasks.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  TaskTimeoutError,
  WorkPool,
  taskTimeout,
  type PoolOptions,
} from '../../src/server/pool.js';
import { stageCode } from '../../src/server/stages.js';
import type { RenderTaskValue, Task } from '../../src/server/tasks.js';

// Thousands of pages of linear work: many seconds on any machine, so the deadlines below
// (well under a second) always end it first.
const para = (i: number) => `<p>Paragraph ${i}: ${'lorem ipsum dolor sit amet '.repeat(10)}</p>`;
const SLOW_HTML = `<html lang="en"><title>Slow</title>${Array.from({ length: 40_000 }, (_, i) => para(i)).join('')}</html>`;
const SMALL_HTML = '<html lang="en"><title>Small</title><h1>Small</h1><p>Fine.</p></html>';

const render = (html: string): Task => ({
  kind: 'render',
  input: { kind: 'html', html },
  options: {},
  validate: false,
});

let pool: WorkPool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

function makePool(overrides: Partial<PoolOptions> = {}): WorkPool {
  pool = new WorkPool({
    workers: 1,
    queueLimit: 4,
    timeoutMs: 60_000,
    queueTimeoutMs: 60_000,
    ...overrides,
  });
  return pool;
}

describe('WorkPool deadlines', () => {
  it('gives up a task that waits in the queue past the queue timeout, and says so', async () => {
    // Margins for a loaded machine (the whole suite runs side by side on two cores): the busy
    // task must be picked up well within the queue timeout, and outlast it by far.
    const p = makePool({ queueTimeoutMs: 1_500, timeoutMs: 6_000 });
    // A started worker first: starting one (loading the engine) is not what is measured here,
    // and on a loaded machine it can take longer than the queue timeout itself.
    for (let i = 0; i < 20; i++) {
      const warm = await p.run(render(SMALL_HTML)).then(
        () => true,
        () => false,
      );
      if (warm) break;
    }
    const busy = p.run(render(SLOW_HTML));
    const waiting = p.run(render(SMALL_HTML));
    await expect(waiting).rejects.toThrow(TaskTimeoutError);
    await expect(waiting).rejects.toThrow(/no worker was free within 1500 ms/);
    // The running task is not affected by the queued one's deadline: it ends on its own.
    await expect(busy).rejects.toThrow(/6000 ms|stopped during/);
  });

  it('counts the run deadline from the start, not from the time the task was queued', async () => {
    // Queue timeout far beyond the run deadline: a task that started runs into the run deadline.
    const p = makePool({ queueTimeoutMs: 30_000, timeoutMs: 600 });
    const started = Date.now();
    await expect(p.run(render(SLOW_HTML))).rejects.toThrow(
      /did not finish within 600 ms|stopped during/,
    );
    // Ended by the run deadline (the engine's own or the pool's), long before the queue timeout.
    expect(Date.now() - started).toBeLessThan(20_000);
    // The pool serves on; the small render gets a deadline of its own that a loaded machine
    // cannot miss (its first render in a worker after a big one may take a GC or two).
    const ok = await p.run<RenderTaskValue>(render(SMALL_HTML), 30_000);
    expect(ok.pdf.byteLength).toBeGreaterThan(1000);
  });

  it('reuses its start-time slots: many more tasks than slots all complete', async () => {
    // workers + queueLimit + 1 = 3 slots; 3 at a time, 30 tasks in all.
    const p = makePool({ queueLimit: 1 });
    let done = 0;
    for (let round = 0; round < 10; round++) {
      const results = await Promise.allSettled([
        p.run<RenderTaskValue>(render(SMALL_HTML)),
        p.run<RenderTaskValue>(render(SMALL_HTML)),
        p.run<RenderTaskValue>(render(SMALL_HTML)),
      ]);
      for (const r of results) {
        // The third of a round may be refused by the one-place queue; none may time out.
        if (r.status === 'fulfilled') done++;
        else expect(r.reason).not.toBeInstanceOf(TaskTimeoutError);
      }
    }
    expect(done).toBeGreaterThanOrEqual(20);
  });
});

describe('WorkPool time-outs', () => {
  it('name the stage and whole milliseconds', () => {
    const queued = taskTimeout(29_999.6, null);
    expect(queued.message).toBe('no worker was free within 30000 ms (stopped while queued)');
    expect(queued.stage).toBe('queue');
    const running = taskTimeout(449.95553400000017, stageCode('layout'));
    expect(running.message).toBe('the work did not finish within 450 ms (stopped during layout)');
    expect(running.stage).toBe('layout');
    expect(taskTimeout(100, stageCode('something new')).message).toMatch(
      /stopped during processing/,
    );
  });

  it('counts as saturated once every worker is busy and the queue passes its threshold', async () => {
    const p = makePool({ queueLimit: 10, saturationQueue: 2, timeoutMs: 2_000 });
    await p.run(render(SMALL_HTML));
    const settled = (t: Promise<unknown>) =>
      t.then(
        () => 'done',
        () => 'failed',
      );
    const tasks = [settled(p.run(render(SLOW_HTML)))];
    expect(p.saturated).toBe(false);
    tasks.push(settled(p.run(render(SMALL_HTML))));
    expect(p.saturated).toBe(false);
    tasks.push(settled(p.run(render(SMALL_HTML))));
    // One running and two waiting (of ten places): a new task would wait for whole renders.
    expect(p.saturated).toBe(true);
    await Promise.all(tasks);
    expect(p.saturated).toBe(false);
  });
});
