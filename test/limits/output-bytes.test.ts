/**
 * maxOutputBytes: a render whose PDF or image is larger fails with LimitError('output-bytes')
 * and returns no bytes at all; the PDF writer notices while it adds streams, not only at the end.
 */
import { describe, expect, it } from 'vitest';
import { LimitError, DEFAULT_MAX_OUTPUT_BYTES } from '../../src/diagnostics.js';
import { layoutHtml } from '../../src/layout/index.js';
import { PdfFile } from '../../src/pdf/file.js';
import { PdfDict } from '../../src/pdf/objects.js';
import { writePdf } from '../../src/pdf/index.js';
import { render, renderImage } from '../../src/render.js';
import { createResourceLoader } from '../../src/resources/index.js';
import { settings } from '../pdf/helpers.js';

const small = {
  kind: 'html' as const,
  html: '<!doctype html><html lang="en"><head><title>T</title></head><body><h1>Hello</h1><p>A paragraph.</p></body></html>',
};

function longHtml(pages: number): string {
  const para = (i: number) =>
    `<p>Paragraph ${i}: ${'lorem ipsum dolor sit amet consectetur '.repeat(8)}</p>`;
  const body = Array.from({ length: pages * 6 }, (_, i) => para(i)).join('');
  return `<!doctype html><html lang="en"><head><title>Long</title></head><body><h1>Long</h1>${body}</body></html>`;
}

async function limitError(p: Promise<unknown>): Promise<LimitError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(LimitError);
  return err as LimitError;
}

describe('maxOutputBytes', () => {
  it('is generous by default: a normal document renders', async () => {
    const r = await render(small, { deterministic: true });
    expect(r.pdf.length).toBeGreaterThan(1024);
    expect(r.pdf.length).toBeLessThan(DEFAULT_MAX_OUTPUT_BYTES);
  });

  it('refuses a PDF over the limit with a LimitError naming the limit and the size', async () => {
    const err = await limitError(render(small, { deterministic: true, maxOutputBytes: 1024 }));
    expect(err.limit).toBe('output-bytes');
    expect(err.status).toBe(413);
    expect(err.message).toMatch(/over the output limit of 1024 bytes/);
    expect(err.message).toMatch(/\d{4,} bytes/);
  });

  it('accepts a PDF exactly at its own size', async () => {
    const r = await render(small, { deterministic: true });
    const again = await render(small, { deterministic: true, maxOutputBytes: r.pdf.length });
    expect(again.pdf).toEqual(r.pdf);
    await limitError(render(small, { deterministic: true, maxOutputBytes: r.pdf.length - 1 }));
  });

  it('refuses a PNG and a JPEG over the limit', async () => {
    for (const format of ['png', 'jpeg'] as const) {
      const err = await limitError(renderImage(small, { format, width: 400, maxOutputBytes: 200 }));
      expect(err.limit).toBe('output-bytes');
      expect(err.message).toContain(format.toUpperCase());
    }
    const ok = await renderImage(small, { format: 'png', width: 400 });
    expect(ok.image.length).toBeGreaterThan(200);
  });

  it('counts streams as they are added, before the file is assembled', () => {
    const file = new PdfFile(1000);
    file.addStream(new PdfDict(), new Uint8Array(600), false);
    expect(() => file.addStream(new PdfDict(), new Uint8Array(600), false)).toThrow(LimitError);
  });

  it('stops the writer part-way through a long document', async () => {
    const laid = await layoutHtml(
      { html: longHtml(40) },
      {
        mode: 'paged',
        loader: createResourceLoader({}),
        strict: false,
      },
    );
    const pages = laid.document.pages.length;
    expect(pages).toBeGreaterThan(20);
    let drawn = 0;
    const deadline = {
      check: (stage: string) => {
        if (stage === 'pdf') drawn++;
      },
    };
    expect(() =>
      writePdf(laid.document, settings(), { maxOutputBytes: 4 * 1024, deadline }),
    ).toThrow(/over the output limit of 4096 bytes/);
    // The writer checks the deadline once per page: it stopped well before the last page.
    expect(drawn).toBeGreaterThan(0);
    expect(drawn).toBeLessThan(pages / 2);
  });
});
