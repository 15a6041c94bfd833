// Warming an engine before it is timed, and rendering for a stretch of time: shared by the
// steady-state and throughput benches (bench/steady.mjs, bench/throughput.mjs and its workers).
import { median } from './stats.mjs';

/**
 * How long a11ypdf warms on a document before it is timed. V8 optimises the engine's common
 * paths after enough calls rather than enough time (the first document of a run took 2-3x its
 * steady time for its first 60 renders, longer than 1.5 s on a loaded machine), so warming
 * takes at least `minMs` and `minRenders`, then goes on until the median of the last `window`
 * renders is within 5% of the window before it, or `maxMs` have passed.
 */
export const WARM = { minMs: 1500, minRenders: 60, maxMs: 15_000, window: 10 };

/**
 * True once the last two windows of render times agree within 5% by median: a warming thread's
 * JIT has settled. @param {number[]} times @param {number} window
 */
export function settled(times, window = WARM.window) {
  const m = lastWindows(times, window);
  return m !== undefined && m.last >= m.before * 0.95 && m.last <= m.before * 1.05;
}

/**
 * Medians of the last `window` values and of the `window` before them; undefined while there
 * are fewer than two windows. @param {number[]} xs @param {number} window
 */
function lastWindows(xs, window) {
  if (xs.length < 2 * window) return undefined;
  return {
    last: median(xs.slice(-window)),
    before: median(xs.slice(-2 * window, -window)),
  };
}

/**
 * Calls `once` (one render, resolving to its milliseconds) until warm by `opts`; returns the
 * times. @param {() => Promise<number>} once @param {typeof WARM} opts
 */
export async function warmUntilSettled(once, opts = WARM) {
  const started = performance.now();
  const times = [];
  for (;;) {
    const elapsed = performance.now() - started;
    if (elapsed >= opts.maxMs) break;
    if (elapsed >= opts.minMs && times.length >= opts.minRenders && settled(times, opts.window))
      break;
    times.push(await once());
  }
  return times;
}

/**
 * Calls `render` again and again until `until` (epoch ms) and at least `min` times; returns
 * when it started and when each call ended. @param {() => Promise<unknown>} render
 */
export async function renderUntil(render, until, min) {
  const start = Date.now();
  const ends = [];
  while (Date.now() < until || ends.length < min) {
    await render();
    ends.push(Date.now());
  }
  return { start, ends };
}

/**
 * How long a pool warms, after each of its threads has settled by render time, until the CPU
 * the whole process spends per document settles too. A thread's render time settles while V8's
 * background compiler threads are still optimising its lukewarm paths (code that runs once a
 * render tiers up only after hundreds of renders): on two cores with one render thread per core
 * they took a quarter of the machine for the first ten seconds of the first document, which the
 * threads' own clocks do not show. Rounds of `roundMs`; done once the median CPU per document of
 * the last `window` rounds is no more than 3% under that of the `window` before, or after
 * `maxMs`.
 */
export const POOL_WARM = { roundMs: 1000, window: 3, maxMs: 20_000 };

/**
 * Runs `round(until)` (every thread of a pool rendering until `until`, resolving to the
 * documents finished) until the process's CPU per document settles by `opts`; returns the CPU
 * milliseconds per document of each round. @param {(until: number) => Promise<number>} round
 * @param {typeof POOL_WARM} opts
 */
export async function warmPoolUntilSettled(round, opts = POOL_WARM) {
  const started = Date.now();
  const cpuPerDoc = [];
  while (Date.now() - started < opts.maxMs) {
    const before = process.cpuUsage();
    const docs = await round(Date.now() + opts.roundMs);
    const used = process.cpuUsage(before);
    cpuPerDoc.push((used.user + used.system) / 1000 / Math.max(1, docs));
    const m = lastWindows(cpuPerDoc, opts.window);
    if (m !== undefined && m.last >= m.before * 0.97) break;
  }
  return cpuPerDoc;
}
