/**
 * Blend modes, isolated groups and soft masks in the writer: a blended group becomes a
 * transparency group drawn with /BM, a masked one with a luminosity /SMask whose group is an
 * artifact; pdf.js draws the blend and the mask, the raster output draws the same, and the
 * file stays PDF/A-3a + PDF/UA-1.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { DisplayItem, PathItem, RgbaColor } from '../../src/document/index.js';
import { renderPage } from './glyph-ink.js';
import { content, doc, node, page, shape, slotChild } from './helpers.js';
import { inspect } from './inspect.js';
import { writeValid } from './validate-helper.js';
import { rasterizePage } from '../../src/raster/index.js';

const BG = { kind: 'artifact', type: 'Background' } as const;

function rect(x: number, y: number, w: number, h: number, fill: RgbaColor): PathItem {
  return { kind: 'path', ops: [{ op: 'rect', x, y, width: w, height: h }], fill, tag: BG };
}

const YELLOW = { r: 1, g: 1, b: 0, a: 1 };
const CYAN = { r: 0, g: 1, b: 1, a: 1 };
const WHITE = { r: 1, g: 1, b: 1, a: 1 };

/** A yellow square, a cyan one multiplied over it (green where they meet), a masked red bar. */
function items(): DisplayItem[] {
  return [
    rect(0, 0, 100, 100, YELLOW),
    { kind: 'group', blend: 'multiply', items: [rect(50, 0, 100, 100, CYAN)] },
    {
      kind: 'group',
      // The mask shows the left half, half of the next quarter and none of the last.
      mask: [
        rect(0, 150, 100, 50, WHITE),
        rect(100, 150, 50, 50, { r: 0.5, g: 0.5, b: 0.5, a: 1 }),
      ],
      items: [
        rect(0, 150, 200, 50, { r: 1, g: 0, b: 0, a: 1 }),
        shape('LiberationSans-Regular.ttf', 'Masked', 10, 190, 20, content(1), { color: WHITE }),
      ],
    },
  ];
}

function written() {
  const p = node('P', [slotChild(1)]);
  return writeValid(doc([page(items(), 200, 200)], node('Document', [p])), {
    deterministic: true,
  });
}

describe('compositing in the writer', () => {
  it('writes a blend mode on the group’s graphics state and a luminosity soft mask', () => {
    const { objects, streams } = inspect(written().bytes);
    expect(objects).toMatch(/\/BM \/Multiply/);
    expect(objects).toMatch(/\/SMask <<[^>]*\/S \/Luminosity/);
    // The mask's group has a colour space to compute luminosity in; it draws artifacts only.
    const mask = streams.find((s) => s.dict.includes('/CS /DeviceRGB'));
    expect(mask?.data.toString('latin1')).toMatch(/^\/Artifact/);
    expect(mask?.data.toString('latin1')).not.toMatch(/MCID/);
    // The masked text is still tagged content, in the group's form.
    const form = streams.find((s) => s.dict.includes('/StructParents'));
    expect(form?.data.toString('latin1')).toMatch(/\/P <<\/MCID 0>> BDC/);
  });

  it('draws the blend and the mask as pdf.js reads them', async () => {
    const r = await renderPage(written().bytes, 1, 1);
    const at = (x: number, y: number): number[] => {
      const i = (y * r.width + x) * 4;
      return Array.from(r.rgba.slice(i, i + 3));
    };
    // Yellow alone, cyan alone, and yellow × cyan = green where they overlap.
    expect(at(25, 50)).toEqual([255, 255, 0]);
    expect(at(125, 50)).toEqual([0, 255, 255]);
    expect(at(75, 50)).toEqual([0, 255, 0]);
    // The bar is red where shown, pink where half shown, and not there where hidden.
    // (pdf.js under Node reads only where a luminosity mask paints, not its levels, which it
    // computes with canvas filters Node lacks: the half-shown quarter is checked in the raster.)
    expect(at(5, 160)).toEqual([255, 0, 0]);
    expect(at(175, 160)).toEqual([255, 255, 255]);
  });

  it('draws the same in the raster output', async () => {
    const p = page(items(), 200, 200);
    const png = await rasterizePage(p, { format: 'png', scale: 0.75, quality: 90 });
    const { data, info } = await sharp(png.image)
      .flatten({ background: '#ffffff' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number): number[] => {
      const i = (y * info.width + x) * info.channels;
      return Array.from(data.subarray(i, i + 3));
    };
    expect(at(75, 50)).toEqual([0, 255, 0]);
    expect(at(25, 50)).toEqual([255, 255, 0]);
    expect(at(5, 160)).toEqual([255, 0, 0]);
    expect(Math.abs((at(125, 160)[1] as number) - 128)).toBeLessThan(8);
    expect(at(175, 160)).toEqual([255, 255, 255]);
  });

  it('hides a group whose mask paints nothing, and isolates a group on request', () => {
    const p = node('P', [slotChild(1)]);
    const groups: DisplayItem[] = [
      { kind: 'group', mask: [], items: [rect(0, 0, 10, 10, YELLOW)] },
      {
        kind: 'group',
        isolate: true,
        items: [
          rect(0, 0, 50, 50, YELLOW),
          { kind: 'group', blend: 'difference', items: [rect(20, 20, 50, 50, CYAN)] },
          shape('LiberationSans-Regular.ttf', 'Text', 10, 40, 12, content(1)),
        ],
      },
    ];
    const r = writeValid(doc([page(groups, 100, 100)], node('Document', [p])), {
      deterministic: true,
    });
    const { objects, streams, text } = inspect(r.bytes);
    expect(objects).toMatch(/\/BM \/Difference/);
    // Two transparency groups: the isolated one and the blended one inside it; the masked-out
    // square is not drawn at all.
    expect(
      streams.filter((s) => /\/Group <<\/S \/Transparency \/I true/.test(s.dict)),
    ).toHaveLength(2);
    expect(text).not.toMatch(/0 90 10 10 re/);
  });
});
