import bwipjs from 'bwip-js';
import { describe, expect, it } from 'vitest';
import { render } from '../../src/render.js';
import { layoutHtml } from '../../src/layout/index.js';
import { layoutTemplate } from '../../src/template/index.js';
import type { DisplayItem, LaidOutDocument, PathOp, StructNode } from '../../src/document/index.js';
import type { LayoutOptions } from '../../src/layout/options.js';
import { createResourceLoader } from '../../src/resources/index.js';
import { validate } from '../../src/validate/index.js';
import { decodeImage } from '../../src/images/decode.js';
import { arcToCurves, parsePathData, parseSimpleSvg } from '../../src/images/svg-vector.js';
import { testOptions } from './harness.js';

const options: LayoutOptions = {
  ...testOptions,
  loader: createResourceLoader({ allowPrivateNetwork: false }),
  strict: true,
};

const qrSvg = bwipjs.toSVG({ bcid: 'qrcode', text: 'https://example.org/a11y' });
const code128Svg = bwipjs.toSVG({ bcid: 'code128', text: 'A11Y-2026' });
const dataUri = (svg: string): string =>
  `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;

function flatten(items: readonly DisplayItem[]): DisplayItem[] {
  return items.flatMap((i) => (i.kind === 'group' ? [i, ...flatten(i.items)] : [i]));
}

function allItems(doc: LaidOutDocument): DisplayItem[] {
  return doc.pages.flatMap((p) => flatten(p.items));
}

function figures(doc: LaidOutDocument): StructNode[] {
  const out: StructNode[] = [];
  const walk = (n: StructNode): void => {
    if (n.type === 'Figure') out.push(n);
    for (const c of n.children) if (c.kind === 'node') walk(c);
  };
  walk(doc.structure);
  return out;
}

function slotsOf(n: StructNode): number[] {
  return n.children.flatMap((c) => (c.kind === 'content' ? [c.slot] : []));
}

function pointsOf(ops: readonly PathOp[]): [number, number][] {
  return ops.flatMap((o): [number, number][] =>
    o.op === 'close'
      ? []
      : o.op === 'curveTo'
        ? [
            [o.x1, o.y1],
            [o.x2, o.y2],
            [o.x, o.y],
          ]
        : [[o.x, o.y]],
  );
}

/** The clip rectangle of the vector group that holds the figure's paths. */
function vectorGroups(doc: LaidOutDocument) {
  return allItems(doc).filter(
    (i): i is Extract<DisplayItem, { kind: 'group' }> =>
      i.kind === 'group' && i.clip?.[0]?.op === 'rect' && i.items.some((c) => c.kind === 'path'),
  );
}

function expectPathsInsideTheirBox(doc: LaidOutDocument, slot: number): void {
  const groups = vectorGroups(doc).filter((g) =>
    g.items.some((c) => c.kind === 'path' && c.tag.kind === 'content' && c.tag.slot === slot),
  );
  expect(groups).toHaveLength(1);
  const clip = groups[0].clip![0];
  if (clip.op !== 'rect') throw new Error('clip is a rect');
  expect(clip.width).toBeGreaterThan(10);
  const paths = groups[0].items.filter((c) => c.kind === 'path');
  expect(paths.length).toBeGreaterThan(0);
  for (const p of paths) {
    if (p.kind !== 'path') continue;
    expect(p.tag).toEqual({ kind: 'content', slot });
    for (const [x, y] of pointsOf(p.ops)) {
      expect(x).toBeGreaterThanOrEqual(clip.x - 0.01);
      expect(x).toBeLessThanOrEqual(clip.x + clip.width + 0.01);
      expect(y).toBeGreaterThanOrEqual(clip.y - 0.01);
      expect(y).toBeLessThanOrEqual(clip.y + clip.height + 0.01);
    }
  }
}

function expectCompliantWithoutImages(pdf: Uint8Array): void {
  const report = validate(pdf, { flavours: ['pdfa-3a', 'pdfua-1'] });
  expect(report.failures ?? []).toEqual([]);
  expect(report.summary.failedChecks).toBe(0);
  expect(report.documentInfo?.images).toBe(0);
}

describe('simple SVG drawn as vectors', () => {
  const html = `<!doctype html><html lang="en"><head><title>Codes</title></head><body>
    <h1>Codes</h1>
    <p><img src="${dataUri(qrSvg)}" alt="QR code: https://example.org/a11y" style="width:3cm;height:3cm"></p>
    <p><img src="${dataUri(code128Svg)}" alt="Code 128 barcode: A11Y-2026" style="height:15mm"></p>
    <svg width="40" height="40" viewBox="0 0 20 20" role="img"><title>Ring</title>
      <circle cx="10" cy="10" r="8" fill="none" stroke="teal" stroke-width="2"/>
      <g opacity="0.5"><rect x="6" y="6" width="8" height="8" fill="navy" fill-opacity="0.5"/></g></svg>
  </body></html>`;

  it('lays out barcodes and inline SVG as clipped, tagged paths with their Alt kept', async () => {
    const { document: doc } = await layoutHtml({ html }, options);
    expect(allItems(doc).filter((i) => i.kind === 'image')).toEqual([]);
    const figs = figures(doc);
    expect(figs.map((f) => f.alt)).toEqual([
      'QR code: https://example.org/a11y',
      'Code 128 barcode: A11Y-2026',
      'Ring',
    ]);
    for (const f of figs) {
      const slots = slotsOf(f);
      expect(slots).toHaveLength(1);
      expectPathsInsideTheirBox(doc, slots[0]);
    }
    // The QR code's box is 3cm square: its viewBox fills it (meet, centred).
    const qrGroup = vectorGroups(doc)[0];
    const clip = qrGroup.clip![0];
    if (clip.op === 'rect') {
      expect(clip.width).toBeCloseTo((3 / 2.54) * 72, 1);
      expect(clip.height).toBeCloseTo((3 / 2.54) * 72, 1);
    }
    // code128 bars are strokes whose width scales with the drawing.
    const bars = allItems(doc).filter(
      (i) =>
        i.kind === 'path' &&
        i.stroke &&
        i.tag.kind === 'content' &&
        i.tag.slot === slotsOf(figs[1])[0],
    );
    expect(bars.length).toBeGreaterThan(0);
  });

  it('renders HTML to a compliant PDF with no image XObject', async () => {
    const result = await render({ kind: 'html', html }, { deterministic: true });
    expectCompliantWithoutImages(result.pdf);
  });

  it('draws a template barcode block as vectors, compliant and with its Alt', async () => {
    const template = {
      version: 2,
      config: { title: 'Barcodes' },
      rows: [
        { blocks: [{ type: 'heading', text: 'Shipping label', level: 1 }] },
        { blocks: [{ type: 'barcode', symbology: 'qr', content: 'PARCEL-42' }] },
        { blocks: [{ type: 'barcode', symbology: 'code128', content: 'A11Y-2026' }] },
      ],
    };
    const { document: doc } = await layoutTemplate(template, undefined, options);
    expect(allItems(doc).filter((i) => i.kind === 'image')).toEqual([]);
    const figs = figures(doc);
    expect(figs.map((f) => f.alt)).toEqual(['QR code: PARCEL-42', 'Code 128 barcode: A11Y-2026']);
    for (const f of figs) expectPathsInsideTheirBox(doc, slotsOf(f)[0]);
    const result = await render({ kind: 'template', template }, { deterministic: true });
    expectCompliantWithoutImages(result.pdf);
  });

  it('keeps a decorative SVG an artifact', async () => {
    const { document: doc } = await layoutHtml(
      {
        html: `<!doctype html><html lang="en"><title>t</title><p>x</p><img alt="" src="${dataUri(code128Svg)}">`,
      },
      options,
    );
    const paths = allItems(doc).filter((i) => i.kind === 'path');
    expect(paths.length).toBeGreaterThan(0);
    for (const p of paths) if (p.kind === 'path') expect(p.tag.kind).toBe('artifact');
    expect(figures(doc)).toEqual([]);
  });

  it('still rasterises an SVG outside the subset (a pattern)', async () => {
    const gradient = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" width="10" height="10">
      <defs><pattern id="g" width="2" height="2" patternUnits="userSpaceOnUse"><rect width="1" height="1"/></pattern></defs>
      <rect width="10" height="10" fill="url(#g)"/></svg>`;
    expect(await parseSimpleSvg(gradient)).toBeUndefined();
    const decoded = await decodeImage(new TextEncoder().encode(gradient), 'image/svg+xml');
    expect(decoded.vector).toBeUndefined();
    const { document: doc } = await layoutHtml(
      {
        html: `<!doctype html><html lang="en"><title>t</title><img alt="Gradient" src="${dataUri(gradient)}">`,
      },
      options,
    );
    expect(allItems(doc).filter((i) => i.kind === 'image')).toHaveLength(1);
    const result = await render(
      {
        kind: 'html',
        html: `<!doctype html><html lang="en"><title>t</title><img alt="Gradient" src="${dataUri(gradient)}">`,
      },
      { deterministic: true },
    );
    const report = validate(result.pdf, { flavours: ['pdfa-3a', 'pdfua-1'] });
    expect(report.documentInfo?.images).toBe(1);
  });

  it('recognises the subset and rejects what lies outside it', async () => {
    const ns = 'xmlns="http://www.w3.org/2000/svg"';
    const simple = await parseSimpleSvg(
      `<svg ${ns} viewBox="0 0 10 10"><title>t</title><g transform="translate(1,1) rotate(90)" opacity="0.5" style="fill:#f00">
        <rect x="0" y="0" width="2" height="2" rx="1"/><ellipse cx="5" cy="5" rx="2" ry="1" fill="rgb(0,128,0)"/>
        <line x1="0" y1="0" x2="3" y2="3" stroke="currentColor"/><polyline points="0,0 1,1 2,0"/>
        <polygon points="0 0 1 1 2 0" fill-rule="evenodd" fill-opacity=".5"/></g></svg>`,
    );
    expect(simple).toBeDefined();
    expect(simple!.viewBox).toEqual([0, 0, 10, 10]);
    expect((await parseSimpleSvg(`<svg ${ns} width="30" height="20px"/>`))?.viewBox).toEqual([
      0, 0, 30, 20,
    ]);
    expect(simple!.nodes).toHaveLength(1);
    const g = simple!.nodes[0];
    expect(g.kind === 'group' && g.opacity).toBe(0.5);
    if (g.kind === 'group') {
      expect(g.children).toHaveLength(5);
      const rect = g.children[0];
      expect(rect.kind === 'shape' && rect.fill).toEqual({ r: 1, g: 0, b: 0, a: 1 });
      const line = g.children[2];
      // A line is never filled; its stroke is currentColor, i.e. black.
      expect(line.kind === 'shape' && line.fill).toBeUndefined();
      expect(line.kind === 'shape' && line.stroke?.paint).toEqual({ r: 0, g: 0, b: 0, a: 1 });
      // rotate(90) then translate(1,1): (3,3) lands at (-2,4).
      if (line.kind === 'shape') {
        const end = line.ops[1];
        expect(end.op === 'lineTo' && [end.x, end.y].map((v) => Math.round(v * 1e6) / 1e6)).toEqual(
          [-2, 4],
        );
      }
    }
    for (const bad of [
      `<svg ${ns}><text x="0" y="10"><textPath href="#p">Hi</textPath></text></svg>`,
      `<svg ${ns}><style>rect:hover{fill:red}</style><rect width="1" height="1"/></svg>`,
      `<svg ${ns}><style>@media (orientation: portrait){rect{fill:red}}</style><rect width="1" height="1"/></svg>`,
      `<svg ${ns}><style>rect{filter:blur(1px)}</style><rect width="1" height="1"/></svg>`,
      `<svg ${ns}><style>rect + rect{fill:red}</style><rect width="1" height="1"/></svg>`,
      `<svg ${ns}><image href="x.png" width="1" height="1"/></svg>`,
      `<svg ${ns}><rect width="1" height="1" filter="url(#f)"/></svg>`,
      `<svg ${ns}><rect width="1" height="1" mask="url(#m)"/></svg>`,
      `<svg ${ns}><marker id="m" orient="sideways"><rect width="1" height="1"/></marker><path d="M0 0L1 1" marker-end="url(#m)"/></svg>`,
      `<svg ${ns}><use href="other.svg#a"/></svg>`,
      `<svg ${ns}><g id="a"><use href="#a"/></g></svg>`,
      `<svg ${ns}><rect width="50%" height="1"/></svg>`,
      `<svg ${ns}><rect width="1em" height="1"/></svg>`,
      `<svg ${ns}><rect width="1" height="1" fill="lab(50% 0 0)"/></svg>`,
      `<svg ${ns}><rect width="1" height="1" stroke="red" stroke-width="var(--w)"/></svg>`,
      `<svg ${ns}><defs><clipPath id="c"><rect width="1" height="1"/><circle r="1"/></clipPath></defs><rect width="1" height="1" clip-path="url(#c)"/></svg>`,
      `<svg ${ns}><defs><clipPath id="c" clipPathUnits="objectBoundingBox"><rect width="1" height="1"/></clipPath></defs><rect width="1" height="1" clip-path="url(#c)"/></svg>`,
      `<svg ${ns}><defs><linearGradient id="g" spreadMethod="reflect"><stop offset="0"/><stop offset="1" stop-color="red"/></linearGradient></defs><rect width="1" height="1" fill="url(#g)"/></svg>`,
      `<svg ${ns}><defs><linearGradient id="g"><stop offset="0"/><stop offset="1" stop-color="red"/></linearGradient></defs><rect width="1" height="1" stroke="url(#g)"/></svg>`,
      `<svg ${ns}><defs><pattern id="p"/></defs><rect width="1" height="1" fill="url(#p)"/></svg>`,
      `<svg ${ns}><rect width="1" height="1" style="vector-effect:non-scaling-stroke"/></svg>`,
      `<svg ${ns}><rect width="1" height="1"`,
      `<svg><rect width="1" height="1"/></svg>`,
      `<svg ${ns}><path d="M0 0L1e999 1"/></svg>`,
    ])
      expect(await parseSimpleSvg(bad), bad).toBeUndefined();
  });
});

