import { describe, expect, it } from 'vitest';
import { render } from '../../src/render.js';
import { readPdf } from './helpers.js';

/** Words in scripts that no bundled font covers, each drawn with the replacement glyph. */
const UNCOVERED = ['日本語', '안녕', 'नमस्ते', 'தமிழ்', 'ไทย', 'ᏣᎳᎩ', 'ሰላም'];

const page = (body: string): string =>
  `<!doctype html><html lang="en"><head><title>Glyphs</title></head><body>${body}</body></html>`;

async function validateBytes(pdf: Uint8Array): Promise<readonly unknown[]> {
  const { validate } = await import('../../src/validate/index.js');
  return validate(pdf).failures ?? [];
}

describe('text no font can draw', () => {
  it('extracts as its own characters, drawn with stand-ins, with a warning per script', async () => {
    const r = await render(
      { kind: 'html', html: page(`<p>${UNCOVERED.join(' ')}</p>`) },
      {
        deterministic: true,
      },
    );
    const back = await readPdf(r.pdf);
    expect(back.pages[0].text).toBe(UNCOVERED.join(' '));
    const warned = r.warnings.filter((w) => w.code === 'text.missing-glyph');
    expect(warned.some((w) => w.message.includes('U+65E5'))).toBe(true);
    // One per script (Cherokee and Ethiopic, without a tag of their own, go together).
    expect(warned.length).toBeLessThanOrEqual(UNCOVERED.length + 1);
    expect(warned.some((w) => /\d+ Devanagari characters \(U\+/.test(w.message))).toBe(true);
    expect(await validateBytes(r.pdf)).toEqual([]);
  });

  it('gives each distinct character one code, however often it is repeated', async () => {
    const once = await render({ kind: 'html', html: page('<p>日本</p>') }, { deterministic: true });
    const often = await render(
      { kind: 'html', html: page(`<p>${'日本'.repeat(50)}</p>`) },
      { deterministic: true },
    );
    const back = await readPdf(often.pdf);
    expect(back.pages[0].text).toBe('日本'.repeat(50));
    // Fifty repetitions add content, not font copies: the font objects barely grow.
    expect(often.pdf.byteLength - once.pdf.byteLength).toBeLessThan(2000);
  });
});

describe('synthesized small capitals', () => {
  it('extract as the letters of the source, not as the capitals drawn', async () => {
    const r = await render(
      { kind: 'html', html: page('<p style="font-variant: small-caps">Alpha ALPHA</p>') },
      { deterministic: true },
    );
    const back = await readPdf(r.pdf);
    expect(back.pages[0].text).toBe('Alpha ALPHA');
    expect(await validateBytes(r.pdf)).toEqual([]);
  });
});
