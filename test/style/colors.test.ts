import { describe, expect, it } from 'vitest';
import { byId, find, style } from './helpers.js';
import type { RgbaColor } from '../../src/style/types.js';

async function colorOf(css: string, id = 't', prop: 'color' | 'borderTopColor' = 'color') {
  const d = await style(`<style>${css}</style><body><p id=t>x<span id=s>y</span></p></body>`);
  const el = find(d.root, byId(id));
  return { c: el.style[prop] as RgbaColor, warnings: d.warnings };
}

function near(c: RgbaColor, r: number, g: number, b: number, a = 1, tol = 0.01): void {
  expect(Math.abs(c.r - r), `r of ${JSON.stringify(c)}`).toBeLessThan(tol);
  expect(Math.abs(c.g - g), `g of ${JSON.stringify(c)}`).toBeLessThan(tol);
  expect(Math.abs(c.b - b), `b of ${JSON.stringify(c)}`).toBeLessThan(tol);
  expect(Math.abs(c.a - a), `a of ${JSON.stringify(c)}`).toBeLessThan(tol);
}

const value = async (v: string) => (await colorOf(`#t { color: ${v} }`)).c;

describe('CSS Color 4 functions', () => {
  it('reads lab, lch, oklab, oklch, hwb and color() in sRGB as references give them', async () => {
    near(await value('oklch(0.62796 0.25768 29.2339)'), 1, 0, 0);
    near(await value('oklab(0.62796 0.22486 0.12585)'), 1, 0, 0);
    near(await value('lab(54.29 80.82 69.89)'), 1, 0, 0);
    near(await value('lch(54.29 106.84 40.85)'), 1, 0, 0);
    near(await value('oklch(45.2% 0.3132 264.05 / 50%)'), 0, 0, 1, 0.5);
    near(await value('hwb(120 0% 0%)'), 0, 1, 0);
    near(await value('hwb(0 60% 60%)'), 0.5, 0.5, 0.5);
    near(await value('color(srgb 0.5 0.5 0.5)'), 0.5, 0.5, 0.5);
    near(await value('color(srgb-linear 0.2140 0.2140 0.2140)'), 0.5, 0.5, 0.5);
    near(await value('color(xyz-d65 0.41239 0.21264 0.01933)'), 1, 0, 0);
    near(await value('color(xyz 0.95046 1 1.08906)'), 1, 1, 1);
    near(await value('color(display-p3 0.9175 0.2003 0.1386)'), 1, 0, 0);
    near(await value('rgb(none 255 0)'), 0, 1, 0);
    near(await value('rgb(calc(255 / 2) 0 0)'), 0.5, 0, 0);
  });

  it('gamut maps colours outside sRGB by reducing OKLCH chroma, not by clipping channels', async () => {
    const p3 = await value('color(display-p3 0 1 0)');
    for (const k of ['r', 'g', 'b'] as const) expect(p3[k]).toBeGreaterThanOrEqual(0);
    expect(p3.g).toBeGreaterThan(0.95);
    expect(p3.r).toBeLessThan(0.3);
    // Lightness is kept: clipping would zero the blue channel of this light yellow.
    const light = await value('oklch(0.95 0.4 100)');
    expect(light.b).toBeGreaterThan(0.1);
    expect(light.r).toBeGreaterThan(0.9);
    near(await value('oklch(1.2 0.3 40)'), 1, 1, 1);
    near(await value('lab(0 50 50)'), 0, 0, 0);
  });

  it('keeps legacy sRGB forms clipping per channel', async () => {
    near(await value('rgb(300 -20 128)'), 1, 0, 128 / 255);
    near(await value('rgba(255, 0, 0, 0.25)'), 1, 0, 0, 0.25);
    near(await value('hsl(120deg, 100%, 25%)'), 0, 0.5, 0);
  });

  it('takes the light colour of light-dark(): paper is light', async () => {
    near(await value('light-dark(rgb(0 0 255), rgb(255 255 0))'), 0, 0, 1);
  });

  it('reads system colours', async () => {
    near(await value('CanvasText'), 0, 0, 0);
    near(await value('Canvas'), 1, 1, 1);
  });

  it('maps the deprecated CSS2 system colours that office suites still write', async () => {
    near(await value('WindowText'), 0, 0, 0);
    near(await value('window'), 1, 1, 1);
    near(await value('ThreeDFace'), 0xef / 255, 0xef / 255, 0xef / 255);
    near(await value('InactiveCaptionText'), 0x80 / 255, 0x80 / 255, 0x80 / 255);
    const { c, warnings } = await colorOf(
      '#t { border: solid windowtext 1.0pt; color: red }',
      't',
      'borderTopColor',
    );
    near(c, 0, 0, 0);
    expect(warnings.filter((w) => w.code === 'css.invalid-value')).toEqual([]);
  });
});

