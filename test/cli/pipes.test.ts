/**
 * Pipes: '-' reads the input from standard input and '-o -' writes the document to standard
 * output, with every message on standard error.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { captureIo, readPdf } from './support.js';

const HTML = `<!DOCTYPE html><html lang="en"><head><title>Piped</title>
<style>@page { size: 300pt 200pt }</style></head><body><p>From standard input.</p></body></html>`;

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'a11ypdf-cli-pipes-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a11ypdf with pipes', () => {
  it('renders HTML from standard input to standard output', async () => {
    const io = captureIo(HTML);
    expect(await main(['render', '-', '-o', '-'], io)).toBe(0);
    const pdf = io.out();
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const [page] = await readPdf(pdf);
    expect(page.text).toContain('From standard input.');
    expect([page.width, page.height]).toEqual([300, 200]);
    expect(io.err()).toContain('wrote standard output: 1 page(s)');
  });

  it('writes to standard output by default for standard input, and takes a JSON template', async () => {
    const template = {
      template: {
        version: 2,
        config: { title: 'Piped template' },
        rows: [{ blocks: [{ type: 'text', text: 'A template from a pipe.' }] }],
      },
    };
    const io = captureIo(JSON.stringify(template));
    expect(await main(['render', '-'], io)).toBe(0);
    const [page] = await readPdf(io.out());
    expect(page.text).toContain('A template from a pipe.');
  });

  it('decodes a legacy page by its <meta charset>, from standard input and from a file', async () => {
    const legacy = Buffer.from(
      '<html lang=de><head><meta charset="iso-8859-1"><title>Alt</title></head><body><p>M\xfcller Stra\xdfe</p></body></html>',
      'latin1',
    );
    const io = captureIo(legacy);
    expect(await main(['render', '-', '-o', '-'], io)).toBe(0);
    expect((await readPdf(io.out()))[0].text).toContain('Müller Straße');
    const file = join(dir, 'legacy.html');
    writeFileSync(file, legacy);
    const out = join(dir, 'legacy.pdf');
    expect(await main(['render', file, '-o', out], captureIo())).toBe(0);
    expect((await readPdf(readFileSync(out)))[0].text).toContain('Müller Straße');
  });

  it('writes PNG to standard output', async () => {
    const io = captureIo(HTML);
    expect(await main(['render', '-', '--to', 'png', '-o', '-'], io)).toBe(0);
    expect(io.out().subarray(1, 4).toString()).toBe('PNG');
  });

  it('reads no local file for standard input unless --root is given', async () => {
    const html = HTML.replace('</head>', '<link rel="stylesheet" href="style.css"></head>');
    const io = captureIo(html);
    expect(await main(['render', '-', '-o', join(dir, 'x.pdf')], io)).toBe(0);
    expect(io.err()).toContain('relative URL without a base URL');
  });

  it('refuses to write a PDF to a terminal, and JSON lines together with a document', async () => {
    const tty = captureIo(HTML, { stdoutTTY: true });
    expect(await main(['render', '-'], tty)).toBe(2);
    expect(tty.err()).toContain('not writing PDF to a terminal');
    const both = captureIo(HTML);
    expect(await main(['render', '-', '-o', '-', '--format', 'json'], both)).toBe(2);
  });

  it('validates a PDF from standard input', async () => {
    const rendered = captureIo(HTML);
    await main(['render', '-', '-o', '-'], rendered);
    const io = captureIo(rendered.out());
    expect(await main(['validate', '-', '--format', 'json'], io)).toBe(0);
    const line = JSON.parse(io.out().toString('utf8')) as { file: string; isCompliant: boolean };
    expect(line).toMatchObject({ file: '-', isCompliant: true });
  });
});
