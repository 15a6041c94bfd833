/**
 * The CSS 2.1 `clip` property (§11.1.2) in WeasyPrint's manner: lay out a snippet, assert the
 * clip rectangle of an absolutely positioned box in the display list. Points: 0.75 per px.
 */
import { describe, expect, it } from 'vitest';
import type { DisplayItem, GroupItem, PathOp } from '../../src/document/index.js';
import { layoutSnippet } from './geometry.js';

const PAGED = `@page { size: 400px 300px; margin: 20px }
  body { margin: 0; font: 16px/20px 'Liberation Sans' } p { margin: 0 }`;

function groups(items: readonly DisplayItem[]): GroupItem[] {
  return items.flatMap((i) => (i.kind === 'group' ? [i, ...groups(i.items)] : []));
}

function hasText(items: readonly DisplayItem[], text: string): boolean {
  return items.some((i) =>
    i.kind === 'glyphs'
      ? i.glyphs.texts.join('') === text
      : i.kind === 'group' && hasText(i.items, text),
  );
}

function hasFill(items: readonly DisplayItem[]): boolean {
  return items.some((i) => i.kind === 'path' || (i.kind === 'group' && hasFill(i.items)));
}

function rectOf(ops: readonly PathOp[] | undefined): number[] {
  const r = ops?.[0];
  return r && r.op === 'rect' ? [r.x, r.y, r.width, r.height] : [];
}

const BOX = 'position:absolute;top:10px;left:20px;width:100px;height:50px;background:red';

describe('clip', () => {
  it('cuts an absolutely positioned box, its background and its text, to the rectangle', async () => {
    const r = await layoutSnippet(
      `<div style="${BOX};clip:rect(5px, 60px, 40px, 10px)">inside</div>`,
      PAGED,
    );
    const all = groups(r.items(0)).filter((g) => g.clip);
    const text = all.find((g) => hasText(g.items, 'inside'));
    const fill = all.find((g) => hasFill(g.items) && !hasText(g.items, 'inside'));
    // Border box at (40px, 30px) on the page; the rectangle 10..60 across, 5..40 down.
    const expected = [50 * 0.75, 35 * 0.75, 50 * 0.75, 35 * 0.75];
    expect(rectOf(text?.clip)).toEqual(expected);
    expect(rectOf(fill?.clip)).toEqual(expected);
  });

  it('reads auto as the border edge and the space-separated form', async () => {
    const r = await layoutSnippet(
      `<div style="${BOX};clip:rect(auto auto 10px auto)">inside</div>`,
      PAGED,
    );
    const text = groups(r.items(0)).find((g) => g.clip && hasText(g.items, 'inside'));
    expect(rectOf(text?.clip)).toEqual([40 * 0.75, 30 * 0.75, 100 * 0.75, 10 * 0.75]);
  });

  it('leaves nothing visible with rect(0, 0, 0, 0), as visually hidden text uses it', async () => {
    const r = await layoutSnippet(
      `<p>Shown <span style="position:absolute;width:1px;height:1px;overflow:hidden;
         clip:rect(0,0,0,0);white-space:nowrap">screen readers only</span></p>`,
      PAGED,
    );
    const text = groups(r.items(0)).find((g) => g.clip && hasText(g.items, 'screen readers only'));
    expect(rectOf(text?.clip).slice(2)).toEqual([0, 0]);
  });

  it('does nothing to a box that is not absolutely positioned', async () => {
    const r = await layoutSnippet(
      `<div style="position:relative;clip:rect(0,0,0,0)">inside</div>`,
      PAGED,
    );
    expect(groups(r.items(0)).some((g) => g.clip)).toBe(false);
    expect(hasText(r.items(0), 'inside')).toBe(true);
  });
});
