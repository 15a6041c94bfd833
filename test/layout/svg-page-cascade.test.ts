/**
 * The page's style sheets style inline SVG content as browsers do: rules in <head> reach the
 * shapes and text of an inline <svg> (classes, descendant selectors, var(), !important, layers),
 * the drawing stays vectors, and the <svg> element's own font is not applied twice.
 */
import { describe, expect, it } from 'vitest';
import { layoutHtml } from '../../src/layout/index.js';
import type { DisplayItem, LaidOutDocument, PathItem } from '../../src/document/index.js';
import type { LayoutOptions } from '../../src/layout/options.js';
import { createResourceLoader } from '../../src/resources/index.js';
import { styleDocument } from '../../src/style/index.js';
import { glyphRuns, testOptions } from './harness.js';
import { find, fakeLoader } from '../style/helpers.js';

const options: LayoutOptions = {
  ...testOptions,
  loader: createResourceLoader({ allowPrivateNetwork: false }),
  strict: true,
};

const page = (css: string, body: string): string =>
  `<!doctype html><html lang="en"><head><title>Chart</title><style>body{margin:0}${css}</style></head><body>${body}</body></html>`;

function allItems(items: readonly DisplayItem[]): DisplayItem[] {
  return items.flatMap((i) => (i.kind === 'group' ? [i, ...allItems(i.items)] : [i]));
}

async function laidOut(html: string): Promise<{ doc: LaidOutDocument; codes: string[] }> {
  const r = await layoutHtml({ html }, options);
  return { doc: r.document, codes: r.warnings.map((w) => w.code) };
}

function paths(doc: LaidOutDocument): PathItem[] {
  return allItems(doc.pages[0].items).filter((i): i is PathItem => i.kind === 'path');
}

const RED = { r: 1, g: 0, b: 0, a: 1 };
const BLUE = { r: 0, g: 0, b: 1, a: 1 };
const GREEN = { r: 0, g: 128 / 255, b: 0, a: 1 };

describe('page style sheets in inline SVG', () => {
  it('fills and strokes shapes from class and descendant rules, without warnings or raster', async () => {
    const { doc, codes } = await laidOut(
      page(
        `.chart .bar { fill: blue } .chart .bar.hot { fill: red } .chart .axis path { stroke: green; stroke-width: 3; fill: none }`,
        `<svg class="chart" width="100" height="100" role="img" aria-label="Bars">
          <g class="axis"><path d="M0 0V90H100"/></g>
          <rect class="bar" x="10" width="10" height="50"/><rect class="bar hot" x="30" width="10" height="50"/></svg>`,
      ),
    );
    expect(codes.filter((c) => c.startsWith('css.'))).toEqual([]);
    expect(allItems(doc.pages[0].items).some((i) => i.kind === 'image')).toBe(false);
    const [axis, bar, hot] = paths(doc);
    expect(axis.fill).toBeUndefined();
    expect(axis.stroke?.paint).toEqual(GREEN);
    expect(axis.stroke?.width).toBeCloseTo(2.25, 6); // 3px
    expect(bar.fill).toEqual(BLUE);
    expect(hot.fill).toEqual(RED);
  });

  it('follows the cascade: presentation attributes lose, the style attribute wins, !important and var() count', async () => {
    const { doc } = await laidOut(
      page(
        `:root { --accent: red } rect { fill: blue } #b { fill: var(--accent) } .c { fill: green !important }`,
        `<svg width="100" height="100" role="img" aria-label="Boxes">
          <rect fill="red" width="5" height="5"/>
          <rect id="b" width="5" height="5" style="fill: blue"/>
          <rect id="x" width="5" height="5" style="fill: red" class="c"/>
          <rect id="b" width="5" height="5"/></svg>`,
      ),
    );
    expect(paths(doc).map((p) => p.fill)).toEqual([BLUE, BLUE, GREEN, RED]);
  });

  it('hides elements a page rule gives display: none, and sizes and anchors text', async () => {
    const { doc } = await laidOut(
      page(
        `.legend { display: none } svg text { font-size: 20px; text-anchor: middle }`,
        `<svg width="200" height="100" role="img" aria-label="Label"><g class="legend"><rect width="9" height="9"/></g><text x="100" y="50">Mid</text></svg>`,
      ),
    );
    expect(paths(doc)).toEqual([]);
    const [run] = glyphRuns(doc.pages[0].items);
    expect(run.size).toBeCloseTo(15, 6);
  });

  it('gives an icon the text colour through fill: currentColor on the <svg> element', async () => {
    const { doc } = await laidOut(
      page(
        `.icon { width: 16px; height: 16px; fill: currentColor } .warn { color: rgb(0, 0, 255) }`,
        `<p class="warn">Due <svg class="icon" viewBox="0 0 10 10" role="img" aria-label="Warning"><path d="M5 0L10 10H0z"/></svg></p>`,
      ),
    );
    expect(paths(doc)[0].fill).toEqual(BLUE);
  });

  it('applies the <svg> element’s own relative font size once', async () => {
    const { doc } = await laidOut(
      page(
        'svg { font-family: sans-serif }',
        `<div style="font-size: 10px"><svg width="200" height="60" style="font-size: 2em" role="img" aria-label="Big"><text y="40">Big</text></svg></div>`,
      ),
    );
    const [run] = glyphRuns(doc.pages[0].items);
    // 2em of 10px = 20px = 15pt, not 2em of 20px.
    expect(run.size).toBeCloseTo(15, 6);
  });
});

