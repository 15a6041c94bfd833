/**
 * border-image and its longhands (CSS Backgrounds 3 §6) as the cascade parses and computes
 * them: every part of the shorthand in any order, the slash-separated widths and outsets, the
 * prefixed form, `border` resetting it, and the forms CSS refuses dropped with a warning.
 */
import { describe, expect, it } from 'vitest';
import type { ComputedStyle } from '../../src/style/types.js';
import { byId, find, style } from './helpers.js';

const PCT = (percent: number) => ({ percent, px: 0 });

async function borderImage(css: string) {
  const d = await style(`<style>#t { border: 4px solid; ${css} }</style><p id=t>x</p>`);
  const s: ComputedStyle = find(d.root, byId('t')).style;
  return {
    source: s.borderImageSource,
    slice: s.borderImageSlice,
    width: s.borderImageWidth,
    outset: s.borderImageOutset,
    repeat: s.borderImageRepeat,
    warnings: d.warnings.map((w) => w.message),
  };
}

describe('border-image longhands', () => {
  it('start at their initial values', async () => {
    const b = await borderImage('');
    expect(b.source).toBe('none');
    expect(b.slice).toEqual({ sides: [PCT(100), PCT(100), PCT(100), PCT(100)], fill: false });
    expect(b.width).toEqual([{ factor: 1 }, { factor: 1 }, { factor: 1 }, { factor: 1 }]);
    expect(b.outset).toEqual([0, 0, 0, 0]);
    expect(b.repeat).toEqual(['stretch', 'stretch']);
  });

  it('read slices as numbers and percentages, one to four, with fill first or last', async () => {
    expect((await borderImage('border-image-slice: 10 20%')).slice).toEqual({
      sides: [10, PCT(20), 10, PCT(20)],
      fill: false,
    });
    expect((await borderImage('border-image-slice: fill 1 2 3')).slice).toEqual({
      sides: [1, 2, 3, 2],
      fill: true,
    });
    expect((await borderImage('border-image-slice: 1 2 3 4 fill')).slice.fill).toBe(true);
  });

  it('compute widths as lengths, percentages, multiples of the border width or auto', async () => {
    const b = await borderImage('border-image-width: 2em 10% 1.5 auto');
    expect(b.width).toEqual([32, PCT(10), { factor: 1.5 }, 'auto']);
  });

  it('compute outsets as lengths or multiples, and take one or two repeat keywords', async () => {
    const b = await borderImage('border-image-outset: 1em 2; border-image-repeat: round space');
    expect(b.outset).toEqual([16, { factor: 2 }, 16, { factor: 2 }]);
    expect(b.repeat).toEqual(['round', 'space']);
    expect((await borderImage('border-image-repeat: repeat')).repeat).toEqual(['repeat', 'repeat']);
  });

  it('refuse negative values, fill between numbers and unknown keywords', async () => {
    for (const css of [
      'border-image-slice: -1',
      'border-image-slice: 1 fill 2',
      'border-image-slice: 10px',
      'border-image-width: -2px',
      'border-image-outset: auto',
      'border-image-outset: 10%',
      'border-image-repeat: stretch round space',
      'border-image-repeat: no-repeat',
    ]) {
      const b = await borderImage(css);
      expect(b.warnings, css).toHaveLength(1);
      expect(b.warnings[0], css).toMatch(/invalid value for 'border-image-/);
    }
  });
});

describe('the border-image shorthand', () => {
  it('sets source, slice, widths, outsets and repeat', async () => {
    const b = await borderImage(
      'border-image: url(https://example.com/f.png) 30 fill / 10px 2 / 1 round space',
    );
    expect(b.warnings).toEqual([]);
    expect(b.source).toEqual({ kind: 'url', url: 'https://example.com/f.png' });
    expect(b.slice).toEqual({ sides: [30, 30, 30, 30], fill: true });
    expect(b.width).toEqual([10, { factor: 2 }, 10, { factor: 2 }]);
    expect(b.outset).toEqual([{ factor: 1 }, { factor: 1 }, { factor: 1 }, { factor: 1 }]);
    expect(b.repeat).toEqual(['round', 'space']);
  });

  it('takes its parts in any order and resets the ones left out', async () => {
    const b = await borderImage(
      'border-image-outset: 5px; border-image: round linear-gradient(45deg, red, blue) 1',
    );
    expect(b.source).toMatchObject({ kind: 'linear-gradient', direction: { angle: 45 } });
    expect(b.slice).toEqual({ sides: [1, 1, 1, 1], fill: false });
    expect(b.outset).toEqual([0, 0, 0, 0]);
    expect(b.repeat).toEqual(['round', 'round']);
  });

  it('reads an outset with no width between the slashes', async () => {
    const b = await borderImage('border-image: 10% / / 3px');
    expect(b.width).toEqual([{ factor: 1 }, { factor: 1 }, { factor: 1 }, { factor: 1 }]);
    expect(b.outset).toEqual([3, 3, 3, 3]);
  });

  it('refuses a slash with nothing after it, a doubled part and a width without a slice', async () => {
    for (const css of [
      'border-image: url(a.png) 30 /',
      'border-image: url(a.png) url(b.png)',
      'border-image: url(a.png) 30 round stretch repeat',
      'border-image: url(a.png) / 10px',
      'border-image: url(a.png) 30 / 10px / auto',
    ]) {
      const b = await borderImage(css);
      expect(b.warnings, css).toEqual([expect.stringMatching(/invalid value for 'border-image'/)]);
      expect(b.source, css).toBe('none');
    }
  });

  it('is reset by border, not by its sides', async () => {
    const reset = await borderImage('border-image: url(a.png) 30; border: 2px solid red');
    expect(reset.source).toBe('none');
    const kept = await borderImage('border-image: url(a.png) 30; border-top: 2px solid red');
    expect(kept.source).toMatchObject({ kind: 'url' });
  });

  it('has a prefixed form that always fills the middle', async () => {
    const b = await borderImage('-webkit-border-image: url(a.png) 20 round');
    expect(b.warnings).toEqual([]);
    expect(b.slice).toEqual({ sides: [20, 20, 20, 20], fill: true });
    expect(b.repeat).toEqual(['round', 'round']);
  });
});
