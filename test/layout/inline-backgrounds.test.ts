/**
 * Backgrounds of inline boxes: one painted area per element and line, even when siblings are
 * styled alike and share one computed style.
 */
import { describe, expect, it } from 'vitest';
import type { DisplayItem } from '../../src/document/index.js';
import { layoutSnippet } from './geometry.js';

const PAGE = `@page { size: 400px 200px; margin: 0 }
  body { margin: 0; font: 20px/30px 'Liberation Mono' } p { margin: 0 }`;

/** x extents (CSS px) of the rectangles filled with pure red, left to right. */
function redRects(items: readonly DisplayItem[]): { x: number; width: number }[] {
  const out: { x: number; width: number }[] = [];
  for (const it of items) {
    if (it.kind === 'group') out.push(...redRects(it.items));
    if (it.kind !== 'path' || !it.fill || !('r' in it.fill)) continue;
    if (it.fill.r !== 1 || it.fill.g !== 0 || it.fill.b !== 0) continue;
    for (const op of it.ops)
      if (op.op === 'rect')
        out.push({ x: Math.round(op.x / 0.75), width: Math.round(op.width / 0.75) });
  }
  return out.sort((a, b) => a.x - b.x);
}

describe('inline backgrounds', () => {
  it('paints each of two alike siblings on its own, leaving the text between them bare', async () => {
    const r = await layoutSnippet(
      '<p>Press <kbd>Ctrl</kbd> + <kbd>R</kbd></p>',
      `${PAGE} kbd { font: inherit; background: red; padding: 0 4px }`,
    );
    // Monospace 20px: 12px a character. "Press " is 72px; each box's 4px padding takes room
    // on the line: Ctrl at 72..128, " + " after it, R at 164..184.
    expect(redRects(r.items(0))).toEqual([
      { x: 72, width: 56 },
      { x: 164, width: 20 },
    ]);
  });

  it('paints one area for an element split in several runs on a line', async () => {
    const r = await layoutSnippet(
      '<p><mark>one <b>two</b> three</mark></p>',
      `${PAGE} mark { background: red } b { font-weight: normal }`,
    );
    expect(redRects(r.items(0))).toEqual([{ x: 0, width: 156 }]);
  });
});

describe('underline thickness and offset', () => {
  it('draws an underline as thick and as far below the baseline as the author asks', async () => {
    const css = `@page { size: 400px 200px; margin: 0 } body { margin: 0; font: 20px/30px sans-serif }
      u { text-decoration: underline 4px red } #b u { text-underline-offset: 6px }`;
    const lines = async (html: string) => {
      const r = await layoutSnippet(html, css);
      const [line] = r.lines(0);
      const bar = r
        .items(0)
        .flatMap((i) => (i.kind === 'path' && i.ops[0].op === 'rect' ? [i.ops[0]] : []))
        .at(-1);
      return { baseline: line.baseline, bar };
    };
    const a = await lines('<p id=a><u>under</u></p>');
    expect(a.bar?.op === 'rect' && a.bar.height).toBeCloseTo(3, 5);
    const b = await lines('<p id=b><u>under</u></p>');
    // Its top edge 6px below the baseline, in points.
    expect(b.bar?.op === 'rect' && b.bar.y).toBeCloseTo((b.baseline + 6) * 0.75, 1);
  });
});
