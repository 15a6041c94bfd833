import { describe, expect, it } from 'vitest';
import { render } from '../../src/render.js';
import { layoutHtml } from '../../src/layout/index.js';
import type { DisplayItem, LaidOutDocument } from '../../src/document/index.js';
import type { LayoutOptions } from '../../src/layout/options.js';
import { createResourceLoader } from '../../src/resources/index.js';
import { validate } from '../../src/validate/index.js';
import { decodeImageForDrawing } from '../../src/images/decode.js';
import { parseSimpleSvg, type SvgVectorNode } from '../../src/images/svg-vector.js';
import { layoutSnippet } from './geometry.js';
import { testOptions } from './harness.js';

const options: LayoutOptions = {
  ...testOptions,
  loader: createResourceLoader({ allowPrivateNetwork: false }),
  strict: true,
};
const ns = 'xmlns="http://www.w3.org/2000/svg"';
const svg = (inner: string, attrs = 'viewBox="0 0 100 100"'): string =>
  `<svg ${ns} ${attrs}>${inner}</svg>`;

type Shape = Extract<SvgVectorNode, { kind: 'shape' }>;
type Group = Extract<SvgVectorNode, { kind: 'group' }>;

function shapes(nodes: readonly SvgVectorNode[]): Shape[] {
  return nodes.flatMap((n) =>
    n.kind === 'group' ? shapes(n.children) : n.kind === 'shape' ? [n] : [],
  );
}

async function parsed(text: string) {
  const v = await parseSimpleSvg(text);
  if (!v) throw new Error(`outside the subset: ${text}`);
  return v;
}

async function shapesOf(text: string): Promise<Shape[]> {
  return shapes((await parsed(text)).nodes);
}

const round = (v: number): number => Math.round(v * 1000) / 1000;

/** A linear gradient's line, rounded; throws for any other paint. */
function lineOf(fill: Shape['fill']): number[] {
  if (!fill || !('kind' in fill) || fill.kind !== 'linear-gradient')
    throw new Error('linear gradient expected');
  return [fill.x0, fill.y0, fill.x1, fill.y1].map(round);
}

function corners(s: Shape): [number, number][] {
  return s.ops.flatMap((o): [number, number][] =>
    o.op === 'moveTo' || o.op === 'lineTo' ? [[round(o.x), round(o.y)]] : [],
  );
}

function flatten(items: readonly DisplayItem[]): DisplayItem[] {
  return items.flatMap((i) => (i.kind === 'group' ? [i, ...flatten(i.items)] : [i]));
}

function allItems(doc: LaidOutDocument): DisplayItem[] {
  return doc.pages.flatMap((p) => flatten(p.items));
}

describe('SVG vector subset: style sheets and colours', () => {
  it('cascades presentation attributes, <style> rules by specificity, then style=""', async () => {
    const [a, b, c, d] = await shapesOf(
      svg(`<style>
        /* a chart's sheet */
        rect { fill: gray }
        .bar { fill: steelblue; stroke: none }
        g.series > .bar.hi { fill: #ff000080 }
        #total { fill: rgb(0 128 0 / 50%) }
      </style>
      <g class="series">
        <rect class="bar" width="1" height="1" fill="yellow"/>
        <rect class="bar hi" width="1" height="1"/>
        <rect id="total" class="bar hi" width="1" height="1"/>
        <rect class="bar" width="1" height="1" style="fill: hsl(240, 100%, 50%)"/>
      </g>`),
    );
    expect(a.fill).toEqual({ r: 70 / 255, g: 130 / 255, b: 180 / 255, a: 1 });
    expect(b.fill).toEqual({ r: 1, g: 0, b: 0, a: 128 / 255 });
    expect(c.fill).toEqual({ r: 0, g: 128 / 255, b: 0, a: 0.5 });
    expect(d.fill).toEqual({ r: 0, g: 0, b: 1, a: 1 });
  });

  it('resolves currentColor against the color property and skips display:none', async () => {
    const list = await shapesOf(
      svg(`<g color="teal"><rect width="1" height="1" fill="currentColor"/>
        <rect width="1" height="1" style="display:none"/>
        <rect width="1" height="1" visibility="hidden"/></g>`),
    );
    expect(list).toHaveLength(1);
    expect(list[0].fill).toEqual({ r: 0, g: 128 / 255, b: 128 / 255, a: 1 });
  });
});

