/**
 * Deadlines inside the library: render(), renderImage() and validate() take an AbortSignal and
 * timeoutMs, check them between stages and inside the long loops, and end with TimeoutError
 * naming the stage. The clock is replaced by a counter (one "millisecond" per reading), so the
 * tests assert where the work stopped, not how long it took.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Deadline, LimitError, TimeoutError } from '../../src/diagnostics.js';
import { render, renderImage } from '../../src/render.js';
import { validate } from '../../src/validate/index.js';

const small = {
  kind: 'html' as const,
  html: '<!doctype html><html lang="en"><head><title>T</title></head><body><h1>Hello</h1><p>Text.</p></body></html>',
};

/** About 200 pages of paragraphs: thousands of blocks. */
function manyBlocks(pages: number): string {
  const para = (i: number) => `<p>Paragraph ${i}: ${'lorem ipsum dolor sit amet '.repeat(10)}</p>`;
  const body = Array.from({ length: pages * 6 }, (_, i) => para(i)).join('');
  return `<!doctype html><html lang="en"><head><title>Long</title></head><body>${body}</body></html>`;
}

/** Many pages but few blocks: one forced page break per block. */
function manyPages(pages: number): string {
  const body = Array.from(
    { length: pages },
    (_, i) => `<div style="break-after: page">Page ${i + 1}</div>`,
  ).join('');
  return `<!doctype html><html lang="en"><head><title>Pages</title></head><body>${body}</body></html>`;
}

async function timeoutError(p: Promise<unknown> | (() => unknown)): Promise<TimeoutError> {
  let err: unknown = null;
  try {
    await (typeof p === 'function' ? p() : p);
  } catch (e) {
    err = e;
  }
  expect(err).toBeInstanceOf(TimeoutError);
  expect(err).toBeInstanceOf(LimitError);
  return err as TimeoutError;
}

describe('an already aborted signal', () => {
  it('stops render() before any work', async () => {
    const reason = new Error('client went away');
    const err = await timeoutError(render(small, { signal: AbortSignal.abort(reason) }));
    expect(err.stage).toBe('start');
    expect(err.limit).toBe('time');
    expect(err.status).toBe(504);
    expect(err.cause).toBe(reason);
    expect(err.message).toContain('client went away');
  });

  it('stops renderImage() and validate()', async () => {
    expect((await timeoutError(renderImage(small, { signal: AbortSignal.abort() }))).stage).toBe(
      'start',
    );
    const pdf = (await render(small, { deterministic: true })).pdf;
    const err = await timeoutError(() =>
      validate(pdf, { flavours: ['pdfua-1'], signal: AbortSignal.abort() }),
    );
    expect(err.stage).toBe('validation');
  });

  it('a signal aborted during the asynchronous stages ends the render', async () => {
    const controller = new AbortController();
    const p = render(small, { signal: controller.signal });
    controller.abort();
    await timeoutError(p);
  });
});

