/**
 * Hostile requests end in a clean problem naming the field or the limit, quickly, and leave the
 * worker serving: deep nesting in HTML and in template data, and documents inside the request
 * size limit that would not fit a worker's heap (many paragraphs, one huge word, a huge table).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
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

  it.each([
    [
      '10 MB of paragraphs',
      () => `<p>${'Lorem ipsum dolor sit amet. '.repeat(12)}</p>`.repeat(28_000),
      'document-html',
    ],
    ['a 20 MB word', () => `<p>${'x'.repeat(20_000_000)}</p>`, 'document-html'],
    [
      'a 3 MB table of 200,000 cells',
      () => `<table>${`<tr>${'<td>1234</td>'.repeat(10)}</tr>`.repeat(20_000)}</table>`,
      'document-elements',
    ],
  ])('refuses %s with 413 naming the limit', async (_name, body, limit) => {
    const res = await postJson(`${svc.url}/render/html`, {
      html: `<html lang="en"><title>Big</title>${body()}</html>`,
    });
    expect(res.status).toBe(413);
    const problem = (await res.json()) as Problem;
    expect(problem.type).toBe(`urn:a11ypdf:problem:limit-${limit}`);
    expect(problem.detail).toContain(`(${limit})`);
  });

  it('refuses a template at its table-row limit whose table needs more elements than the limit', async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => ({
      pos: String(i),
      item: 'Widget',
      qty: '1',
    }));
    const res = await postJson(`${svc.url}/render/template`, {
      template: {
        ...template,
        rows: [
          {
            blocks: [
              {
                type: 'table',
                columns: ['pos', 'item', 'qty', 'price', 'total'].map((key) => ({
                  key,
                  label: key,
                })),
                rows,
              },
            ],
          },
        ],
      },
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as Problem).type).toBe(
      'urn:a11ypdf:problem:limit-document-elements',
    );
  });
});

describe('document limits', () => {
  it('scale with the worker heap unless set', () => {
    expect(loadConfig({}).documentLimits).toEqual({
      maxHtmlChars: 8_388_608,
      maxElements: 49_152,
      maxTextChars: 1_572_864,
    });
    expect(loadConfig({ WORKER_MEMORY_MB: '512' }).documentLimits.maxElements).toBe(24_576);
    expect(
      loadConfig({ DOCUMENT_MAX_ELEMENTS: '1000', DOCUMENT_MAX_TEXT_CHARS: '5000' }).documentLimits,
    ).toMatchObject({ maxElements: 1000, maxTextChars: 5000 });
    expect(() => loadConfig({ DOCUMENT_MAX_HTML_CHARS: '0' })).toThrow(/DOCUMENT_MAX_HTML_CHARS/);
  });
});