describe('SVG vector subset: geometry', () => {
  it('takes units and viewport percentages', async () => {
    const [bg, mm] = await shapesOf(
      svg(
        `<rect width="100%" height="50%"/><rect x="1in" width="10mm" height="1pt"/>`,
        'viewBox="0 0 200 100"',
      ),
    );
    expect(corners(bg)).toEqual([
      [0, 0],
      [200, 0],
      [200, 50],
      [0, 50],
    ]);
    expect(corners(mm)).toEqual([
      [96, 0],
      [round(96 + 37.795), 0],
      [round(96 + 37.795), round(4 / 3)],
      [96, round(4 / 3)],
    ]);
  });

  it('draws <use> of shapes and of a <symbol> fitted into the use box, clipped to it', async () => {
    const v = await parsed(
      svg(`<defs><rect id="dot" width="2" height="2" fill="red"/>
        <symbol id="icon" viewBox="0 0 10 10"><rect width="10" height="10"/></symbol></defs>
        <use href="#dot" x="5" y="6"/>
        <use xlink:href="#icon" x="20" y="0" width="40" height="20" xmlns:xlink="http://www.w3.org/1999/xlink"/>`),
    );
    const [dot, icon] = shapes(v.nodes);
    expect(corners(dot)).toEqual([
      [5, 6],
      [7, 6],
      [7, 8],
      [5, 8],
    ]);
    expect(dot.fill).toEqual({ r: 1, g: 0, b: 0, a: 1 });
    // A 10x10 viewBox meets a 40x20 box: scale 2, centred horizontally.
    expect(corners(icon)).toEqual([
      [30, 0],
      [50, 0],
      [50, 20],
      [30, 20],
    ]);
    const group = v.nodes.find((n): n is Group => n.kind === 'group');
    expect(group?.clip).toBeDefined();
  });

  it('maps a nested <svg> viewport', async () => {
    const [r] = await shapesOf(
      svg(
        `<svg x="10" y="10" width="50" height="50" viewBox="0 0 5 5"><rect width="5" height="5"/></svg>`,
      ),
    );
    expect(corners(r)).toEqual([
      [10, 10],
      [60, 10],
      [60, 60],
      [10, 60],
    ]);
  });

  it('clips with a one-shape clip path in the referencing element’s user space', async () => {
    const v = await parsed(
      svg(`<defs><clipPath id="plot"><rect x="10" y="10" width="30" height="20"/></clipPath></defs>
        <g transform="translate(5 0)" clip-path="url(#plot)"><path d="M0 0L100 100" stroke="black"/></g>`),
    );
    const g = v.nodes[0] as Group;
    expect(g.kind).toBe('group');
    expect(
      g.clip
        ?.filter((o) => o.op === 'moveTo' || o.op === 'lineTo')
        .map((o) => ('x' in o ? [round(o.x), round(o.y)] : [])),
    ).toEqual([
      [15, 10],
      [45, 10],
      [45, 30],
      [15, 30],
    ]);
  });

  it('keeps dashes, repeating an odd list, with the offset', async () => {
    const [line] = await shapesOf(
      svg(
        `<line x2="100" stroke="black" stroke-dasharray="4 2 1" stroke-dashoffset="3" transform="scale(2)"/>`,
      ),
    );
    expect(line.stroke?.dash).toEqual([8, 4, 2, 8, 4, 2]);
    expect(line.stroke?.dashOffset).toBe(6);
  });

  it('sizes an SVG image as browsers do: units at 96 px to the inch, percentages from the viewBox', async () => {
    const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
    const cm = await decodeImageForDrawing(
      enc(svg('<rect width="1" height="1"/>', 'width="10cm" height="5cm" viewBox="0 0 10 5"')),
      'image/svg+xml',
    );
    expect([cm.intrinsicWidth, cm.intrinsicHeight]).toEqual([378, 189]);
    expect(cm.resource).toBeUndefined();
    const pct = await decodeImageForDrawing(
      enc(svg('<rect width="1" height="1"/>', 'width="100%" viewBox="0 0 620 225"')),
      'image/svg+xml',
    );
    expect([pct.intrinsicWidth, pct.intrinsicHeight]).toEqual([620, 225]);
    expect(pct.resource).toBeUndefined();
    const oneSide = await decodeImageForDrawing(
      enc(svg('<rect width="1" height="1"/>', 'height="100" viewBox="0 0 620 225"')),
      'image/svg+xml',
    );
    expect([oneSide.intrinsicWidth, oneSide.intrinsicHeight]).toEqual([276, 100]);
  });
});

