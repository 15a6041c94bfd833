/**
 * Hostile but small requests end in a clean problem naming the field or the limit, quickly,
 * and leave the worker serving: deep nesting in HTML and in template data.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, startTestService, type RunningService } from './harness.js';

interface Problem {
  status: number;
  type: string;
  detail: string;
  errors: { pointer: string; message: string }[];
}

/** `depth` levels of {"a": ...} under one data key, as JSON text (too deep to stringify here). */
function nestedData(depth: number): string {
  return `{"title":${'{"a":'.repeat(depth)}"leaf"${'}'.repeat(depth)}}`;
}

const template = {
  version: 2,
  config: { title: 'Nested', page: { locale: 'en_GB' } },
  rows: [{ blocks: [{ type: 'heading', id: 'title', text: 'Title', level: 1 }] }],
};

describe('hostile input', () => {
  let svc: RunningService;
  beforeAll(async () => {
    svc = await startTestService({ WORKERS: '1', REQUEST_TIMEOUT_MS: '60000' });
  });
  afterAll(() => svc.close());

  it('answers 400 naming the field for 5,000 levels of nested template data', async () => {
    const res = await fetch(`${svc.url}/render/template`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"template":${JSON.stringify(template)},"data":${nestedData(5000)}}`,
    });
    expect(res.status).toBe(400);
    const problem = (await res.json()) as Problem;
    expect(problem.errors).toHaveLength(1);
    expect(problem.errors[0].pointer).toMatch(/^\/data\/title(\/a)+$/);
    expect(problem.errors[0].message).toMatch(/nested more than 64 levels/);
  });

  it('refuses 100,000 nested <div>s with 413 naming the limit, and keeps its worker', async () => {
    const html = `<html lang="en"><title>Deep</title>${'<div>'.repeat(100_000)}x</html>`;
    const res = await postJson(`${svc.url}/render/html`, { html });
    expect(res.status).toBe(413);
    const problem = (await res.json()) as Problem;
    expect(problem.type).toBe('urn:a11ypdf:problem:limit-html-depth');
    expect(problem.detail).toMatch(/more than 4096 levels/);
    const next = await postJson(`${svc.url}/render/html`, {
      html: '<html lang="en"><title>T</title><p>after</p></html>',
    });
    expect(next.status).toBe(200);
  });
});
