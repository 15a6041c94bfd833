/**
 * Snippets on an 800×600 px page in Liberation Serif, the setting the grid and multi-column
 * tests' expected boxes were read from Chromium in, and the check against those boxes.
 */
import { expect } from 'vitest';
import { layoutSnippet, type SnippetLayout } from './geometry.js';

const PAGE =
  '@page { size: 800px 600px; margin: 0 } body { margin: 0; font-family: "Liberation Serif" }';

export function snippet(html: string, css: string): Promise<SnippetLayout> {
  return layoutSnippet(html, `${PAGE} ${css}`);
}

/** Each id's border box on page 0 is [x, y, width, height] within `tolerance` px. */
export function expectBoxes(
  r: SnippetLayout,
  want: Record<string, readonly [number, number, number, number]>,
  tolerance = 0.15,
): void {
  const got: Record<string, readonly number[]> = {};
  const wanted: Record<string, readonly number[]> = {};
  for (const [id, rect] of Object.entries(want)) {
    const [b] = r.box(id);
    const actual = [b.x, b.y, b.width, b.height];
    const close = b.page === 0 && actual.every((v, i) => Math.abs(v - rect[i]) <= tolerance);
    got[id] = close ? rect : actual;
    wanted[id] = rect;
  }
  expect(got).toEqual(wanted);
}
