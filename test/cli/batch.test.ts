/**
 * Batches: folders, patterns and several inputs rendered and validated on worker threads; a
 * failing file among good ones is reported and counted, the others are still done, and the
 * exit code says that something failed.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { captureIo, readPdf } from './support.js';

const page = (title: string) =>
  `<!DOCTYPE html><html lang="en"><head><title>${title}</title>
<style>@page { size: 300pt 200pt }</style></head><body><h1>${title}</h1><p>Body text.</p></body></html>`;

let dir = '';
let docs = '';

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'a11ypdf-cli-batch-'));
  docs = join(dir, 'docs');
  mkdirSync(join(docs, 'sub'), { recursive: true });
  writeFileSync(join(docs, 'a.html'), page('First'));
  // An invalid template: rows must be an array.
  writeFileSync(join(docs, 'b.json'), JSON.stringify({ template: { version: 2, rows: 'no' } }));
  writeFileSync(join(docs, 'c.html'), page('Third'));
  writeFileSync(join(docs, 'sub', 'd.html'), page('Fourth'));
  writeFileSync(join(docs, 'notes.txt'), 'not an input');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Line {
  file: string;
  output: string;
  ok: boolean;
  pages?: number;
  error?: { type: string; message: string; problems?: { pointer: string }[] };
}

describe('a11ypdf render of a batch', () => {
  it('renders a folder on worker threads, writing one JSON line per file in input order', async () => {
    const io = captureIo();
    const out = join(dir, 'out-json');
    const code = await main(['render', docs, '-o', out, '--format', 'json', '--jobs', '2'], io);
    expect(code).toBe(1);
    const lines = io
      .out()
      .toString('utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Line);
    expect(lines.map((l) => [l.file, l.ok])).toEqual([
      [join(docs, 'a.html'), true],
      [join(docs, 'b.json'), false],
      [join(docs, 'c.html'), true],
      [join(docs, 'sub', 'd.html'), true],
    ]);
    expect(lines[0]).toMatchObject({ output: join(out, 'a.pdf'), pages: 1 });
    expect(lines[1].error).toMatchObject({ type: 'InputError' });
    expect(lines[1].error?.problems?.[0].pointer).toBe('/template/rows');
    // Sub-folders are mirrored; the failed file leaves nothing behind.
    expect(existsSync(join(out, 'sub', 'd.pdf'))).toBe(true);
    expect(existsSync(join(out, 'b.pdf'))).toBe(false);
    const [third] = await readPdf(readFileSync(join(out, 'c.pdf')));
    expect(third.text).toContain('Third');
    expect(io.err()).toMatch(/rendered 4 files: 3 ok, 1 failed in [\d.]+ s on 2 threads/);
  });

  it('prints a plain line per file and a summary when not on a terminal', async () => {
    const io = captureIo();
    const out = join(dir, 'out-text');
    const code = await main(
      ['render', join(docs, 'a.html'), join(docs, 'b.json'), join(docs, 'c.html'), '-o', out],
      io,
    );
    expect(code).toBe(1);
    const err = io.err();
    expect(err).toContain(`ok   ${join(docs, 'a.html')} -> ${join(out, 'a.pdf')} (1 page,`);
    expect(err).toContain(`FAIL ${join(docs, 'b.json')}: the template is invalid`);
    expect(err).toContain('/template/rows: must be array');
    expect(err).toMatch(/rendered 3 files: 2 ok, 1 failed/);
    expect(io.out().length).toBe(0);
  });

  it('expands a glob pattern the shell left alone, and exits 0 when all is well', async () => {
    const io = captureIo();
    const out = join(dir, 'out-glob');
    expect(await main(['render', join(docs, '**', '*.html'), '-o', out, '-j', '1'], io)).toBe(0);
    expect(existsSync(join(out, 'a.pdf'))).toBe(true);
    expect(existsSync(join(out, 'sub', 'd.pdf'))).toBe(true);
    expect(io.err()).toMatch(/rendered 3 files: 3 ok/);
  });

  it('refuses inputs that do not exist and outputs that would collide (exit 2)', async () => {
    const missing = captureIo();
    expect(await main(['render', join(docs, 'nope.html')], missing)).toBe(2);
    expect(missing.err()).toContain('does not exist');
    const noMatch = captureIo();
    expect(await main(['render', join(docs, '*.xml')], noMatch)).toBe(2);
    mkdirSync(join(dir, 'other'), { recursive: true });
    writeFileSync(join(dir, 'other', 'a.html'), page('Other'));
    const clash = captureIo();
    expect(
      await main(
        ['render', join(docs, 'a.html'), join(dir, 'other', 'a.html'), '-o', join(dir, 'o')],
        clash,
      ),
    ).toBe(2);
    expect(clash.err()).toContain('would both be written to');
  });
});

describe('a11ypdf validate of a batch', () => {
  it('validates a folder, reporting a file that is not a PDF without stopping', async () => {
    const pdfs = join(dir, 'pdfs');
    mkdirSync(pdfs, { recursive: true });
    expect(
      await main(['render', join(docs, 'a.html'), '-o', join(pdfs, 'a.pdf')], captureIo()),
    ).toBe(0);
    expect(
      await main(['render', join(docs, 'c.html'), '-o', join(pdfs, 'c.pdf')], captureIo()),
    ).toBe(0);
    writeFileSync(join(pdfs, 'b.pdf'), 'this is not a PDF');
    const io = captureIo();
    expect(await main(['validate', pdfs, '--format', 'json', '-j', '2'], io)).toBe(1);
    const lines = io
      .out()
      .toString('utf8')
      .trim()
      .split('\n')
      .map(
        (l) => JSON.parse(l) as { file: string; isCompliant?: boolean; error?: { type: string } },
      );
    expect(lines.map((l) => [l.file, l.isCompliant ?? null, l.error?.type ?? null])).toEqual([
      [join(pdfs, 'a.pdf'), true, null],
      [join(pdfs, 'b.pdf'), null, 'NotPdfError'],
      [join(pdfs, 'c.pdf'), true, null],
    ]);
    expect(io.err()).toMatch(/validated 3 files: 2 compliant, 1 failed/);

    const good = captureIo();
    expect(await main(['validate', join(pdfs, 'a.pdf'), join(pdfs, 'c.pdf')], good)).toBe(0);
    expect(good.out().toString('utf8')).toContain('a.pdf');
    expect(good.err()).toMatch(/validated 2 files: 2 compliant/);
  });
});