const round = (ops: readonly PathOp[]) =>
  ops.map((o) =>
    Object.fromEntries(
      Object.entries(o).map(([k, v]) => [
        k,
        typeof v === 'number' ? Math.round(v * 1000) / 1000 : v,
      ]),
    ),
  );

describe('parsePathData', () => {
  it('reads relative commands, implicit linetos after m, and H/V', () => {
    expect(parsePathData('m10 10 5 0 0 5h-5v-5z l1 1')).toEqual([
      { op: 'moveTo', x: 10, y: 10 },
      { op: 'lineTo', x: 15, y: 10 },
      { op: 'lineTo', x: 15, y: 15 },
      { op: 'lineTo', x: 10, y: 15 },
      { op: 'lineTo', x: 10, y: 10 },
      { op: 'close' },
      // After z the current point is the subpath start.
      { op: 'lineTo', x: 11, y: 11 },
    ]);
    expect(parsePathData('M1-2.5.5.5H3V4')).toEqual([
      { op: 'moveTo', x: 1, y: -2.5 },
      { op: 'lineTo', x: 0.5, y: 0.5 },
      { op: 'lineTo', x: 3, y: 0.5 },
      { op: 'lineTo', x: 3, y: 4 },
    ]);
  });

  it('reflects control points for S and T and raises Q to cubic', () => {
    expect(round(parsePathData('M0 0C0 10 10 10 10 0S20 -10 20 0'))).toEqual([
      { op: 'moveTo', x: 0, y: 0 },
      { op: 'curveTo', x1: 0, y1: 10, x2: 10, y2: 10, x: 10, y: 0 },
      { op: 'curveTo', x1: 10, y1: -10, x2: 20, y2: -10, x: 20, y: 0 },
    ]);
    expect(round(parsePathData('M0 0Q3 3 6 0T12 0'))).toEqual([
      { op: 'moveTo', x: 0, y: 0 },
      { op: 'curveTo', x1: 2, y1: 2, x2: 4, y2: 2, x: 6, y: 0 },
      // T reflects (3,3) about (6,0) to (9,-3).
      { op: 'curveTo', x1: 8, y1: -2, x2: 10, y2: -2, x: 12, y: 0 },
    ]);
    // S after a non-curve uses the current point as its first control.
    expect(round(parsePathData('M0 0s5 5 10 0'))[1]).toEqual({
      op: 'curveTo',
      x1: 0,
      y1: 0,
      x2: 5,
      y2: 5,
      x: 10,
      y: 0,
    });
    expect(round(parsePathData('m1 1q1 1 2 0'))[1]).toEqual({
      op: 'curveTo',
      x1: 1.667,
      y1: 1.667,
      x2: 2.333,
      y2: 1.667,
      x: 3,
      y: 1,
    });
  });

  it('converts arcs to cubic curves on the ellipse', () => {
    // Half circle of radius 5 from (0,0) to (10,0), sweeping clockwise on screen (through y<0).
    const ops = parsePathData('M0 0A5 5 0 0 1 10 0');
    expect(ops.length).toBe(3);
    const end = ops[ops.length - 1];
    expect(end.op === 'curveTo' && [end.x, end.y]).toEqual([10, 0]);
    const mid = ops[1];
    if (mid.op !== 'curveTo') throw new Error('curve expected');
    expect(mid.x).toBeCloseTo(5, 6);
    expect(mid.y).toBeCloseTo(-5, 6);
    // Points of each Bézier at t=0.5 stay on the circle (the usual approximation error is tiny).
    for (const c of ops.slice(1)) {
      if (c.op !== 'curveTo') continue;
      const prev = ops[ops.indexOf(c) - 1] as { x: number; y: number };
      const bx = 0.125 * prev.x + 0.375 * c.x1 + 0.375 * c.x2 + 0.125 * c.x;
      const by = 0.125 * prev.y + 0.375 * c.y1 + 0.375 * c.y2 + 0.125 * c.y;
      expect(Math.hypot(bx - 5, by)).toBeCloseTo(5, 3);
    }
    // Compact flags ("a1 1 0 00 1 1") and the other sweep direction.
    const compact = parsePathData('M0 0a5 5 0 0010 0');
    const mid2 = compact[1];
    expect(mid2.op === 'curveTo' && Math.round(mid2.y * 1e6) / 1e6).toBe(5);
    // Radii too small are scaled up; zero radii make a straight line.
    const small = arcToCurves(0, 0, 1, 1, 0, false, true, 10, 0);
    const m = small[0];
    expect(m.op === 'curveTo' && Math.round(m.y * 1e6) / 1e6).toBe(-5);
    expect(arcToCurves(0, 0, 0, 3, 0, false, true, 4, 4)).toEqual([{ op: 'lineTo', x: 4, y: 4 }]);
    // Large arc of a rotated ellipse ends exactly at its end point.
    const big = parsePathData('M0 0A8 4 30 1 0 6 2');
    const last = big[big.length - 1];
    expect(last.op === 'curveTo' && [last.x, last.y]).toEqual([6, 2]);
    expect(big.length).toBeGreaterThanOrEqual(3);
  });

  it('stops at a syntax error and keeps what came before', () => {
    expect(parsePathData('M0 0L5 5L oops')).toEqual([
      { op: 'moveTo', x: 0, y: 0 },
      { op: 'lineTo', x: 5, y: 5 },
    ]);
    expect(parsePathData('L5 5')).toEqual([]);
  });
});
