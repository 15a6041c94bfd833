import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { render } from '../../src/render.js';
import { validate } from '../../src/validate/index.js';
import { needsSoftMask, radialMatrix, shadingDict } from '../../src/pdf/shading.js';
import { serialize } from '../../src/pdf/objects.js';
import type { RadialGradient } from '../../src/document/index.js';

const radial: RadialGradient = {
  kind: 'radial-gradient',
  cx: 0.5,
  cy: 0.5,
  radius: 0.5,
  fx: 0.25,
  fy: 0.25,
  transform: [100, 0, 0, 50, 10, 20],
  stops: [
    { offset: 0.2, color: { r: 1, g: 1, b: 0, a: 1 } },
    { offset: 1, color: { r: 1, g: 0, b: 0, a: 0 } },
  ],
};

describe('gradient shadings', () => {
  it('writes a radial gradient as a radial shading in its own space, padded to 0 and 1', () => {
    const d = serialize(shadingDict(radial, 800));
    expect(d).toContain('/ShadingType 3');
    expect(d).toMatch(/\/Coords \[0\.25 0\.25 0 0\.5 0\.5 0\.5\]/);
    expect(d).toContain('/Extend [true true]');
    // Padded: the first colour holds from 0 to the first stop (a stitching of two segments).
    expect(d).toContain('/FunctionType 3');
    // Flip the page's y after the gradient's own transform.
    expect(radialMatrix(radial, 800)).toEqual([100, 0, 0, -50, 10, 780]);
  });

  it('holds a linear gradient’s end colours before its first stop and after its last', () => {
    const d = serialize(
      shadingDict(
        {
          kind: 'linear-gradient',
          x0: 0,
          y0: 0,
          x1: 100,
          y1: 0,
          stops: [
            { offset: 0.5, color: { r: 1, g: 0, b: 0, a: 1 } },
            { offset: 0.5, color: { r: 0, g: 0, b: 1, a: 1 } },
          ],
        },
        800,
      ),
    );
    // A hard edge at the middle: red from 0, blue to 1, over the whole line.
    expect(d).toContain('/Coords [0 800 100 800]');
    expect(d).toContain('/Domain [0 1] /Extend');
    expect(d).toMatch(/\/Bounds \[0\.5 0\.5001\]/);
    expect(d).toMatch(/\/C0 \[1 0 0\] \/C1 \[1 0 0\]/);
  });

  it('paints stop alphas as gray levels for a soft mask, only when the stops differ', () => {
    expect(needsSoftMask(radial)).toBe(true);
    expect(
      needsSoftMask({
        ...radial,
        stops: radial.stops.map((s) => ({ ...s, color: { ...s.color, a: 0.5 } })),
      }),
    ).toBe(false);
    const gray = serialize(shadingDict(radial, 800, 'alpha'));
    expect(gray).toContain('/ColorSpace /DeviceGray');
    expect(gray).toMatch(/\/C0 \[1\] \/C1 \[0\]/);
  });

  it('renders translucent and radial gradients into a compliant PDF that pdf.js reads', async () => {
    const html = `<!doctype html><html lang="en"><head><title>Gradients</title></head><body>
      <div style="width:200px;height:50px;background:linear-gradient(to right, rgba(0,0,255,0), blue)"></div>
      <svg width="120" height="120" viewBox="0 0 120 120" role="img" aria-label="Glow">
        <defs><radialGradient id="glow"><stop offset="0" stop-color="yellow"/><stop offset="1" stop-color="red" stop-opacity="0"/></radialGradient></defs>
        <circle cx="60" cy="60" r="55" fill="url(#glow)"/></svg></body></html>`;
    const { pdf } = await render({ kind: 'html', html }, { deterministic: true });
    const report = validate(pdf, { flavours: ['pdfa-3a', 'pdfua-1'] });
    expect(report.failures ?? []).toEqual([]);
    expect(report.documentInfo?.images).toBe(0);
    const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
    const page = await doc.getPage(1);
    const ops = await page.getOperatorList();
    // The page paints two shadings; pdf.js also lists each mask's gray twin.
    expect(ops.fnArray.filter((f) => f === pdfjs.OPS.shadingFill)).toHaveLength(4);
    // Both gradients fade out: each is drawn under a soft mask set by an ExtGState.
    const states = ops.fnArray.flatMap((f, i) =>
      f === pdfjs.OPS.setGState ? [ops.argsArray[i][0]] : [],
    );
    const masks = states
      .flat()
      .filter((entry: unknown) => Array.isArray(entry) && entry[0] === 'SMask' && entry[1]);
    expect(masks.length).toBeGreaterThanOrEqual(2);
    await doc.destroy();
  });

  it('renders CSS radial, conic, repeating and tiled gradients compliant and readable', async () => {
    const html = `<!doctype html><html lang="en"><head><title>CSS gradients</title><style>
      div { width: 200px; height: 100px; margin: 4px }
      .glow { background: radial-gradient(circle at 25% 75%, rgba(255, 200, 0, 0.8), transparent 60%), #123 }
      .pie { background: conic-gradient(#e63946 0 35%, #f1c453 0 60%, #2a9d8f 0) }
      .stripes { background: repeating-linear-gradient(45deg, #eee 0 10px, #ccc 10px 20px) }
      .rule { background: linear-gradient(#000, #000) no-repeat 0 100% / 100% 2px }
      .dots { background: radial-gradient(#000 30%, transparent 32%) 0 0 / 20px 20px }
      </style></head><body><h1>Gradients</h1>
      <div class="glow"></div><div class="pie"></div><div class="stripes"></div>
      <div class="rule"></div><div class="dots"></div></body></html>`;
    const { pdf, warnings } = await render({ kind: 'html', html }, { deterministic: true });
    expect(warnings.filter((w) => w.code.startsWith('css') || w.code.startsWith('layout'))).toEqual(
      [],
    );
    const report = validate(pdf, { flavours: ['pdfa-3a', 'pdfua-1'] });
    expect(report.failures ?? []).toEqual([]);
    const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
    const ops = await (await doc.getPage(1)).getOperatorList();
    const count = (op: number): number => ops.fnArray.filter((f) => f === op).length;
    // The glow, the stripes and 50 dot tiles (10 by 5) are shadings, the glow's and the
    // dots' with their soft masks' gray twins; the pie's three wedges and the rule are solid
    // fills, besides the glow's backdrop and the heading's text.
    expect(count(pdfjs.OPS.shadingFill)).toBe(2 + 1 + 2 * 50);
    expect(count(pdfjs.OPS.setFillRGBColor)).toBe(3 + 1 + 2);
    await doc.destroy();
  });
});