describe('SVG vector subset: linear gradients', () => {
  const grad = (attrs: string, use = 'x="10" y="20" width="100" height="50"'): string =>
    svg(
      `<defs><linearGradient id="g" ${attrs}><stop offset="0" stop-color="red"/><stop offset="100%" style="stop-color:blue"/></linearGradient></defs>
      <rect ${use} fill="url(#g)"/>`,
      'viewBox="0 0 200 200"',
    );

  it('spans the shape’s bounding box by default', async () => {
    const [r] = await shapesOf(grad(''));
    expect(lineOf(r.fill)).toEqual([10, 20, 110, 20]);
    if (r.fill && 'kind' in r.fill)
      expect(r.fill.stops).toEqual([
        { offset: 0, color: { r: 1, g: 0, b: 0, a: 1 } },
        { offset: 1, color: { r: 0, g: 0, b: 1, a: 1 } },
      ]);
  });

  it('follows gradientTransform, user-space units and href inheritance', async () => {
    const [vertical] = await shapesOf(grad('gradientTransform="rotate(90)"'));
    // Rotated in the box's unit square: from the top-left corner down the box's height.
    expect(lineOf(vertical.fill)).toEqual([10, 20, 10, 70]);
    const [user] = await shapesOf(
      svg(
        `<defs><linearGradient id="base"><stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue"/></linearGradient>
        <linearGradient id="g" href="#base" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="0" y2="50%"/></defs>
        <rect width="10" height="10" fill="url(#g)" transform="translate(5 5)"/>`,
        'viewBox="0 0 200 200"',
      ),
    );
    expect(lineOf(user.fill)).toEqual([5, 5, 5, 105]);
  });

  it('a diagonal bounding-box gradient on a wide box keeps its colour lines parallel to the diagonal', async () => {
    const [r] = await shapesOf(grad('x2="1" y2="1"', 'width="200" height="100"'));
    if (!r.fill || !('kind' in r.fill) || r.fill.kind !== 'linear-gradient')
      throw new Error('linear gradient expected');
    const { x0, y0, x1, y1 } = r.fill;
    // The colour parameter along the page: corners (200, 0) and (0, 100) share a colour.
    const t = (x: number, y: number): number =>
      ((x - x0) * (x1 - x0) + (y - y0) * (y1 - y0)) / ((x1 - x0) ** 2 + (y1 - y0) ** 2);
    expect(round(t(0, 0))).toBe(0);
    expect(round(t(200, 100))).toBe(1);
    expect(round(t(200, 0))).toBe(round(t(0, 100)));
  });

  it('draws an SVG chart with gradients, dashes and a style sheet as tagged vectors in a compliant PDF', async () => {
    const chart = `<svg width="300" height="150" viewBox="0 0 300 150" role="img"><title>Quarterly sales</title>
      <style>.axis{stroke:#444;stroke-width:1}.grid{stroke:#ccc;stroke-dasharray:2 2}</style>
      <defs><linearGradient id="bar" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#4e79a7"/><stop offset="1" stop-color="#a0cbe8"/></linearGradient>
      <clipPath id="plot"><rect x="30" y="10" width="260" height="120"/></clipPath></defs>
      <line class="grid" x1="30" y1="40" x2="290" y2="40"/><line class="axis" x1="30" y1="130" x2="290" y2="130"/>
      <g clip-path="url(#plot)"><rect x="50" y="60" width="40" height="80" fill="url(#bar)"/><rect x="120" y="30" width="40" height="110" fill="url(#bar)"/></g></svg>`;
    const html = `<!doctype html><html lang="en"><head><title>Chart</title></head><body><h1>Sales</h1>${chart}</body></html>`;
    const { document: doc } = await layoutHtml({ html }, options);
    const items = allItems(doc);
    expect(items.filter((i) => i.kind === 'image')).toEqual([]);
    const paths = items.filter((i) => i.kind === 'path');
    expect(paths.filter((p) => p.kind === 'path' && p.fill && 'kind' in p.fill)).toHaveLength(2);
    expect(paths.some((p) => p.kind === 'path' && p.stroke?.dash?.length === 2)).toBe(true);
    const result = await render({ kind: 'html', html }, { deterministic: true });
    const report = validate(result.pdf, { flavours: ['pdfa-3a', 'pdfua-1'] });
    expect(report.failures ?? []).toEqual([]);
    expect(report.documentInfo?.images).toBe(0);
  });

  it('maps a radial gradient into the bounding box, pulling a focal point outside onto the circle', async () => {
    const [r] = await shapesOf(
      svg(`<defs><radialGradient id="g" cx="0.5" cy="0.5" r="0.5" fx="1.5" fy="0.5"><stop offset="0" stop-color="white"/><stop offset="1" stop-color="black" stop-opacity="0.2"/></radialGradient></defs>
        <rect x="10" y="20" width="100" height="50" fill="url(#g)"/>`),
    );
    if (!r.fill || !('kind' in r.fill) || r.fill.kind !== 'radial-gradient')
      throw new Error('radial gradient expected');
    expect(r.fill.transform).toEqual([100, 0, 0, 50, 10, 20]);
    expect([r.fill.cx, r.fill.cy, r.fill.radius]).toEqual([0.5, 0.5, 0.5]);
    expect(round(r.fill.fx!)).toBe(round(0.5 + 0.5 * 0.999));
    expect(r.fill.stops.map((s) => s.color.a)).toEqual([1, 0.2]);
  });
});