describe('references between the inline SVGs of a page', () => {
  it('draws icons from a sprite sheet <symbol> in a hidden <svg>, sized by the page', async () => {
    const { doc, codes } = await laidOut(
      page(
        '.icon { width: 24px; height: 24px } .ok { color: rgb(0, 128, 0) }',
        `<svg style="display: none"><symbol id="check" viewBox="0 0 12 12"><path d="M1 6L5 10L11 2" fill="none" stroke="currentColor"/></symbol>
          <linearGradient id="fade"><stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue"/></linearGradient></svg>
        <p class="ok"><svg class="icon" role="img" aria-label="Passed"><use href="#check"/></svg> Passed</p>
        <svg width="100" height="10" role="img" aria-label="Fade"><rect width="100" height="10" fill="url(#fade)"/></svg>`,
      ),
    );
    expect(codes.filter((c) => c.startsWith('resource.'))).toEqual([]);
    expect(allItems(doc.pages[0].items).some((i) => i.kind === 'image')).toBe(false);
    const [tick, bar] = paths(doc);
    expect(tick.stroke?.paint).toEqual(GREEN);
    // The symbol's 12-unit viewBox fills the 24px icon: a 1-unit stroke is 2px = 1.5pt.
    expect(tick.stroke?.width).toBeCloseTo(1.5, 6);
    expect(bar.fill && 'kind' in bar.fill && bar.fill.kind).toBe('linear-gradient');
  });
});

describe('inline SVG markup', () => {
  it('is standalone XML with the SVG namespace, case kept, and untouched when no rule applies', async () => {
    const doc = await styleDocument(
      '<p><svg viewBox="0 0 10 10" width=10><title>A &amp; B</title><linearGradient id="g"/><use xlink:href="#g"/></svg></p>',
      { loader: fakeLoader() },
    );
    const svg = find(doc.root, (e) => e.tag === 'svg');
    expect(svg.svgMarkup).toBe(
      '<svg xmlns:xlink="http://www.w3.org/1999/xlink" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" width="10"><title>A &amp; B</title><linearGradient id="g"/><use xlink:href="#g"/></svg>',
    );
  });

  it('carries the winning page declarations in style attributes, the element’s other ones after them', async () => {
    const doc = await styleDocument(
      '<style>rect { fill: blue; stroke: red; width: 5px } .t { font: bold 12px serif } .t { font-size: 14px }</style>' +
        '<svg><rect style="stroke: green; transform-origin: center"/><text class="t">x</text></svg>',
      { loader: fakeLoader() },
    );
    const svg = find(doc.root, (e) => e.tag === 'svg');
    expect(svg.svgMarkup).toContain(
      '<rect style="fill:blue;stroke:green;transform-origin:center"/>',
    );
    expect(svg.svgMarkup).toContain('<text class="t" style="font:bold 12px serif;font-size:14px">');
  });

  it('copies what it references from elsewhere in the page into <defs>, declaring xlink once', async () => {
    const doc = await styleDocument(
      '<svg id="a" style="width: 10px; height: 10px"><use xlink:href="#s"/></svg>' +
        '<svg><symbol id="s"><use href="#t"/></symbol><rect id="t" fill="url(#g)"/><linearGradient id="g"/><circle id="unused"/></svg>',
      { loader: fakeLoader() },
    );
    const svg = find(doc.root, (e) => e.attrs.get('id') === 'a');
    expect(svg.svgMarkup).toBe(
      '<svg xmlns:xlink="http://www.w3.org/1999/xlink" xmlns="http://www.w3.org/2000/svg" width="10" height="10" id="a" style="width: 10px; height: 10px">' +
        '<defs><symbol id="s"><use href="#t"/></symbol><rect id="t" fill="url(#g)"/><linearGradient id="g"/></defs><use xlink:href="#s"/></svg>',
    );
  });
});
