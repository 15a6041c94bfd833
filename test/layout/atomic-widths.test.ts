/**
 * A paragraph's atomic inlines are laid out at the width the paragraph gets: one sized by a
 * percentage follows that width wherever the paragraph is measured first (a flex item is
 * measured at several widths), while a line of fixed-size images and check boxes is the same
 * at any width.
 */
import { describe, expect, it } from 'vitest';
import { layoutSnippet } from './geometry.js';

const IMG =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='12' height='8'%3E%3Crect width='12' height='8' fill='red'/%3E%3C/svg%3E";
const CSS = `@page { size: 600px 400px; margin: 0 } body { margin: 0; font: 16px/20px sans-serif }
  .row { display: flex; width: 400px } .row > p { margin: 0; flex: 1 } .side { width: 100px }`;

describe('atomic inlines in a paragraph', () => {
  it('size a percentage-wide image by the width the paragraph is laid out at', async () => {
    const r = await layoutSnippet(
      `<div class=row><p id=p><img id=i src="${IMG}" style="width: 50%"> text</p><div class=side></div></div>`,
      CSS,
    );
    const [p] = r.box('p');
    expect(p.width).toBe(300);
    expect(r.box('i')[0].width).toBe(150);
  });

  it('lay fixed-size images and check boxes out alike at any width', async () => {
    const r = await layoutSnippet(
      `<div class=row><p id=p><input id=c type=checkbox checked> Owner <img id=i src="${IMG}" style="width: 24px"> x</p><div class=side></div></div>
       <p id=q style="margin: 0; width: 300px"><input id=c2 type=checkbox checked> Owner <img id=i2 src="${IMG}" style="width: 24px"> x</p>`,
      CSS,
    );
    const [p] = r.box('p');
    const [q] = r.box('q');
    expect(r.box('i')[0].width).toBe(24);
    expect(r.box('c')[0]).toMatchObject({ width: 13, height: 13 });
    expect(r.box('i')[0].x - p.x).toBeCloseTo(r.box('i2')[0].x - q.x, 6);
    expect(r.box('c')[0].y - p.y).toBeCloseTo(r.box('c2')[0].y - q.y, 6);
  });
});
