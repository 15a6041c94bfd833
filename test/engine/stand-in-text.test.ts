/**
 * Characters that no available font can draw are shown with the replacement glyph (U+FFFD's),
 * yet each must still extract as its own character: pdf.js reads the text layer back, our
 * validator checks PDF/A-3a + PDF/UA-1, and pdf.js' rasterisation shows the stand-in glyph.
 */
import { describe, expect, it } from 'vitest';
import { render } from '../../src/render.js';
import { validate } from '../../src/validate/index.js';
import { renderPage } from '../pdf/glyph-ink.js';
import { readPdf } from './helpers.js';

/** Japanese, Devanagari (with a virama and vowel signs), Ethiopic and Javanese. */
const UNCOVERED = '東京 日本語 हिन्दी ግዕዝ ꦗꦮ';

function page(text: string): string {
  return (
    '<!doctype html><html lang="en"><head><title>Stand-ins</title>' +
    "<style>p { font-family: 'DejaVu Sans'; font-size: 14pt }</style></head>" +
    `<body><p>${text}</p></body></html>`
  );
}

async function renderHtml(text: string): Promise<Awaited<ReturnType<typeof render>>> {
  return render({ kind: 'html', html: page(text) }, { deterministic: true });
}

describe('stand-in glyphs read back with pdf.js', () => {
  it('extracts as the source characters, with every stand-in a code of its own', async () => {
    const source = `Tokyo ${UNCOVERED} (and 東京 again)`;
    const r = await renderHtml(source);
    const back = await readPdf(r.pdf);
    expect(back.pages[0]?.text.replace(/\s+/g, ' ').trim()).toBe(source);
    expect(validate(r.pdf).failures ?? []).toEqual([]);
    // The warning still names each character no font has.
    const missing = r.warnings.filter((w) => w.code === 'text.missing-glyph');
    expect(missing.some((w) => w.message.includes('U+6771'))).toBe(true);
    expect(missing.some((w) => w.message.includes('U+0939'))).toBe(true);
  }, 60_000);

  it('draws the replacement glyph for each character, as a real U+FFFD is drawn', async () => {
    // One stand-in per code point: 'हि' is two.
    const uncovered = '東हि京';
    const stood = await renderHtml(uncovered);
    const real = await renderHtml('\ufffd'.repeat([...uncovered].length));
    expect(validate(stood.pdf).failures ?? []).toEqual([]);
    const a = await renderPage(stood.pdf, 1, 2);
    const b = await renderPage(real.pdf, 1, 2);
    let inked = 0;
    for (const v of a.ink) if (v > 128) inked++;
    expect(inked).toBeGreaterThan(100);
    expect(Buffer.from(a.rgba).equals(Buffer.from(b.rgba))).toBe(true);
    expect((await readPdf(stood.pdf)).pages[0]?.text).toBe(uncovered);
  }, 60_000);

  it('keeps many distinct stand-ins apart in a long text', async () => {
    // Two hundred CJK ideographs: more codes than one ToUnicode bfchar block holds.
    let source = '';
    for (let cp = 0x4e00; cp < 0x4e00 + 200; cp++) source += String.fromCodePoint(cp);
    const r = await renderHtml(source);
    const back = await readPdf(r.pdf);
    expect(
      back.pages
        .map((p) => p.text)
        .join('')
        .replace(/\s+/g, ''),
    ).toBe(source);
    expect(validate(r.pdf).failures ?? []).toEqual([]);
  }, 60_000);
});
