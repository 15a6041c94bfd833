/**
 * Shared drawings (display list `use` items) in the PDF: one form XObject per drawing, each use
 * a `Do` inside its own artifact sequence, read back with pdf.js (operators and pixels) and
 * checked with our validator.
 */
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import type { DisplayItem, Drawing } from '../../src/document/index.js';
import { writePdf } from '../../src/pdf/index.js';
import { validate } from '../../src/validate/index.js';
import { renderPage } from './glyph-ink.js';
import { content, doc, node, page, settings, sharedDrawingPage, slotChild } from './helpers.js';

const USES = 6;

function write(items: readonly DisplayItem[], width = 600, height = 300) {
  const root = node('Document', [node('P', [slotChild(1)])]);
  const text: DisplayItem = {
    kind: 'path',
    ops: [{ op: 'rect', x: 10, y: 10, width: 5, height: 5 }],
    fill: { r: 0, g: 0, b: 0, a: 1 },
    tag: content(1),
  };
  return writePdf(doc([{ ...page([text, ...items], width, height) }], root), settings(), {
    deterministic: true,
  });
}

async function operators(bytes: Uint8Array): Promise<{ fnArray: number[] }> {
  const pdf = await pdfjs.getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  try {
    return await (await pdf.getPage(1)).getOperatorList();
  } finally {
    await pdf.destroy();
  }
}

/** Form XObjects written in the file (their dictionaries are not compressed). */
function forms(bytes: Uint8Array): number {
  return Buffer.from(bytes).toString('latin1').split('/Subtype /Form').length - 1;
}

describe('shared drawings in the PDF', () => {
  it('writes a drawing once as a form and paints it at every use', async () => {
    const shared = write(sharedDrawingPage(USES).items);
    const expanded = write(sharedDrawingPage(USES, true).items);
    expect(shared.warnings).toEqual([]);
    // The drawing's form, and the transparency group of its half-opaque part: once each.
    expect(forms(shared.bytes)).toBe(2);
    // Written out per use, the transparency group is a form per use.
    expect(forms(expanded.bytes)).toBe(USES);
    expect(shared.bytes.length).toBeLessThan(expanded.bytes.length);
    const ops = await operators(shared.bytes);
    const begins = ops.fnArray.filter((f) => f === pdfjs.OPS.paintFormXObjectBegin);
    // Each use paints the drawing's form, which paints its transparency group.
    expect(begins).toHaveLength(2 * USES);
  });

  it('stays PDF/A-3a and PDF/UA-1', () => {
    const { bytes } = write(sharedDrawingPage(USES).items);
    const report = validate(bytes, { flavours: ['pdfa-3a', 'pdfua-1'] });
    expect(report.failures ?? []).toEqual([]);
  });

  it('draws what the drawing written out at each use draws, pixel for pixel', async () => {
    const shared = await renderPage(write(sharedDrawingPage(USES).items).bytes, 1, 2);
    const expanded = await renderPage(write(sharedDrawingPage(USES, true).items).bytes, 1, 2);
    let differing = 0;
    for (let i = 0; i < shared.rgba.length; i++)
      if (shared.rgba[i] !== expanded.rgba[i]) differing++;
    expect(differing).toBe(0);
    // And something was drawn at every use: the stroke's brown at each one's left edge.
    for (let u = 0; u < USES; u++) {
      const s = u % 3 === 2 ? 1.5 : 1;
      const x = Math.round((20 + u * 60 + 4 * s) * 2);
      const y = Math.round((100 + 20 * s) * 2);
      const at = (y * shared.width + x) * 4;
      expect(shared.rgba[at]).toBeLessThan(160);
    }
  });

  it('draws content found in a drawing as an artifact, with a warning, and never a link', () => {
    const drawing: Drawing = {
      bounds: [0, 0, 20, 20],
      items: [
        {
          kind: 'path',
          ops: [{ op: 'rect', x: 0, y: 0, width: 20, height: 20 }],
          fill: { r: 1, g: 0, b: 0, a: 1 },
          tag: content(7),
        },
        {
          kind: 'link',
          x: 0,
          y: 0,
          width: 20,
          height: 20,
          target: { kind: 'uri', uri: 'https://example.com/' },
          node: 99,
          contents: 'x',
        },
      ],
    };
    const tag = { kind: 'artifact', type: 'Layout' } as const;
    const { bytes, warnings } = write([
      { kind: 'use', drawing, transform: [1, 0, 0, 1, 100, 100], tag },
      { kind: 'use', drawing, transform: [1, 0, 0, 1, 200, 100], tag },
    ]);
    expect(warnings.map((w) => w.code)).toEqual([
      'pdf.shared-drawing-content',
      'pdf.shared-drawing-content',
    ]);
    expect(Buffer.from(bytes).toString('latin1')).not.toContain('/Subtype /Link');
    expect(validate(bytes, { flavours: ['pdfa-3a', 'pdfua-1'] }).failures ?? []).toEqual([]);
  });

  it('leaves out a drawing with empty or broken bounds', () => {
    const tag = { kind: 'artifact', type: 'Layout' } as const;
    const items: DisplayItem[] = [
      {
        kind: 'path',
        ops: [{ op: 'rect', x: 0, y: 0, width: 20, height: 20 }],
        fill: { r: 1, g: 0, b: 0, a: 1 },
        tag,
      },
    ];
    const { bytes, warnings } = write([
      {
        kind: 'use',
        drawing: { items, bounds: [0, 0, 0, 20] },
        transform: [1, 0, 0, 1, 0, 0],
        tag,
      },
      {
        kind: 'use',
        drawing: { items, bounds: [0, 0, NaN, 20] },
        transform: [1, 0, 0, 1, 0, 0],
        tag,
      },
    ]);
    expect(warnings).toEqual([]);
    expect(forms(bytes)).toBe(0);
  });
});