describe('relative colour syntax', () => {
  it('takes channels from the origin, in the function’s space, with calc()', async () => {
    near(await value('rgb(from red r g b / 50%)'), 1, 0, 0, 0.5);
    near(await value('hsl(from red calc(h + 120) s l)'), 0, 1, 0);
    near(await value('rgb(from #336699 b g r)'), 0x99 / 255, 0x66 / 255, 0x33 / 255);
    near(await value('oklch(from blue l c h)'), 0, 0, 1);
    near(await value('lab(from white l 0 0 / alpha)'), 1, 1, 1);
    near(await value('color(from red srgb r g b / calc(alpha - 0.75))'), 1, 0, 0, 0.25);
  });

  it('works through custom properties and with currentColor', async () => {
    near(
      (await colorOf(':root { --c: #ff0000 } #t { color: rgb(from var(--c) r g b / 50%) }')).c,
      1,
      0,
      0,
      0.5,
    );
    const { c } = await colorOf(
      '#t { color: blue; border: 1px solid rgb(from currentColor r g b / 20%) }',
      't',
      'borderTopColor',
    );
    near(c, 0, 0, 1, 0.2);
  });
});

describe('color-mix()', () => {
  it('mixes in sRGB with percentages normalised as CSS Color 5 asks', async () => {
    near(await value('color-mix(in srgb, red, blue)'), 0.5, 0, 0.5);
    near(await value('color-mix(in srgb, red 30%, blue)'), 0.3, 0, 0.7);
    near(await value('color-mix(in srgb, 30% red, blue)'), 0.3, 0, 0.7);
    near(await value('color-mix(in srgb, red, blue 70%)'), 0.3, 0, 0.7);
    near(await value('color-mix(in srgb, red 80%, blue 80%)'), 0.5, 0, 0.5);
    // Under 100% in total: the rest is transparency.
    near(await value('color-mix(in srgb, red 20%, blue 20%)'), 0.5, 0, 0.5, 0.4);
  });

  it('premultiplies alpha and fills a missing component from the other colour', async () => {
    near(await value('color-mix(in srgb, rgb(255 0 0 / 0), blue)'), 0, 0, 1, 0.5);
    near(await value('color-mix(in srgb, rgb(none 0 0), rgb(128 0 0))'), 128 / 255, 0, 0);
  });

  it('interpolates in every space, hues by the chosen method', async () => {
    near(await value('color-mix(in hsl, hsl(10 100% 50%), hsl(350 100% 50%))'), 1, 0, 0);
    near(await value('color-mix(in hsl longer hue, hsl(10 100% 50%), hsl(350 100% 50%))'), 0, 1, 1);
    near(
      await value('color-mix(in hsl increasing hue, hsl(350 100% 50%), hsl(10 100% 50%))'),
      1,
      0,
      0,
    );
    near(
      await value('color-mix(in hsl decreasing hue, hsl(350 100% 50%), hsl(10 100% 50%))'),
      0,
      1,
      1,
    );
    // Achromatic white has no hue: the mix keeps blue's.
    const ok = await value('color-mix(in oklch, white, blue)');
    expect(ok.b).toBeGreaterThan(ok.r + 0.2);
    for (const space of [
      'srgb',
      'srgb-linear',
      'display-p3',
      'a98-rgb',
      'prophoto-rgb',
      'rec2020',
      'lab',
      'oklab',
      'lch',
      'oklch',
      'xyz',
      'xyz-d50',
      'xyz-d65',
      'hsl',
      'hwb',
    ]) {
      near(await value(`color-mix(in ${space}, #808080, #808080)`), 0.502, 0.502, 0.502);
      near(await value(`color-mix(in ${space}, red 100%, blue)`), 1, 0, 0);
    }
    const lin = await value('color-mix(in srgb-linear, black, white)');
    expect(lin.r).toBeGreaterThan(0.7);
    const def = await value('color-mix(red, blue)');
    near(def, (await value('color-mix(in oklab, red, blue)')).r, def.g, def.b);
  });

  it('resolves currentColor and custom properties inside', async () => {
    const { c } = await colorOf(
      '#t { color: blue; border: 2px solid color-mix(in srgb, currentColor 50%, red) }',
      't',
      'borderTopColor',
    );
    near(c, 0.5, 0, 0.5);
    // `color` itself mixes with the parent's colour.
    const inner = await colorOf(
      '#t { color: red } #s { color: color-mix(in srgb, currentColor, white) }',
      's',
    );
    near(inner.c, 1, 0.5, 0.5);
    const vars = await colorOf(
      ':root { --a: red; --p: 25% } #t { color: color-mix(in srgb, var(--a) var(--p), blue) }',
    );
    near(vars.c, 0.25, 0, 0.75);
  });

  it('rejects a malformed mix with a warning that names the value', async () => {
    for (const v of [
      'color-mix(in srgb, red 120%, blue)',
      'color-mix(in srgb, red 0%, blue 0%)',
      'color-mix(in nowhere, red, blue)',
      'color-mix(in srgb longer hue, red, blue)',
      'color(rec2100-pq 1 0 0)',
    ]) {
      const { c, warnings } = await colorOf(`#t { color: green; color: ${v} }`);
      near(c, 0, 128 / 255, 0);
      expect(warnings.map((w) => w.message).join('\n')).toContain(v.slice(0, 20));
    }
  });
});