describe('timeoutMs on the clock', () => {
  let clock = 0;
  beforeEach(() => {
    clock = 0;
    // The timer half of the deadline must not fire on real time in these tests.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.spyOn(performance, 'now').mockImplementation(() => ++clock);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('stops the layout of a 200-page document inside its block loop', async () => {
    const err = await timeoutError(
      render({ kind: 'html', html: manyBlocks(200) }, { timeoutMs: 100 }),
    );
    expect(err.stage).toBe('layout');
    // About one clock reading per block: stopped after a hundred of more than a thousand.
    expect(clock).toBeLessThan(200);
  });

  it('reads the clock inside the cross-reference walk and the box tree of a long document', async () => {
    // Both walk every element before the first block is laid out: seconds of work for a
    // document of tens of thousands of paragraphs, which a deadline must be able to stop.
    const callers: string[] = [];
    const check = Deadline.prototype.check;
    vi.spyOn(Deadline.prototype, 'check').mockImplementation(function (
      this: Deadline,
      stage: string,
    ) {
      callers.push((new Error().stack ?? '').split('\n').slice(1, 6).join('\n'));
      check.call(this, stage);
    });
    await render({ kind: 'html', html: manyBlocks(40) }, { timeoutMs: 1e9 });
    const from = (file: RegExp) => callers.filter((c) => file.test(c)).length;
    // 240 paragraphs: a reading every 64 elements in each walk.
    expect(from(/paged[\\/]cross-refs\.(ts|js)/)).toBeGreaterThanOrEqual(3);
    expect(from(/box-tree[\\/]build\.(ts|js)/)).toBeGreaterThanOrEqual(3);
  });

  it('stops the cascade itself, every thousand or so elements', async () => {
    const spans = '<span>x</span>'.repeat(20_000);
    const err = await timeoutError(
      render(
        { kind: 'html', html: `<html lang="en"><title>T</title><p>${spans}</p></html>` },
        // Past the parser's checkpoints (one per 256 elements, about 80 readings here).
        { timeoutMs: 95 },
      ),
    );
    expect(err.stage).toBe('style');
    // Thrown from inside the tree builder, not after the whole cascade has run.
    expect(err.stack).toMatch(/style[\\/]build\.(ts|js)/);
  });

  it('stops the HTML parser itself, every few hundred elements', async () => {
    const html = `<html lang="en"><title>T</title>${'<p><b>x</b></p>'.repeat(50_000)}</html>`;
    const err = await timeoutError(render({ kind: 'html', html }, { timeoutMs: 5 }));
    expect(err.stage).toBe('parse');
    expect(err.stack).toMatch(/html[\\/]parse\.(ts|js)/);
  });

  it('stops pagination per page', async () => {
    const err = await timeoutError(
      render({ kind: 'html', html: manyPages(200) }, { timeoutMs: 300 }),
    );
    expect(err.stage).toBe('pagination');
  });

  it('stops validation per object, stream and page', async () => {
    vi.restoreAllMocks();
    const pdf = (await render({ kind: 'html', html: manyPages(60) }, { deterministic: true })).pdf;
    vi.spyOn(performance, 'now').mockImplementation(() => ++clock);
    clock = 0;
    const err = await timeoutError(() => validate(pdf, { flavours: ['pdfua-1'], timeoutMs: 50 }));
    expect(err.stage).toBe('validation');
    expect(clock).toBeLessThan(100);
  });

  it('leaves work that finishes in time alone', async () => {
    const r = await render(small, { timeoutMs: 1_000_000 });
    expect(r.pages).toBe(1);
  });
});

describe('Deadline', () => {
  it('names the stage and whole milliseconds in its message', () => {
    let clock = 0;
    const now = vi.spyOn(performance, 'now').mockImplementation(() => clock);
    const stages: string[] = [];
    const d = new Deadline({ timeoutMs: 449.95553400000017, onStage: (s) => stages.push(s) });
    d.check('style');
    d.check('style');
    clock = 1000;
    expect(() => d.check('layout')).toThrow(
      'the work did not finish within 450 ms (stopped during layout)',
    );
    expect(stages).toEqual(['style', 'layout']);
    d.dispose();
    now.mockRestore();
  });

  it('rejects a negative timeout as input', () => {
    expect(() => new Deadline({ timeoutMs: -1 })).toThrow(/timeoutMs/);
  });

  it('aborts its signal with the TimeoutError, once', () => {
    const controller = new AbortController();
    const d = new Deadline({ signal: controller.signal });
    d.check('layout');
    controller.abort();
    expect(d.signal.aborted).toBe(true);
    expect(d.signal.reason).toBeInstanceOf(TimeoutError);
    expect((d.signal.reason as TimeoutError).stage).toBe('layout');
    expect(() => d.check('pdf')).toThrow(d.signal.reason as TimeoutError);
    d.dispose();
  });
});
