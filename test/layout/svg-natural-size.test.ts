/**
 * The size of SVG content that does not give its own (CSS Images 3 §4, CSS 2.1 §10.3.2): with
 * only a viewBox it has a ratio and no natural size, so it takes its container's width; with
 * neither, it is drawn in the default 300 x 150 px; a background of such an image is fitted
 * inside its area.
 */
import { describe, expect, it } from 'vitest';
import { createResourceLoader } from '../../src/resources/index.js';
import { layoutSnippet } from './geometry.js';

const PAGE = '@page { size: 400px 600px; margin: 0 } body { margin: 0 }';
const RATIO_ONLY =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 100 20'%3E%3Crect width='100' height='20' fill='orange'/%3E%3C/svg%3E";

describe('SVG without a size of its own', () => {
  it('takes the width of its container when it has only a viewBox, inline or as an image', async () => {
    const r = await layoutSnippet(
      `<div style="width: 300px; padding-left: 20px">
        <svg id=a viewBox="0 0 100 20" role="img" aria-label="Bar"><rect width="100" height="20"/></svg>
        <img id=b src="${RATIO_ONLY}" alt="Bar" style="margin-right: 50px">
      </div>`,
      PAGE,
      { loader: createResourceLoader({}) },
    );
    expect(r.box('a')[0]).toMatchObject({ x: 20, width: 300, height: 60 });
    expect(r.box('b')[0]).toMatchObject({ x: 20, width: 250, height: 50 });
  });

  it('keeps its width and height attributes or the size its style gives', async () => {
    const r = await layoutSnippet(
      `<svg id=c viewBox="0 0 100 20" width="50" role="img" aria-label="Bar"><rect width="100" height="20"/></svg>
       <svg id=d viewBox="0 0 100 20" style="height: 10px" role="img" aria-label="Bar"><rect width="100" height="20"/></svg>`,
      PAGE,
      { loader: createResourceLoader({}) },
    );
    expect(r.box('c')[0]).toMatchObject({ width: 50, height: 10 });
    expect(r.box('d')[0]).toMatchObject({ width: 50, height: 10 });
  });

  it('measures 300px wide in a shrink-to-fit box, and no wider than the room there is', async () => {
    const r = await layoutSnippet(
      `<div style="float: left"><svg id=e viewBox="0 0 100 20" role="img" aria-label="Bar"><rect width="100" height="20"/></svg></div>
       <div style="clear: both; width: 200px"><span style="display: inline-block"><img id=g src="${RATIO_ONLY}" alt="Bar"></span></div>`,
      PAGE,
      { loader: createResourceLoader({}) },
    );
    // (The shrink-to-fit width keeps a hundredth of a px of slack against rounding.)
    expect(r.box('e')[0].width).toBeCloseTo(300, 1);
    expect(r.box('e')[0].height).toBeCloseTo(60, 1);
    expect(r.box('g')[0]).toMatchObject({ width: 200, height: 40 });
  });

  it('is drawn in 300 x 150 px when it has neither a size nor a viewBox', async () => {
    const r = await layoutSnippet(
      `<svg id=f role="img" aria-label="Dot"><circle cx="150" cy="75" r="70"/></svg>`,
      PAGE,
      { loader: createResourceLoader({}) },
    );
    expect(r.box('f')[0]).toMatchObject({ width: 300, height: 150 });
  });
});
