/**
 * The service never reads local files: a file: base URL, a file: link and a relative link under
 * a file: base are all refused with a warning, however the request puts them, while the
 * command line and the library read the same files when given a root.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPdf } from '../cli/support.js';
import { postJson, startTestService, type RunningService } from './harness.js';

let svc: RunningService;
let dir = '';

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'a11ypdf-service-files-'));
  writeFileSync(join(dir, 'style.css'), '@page { size: 300pt 200pt }');
  writeFileSync(join(dir, 'other.css'), '@page { size: 300pt 200pt }');
  svc = await startTestService();
});
afterAll(async () => {
  await svc.close();
  rmSync(dir, { recursive: true, force: true });
});

const html = (head: string) =>
  `<!DOCTYPE html><html lang="en"><head><title>Files</title>${head}</head><body><p>x</p></body></html>`;

describe('the service and file: URLs', () => {
  it.each([
    ['a relative link under a file: base URL', '<link rel="stylesheet" href="style.css">'],
    [
      'a link to a file: URL',
      () => `<link rel="stylesheet" href="${pathToFileURL(join(dir, 'other.css')).href}">`,
    ],
  ])('refuses %s', async (_what, head) => {
    const res = await postJson(
      `${svc.url}/render/html`,
      {
        html: html(typeof head === 'string' ? head : head()),
        baseUrl: pathToFileURL(join(dir, 'page.html')).href,
      },
      { accept: 'application/json' },
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      pdf: string;
      warnings: { code: string; message: string }[];
    };
    expect(body.warnings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          code: 'resource.failed',
          message: expect.stringContaining('only http and https URLs can be fetched, not file:'),
        }),
      ]),
    );
    // The sheet's 300 x 200 pt page never applied.
    const [page] = await readPdf(Buffer.from(body.pdf, 'base64'));
    expect([page.width, page.height]).not.toEqual([300, 200]);
  });

  it('refuses a file: image', async () => {
    const res = await postJson(
      `${svc.url}/render/html`,
      { html: html('').replace('<p>x</p>', '<img src="file:///etc/hostname" alt="host name">') },
      { accept: 'application/json' },
    );
    const body = (await res.json()) as { warnings: { code: string; message: string }[] };
    expect(body.warnings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          code: 'resource.image-failed',
          message: expect.stringContaining('not file:'),
        }),
      ]),
    );
  });
});