describe('SVG vector subset: CSS the way chart styles write it', () => {
  it('expands the font shorthand for text', async () => {
    const v = await parsed(
      svg(
        `<style>.l { font: italic bold 9px/1.2 "Helvetica Neue", sans-serif }</style><text class="l" y="10">Hi</text>`,
      ),
    );
    const text = v.nodes[0];
    if (text.kind !== 'text') throw new Error('text expected');
    const style = text.chunks[0].runs[0].style;
    expect(style.size).toEqual({ user: 9, host: 0 });
    expect(style.weight).toBe(700);
    expect(style.style).toBe('italic');
    expect(style.families).toEqual(['Helvetica Neue', 'sans-serif']);
    expect(
      await parseSimpleSvg(svg('<style>.l{font:caption}</style><text class="l">a</text>')),
    ).toBeUndefined();
  });

  it('says that HTML in <foreignObject> is not drawn, inline or as an image', async () => {
    const fo = `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="40"><foreignObject width="100" height="40"><div xmlns="http://www.w3.org/1999/xhtml">Label</div></foreignObject></svg>`;
    const uri = `data:image/svg+xml;base64,${Buffer.from(fo).toString('base64')}`;
    const codes = async (body: string): Promise<string[]> =>
      (await layoutSnippet(body, '', { loader: options.loader })).warnings
        .filter((w) => w.code === 'resource.svg-foreign-object')
        .map((w) => w.source ?? '');
    expect(await codes(`<div role="img" aria-label="Inline">${fo}</div>`)).toEqual([
      'inline <svg>',
    ]);
    expect(await codes(`<img src="${uri}" alt="Image">`)).toEqual(['data: URI']);
  });

  it('reads files as editors and graphviz write them: DOCTYPE, @media, Inkscape styles', async () => {
    const doctype = `<?xml version="1.0"?>\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n`;
    expect(await parseSimpleSvg(doctype + svg('<rect width="1" height="1"/>'))).toBeDefined();
    // An internal subset may declare entities: still refused.
    expect(
      await parseSimpleSvg(
        `<!DOCTYPE svg [<!ENTITY a "b">]>` + svg('<rect width="1" height="1"/>'),
      ),
    ).toBeUndefined();
    const [dark, print] = await shapesOf(
      svg(`<style>@media (prefers-color-scheme: dark) { rect { fill: white } }
        @media print { .p { fill: red } }</style><rect width="1" height="1"/><rect class="p" width="1" height="1"/>`),
    );
    expect(dark.fill).toEqual({ r: 0, g: 0, b: 0, a: 1 });
    expect(print.fill).toEqual({ r: 1, g: 0, b: 0, a: 1 });
    expect(
      await parseSimpleSvg(
        svg(
          '<style>@media (min-width: 600px) { rect { fill: red } }</style><rect width="1" height="1"/>',
        ),
      ),
    ).toBeUndefined();
    const [inkscape] = await shapesOf(
      svg(
        '<path d="M0 0H1V1z" style="line-height:normal;font-variant-ligatures:normal;text-indent:0;text-align:start;text-decoration-line:none;text-transform:none;isolation:auto;mix-blend-mode:normal;marker:none;fill:#474747" color="#bebebe" font-weight="400" font-family="sans-serif" overflow="visible"/>',
      ),
    );
    expect(inkscape.fill).toEqual({ r: 0x47 / 255, g: 0x47 / 255, b: 0x47 / 255, a: 1 });
    expect(
      await parseSimpleSvg(svg('<path d="M0 0H1V1z" style="mix-blend-mode:multiply"/>')),
    ).toBeUndefined();
  });

  it('does not call the SVG properties of an inline SVG style sheet unsupported', async () => {
    const r = await layoutSnippet(
      `<svg viewBox="0 0 10 10" width="50" role="img" aria-label="Dot"><style>.a { fill: red; stroke-width: 2 }</style><rect class="a" width="5" height="5"/></svg>`,
      '',
    );
    expect(r.warnings.filter((w) => w.code === 'css.unsupported')).toEqual([]);
  });
});

