/**
 * aspect-ratio (CSS Box Sizing 4 §5): an auto height follows the width through the ratio, for
 * blocks, flex containers and items, and replaced elements; content taller than the ratio's
 * height still makes the box grow (min-height: auto).
 */
import { describe, expect, it } from 'vitest';
import { layoutSnippet } from './geometry.js';

const PAGE = '@page { size: 400px 600px; margin: 0 } body { margin: 0 }';
// A 12 × 8 SVG: its own ratio is 3 / 2.
const SVG =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='12' height='8'%3E%3Crect width='12' height='8' fill='red'/%3E%3C/svg%3E";

describe('aspect-ratio', () => {
  it('gives a block of auto height the height of its width over the ratio', async () => {
    const r = await layoutSnippet(
      '<div id=a style="width: 200px; aspect-ratio: 4 / 3"></div><div id=b style="width: 100px; aspect-ratio: 2"></div>',
      PAGE,
    );
    expect(r.box('a')[0]).toMatchObject({ y: 0, width: 200, height: 150 });
    expect(r.box('b')[0]).toMatchObject({ y: 150, width: 100, height: 50 });
  });

  it('sizes the content box, or the border box under box-sizing: border-box', async () => {
    const r = await layoutSnippet(
      `<div id=c style="width: 200px; padding: 10px; aspect-ratio: 2"></div>
       <div id=d style="width: 200px; padding: 10px; aspect-ratio: 2; box-sizing: border-box"></div>`,
      PAGE,
    );
    expect(r.box('c')[0]).toMatchObject({ width: 220, height: 120 });
    expect(r.box('d')[0]).toMatchObject({ width: 200, height: 100 });
  });

  it('grows past the ratio to hold its content, and yields to an explicit height', async () => {
    const r = await layoutSnippet(
      `<div id=e style="width: 100px; aspect-ratio: 10; font: 20px/25px sans-serif">one two three</div>
       <div id=f style="width: 100px; height: 30px; aspect-ratio: 1"></div>`,
      PAGE,
    );
    // Two lines of 25px: taller than the 10px the ratio gives.
    expect(r.box('e')[0].height).toBe(50);
    expect(r.box('f')[0].height).toBe(30);
  });

  it('applies to flex containers and to the items of a column flex container', async () => {
    const r = await layoutSnippet(
      `<div id=card style="display: flex; flex-direction: column; width: 160px">
         <div id=pic style="aspect-ratio: 4 / 3; display: flex; align-items: center; justify-content: center">
           <div id=dot style="width: 20px; height: 20px"></div></div>
         <div id=cap style="height: 30px"></div>
       </div>`,
      PAGE,
    );
    expect(r.box('pic')[0]).toMatchObject({ y: 0, width: 160, height: 120 });
    expect(r.box('dot')[0]).toMatchObject({ x: 70, y: 50 });
    expect(r.box('cap')[0].y).toBe(120);
    expect(r.box('card')[0].height).toBe(150);
  });

  it('gives a definite height that percentage heights of the children resolve against', async () => {
    const r = await layoutSnippet(
      `<div id=box style="width: 200px; aspect-ratio: 2"><div id=half style="height: 50%"></div></div>
       <div id=flex style="display: flex; align-items: flex-start; width: 200px; aspect-ratio: 4"><div id=full style="width: 10px; height: 100%"></div></div>`,
      PAGE,
    );
    expect(r.box('half')[0].height).toBe(50);
    expect(r.box('flex')[0].height).toBe(50);
    expect(r.box('full')[0].height).toBe(50);
  });

  it("overrides an image's own ratio", async () => {
    const r = await layoutSnippet(
      `<img id=own src="${SVG}" alt="" style="display: block; width: 120px">
       <img id=square src="${SVG}" alt="" style="display: block; width: 120px; aspect-ratio: 1">`,
      PAGE,
      { loader: await dataLoader() },
    );
    expect(r.box('own')[0]).toMatchObject({ width: 120, height: 80 });
    expect(r.box('square')[0]).toMatchObject({ width: 120, height: 120 });
  });
});

async function dataLoader() {
  const { createResourceLoader } = await import('../../src/resources/index.js');
  return createResourceLoader({});
}
