/**
 * HTML with @font-face fonts of every format we accept, rendered to PDF and drawn again by
 * pdf.js: each paragraph's glyph must leave ink where the source font's outline says, at the
 * pen position pdf.js reads from the text layer. This is the whole path a user's font takes
 * (container decoding, @font-face matching and instancing, shaping, subsetting, embedding).
 */
import { readFileSync } from 'node:fs';
import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { render } from '../../src/render.js';
import { toSfnt } from '../../src/text/sfnt.js';
import { validate } from '../../src/validate/index.js';
import { boxDistance, inkBox, outlineBox, renderPage, type Box } from '../pdf/glyph-ink.js';
import { readPdf } from './helpers.js';

const fontBytes = (path: string): Uint8Array => readFileSync(new URL(path, import.meta.url));
const dataUrl = (bytes: Uint8Array, mime: string): string =>
  `url(data:${mime};base64,${Buffer.from(bytes).toString('base64')})`;

interface Face {
  readonly family: string;
  readonly file: string;
  readonly mime: string;
  readonly weight: number;
  /** The @font-face font-weight descriptor, when it has one. */
  readonly range?: string;
}

const FACES: Face[] = [
  { family: 'Otf', file: '../fixtures/fonts/Cabin-Regular.otf', mime: 'font/otf', weight: 400 },
  {
    family: 'Woff2',
    file: '../fixtures/fonts/barlow-condensed-latin-400-normal.woff2',
    mime: 'font/woff2',
    weight: 400,
  },
  {
    family: 'VarTtf',
    file: '../fixtures/fonts/cabin-latin-wght-normal.woff2',
    mime: 'font/woff2',
    weight: 700,
  },
  {
    family: 'VarCff2',
    file: '../fixtures/fonts/SourceSans3VF-Italic.otf.woff2',
    mime: 'font/woff2',
    weight: 800,
    range: '200 900',
  },
  { family: 'Ttf', file: '../../fonts/LiberationSerif-Regular.ttf', mime: 'font/ttf', weight: 400 },
];

/** The outlines the PDF should show for a face: its instance at the weight when variable. */
function expectedFont(face: Face): fontkit.Font {
  const font = fontkit.create(Buffer.from(toSfnt(fontBytes(face.file)))) as fontkit.Font;
  const axes = font.variationAxes as Record<string, { min: number; max: number; default: number }>;
  const wght = axes.wght;
  if (!wght || face.weight === wght.default) return font;
  return font.getVariation({ wght: Math.min(wght.max, Math.max(wght.min, face.weight)) });
}

describe('fonts of every accepted format, through HTML', () => {
  it('draw each glyph where its outline is, in pdf.js', async () => {
    const css = FACES.map(
      (f) =>
        `@font-face { font-family: ${f.family}; src: ${dataUrl(fontBytes(f.file), f.mime)};${f.range ? ` font-weight: ${f.range};` : ''} }`,
    ).join('\n');
    const paragraphs = FACES.map(
      (f) => `<p style="font-family: ${f.family}; font-weight: ${f.weight}">H</p>`,
    ).join('\n');
    const html = `<!DOCTYPE html><html lang="en"><head><title>Font formats</title><style>
      ${css}
      @page { size: 200pt 700pt; margin: 20pt; }
      p { font-size: 40px; line-height: 100pt; margin: 0; }
    </style></head><body>${paragraphs}</body></html>`;
    const r = await render({ kind: 'html', html }, { deterministic: true });
    expect(
      r.warnings.filter((w) => w.code.startsWith('font.') || w.code.startsWith('pdf.font')),
    ).toEqual([]);
    expect(validate(r.pdf, { flavours: ['pdfa-3a', 'pdfua-1'] }).failures ?? []).toEqual([]);

    const back = await readPdf(r.pdf);
    const items = back.pages[0]?.items.filter((i) => i.str === 'H') ?? [];
    expect(items).toHaveLength(FACES.length);
    const scale = 4;
    const raster = await renderPage(r.pdf, 1, scale);
    const pageHeight = back.pages[0]?.height as number;
    const size = 30; // 40px in points
    FACES.forEach((face, i) => {
      const item = items[i] as { x: number; y: number };
      const font = expectedFont(face);
      const gid = font.glyphForCodePoint(0x48).id;
      const expected = outlineBox(font, gid, size, item.x, pageHeight - item.y);
      const around: Box = {
        x0: expected.x0 - 20,
        x1: expected.x1 + 20,
        y0: expected.y0 - 20,
        y1: expected.y1 + 20,
      };
      const found = inkBox(raster, around);
      expect(found, `${face.family}: no ink`).toBeDefined();
      expect(
        boxDistance(found as Box, expected),
        `${face.family}: ink ${JSON.stringify(found)} vs outline ${JSON.stringify(expected)}`,
      ).toBeLessThan(0.4);
    });
  });
});