describe('SVG vector subset: markers', () => {
  it('puts an arrowhead at the end of a line, turned along it and scaled by the stroke width', async () => {
    const v = await parsed(
      svg(`<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="4" markerHeight="4" orient="auto">
          <path d="M0 0 L10 5 L0 10 z" fill="context-stroke" style="fill:#c00"/></marker></defs>
        <line x1="10" y1="10" x2="10" y2="60" stroke="black" stroke-width="2" marker-end="url(#arrow)"/>`),
    );
    const [line, head] = shapes(v.nodes);
    expect(line.stroke?.width).toBe(2);
    expect(head.fill).toEqual({ r: 0xcc / 255, g: 0, b: 0, a: 1 });
    // 4 x 4 stroke widths = 8 user units; the tip (refX, refY) sits on (10, 60), pointing down.
    expect(corners(head)).toEqual([
      [14, 52],
      [10, 60],
      [6, 52],
    ]);
  });

  it('draws start, middle and end markers at the vertices of a polyline, inheriting from the marker', async () => {
    const v = await parsed(
      svg(`<defs><g fill="green"><marker id="dot" markerUnits="userSpaceOnUse" markerWidth="2" markerHeight="2" refX="1" refY="1"><rect width="2" height="2"/></marker></g></defs>
        <polyline points="0,0 10,0 10,10 20,10" fill="none" stroke="blue" marker="url(#dot)"/>`),
    );
    const dots = shapes(v.nodes).filter((sh) => sh.fill);
    expect(dots.map((d) => corners(d)[0])).toEqual([
      [-1, -1],
      [9, -1],
      [9, 9],
      [19, 9],
    ]);
    expect(dots[0].fill).toEqual({ r: 0, g: 128 / 255, b: 0, a: 1 });
  });
});
