/** Outlines: drawn outside the border box, offset from it, taking no room. */
import { describe, expect, it } from 'vitest';
import type { DisplayItem, PathOp } from '../../src/document/index.js';
import { layoutSnippet } from './geometry.js';

const CSS = `@page { size: 400px 300px; margin: 0 } body { margin: 0 } p { margin: 0 }
  div { margin: 20px; width: 100px; height: 40px }`;

/** Bounds in CSS px of the paths filled with red. */
function redBounds(items: readonly DisplayItem[]): [number, number, number, number] {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  const visit = (ops: readonly PathOp[]): void => {
    for (const o of ops) {
      if (o.op === 'rect') {
        [x0, y0] = [Math.min(x0, o.x), Math.min(y0, o.y)];
        [x1, y1] = [Math.max(x1, o.x + o.width), Math.max(y1, o.y + o.height)];
      } else if (o.op === 'moveTo' || o.op === 'lineTo' || o.op === 'curveTo') {
        [x0, y0] = [Math.min(x0, o.x), Math.min(y0, o.y)];
        [x1, y1] = [Math.max(x1, o.x), Math.max(y1, o.y)];
      }
    }
  };
  for (const it of items) {
    const fill = it.kind === 'path' ? it.fill : undefined;
    if (it.kind === 'path' && fill && 'r' in fill && fill.r === 1 && fill.g === 0) visit(it.ops);
  }
  return [x0, y0, x1, y1].map((v) => Math.round((v / 0.75) * 100) / 100) as [
    number,
    number,
    number,
    number,
  ];
}

describe('outline', () => {
  it('surrounds the border box at its offset and moves nothing', async () => {
    const r = await layoutSnippet(
      '<div id=a></div><p id=b>after</p>',
      `${CSS} #a { outline: 4px solid rgb(255 0 0); outline-offset: 6px; border: 1px solid }`,
    );
    // Border box 102 × 42 at (20, 20); out by 6 + 4.
    expect(redBounds(r.items(0))).toEqual([10, 10, 132, 72]);
    const plain = await layoutSnippet(
      '<div id=a></div><p id=b>after</p>',
      `${CSS} #a { border: 1px solid }`,
    );
    expect(r.box('b')[0].y).toBe(plain.box('b')[0].y);
  });

  it('reads the shorthand in any order, auto as solid, a negative offset inwards', async () => {
    const r = await layoutSnippet(
      '<div id=a></div>',
      `${CSS} #a { outline: rgb(255 0 0) auto 2px; outline-offset: -5px }`,
    );
    expect(redBounds(r.items(0))).toEqual([23, 23, 117, 57]);
    const none = await layoutSnippet('<div></div>', `${CSS} div { outline: 2px rgb(255 0 0) }`);
    // No style: none, nothing drawn.
    expect(redBounds(none.items(0))[0]).toBe(Infinity);
  });

  it('outlines an inline box around its text', async () => {
    const r = await layoutSnippet(
      '<p>a <a href="https://example.org">link</a> b</p>',
      `${CSS} a { outline: 1px solid rgb(255 0 0) }`,
    );
    const [x0, , x1] = redBounds(r.items(0));
    expect(x0).toBeGreaterThan(5);
    expect(x1 - x0).toBeGreaterThan(20);
    expect(x1 - x0).toBeLessThan(40);
  });
});
