/**
 * A fieldset's rendered legend sits on the fieldset's top border, which is interrupted behind
 * it; the legend shrinks to fit and goes where its align attribute or auto margins put it.
 * Figures are Chromium's for the same snippet.
 */
import { describe, expect, it } from 'vitest';
import type { DisplayItem } from '../../src/document/index.js';
import { layoutSnippet } from './geometry.js';

const CSS = `@page { size: 600px 400px; margin: 0 } body { margin: 0; font: 16px/20px sans-serif }
  fieldset { margin: 0; border: 2px solid black; padding: 10px; width: 400px }
  legend { padding: 0 4px }`;

function groups(items: readonly DisplayItem[]): DisplayItem[] {
  return items.flatMap((i) => (i.kind === 'group' ? [i, ...groups(i.items)] : []));
}

describe('fieldset legend', () => {
  it('centres the legend on the top border and starts the content below it', async () => {
    const r = await layoutSnippet(
      '<fieldset id=f><legend id=l>Contact</legend><p id=p style="margin: 0">Body</p></fieldset>',
      CSS,
    );
    const [f] = r.box('f');
    const [l] = r.box('l');
    const [p] = r.box('p');
    // Legend at the content box's start, shrunk to its text, its top at the fieldset's top.
    expect(l.x).toBe(f.x + 2 + 10);
    expect(l.y).toBe(f.y);
    expect(l.height).toBe(20);
    expect(l.width).toBeLessThan(80);
    // Content below the legend (20px, taller than the 2px border), then the padding.
    expect(p.y).toBe(f.y + 20 + 10);
    expect(f.height).toBe(20 + 10 + 20 + 10 + 2);
  });

  it('interrupts the top border behind the legend only', async () => {
    const r = await layoutSnippet(
      '<fieldset id=f><legend id=l>Contact</legend>Body</fieldset>',
      CSS,
    );
    const [l] = r.box('l');
    const clipped = groups(r.items(0)).find((g) => g.kind === 'group' && g.clip !== undefined);
    if (!clipped || clipped.kind !== 'group' || !clipped.clip) throw new Error('no clipped border');
    const rects = clipped.clip.flatMap((o) => (o.op === 'rect' ? [o] : []));
    const PT = 0.75;
    // Left of the legend, right of it, and under it.
    expect(rects).toHaveLength(3);
    expect(rects[0].x + rects[0].width).toBeCloseTo(l.x * PT, 1);
    expect(rects[1].x).toBeCloseTo((l.x + l.width) * PT, 1);
  });

  it('follows align and auto margins', async () => {
    const r = await layoutSnippet(
      `<fieldset id=a><legend id=la align=center>Mid</legend>x</fieldset>
       <fieldset id=b><legend id=lb align=right>End</legend>x</fieldset>
       <fieldset id=c><legend id=lc style="margin-left: auto">Auto</legend>x</fieldset>`,
      CSS,
    );
    const [a] = r.box('a');
    const [la] = r.box('la');
    expect(la.x + la.width / 2).toBeCloseTo(a.x + a.width / 2, 0);
    const [b] = r.box('b');
    const [lb] = r.box('lb');
    expect(lb.x + lb.width).toBeCloseTo(b.x + b.width - 12, 0);
    const [c] = r.box('c');
    const [lc] = r.box('lc');
    expect(lc.x + lc.width).toBeCloseTo(c.x + c.width - 12, 0);
  });

  it('leaves a legend that is not the first child, or floats, in the flow', async () => {
    const r = await layoutSnippet(
      '<fieldset id=f><p id=p style="margin: 0">First</p><legend id=l>Late</legend></fieldset>',
      CSS,
    );
    const [f] = r.box('f');
    expect(r.box('p')[0].y).toBe(f.y + 12);
    expect(r.box('l')[0].y).toBe(f.y + 12 + 20);
  });
});
