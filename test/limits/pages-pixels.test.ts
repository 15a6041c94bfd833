/**
 * The page limit and the decoded-pixel limit of document images are per-call options
 * (the service sets them from MAX_PAGES and MAX_INPUT_PIXELS).
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { LimitError } from '../../src/diagnostics.js';
import { render } from '../../src/render.js';
import { loadConfig } from '../../src/server/config.js';

const pages = (n: number) =>
  `<html lang="en"><title>P</title>${Array.from({ length: n }, (_, i) => `<div style="break-after: page">Page ${i + 1}</div>`).join('')}</html>`;

describe('maxPages', () => {
  it('refuses a document with more pages, naming the limit', async () => {
    const err = await render({ kind: 'html', html: pages(3) }, { maxPages: 2 }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(LimitError);
    expect((err as LimitError).limit).toBe('pages');
    expect((err as LimitError).status).toBe(413);
  });

  it('accepts a document at the limit', async () => {
    const r = await render({ kind: 'html', html: pages(2) }, { maxPages: 2 });
    expect(r.pages).toBe(2);
  });
});

describe('maxInputPixels', () => {
  it('leaves out an image bigger than the limit, with a warning and its alt text', async () => {
    const png = await sharp({
      create: { width: 200, height: 100, channels: 3, background: '#c00' },
    })
      .png()
      .toBuffer();
    const html = `<html lang="en"><title>I</title><img alt="Red box" src="data:image/png;base64,${png.toString('base64')}"></html>`;
    const small = await render({ kind: 'html', html }, { maxInputPixels: 10_000 });
    expect(small.warnings.some((w) => w.code === 'resource.image-failed')).toBe(true);
    const fine = await render({ kind: 'html', html }, { maxInputPixels: 20_000 });
    expect(fine.warnings.some((w) => w.code === 'resource.image-failed')).toBe(false);
  });
});

describe('service configuration', () => {
  it('reads MAX_PAGES and MAX_INPUT_PIXELS', () => {
    expect(loadConfig({}).maxPages).toBe(10_000);
    expect(loadConfig({}).maxInputPixels).toBe(40_000_000);
    expect(loadConfig({ MAX_PAGES: '50', MAX_INPUT_PIXELS: '1000' })).toMatchObject({
      maxPages: 50,
      maxInputPixels: 1000,
    });
    expect(() => loadConfig({ MAX_PAGES: '0' })).toThrow(/MAX_PAGES/);
  });
});
