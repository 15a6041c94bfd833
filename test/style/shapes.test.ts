/**
 * shape-outside, shape-margin and shape-image-threshold (CSS Shapes 1) as the cascade parses
 * and computes them: basic shapes with and without a <shape-box>, boxes alone, images, and
 * the forms CSS refuses dropped with a warning.
 */
import { describe, expect, it } from 'vitest';
import { byId, find, style } from './helpers.js';

async function computed(css: string) {
  const d = await style(`<style>${css}</style><p id=t>x</p>`);
  return { s: find(d.root, byId('t')).style, warnings: d.warnings };
}

describe('shape-outside', () => {
  it('is none by default and takes a basic shape in the margin box by default', async () => {
    expect((await computed('')).s.shapeOutside).toBe('none');
    const { s, warnings } = await computed('#t { font-size: 10px; shape-outside: circle(2em) }');
    expect(warnings).toEqual([]);
    expect(s.shapeOutside).toEqual({
      shape: {
        kind: 'circle',
        radius: 20,
        position: { x: { percent: 50, px: 0 }, y: { percent: 50, px: 0 } },
      },
      box: 'margin-box',
    });
  });

  it('reads the -webkit- names older sheets use', async () => {
    const { s, warnings } = await computed(
      '#t { -webkit-shape-outside: inset(5px); -webkit-shape-margin: 4px; -webkit-shape-image-threshold: 0.5 }',
    );
    expect(warnings).toEqual([]);
    expect(s.shapeOutside).not.toBe('none');
    expect(s.shapeMargin).not.toBe(0);
    expect(s.shapeImageThreshold).toBe(0.5);
  });

  it('takes a shape with its box in either order, or a box alone', async () => {
    const a = (
      await computed('#t { shape-outside: content-box polygon(evenodd, 0 0, 10px 0, 0 10px) }')
    ).s;
    expect(a.shapeOutside).toMatchObject({
      shape: { kind: 'polygon', rule: 'evenodd' },
      box: 'content-box',
    });
    const b = (await computed('#t { shape-outside: inset(5px round 2px) padding-box }')).s;
    expect(b.shapeOutside).toMatchObject({ shape: { kind: 'inset' }, box: 'padding-box' });
    expect((await computed('#t { shape-outside: border-box }')).s.shapeOutside).toEqual({
      box: 'border-box',
    });
  });

  it('takes an image: a url() or a gradient', async () => {
    const u = (await computed('#t { shape-outside: url(http://example.com/a.png) }')).s;
    expect(u.shapeOutside).toEqual({ image: { kind: 'url', url: 'http://example.com/a.png' } });
    const g = (await computed('#t { shape-outside: linear-gradient(red, transparent) }')).s;
    expect(g.shapeOutside).toMatchObject({ image: { kind: 'linear-gradient' } });
  });

  it('refuses SVG boxes, two shapes and junk, keeping the earlier value', async () => {
    for (const bad of [
      'fill-box',
      'circle() ellipse()',
      'circle() margin-box border-box',
      '12px',
    ]) {
      const { s, warnings } = await computed(
        `#t { shape-outside: circle(1px); shape-outside: ${bad} }`,
      );
      expect(s.shapeOutside, bad).toMatchObject({ shape: { kind: 'circle', radius: 1 } });
      expect(warnings.length, bad).toBeGreaterThan(0);
    }
  });
});

describe('shape-margin and shape-image-threshold', () => {
  it('computes shape-margin as a length or percentage, never negative', async () => {
    expect((await computed('#t { font-size: 10px; shape-margin: 1.5em }')).s.shapeMargin).toBe(15);
    expect((await computed('#t { shape-margin: 5% }')).s.shapeMargin).toEqual({
      percent: 5,
      px: 0,
    });
    const neg = await computed('#t { shape-margin: -2px }');
    expect(neg.s.shapeMargin).toBe(0);
    expect(neg.warnings.length).toBeGreaterThan(0);
  });

  it('clamps shape-image-threshold to [0, 1] and takes a percentage', async () => {
    expect((await computed('#t { shape-image-threshold: 0.3 }')).s.shapeImageThreshold).toBe(0.3);
    expect((await computed('#t { shape-image-threshold: 40% }')).s.shapeImageThreshold).toBe(0.4);
    expect((await computed('#t { shape-image-threshold: 7 }')).s.shapeImageThreshold).toBe(1);
    expect((await computed('#t { shape-image-threshold: -1 }')).s.shapeImageThreshold).toBe(0);
  });
});
