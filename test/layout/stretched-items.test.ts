/**
 * A flex or grid item measured at its auto height and then stretched keeps its content where
 * it was laid out and only its box grows, except where the content depends on the box: a
 * fieldset's border still gives way to its legend.
 */
import { describe, expect, it } from 'vitest';
import type { DisplayItem } from '../../src/document/index.js';
import { layoutSnippet } from './geometry.js';

const CSS = `@page { size: 600px 400px; margin: 0 } body { margin: 0; font: 16px/20px sans-serif }
  .row { display: flex } .grid { display: grid; grid-template-columns: 200px 200px }
  .tall { height: 120px }
  fieldset { margin: 0; border: 2px solid black; padding: 10px } legend { padding: 0 4px }`;

function clippedBorders(items: readonly DisplayItem[]): DisplayItem[] {
  return items.flatMap((i) =>
    i.kind === 'group' ? [...(i.clip ? [i] : []), ...clippedBorders(i.items)] : [],
  );
}

describe('stretched items', () => {
  it('keep their text where an unstretched item has it', async () => {
    const r = await layoutSnippet(
      `<div class=row><div id=a style="border: 1px solid">Short text</div><div class=tall></div></div>
       <div class=row style="align-items: flex-start"><div id=b style="border: 1px solid">Short text</div><div class=tall></div></div>`,
      CSS,
    );
    const [a] = r.box('a');
    const [b] = r.box('b');
    expect(a.height).toBe(120);
    expect(b.height).toBe(22);
    const lines = r.lines(0).filter((l) => l.text === 'Short text');
    expect(lines).toHaveLength(2);
    expect(lines[0].baseline - a.y).toBeCloseTo(lines[1].baseline - b.y, 6);
    expect(lines[0].x - a.x).toBeCloseTo(lines[1].x - b.x, 6);
  });

  for (const layout of ['row', 'grid'])
    it(`keep a fieldset's border open behind its legend (${layout})`, async () => {
      const r = await layoutSnippet(
        `<div class=${layout}><fieldset id=f><legend id=l>Contact</legend>Body</fieldset><div class=tall></div></div>`,
        CSS,
      );
      expect(r.box('f')[0].height).toBe(120);
      const [clipped] = clippedBorders(r.items(0));
      const rects = clipped?.kind === 'group' ? (clipped.clip ?? []) : [];
      const l = r.box('l')[0];
      expect(rects).toHaveLength(3);
      const first = rects[0];
      expect(first.op === 'rect' && first.x + first.width).toBeCloseTo(l.x * 0.75, 1);
    });
});
