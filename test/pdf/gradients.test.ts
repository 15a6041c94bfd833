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
});
