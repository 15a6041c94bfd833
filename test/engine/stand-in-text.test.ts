/**
 * Characters that no available font can draw are shown with the replacement glyph (U+FFFD's),
 * yet each must still extract as its own character: pdf.js reads the text layer back, our
 * validator checks PDF/A-3a + PDF/UA-1, and pdf.js' rasterisation shows the stand-in glyph.
 */
import { describe, expect, it } from 'vitest';
import { render, renderImage } from '../../src/render.js';
import { validate } from '../../src/validate/index.js';
import { renderPage } from '../pdf/glyph-ink.js';
import { readPdf } from './helpers.js';

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
  it('draws the same stand-in in raster output', async () => {
    const html = (t: string): { kind: 'html'; html: string } => ({ kind: 'html', html: page(t) });
    const stood = await renderImage(html('東हि京'), { format: 'png', width: 300 });
    const real = await renderImage(html('\ufffd'.repeat(4)), { format: 'png', width: 300 });
    const blank = await renderImage(html(''), { format: 'png', width: 300 });
    expect(Buffer.from(stood.image).equals(Buffer.from(real.image))).toBe(true);
    expect(Buffer.from(stood.image).equals(Buffer.from(blank.image))).toBe(false);
  }, 60_000);

  it('keeps covered text around the stand-ins, spaces and joiners included', async () => {
    // An emoji no font has with its variation selector, a joined emoji sequence, symbols.
    const source =
      'Melt \u{1FAE0}\ufe0f done, tech \u{1F469}\u200d\u{1F4BB} ok, \u2318 \u2713 and \u0928\u092e';
    const r = await renderHtml(source);
    const back = await readPdf(r.pdf);
    // pdf.js leaves out default-ignorable characters (the selector, the joiner) as it reads.
    const visible = source.replace(/\p{Default_Ignorable_Code_Point}/gu, '');
    expect(back.pages[0]?.text).toBe(visible);
    expect(validate(r.pdf).failures ?? []).toEqual([]);
  }, 60_000);
});
