/**
 * SVG <text> and <tspan> drawn as real glyph runs with the document's fonts (no raster): parsed
 * into the vector subset, placed through the viewport, aligned by text-anchor and the
 * baselines, inheriting from groups and, for inline SVG, from the surrounding HTML; read back
 * from the PDF as text; and whatever lies outside the subset still rasterised.
 */
import { describe, expect, it } from 'vitest';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import { render } from '../../src/render.js';
import { layoutHtml } from '../../src/layout/index.js';
import type {
  DisplayItem,
  GlyphRun,
  LaidOutDocument,
  StructNode,
} from '../../src/document/index.js';
import type { LayoutOptions } from '../../src/layout/options.js';
import { createResourceLoader } from '../../src/resources/index.js';
import { validate } from '../../src/validate/index.js';
import { parseSimpleSvg, type SvgVectorNode } from '../../src/images/svg-vector.js';
import type { SvgTextNode } from '../../src/images/svg-text.js';
import { createFontContext } from '../../src/text/index.js';
import { glyphRuns, testOptions } from './harness.js';

const options: LayoutOptions = {
  ...testOptions,
  loader: createResourceLoader({ allowPrivateNetwork: false }),
  strict: true,
};

const NS = 'xmlns="http://www.w3.org/2000/svg"';
const dataUri = (svg: string): string =>
  `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
const page = (body: string): string =>
  `<!doctype html><html lang="en"><head><title>SVG text</title><style>body{margin:0}</style></head><body>${body}</body></html>`;
const img = (svg: string, alt = 'Chart'): string =>
  page(`<img alt="${alt}" src="${dataUri(svg)}">`);

function allItems(items: readonly DisplayItem[]): DisplayItem[] {
  return items.flatMap((i) => (i.kind === 'group' ? [i, ...allItems(i.items)] : [i]));
}

async function laidOut(html: string): Promise<LaidOutDocument> {
  return (await layoutHtml({ html }, options)).document;
}

function runsOf(doc: LaidOutDocument): GlyphRun[] {
  return glyphRuns(doc.pages[0].items);
}

function textOf(run: GlyphRun): string {
  return run.glyphs.texts.join('');
}

function advance(run: GlyphRun): number {
  return run.glyphs.advances.reduce((a, b) => a + b, 0);
}

/** The viewport of the SVG: the clip rectangle of its vector group. */
function viewportOf(doc: LaidOutDocument): { x: number; y: number; width: number; height: number } {
  const g = allItems(doc.pages[0].items).find(
    (i): i is Extract<DisplayItem, { kind: 'group' }> => i.kind === 'group' && !!i.clip,
  );
  const r = g?.clip?.[0];
  if (!r || r.op !== 'rect') throw new Error('no vector group');
  return r;
}

function figures(n: StructNode): StructNode[] {
  const own = n.type === 'Figure' ? [n] : [];
  return [...own, ...n.children.flatMap((c) => (c.kind === 'node' ? figures(c) : []))];
}

function onlyText(nodes: readonly SvgVectorNode[]): SvgTextNode[] {
  return nodes.flatMap((n) =>
    n.kind === 'text' ? [n] : n.kind === 'group' ? onlyText(n.children) : [],
  );
}

describe('SVG text parsed into the vector subset', () => {
  it('collapses white space as browsers do and splits runs at tspans and positions', async () => {
    const svg = await parseSimpleSvg(
      `<svg ${NS} viewBox="0 0 100 100"><text x="5" y="20">
        Total:  <tspan fill="red" dx="2">42</tspan>	units
      </text><text y="40" xml:space="preserve"> a  b </text>
      <text x="1 2 3" y="60">abcd</text></svg>`,
    );
    expect(svg).toBeDefined();
    const [total, pre, spread] = onlyText(svg!.nodes);
    expect(total.chunks).toHaveLength(1);
    expect(total.chunks[0].runs.map((r) => r.text)).toEqual(['Total: ', '42', ' units']);
    expect(total.chunks[0].runs[0].x).toEqual({ user: 5, host: 0 });
    expect(total.chunks[0].runs[1].dx).toEqual({ user: 2, host: 0 });
    expect(total.chunks[0].runs[1].style.fill).toEqual({ r: 1, g: 0, b: 0, a: 1 });
    expect(pre.chunks[0].runs.map((r) => r.text)).toEqual([' a  b ']);
    // One absolute x per character for the first three, the rest follows the third.
    expect(spread.chunks.map((c) => c.runs.map((r) => r.text).join(''))).toEqual(['a', 'b', 'cd']);
  });

  it('inherits font, anchor and baseline from groups, with em against the font size', async () => {
    const svg = await parseSimpleSvg(
      `<svg ${NS} viewBox="0 0 100 100" font-family="Georgia, 'DejaVu Sans', serif">
        <g style="font-size:10px; text-anchor:middle" font-weight="bold" dominant-baseline="central">
          <text y="9" dy="0.71em" font-size="150%" letter-spacing=".1em">A<tspan font-weight="lighter" font-style="italic" alignment-baseline="hanging">b</tspan></text>
        </g><text>host</text></svg>`,
    );
    const [a, host] = onlyText(svg!.nodes);
    const [bold, light] = a.chunks[0].runs;
    expect(a.chunks[0].anchor).toBe('middle');
    expect(bold.style).toMatchObject({
      families: ['Georgia', 'DejaVu Sans', 'serif'],
      size: { user: 15, host: 0 },
      weight: 700,
      baseline: 'central',
      letterSpacing: { user: 1.5, host: 0 },
    });
    expect(bold.dy?.user).toBeCloseTo(10.65, 6);
    expect(light.style).toMatchObject({ weight: 400, style: 'italic', baseline: 'hanging' });
    // Without a font-size anywhere the size is the host's (the UA default, or the HTML around).
    expect(host.chunks[0].runs[0].style.size).toEqual({ user: 0, host: 1 });
  });

  it('leaves text outside the subset to the rasteriser', async () => {
    const bad = [
      `<text><textPath href="#p">Hi</textPath></text>`,
      `<text rotate="10 20">Hi</text>`,
      `<text textLength="40">Hi</text>`,
      `<text writing-mode="tb">Hi</text>`,
      `<text baseline-shift="super">Hi</text>`,
      `<text stroke="red">Hi</text>`,
      `<g stroke="black"><text>Hi</text></g>`,
      `<text style="font: caption">Hi</text>`,
      `<text>H<tspan opacity="0.5">i</tspan></text>`,
      `<text>H<a href="#x">i</a></text>`,
      `<text x="10%">Hi</text>`,
      `<text text-decoration="underline">Hi</text>`,
      `<text font-size="larger">Hi</text>`,
    ];
    for (const b of bad) expect(await parseSimpleSvg(`<svg ${NS}>${b}</svg>`), b).toBeUndefined();
    // Text that paints nothing adds no node.
    const none = await parseSimpleSvg(`<svg ${NS}><text fill="none">Hi</text><text> </text></svg>`);
    expect(none?.nodes).toEqual([]);
  });
});

describe('SVG text laid out as glyph runs', () => {
  it('draws text through the viewport: position and size scale with it', async () => {
    const svg = `<svg ${NS} width="400" height="200" viewBox="0 0 200 100">
      <rect width="200" height="100" fill="#eee"/>
      <text x="10" y="50" font-family="sans-serif" font-size="10">Revenue</text></svg>`;
    const doc = await laidOut(img(svg));
    expect(allItems(doc.pages[0].items).filter((i) => i.kind === 'image')).toEqual([]);
    const vp = viewportOf(doc);
    // 400 px = 300 pt across 200 user units: 1.5 pt per unit.
    expect(vp.width).toBeCloseTo(300, 6);
    const [run] = runsOf(doc);
    expect(textOf(run)).toBe('Revenue');
    expect(run.font.postscriptName).toBe('LiberationSans');
    expect(run.size).toBeCloseTo(15, 6);
    expect(run.x).toBeCloseTo(vp.x + 15, 6);
    expect(run.y).toBeCloseTo(vp.y + 75, 6);
    // The glyphs carry the Figure's content tag; the Figure keeps its Alt.
    const [figure] = figures(doc.structure);
    expect(figure.alt).toBe('Chart');
    const slots = figure.children.flatMap((c) => (c.kind === 'content' ? [c.slot] : []));
    expect(run.tag).toEqual({ kind: 'content', slot: slots[0] });
  });

  it('starts an image SVG from the UA default font: serif, 16px', async () => {
    const doc = await laidOut(
      img(`<svg ${NS} width="100" height="50"><text y="20">x</text></svg>`),
    );
    const [run] = runsOf(doc);
    expect(run.font.postscriptName).toBe('LiberationSerif');
    expect(run.size).toBeCloseTo(12, 6);
  });

  it('centres and right-aligns on x with text-anchor, over the whole chunk', async () => {
    const svg = `<svg ${NS} width="200" height="100" font-size="10">
      <text x="100" y="20" text-anchor="middle">Middle</text>
      <text x="100" y="40" text-anchor="end">End <tspan font-weight="bold">bold</tspan></text>
      <text x="100" y="60">Start</text></svg>`;
    const doc = await laidOut(img(svg));
    const vp = viewportOf(doc);
    const anchorX = vp.x + 100 * 0.75;
    const runs = runsOf(doc);
    const middle = runs.find((r) => textOf(r) === 'Middle')!;
    expect(middle.x + advance(middle) / 2).toBeCloseTo(anchorX, 6);
    const end = runs.find((r) => textOf(r) === 'End ')!;
    const bold = runs.find((r) => textOf(r) === 'bold')!;
    expect(bold.x).toBeCloseTo(end.x + advance(end), 6);
    expect(bold.x + advance(bold)).toBeCloseTo(anchorX, 6);
    expect(runs.find((r) => textOf(r) === 'Start')!.x).toBeCloseTo(anchorX, 6);
  });

  it('inherits fill and weight into tspans: bold picks the bold face', async () => {
    const svg = `<svg ${NS} width="200" height="100"><g fill="#00f" font-family="sans-serif">
      <text x="0" y="20">plain <tspan font-weight="bold">bold</tspan> <tspan fill="red" fill-opacity="0.5">red</tspan></text>
      </g></svg>`;
    const runs = runsOf(await laidOut(img(svg)));
    const by = (t: string): GlyphRun => runs.find((r) => textOf(r) === t)!;
    expect(by('plain ').color).toEqual({ r: 0, g: 0, b: 1, a: 1 });
    expect(by('plain ').font.postscriptName).toBe('LiberationSans');
    expect(by('bold').font.postscriptName).toBe('LiberationSans-Bold');
    expect(by('bold').color).toEqual({ r: 0, g: 0, b: 1, a: 1 });
    expect(by('red').color).toEqual({ r: 1, g: 0, b: 0, a: 0.5 });
  });

  it('places dominant-baseline from the font metrics', async () => {
    const line = (b: string): string =>
      `<text x="0" y="50" font-family="sans-serif" font-size="20" dominant-baseline="${b}">${b}</text>`;
    const svg = `<svg ${NS} width="200" height="100">${['auto', 'middle', 'central', 'hanging', 'text-before-edge', 'text-after-edge'].map(line).join('')}</svg>`;
    const doc = await laidOut(img(svg));
    const vp = viewportOf(doc);
    const size = 15;
    const m = createFontContext().matchFont(['sans-serif'], 400, 'normal').metrics;
    const y = (t: string): number => runsOf(doc).find((r) => textOf(r) === t)!.y - (vp.y + 37.5);
    expect(y('auto')).toBeCloseTo(0, 6);
    expect(y('middle')).toBeCloseTo((m.xHeight * size) / 2, 6);
    expect(y('central')).toBeCloseTo(((m.ascent - m.descent) * size) / 2, 6);
    expect(y('hanging')).toBeCloseTo(m.ascent * size * 0.8, 6);
    expect(y('text-before-edge')).toBeCloseTo(m.ascent * size, 6);
    expect(y('text-after-edge')).toBeCloseTo(-m.descent * size, 6);
  });

  it('draws rotated text inside a group with the transform', async () => {
    const svg = `<svg ${NS} width="200" height="100"><g transform="translate(20,50)">
      <text transform="rotate(-90)" text-anchor="middle">Axis</text></g></svg>`;
    const doc = await laidOut(img(svg));
    const group = allItems(doc.pages[0].items).find(
      (i): i is Extract<DisplayItem, { kind: 'group' }> =>
        i.kind === 'group' && !!i.transform && i.items.some((c) => c.kind === 'glyphs'),
    );
    expect(group).toBeDefined();
    const [a, b, c, d] = group!.transform!;
    // A quarter turn counter-clockwise (y down), the 0.75 pt/px scale taken into the font size.
    expect([a, b, c, d].map((v) => Math.round(v * 1e9) / 1e9)).toEqual([0, -1, 1, 0]);
    const [run] = runsOf(doc);
    expect(run.size).toBeCloseTo(12, 6);
    // The middle of the baseline lands on the text's origin, (20, 50) px in the viewport.
    const t = group!.transform!;
    const [mx, my] = [run.x + advance(run) / 2, run.y];
    const vp = viewportOf(doc);
    expect(t[0] * mx + t[2] * my + t[4]).toBeCloseTo(vp.x + 15, 6);
    expect(t[1] * mx + t[3] * my + t[5]).toBeCloseTo(vp.y + 37.5, 6);
  });

  it('inherits the font and colour of the HTML around an inline SVG', async () => {
    const html = page(
      `<div style="font-family: sans-serif; font-size: 20px; color: rgb(0, 128, 0)">
        <svg width="200" height="100" role="img" aria-label="Inline"><text y="30" fill="currentColor">a</text><text y="60" font-size="0.5em">b</text></svg></div>`,
    );
    const runs = runsOf(await laidOut(html));
    const a = runs.find((r) => textOf(r) === 'a')!;
    const b = runs.find((r) => textOf(r) === 'b')!;
    expect(a.font.postscriptName).toBe('LiberationSans');
    expect(a.size).toBeCloseTo(15, 6);
    expect(a.color).toEqual({ r: 0, g: 128 / 255, b: 0, a: 1 });
    // The initial fill is black, whatever the HTML colour.
    expect(b.color).toEqual({ r: 0, g: 0, b: 0, a: 1 });
    expect(b.size).toBeCloseTo(7.5, 6);
  });

  it('takes the host colour for currentColor in shapes too, unless the file sets color', async () => {
    const html = page(
      `<div style="color: rgb(0, 0, 255)">
        <svg width="200" height="100" role="img" aria-label="Axis"><line x2="100" stroke="currentColor" stroke-opacity="0.5"/>
        <g color="red"><rect width="10" height="10" fill="currentColor"/><text y="40" fill="currentColor">r</text></g></svg></div>`,
    );
    const doc = await laidOut(html);
    const paths = allItems(doc.pages[0].items).filter((i) => i.kind === 'path');
    const line = paths.find((p) => p.kind === 'path' && p.stroke);
    const rect = paths.find((p) => p.kind === 'path' && p.fill);
    expect(line?.kind === 'path' && line.stroke?.paint).toEqual({ r: 0, g: 0, b: 1, a: 0.5 });
    expect(rect?.kind === 'path' && rect.fill).toEqual({ r: 1, g: 0, b: 0, a: 1 });
    const r = runsOf(doc).find((run) => textOf(run) === 'r')!;
    expect(r.color).toEqual({ r: 1, g: 0, b: 0, a: 1 });
  });

  it('still rasterises text on a path', async () => {
    const svg = `<svg ${NS} width="100" height="50"><defs><path id="p" d="M0 40 L100 40"/></defs>
      <text><textPath href="#p">curved</textPath></text></svg>`;
    const doc = await laidOut(img(svg));
    const items = allItems(doc.pages[0].items);
    expect(items.filter((i) => i.kind === 'image')).toHaveLength(1);
    expect(runsOf(doc)).toEqual([]);
  });
});

describe('SVG text in the PDF', () => {
  it('is extractable text, and the PDF stays PDF/UA-1 and PDF/A-3a compliant', async () => {
    const chart = `<svg ${NS} width="300" height="160" viewBox="0 0 300 160" font-family="sans-serif">
      <text x="150" y="20" text-anchor="middle" font-size="14" font-weight="bold">Sales by region</text>
      <rect x="40" y="40" width="60" height="90" fill="#4e79a7"/><rect x="140" y="70" width="60" height="60" fill="#f28e2b"/>
      <g font-size="11" text-anchor="middle"><text x="70" y="145">North</text><text x="170" y="145">South</text></g>
      <text transform="rotate(-90)" x="-85" y="20" text-anchor="middle" font-size="11">Units</text></svg>`;
    const html = page(
      `<h1>Report</h1><img alt="Sales by region: North 90, South 60" src="${dataUri(chart)}">`,
    );
    const result = await render({ kind: 'html', html }, { deterministic: true });
    const report = validate(result.pdf, { flavours: ['pdfa-3a', 'pdfua-1'] });
    expect(report.failures ?? []).toEqual([]);
    expect(report.summary.failedChecks).toBe(0);
    expect(report.documentInfo?.images).toBe(0);
    const pdf = await pdfjs.getDocument({
      data: new Uint8Array(result.pdf),
      verbosity: 0,
      isEvalSupported: false,
      disableFontFace: true,
    }).promise;
    const content = await (await pdf.getPage(1)).getTextContent();
    const text = content.items.map((i) => ('str' in i ? i.str : '')).join(' ');
    await pdf.destroy();
    for (const word of ['Sales by region', 'North', 'South', 'Units']) expect(text).toContain(word);
  });
});
