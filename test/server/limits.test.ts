/**
 * Service limits as RFC 9457 problems: output bytes (MAX_OUTPUT_MB, 413) and the engine's own
 * deadline inside the worker (REQUEST_TIMEOUT_MS, 504 with the stage, worker kept).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import { postJson, startTestService, UNLIMITED_DOCUMENTS, type RunningService } from './harness.js';

const SMALL = '<html lang="en"><title>Small</title><h1>Small</h1><p>Fine.</p></html>';

interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
}

async function problem(res: Response): Promise<ProblemBody> {
  expect(res.headers.get('content-type')).toContain('application/problem+json');
  return (await res.json()) as ProblemBody;
}

describe('configuration', () => {
  it('reads MAX_OUTPUT_MB and VALIDATE_DECODE_BUDGET_MB in MB, with generous defaults', () => {
    const MB = 1024 * 1024;
    expect(loadConfig({}).maxOutputBytes).toBe(100 * MB);
    expect(loadConfig({}).validateDecodeBudget).toBe(512 * MB);
    expect(loadConfig({ MAX_OUTPUT_MB: '5' }).maxOutputBytes).toBe(5 * MB);
    expect(loadConfig({ VALIDATE_DECODE_BUDGET_MB: '64' }).validateDecodeBudget).toBe(64 * MB);
    expect(() => loadConfig({ MAX_OUTPUT_MB: '0' })).toThrow(/MAX_OUTPUT_MB/);
  });
});

describe('output bytes', () => {
  let svc: RunningService;
  beforeAll(async () => {
    svc = await startTestService({}, { maxOutputBytes: 1024 });
  });
  afterAll(() => svc.close());

  it('answers 413 problem+json naming the limit when the PDF is too large', async () => {
    const res = await postJson(`${svc.url}/render/html`, { html: SMALL });
    expect(res.status).toBe(413);
    const body = await problem(res);
    expect(body.type).toBe('urn:a11ypdf:problem:limit-output-bytes');
    expect(body.status).toBe(413);
    expect(body.detail).toMatch(/over the output limit of 1024 bytes \(maxOutputBytes\)/);
  });

  it('answers the same for an image', async () => {
    const res = await postJson(`${svc.url}/render`, { html: SMALL, format: 'png', width: 300 });
    expect(res.status).toBe(413);
    expect((await problem(res)).type).toBe('urn:a11ypdf:problem:limit-output-bytes');
  });
});

/** A service started with `env` renders a small page (its workers start with the setting). */
async function expectRendersWith(env: Record<string, string>): Promise<void> {
  const svc = await startTestService(env);
  try {
    const res = await postJson(`${svc.url}/render/html`, { html: SMALL });
    expect(res.status).toBe(200);
  } finally {
    await svc.close();
  }
}

describe('worker young generation', () => {
  it("is 24 MB unless WORKER_YOUNG_GENERATION_MB sets it (0: V8's own), and workers render with it", async () => {
    expect(loadConfig({}).workerYoungGenerationMb).toBe(24);
    expect(loadConfig({ WORKER_YOUNG_GENERATION_MB: '0' }).workerYoungGenerationMb).toBe(0);
    expect(() => loadConfig({ WORKER_YOUNG_GENERATION_MB: '-1' })).toThrow(
      /WORKER_YOUNG_GENERATION_MB/,
    );
    await expectRendersWith({ WORKER_YOUNG_GENERATION_MB: '8' });
  });
});

describe('heap growing factor', () => {
  it("is 20% unless HEAP_GROWING_PERCENT sets it (0: V8's own), and workers render with it", async () => {
    expect(loadConfig({}).heapGrowingPercent).toBe(20);
    expect(loadConfig({ HEAP_GROWING_PERCENT: '0' }).heapGrowingPercent).toBe(0);
    expect(() => loadConfig({ HEAP_GROWING_PERCENT: '-5' })).toThrow(/HEAP_GROWING_PERCENT/);
    await expectRendersWith({ HEAP_GROWING_PERCENT: '10' });
  });
});

describe('CSS limits', () => {
  let svc: RunningService;
  beforeAll(async () => {
    svc = await startTestService({ CSS_MAX_RULES: '2' });
  });
  afterAll(() => svc.close());

  it('reads CSS_MAX_RULES and CSS_MAX_MB, defaulting to 50,000 rules and 5 MB', () => {
    expect(loadConfig({}).cssLimits).toEqual({ maxRules: 50_000, maxBytes: 5 * 1024 * 1024 });
    expect(loadConfig({ CSS_MAX_MB: '1' }).cssLimits.maxBytes).toBe(1024 * 1024);
  });

  it('answers 413 naming the rule limit, for HTML and for templates alike', async () => {
    const css = '<style>p{color:red} h1{color:blue} em{color:green}</style>';
    const res = await postJson(`${svc.url}/render/html`, {
      html: SMALL.replace('<h1>', `${css}<h1>`),
    });
    expect(res.status).toBe(413);
    const body = await problem(res);
    expect(body.type).toBe('urn:a11ypdf:problem:limit-css-rules');
    const fine = await postJson(`${svc.url}/render/html`, { html: SMALL });
    expect(fine.status).toBe(200);
  });
});

describe('deadline inside the worker', () => {
  let svc: RunningService;
  beforeAll(async () => {
    svc = await startTestService({ REQUEST_TIMEOUT_MS: '3000', ...UNLIMITED_DOCUMENTS });
  });
  afterAll(() => svc.close());

  it('ends a slow render with 504 from the engine, which names the stage', async () => {
    // 40,000 paragraphs (about 3,600 pages): tens of seconds of linear work, far past the 3 s
    // deadline however fast the engine gets; the engine stops itself at about 2.75 s.
    const para = (i: number) =>
      `<p>Paragraph ${i}: ${'lorem ipsum dolor sit amet '.repeat(10)}</p>`;
    const html = `<html lang="en"><title>Slow</title>${Array.from({ length: 40_000 }, (_, i) => para(i)).join('')}</html>`;
    const res = await postJson(`${svc.url}/render/html`, { html });
    expect(res.status).toBe(504);
    const body = await problem(res);
    expect(body.type).toBe('urn:a11ypdf:problem:timeout');
    // The engine's own deadline (3 s less 250 ms, less what the task spent before the render
    // began; the pool's cut-off would say 3000 ms): the worker stopped itself, not killed.
    const stopped =
      /within (\d+) ms \(stopped during (parse|style|layout|pagination|pages|pdf)\)/.exec(
        String(body.detail),
      );
    expect(stopped, String(body.detail)).not.toBeNull();
    expect(Number(stopped![1])).toBeLessThanOrEqual(2750);
    expect(Number(stopped![1])).toBeGreaterThan(2000);
    const after = await postJson(`${svc.url}/render/html`, { html: SMALL });
    expect(after.status).toBe(200);
  });
});
