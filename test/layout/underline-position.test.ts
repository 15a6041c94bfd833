/**
 * text-underline-position: under puts the underline below the descenders (as for text with
 * many of them, or chemistry and maths) instead of where the font puts it.
 */
import { describe, expect, it } from 'vitest';
import type { DisplayItem } from '../../src/document/index.js';
import { byId, find, style } from '../style/helpers.js';
import { layoutSnippet } from './geometry.js';

const PAGE = '@page { size: 400px 300px; margin: 0 } body { margin: 0; font: 20px sans-serif }';

function underlineTop(items: readonly DisplayItem[]): number {
  const flat = items.flatMap((i) => (i.kind === 'group' ? i.items : [i]));
  const rect = flat.flatMap((i) => (i.kind === 'path' ? i.ops : [])).find((o) => o.op === 'rect');
  if (!rect || rect.op !== 'rect') throw new Error('no underline');
  return rect.y;
}

describe('text-underline-position', () => {
  it('moves the underline below the descenders with `under`, and is inherited', async () => {
    const auto = await layoutSnippet(`<p style="text-decoration: underline">gy</p>`, PAGE);
    const under = await layoutSnippet(
      `<div style="text-underline-position: under"><p style="text-decoration: underline">gy</p></div>`,
      PAGE,
    );
    expect(underlineTop(under.document.pages[0].items)).toBeGreaterThan(
      underlineTop(auto.document.pages[0].items) + 1,
    );
  });

  it('reads left and right as auto (horizontal text)', async () => {
    const d = await style(`<style>#a { text-underline-position: left }</style><p id=a>x</p>`);
    expect(d.warnings).toEqual([]);
    expect(find(d.root, byId('a')).style.textUnderlinePosition).toBe('auto');
  });
});

describe('text-decoration-style: wavy', () => {
  it('strokes a wave of curves across the run, not a straight band', async () => {
    const r = await layoutSnippet(
      `<p style="text-decoration: underline wavy red 2px">wavy words</p>`,
      PAGE,
    );
    const paths = r.document.pages[0].items
      .flatMap((i) => (i.kind === 'group' ? i.items : [i]))
      .filter((i) => i.kind === 'path');
    const wave = paths.find((p) => p.kind === 'path' && p.stroke);
    expect(wave?.kind === 'path' && wave.stroke?.width).toBeCloseTo(1.5, 6);
    const ops = wave?.kind === 'path' ? wave.ops : [];
    const curves = ops.filter((o) => o.op === 'curveTo');
    expect(curves.length).toBeGreaterThan(4);
    const first = ops[0];
    const last = ops[ops.length - 1];
    // Crests and troughs alternate about the line; the wave ends where the run ends.
    if (first.op !== 'moveTo' || last.op !== 'curveTo') throw new Error('not a wave');
    expect(last.y).toBeCloseTo(first.y, 6);
    const [a, b] = curves;
    if (a.op !== 'curveTo' || b.op !== 'curveTo') throw new Error('not a wave');
    expect(Math.sign(a.y1 - first.y)).toBe(-Math.sign(b.y1 - first.y));
  });
});
