/**
 * A render that runs past its deadline is cut off, its worker replaced, and the requests
 * around it are unaffected; a full queue answers 429 at once; health stays answerable.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, startTestService, UNLIMITED_DOCUMENTS, type RunningService } from './harness.js';

const SMALL = '<html lang="en"><title>Small</title><h1>Small</h1><p>Fine.</p></html>';

function tableHtml(rows: number): string {
  const body = Array.from(
    { length: rows },
    (_, i) =>
      `<tr><td>Row ${i}</td><td>${i * 3}</td><td>A longer description for row ${i}</td></tr>`,
  ).join('');
  return `<html lang="en"><title>Heavy</title><table><thead><tr><th>A</th><th>B</th><th>C</th></tr></thead><tbody>${body}</tbody></table></html>`;
}

describe('isolation of a runaway render', () => {
  let svc: RunningService;
  beforeAll(async () => {
    svc = await startTestService({
      WORKERS: '2',
      QUEUE_LIMIT: '1000',
      REQUEST_TIMEOUT_MS: '3000',
      ...UNLIMITED_DOCUMENTS,
    });
    await postJson(`${svc.url}/render/html`, { html: SMALL }); // warm both code paths
  });
  afterAll(() => svc.close());

  it('times out the poisoned request (504) while 200 good ones all succeed', async () => {
    // A runaway render: 40,000 paragraphs (about 3,600 pages) need tens of seconds of honest,
    // linear work, far past the 3 s deadline on any machine.
    const para = (i: number) => `<p>Paragraph ${i}: ${'lorem ipsum dolor sit amet '.repeat(8)}</p>`;
    const runaway = `<html lang="en"><title>Runaway</title>${Array.from({ length: 40_000 }, (_, i) => para(i)).join('')}</html>`;
    const poisoned = postJson(`${svc.url}/render/html`, { html: runaway });
    const good = Array.from({ length: 200 }, () =>
      postJson(`${svc.url}/render/html`, { html: SMALL }),
    );
    const live = await fetch(`${svc.url}/health/live`);
    expect(live.status).toBe(200);
    const results = await Promise.all(good);
    const statuses = results.map((r) => r.status);
    const notOk = await Promise.all(
      results
        .filter((r) => r.status !== 200)
        .slice(0, 3)
        .map(async (r) => `${r.status} ${await r.text()}`),
    );
    expect(notOk).toEqual([]);
    expect(statuses).toEqual(Array(200).fill(200));
    const bad = await poisoned;
    expect(bad.status).toBe(504);
    expect(bad.headers.get('content-type')).toContain('application/problem+json');
    // The replaced worker serves the next request.
    const after = await postJson(`${svc.url}/render/html`, { html: SMALL });
    expect(after.status).toBe(200);
  });
});

describe('overload', () => {
  let svc: RunningService;
  beforeAll(async () => {
    svc = await startTestService({ WORKERS: '1', QUEUE_LIMIT: '1', REQUEST_TIMEOUT_MS: '60000' });
  });
  afterAll(() => svc.close());

  it('answers 429 with Retry-After when the queue is full, and still answers health', async () => {
    const html = tableHtml(400);
    const requests = Array.from({ length: 6 }, () => postJson(`${svc.url}/render/html`, { html }));
    const live = await fetch(`${svc.url}/health/live`);
    expect(live.status).toBe(200);
    // Readiness reports saturation while the worker and the queue are full.
    let readyStatus = 200;
    for (let i = 0; i < 100 && readyStatus === 200; i++) {
      readyStatus = (await fetch(`${svc.url}/health/ready`)).status;
      if (readyStatus === 200) await new Promise((r) => setTimeout(r, 20));
    }
    expect(readyStatus).toBe(503);
    const results = await Promise.all(requests);
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(3);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    const refused = results.find((r) => r.status === 429)!;
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await refused.json()) as { status: number }).status).toBe(429);
    expect((await fetch(`${svc.url}/health/ready`)).status).toBe(200);
  });
});

describe('a worker that runs out of memory', () => {
  let svc: RunningService;
  beforeAll(async () => {
    svc = await startTestService({
      WORKERS: '1',
      WORKER_MEMORY_MB: '96',
      // Limits far past what 96 MB holds: this is about the backstop behind the limits.
      ...UNLIMITED_DOCUMENTS,
      REQUEST_TIMEOUT_MS: '120000',
    });
  });
  afterAll(() => svc.close());

  it('fails only its own request with 500 and the replacement worker serves the next one', async () => {
    const res = await postJson(`${svc.url}/render/html`, { html: tableHtml(60000) });
    expect(res.status).toBe(500);
    const problem = (await res.json()) as { detail: string };
    expect(problem.detail).not.toMatch(/at .+\.js:\d+/); // no stack trace reaches the client
    expect((await fetch(`${svc.url}/health`)).status).toBe(200);
    expect((await postJson(`${svc.url}/render/html`, { html: SMALL })).status).toBe(200);
  });
});
