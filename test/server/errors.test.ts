/** Every row of the error table that needs no working engine peer: request-level problems. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, startTestService, type RunningService } from './harness.js';

let svc: RunningService;
beforeAll(async () => {
  svc = await startTestService({ JSON_BODY_LIMIT_MB: '1', PDF_BODY_LIMIT_MB: '1' });
});
afterAll(() => svc.close());

interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance: string;
  requestId: string;
  errors: { pointer: string; message: string }[];
}

async function problem(res: Response): Promise<ProblemBody> {
  expect(res.headers.get('content-type')).toContain('application/problem+json');
  return (await res.json()) as ProblemBody;
}

describe('400 invalid requests', () => {
  it('lists every invalid field with a JSON pointer', async () => {
    const res = await postJson(`${svc.url}/render/html`, {
      html: 42,
      embedColorProfile: 'yes',
      attachments: [{ name: '', content: 'x', relationship: 'Friend' }],
      extra: true,
    });
    expect(res.status).toBe(400);
    const body = await problem(res);
    expect(body).toMatchObject({ status: 400, instance: '/render/html' });
    const pointers = body.errors.map((e) => e.pointer);
    expect(pointers).toEqual(
      expect.arrayContaining([
        '/html',
        '/embedColorProfile',
        '/attachments/0/name',
        '/attachments/0/relationship',
        '/extra',
      ]),
    );
  });

  it('refuses empty and blank html', async () => {
    for (const path of ['/render/html', '/convert', '/convert-and-validate', '/render']) {
      for (const html of ['', '   \n ']) {
        const res = await postJson(`${svc.url}${path}`, { html });
        expect(res.status, `${path} ${JSON.stringify(html)}`).toBe(400);
        expect((await problem(res)).errors[0].pointer).toBe('/html');
      }
    }
  });

  it('refuses a missing body and malformed JSON', async () => {
    const res = await fetch(`${svc.url}/render/html`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"html": ',
    });
    expect(res.status).toBe(400);
    await problem(res);
  });

  it('refuses invalid URLs for /render/url', async () => {
    for (const url of [
      'not a url',
      'ftp://example.org/x',
      'file:///etc/passwd',
      'javascript:alert(1)',
    ]) {
      const res = await postJson(`${svc.url}/render/url`, { url });
      expect(res.status, url).toBe(400);
      expect((await problem(res)).errors[0].pointer).toBe('/url');
    }
  });

  it('refuses JSON output together with an upload', async () => {
    const res = await postJson(
      `${svc.url}/render/html`,
      { html: '<p>x</p>' },
      { accept: 'application/json', 'x-upload-url': 'http://127.0.0.1:9/put' },
    );
    expect(res.status).toBe(400);
    const pointers = (await problem(res)).errors.map((e) => e.pointer);
    expect(pointers).toEqual(['/headers/accept', '/headers/x-upload-url']);
  });

  it('refuses an X-Upload-Url that is not an http(s) URL', async () => {
    for (const url of ['nope', 'file:///tmp/x', 'gopher://example.org/']) {
      const res = await postJson(
        `${svc.url}/render/html`,
        { html: '<p>x</p>' },
        { 'x-upload-url': url },
      );
      expect(res.status, url).toBe(400);
    }
  });

  it('refuses an unknown validation flavour', async () => {
    const res = await fetch(`${svc.url}/validate?flavour=pdfa-9z`, {
      method: 'POST',
      headers: { 'content-type': 'application/pdf' },
      body: '%PDF-1.7',
    });
    expect(res.status).toBe(400);
    expect((await problem(res)).errors[0].pointer).toBe('/query/flavour');
  });

  it('says the PDF content is empty for an empty /validate body', async () => {
    const res = await fetch(`${svc.url}/validate`, {
      method: 'POST',
      headers: { 'content-type': 'application/pdf' },
      body: '',
    });
    expect(res.status).toBe(400);
    expect((await problem(res)).detail).toBe('PDF content is empty');
  });

  it('refuses invalid templates with a pointer per problem', async () => {
    const res = await postJson(`${svc.url}/render/template`, {
      template: { version: 3, rows: [{ blocks: [{ type: 'heading', level: 8 }] }] },
      data: { ghost: {} },
    });
    expect(res.status).toBe(400);
    const pointers = (await problem(res)).errors.map((e) => e.pointer);
    expect(pointers).toEqual(
      expect.arrayContaining([
        '/template/version',
        '/template/rows/0/blocks/0/level',
        '/template/rows/0/blocks/0/text',
      ]),
    );
  });
});

describe('template limits', () => {
  it('refuses more table rows than the operator allows, with the pointer', async () => {
    const limited = await startTestService({ TEMPLATE_MAX_TABLE_ROWS: '5' });
    try {
      const template = {
        version: 2,
        config: { title: 'T' },
        rows: [{ blocks: [{ type: 'table', id: 't', columns: [{ key: 'a', label: 'A' }] }] }],
      };
      const res = await postJson(`${limited.url}/render/template`, {
        template,
        data: { t: Array.from({ length: 6 }, (_, i) => ({ a: i })) },
      });
      expect(res.status).toBe(400);
      expect((await problem(res)).errors[0].pointer).toBe('/data/t');
    } finally {
      await limited.close();
    }
  });
});

describe('413 and 415', () => {
  it('refuses a JSON body over the limit', async () => {
    const res = await postJson(`${svc.url}/render/html`, { html: 'x'.repeat(1.2 * 1024 * 1024) });
    expect(res.status).toBe(413);
    await problem(res);
  });

  it('refuses a PDF body over the limit', async () => {
    const res = await fetch(`${svc.url}/validate`, {
      method: 'POST',
      headers: { 'content-type': 'application/pdf' },
      body: Buffer.alloc(1.2 * 1024 * 1024, 0x20),
    });
    expect(res.status).toBe(413);
  });

  it('refuses a wrong content type', async () => {
    const asText = await fetch(`${svc.url}/render/html`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'hello',
    });
    expect(asText.status).toBe(415);
    await problem(asText);
    const jsonToValidate = await postJson(`${svc.url}/validate`, { pdf: 'x' });
    expect(jsonToValidate.status).toBe(415);
  });
});
