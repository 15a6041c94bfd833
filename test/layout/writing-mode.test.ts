/**
 * writing-mode (CSS Writing Modes 3 §7, orthogonal flows): a vertical box in horizontal flow
 * lays its lines out down the page and stacks them across it; the depth of its lines is its
 * width, the length of its lines its height. Glyph positions are read through the group
 * transforms that turn them, in CSS px.
 */
import { describe, expect, it } from 'vitest';
import type { DisplayItem, GlyphRun, Matrix } from '../../src/document/index.js';
import { multiplyMatrix } from '../../src/document/index.js';
import { render } from '../../src/render.js';
import { validate } from '../../src/validate/index.js';
import { layoutSnippet } from './geometry.js';
import { readPdf } from '../engine/helpers.js';

const PAGE =
  '@page { size: 600px 400px; margin: 0 } body { margin: 0; font: 16px/20px "Liberation Sans" } p, div { margin: 0 }';
const PT = 0.75;
const px = (v: number): number => Math.round((v / PT) * 100) / 100;

/** A glyph run as drawn on the page: where its pen starts and which way its text runs. */
interface DrawnRun {
  readonly text: string;
  readonly x: number;
  readonly y: number;
  /** Unit vector of the run's writing direction on the page. */
  readonly dx: number;
  readonly dy: number;
  /** Length of the run along that direction. */
  readonly length: number;
}

function drawnRuns(items: readonly DisplayItem[], m: Matrix = [1, 0, 0, 1, 0, 0]): DrawnRun[] {
  return items.flatMap((i): DrawnRun[] => {
    if (i.kind === 'group')
      return drawnRuns(i.items, i.transform ? multiplyMatrix(m, i.transform) : m);
    if (i.kind !== 'glyphs') return [];
    return [drawn(i, m)];
  });
}

function drawn(r: GlyphRun, m: Matrix): DrawnRun {
  const at = (x: number, y: number): [number, number] => [
    m[0] * x + m[2] * y + m[4],
    m[1] * x + m[3] * y + m[5],
  ];
  const [x, y] = at(r.x, r.y);
  const length = r.glyphs.advances.reduce((a, b) => a + b, 0);
  return {
    text: r.glyphs.texts.join('').trim(),
    x: px(x),
    y: px(y),
    dx: Math.round(m[0]) + 0,
    dy: Math.round(m[1]) + 0,
    length: px(length),
  };
}

const words = (runs: readonly DrawnRun[]): string =>
  runs
    .map((r) => r.text)
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('writing-mode: vertical-rl in horizontal flow', () => {
  it('runs lines down the page, stacks them right to left and takes their depth as width', async () => {
    const r = await layoutSnippet(
      `<div id=v style="writing-mode: vertical-rl; height: 150px">First line words here second line</div><p id=after>After</p>`,
      PAGE,
    );
    const [box] = r.box('v');
    // Two lines of 20px: the box is 40px wide, as tall as its height.
    expect(box).toEqual({ page: 0, x: 0, y: 0, width: 40, height: 150 });
    expect(r.box('after')[0].y).toBe(150);
    const runs = drawnRuns(r.items(0)).filter((x) => x.text !== 'After');
    expect(runs.length).toBeGreaterThanOrEqual(2);
    for (const run of runs) {
      // Down the page, glyph tops to the right.
      expect([run.dx, run.dy]).toEqual([0, 1]);
      expect(run.y + run.length).toBeLessThanOrEqual(150.01);
    }
    // The first line is the right-hand one (its baseline left of the right edge by the ascent).
    const first = runs[0];
    const last = runs[runs.length - 1];
    expect(first.x).toBeGreaterThan(20);
    expect(first.x).toBeLessThan(40);
    expect(last.x).toBeLessThan(first.x - 15);
    expect(first.y).toBe(0);
    expect(words(runs)).toBe('First line words here second line');
    expect(r.warnings.map((w) => w.message).join()).not.toContain('writing-mode');
  });

  it('without a height is as tall as its line (fit-content) and as wide as a line is deep', async () => {
    const r = await layoutSnippet(
      `<div id=v style="writing-mode: vertical-rl">Side label</div>
       <span id=h style="display: inline-block">Side label</span>`,
      PAGE,
    );
    const [v] = r.box('v');
    const [h] = r.box('h');
    expect(v.width).toBe(20);
    expect(v.height).toBeCloseTo(h.width, 1);
  });

  it('is limited to the page height, wrapping onto more lines', async () => {
    const long = 'word '.repeat(120);
    const r = await layoutSnippet(
      `<div id=v style="writing-mode: vertical-rl">${long}</div>`,
      PAGE,
    );
    const [v] = r.box('v');
    expect(v.height).toBeLessThanOrEqual(400);
    expect(v.height).toBeGreaterThan(350);
    expect(v.width % 20).toBe(0);
    expect(v.width).toBeGreaterThanOrEqual(40);
  });

  it('is a formatting context of its own: beside floats, no margins collapsing through', async () => {
    const r = await layoutSnippet(
      `<div style="float: left; width: 100px; height: 50px"></div>
       <div id=v style="writing-mode: vertical-rl; height: 100px"><p style="margin: 30px 0">Text</p></div>`,
      PAGE,
    );
    const [v] = r.box('v');
    expect(v.x).toBe(100);
    expect(v.y).toBe(0);
  });

  it('keeps padding, borders and backgrounds physical', async () => {
    const r = await layoutSnippet(
      `<div id=v style="writing-mode: vertical-rl; height: 100px; padding: 5px 7px 9px 11px; border: 2px solid">Label</div>`,
      PAGE,
    );
    const [v] = r.box('v');
    expect(v).toEqual({
      page: 0,
      x: 0,
      y: 0,
      width: 2 + 11 + 20 + 7 + 2,
      height: 2 + 5 + 100 + 9 + 2,
    });
    const [run] = drawnRuns(r.items(0));
    // The line starts at the content box's top, inside the right padding.
    expect(run.y).toBe(7);
    expect(run.x).toBeGreaterThan(13);
    expect(run.x).toBeLessThan(33);
  });
});

describe('writing-mode: the other vertical modes', () => {
  it('vertical-lr stacks lines from the left, glyphs turned as in vertical-rl', async () => {
    const r = await layoutSnippet(
      `<div id=v style="writing-mode: vertical-lr; height: 150px">First line words here second line</div>`,
      PAGE,
    );
    expect(r.box('v')[0].width).toBe(40);
    const runs = drawnRuns(r.items(0));
    for (const run of runs) expect([run.dx, run.dy]).toEqual([0, 1]);
    const first = runs[0];
    const last = runs[runs.length - 1];
    expect(first.x).toBeLessThan(20);
    expect(last.x).toBeGreaterThan(first.x + 15);
    expect(words(runs)).toBe('First line words here second line');
  });

  it('sideways-lr reads bottom to top, starting at the bottom', async () => {
    const r = await layoutSnippet(
      `<div id=v style="writing-mode: sideways-lr; height: 150px">Valid until 2030</div>`,
      PAGE,
    );
    const [run] = drawnRuns(r.items(0));
    expect([run.dx, run.dy]).toEqual([0, -1]);
    expect(run.y).toBe(150);
    // Glyph tops face left: the baseline is right of the line's left edge by the ascent.
    expect(run.x).toBeGreaterThan(10);
    expect(run.x).toBeLessThan(20);
  });

  it('sideways-rl is set as vertical-rl', async () => {
    const r = await layoutSnippet(
      `<div id=v style="writing-mode: sideways-rl; height: 150px">Label</div>`,
      PAGE,
    );
    const [run] = drawnRuns(r.items(0));
    expect([run.dx, run.dy]).toEqual([0, 1]);
    expect(run.y).toBe(0);
  });
});

/**
 * Where each glyph of the upright runs stands on the page: its origin (x, y), and `centre`,
 * the x of the line its run is centred on.
 */
function uprightGlyphs(
  items: readonly DisplayItem[],
  m: Matrix = [1, 0, 0, 1, 0, 0],
): { text: string; x: number; y: number; centre: number }[] {
  return items.flatMap((i) => {
    if (i.kind === 'group')
      return uprightGlyphs(i.items, i.transform ? multiplyMatrix(m, i.transform) : m);
    // An upright glyph's x axis runs along the page's (the turns cancel; compressed, shorter).
    if (i.kind !== 'glyphs' || m[0] < 0.1 || Math.abs(m[1]) > 1e-6 || !i.glyphs.offsets) return [];
    const { dx, dy } = i.glyphs.offsets;
    return i.glyphs.ids.map((_, k) => ({
      text: i.glyphs.texts[k],
      x: px(m[0] * (i.x + dx[k]) + m[2] * (i.y + dy[k]) + m[4]),
      y: px(m[1] * (i.x + dx[k]) + m[3] * (i.y + dy[k]) + m[5]),
      centre: px(m[0] * i.x + m[2] * (i.y + dy[k]) + m[4]),
    }));
  });
}

describe('text-orientation in vertical text', () => {
  it('upright stands every glyph, one under the other, centred on the line', async () => {
    const r = await layoutSnippet(
      `<div id=v style="writing-mode: vertical-rl; text-orientation: upright">TOKYO 2026</div>`,
      PAGE,
    );
    const glyphs = uprightGlyphs(r.items(0));
    expect(glyphs.map((g) => g.text).join('')).toBe('TOKYO 2026');
    // One centre line, in the middle of the 20px line.
    for (const g of glyphs) {
      expect(g.centre).toBeCloseTo(glyphs[0].centre, 1);
      expect(g.x).toBeLessThanOrEqual(g.centre);
    }
    expect(glyphs[0].centre).toBeGreaterThan(5);
    expect(glyphs[0].centre).toBeLessThan(15);
    // Each glyph (the space too) advances by the font's vertical advance, more than 1em here.
    const steps = glyphs.slice(1).map((g, k) => g.y - glyphs[k].y);
    for (const step of steps) expect(step).toBeCloseTo(steps[0], 1);
    expect(steps[0]).toBeGreaterThan(16);
    expect(steps[0]).toBeLessThan(20);
    // The box is as tall as the glyphs stacked, as wide as one line.
    const [v] = r.box('v');
    expect(v.width).toBe(20);
    expect(v.height).toBeCloseTo(steps[0] * 10, 0);
    expect(drawnRuns(r.items(0)).every((x) => x.dx === 1 && x.dy === 0)).toBe(true);
  });

  it('mixed stands the characters set upright in vertical text and turns the others', async () => {
    const r = await layoutSnippet(
      `<div style="writing-mode: vertical-rl; height: 300px">Size 3×4</div>`,
      PAGE,
    );
    const runs = drawnRuns(r.items(0));
    const up = runs.filter((x) => x.dx === 1 && x.dy === 0).map((x) => x.text);
    const sideways = runs.filter((x) => x.dx === 0 && x.dy === 1).map((x) => x.text);
    expect(up).toEqual(['×']);
    expect(sideways.join('|')).toBe('Size 3|4');
  });

  it('text-combine-upright: all sets its text side by side in one em, standing', async () => {
    const r = await layoutSnippet(
      `<div style="writing-mode: vertical-rl; height: 300px">May <span style="text-combine-upright: all">12</span> and <span style="text-combine-upright: all">2026</span></div>`,
      PAGE,
    );
    const glyphs = uprightGlyphs(r.items(0));
    expect(glyphs.map((g) => g.text).join('')).toBe('122026');
    // Side by side across the line, at one place along it, the pair centred on the line.
    const [one, two] = glyphs;
    expect(one.y).toBe(two.y);
    expect(two.x).toBeGreaterThan(one.x + 5);
    expect(one.centre).toBeGreaterThan(5);
    expect(one.centre).toBeLessThan(15);
    expect(one.x).toBeCloseTo(one.centre - (two.x - one.x), 0);
    // Four digits are compressed into the em: no wider than the pair.
    const four = glyphs.slice(2);
    expect(four[3].x - four[0].x).toBeLessThan(two.x - one.x + 5);
    // The text after a combined group starts one em (16px) further down.
    const runs = drawnRuns(r.items(0));
    const and = runs.find((x) => x.text === 'and')!;
    const may = runs.find((x) => x.text === 'May')!;
    // ("May " ends with its space, " and" starts with one).
    expect(and.y - (may.y + may.length)).toBeCloseTo(16, 1);
  });

  it('sideways and the sideways writing modes turn every glyph', async () => {
    for (const style of [
      'writing-mode: vertical-rl; text-orientation: sideways',
      'writing-mode: sideways-rl; text-orientation: upright',
    ]) {
      const r = await layoutSnippet(`<div style="${style}; height: 300px">3×4</div>`, PAGE);
      expect(drawnRuns(r.items(0)).map((x) => [x.text, x.dx, x.dy])).toEqual([['3×4', 0, 1]]);
    }
  });
});

describe('writing-mode in tables, flex containers and lines', () => {
  const TABLE = `<table id=t style="border-collapse: collapse">
    <thead><tr><th id=name>Name</th>
      <th id=h1 style="writing-mode: vertical-rl; padding: 2px">Monday</th>
      <th id=h2 style="writing-mode: vertical-rl; padding: 2px; transform: rotate(180deg)">Wednesday afternoon</th></tr></thead>
    <tbody><tr><td>Ada</td><td id=c1>4</td><td>5</td></tr></tbody></table>
    <span id=m style="display: inline-block; font-weight: bold">Wednesday afternoon</span>`;

  it('gives vertical headers narrow columns and a row as tall as the longest', async () => {
    const r = await layoutSnippet(TABLE, PAGE);
    const [h1] = r.box('h1');
    const [h2] = r.box('h2');
    const [m] = r.box('m');
    const [c1] = r.box('c1');
    // As wide as a cell of one horizontal line is tall; the row as tall as the longer text.
    expect(h1.width).toBeCloseTo(c1.height + 2, 1); // 2px padding against the UA 1px
    expect(h2.width).toBe(h1.width);
    expect(c1.width).toBe(h2.width);
    expect(h2.height).toBeCloseTo(m.width + 4, 0);
    expect(h1.height).toBe(h2.height);
    const runs = drawnRuns(r.items(0));
    const monday = runs.find((x) => x.text === 'Monday')!;
    expect([monday.dx, monday.dy]).toEqual([0, 1]);
    // rotate(180deg) turns the second header to read bottom to top from the cell's bottom.
    const wednesday = runs.find((x) => x.text.startsWith('Wednesday'))!;
    expect([wednesday.dx, wednesday.dy]).toEqual([0, -1]);
    expect(wednesday.y).toBeCloseTo(h2.y + h2.height - 2, 1);
  });

  it('runs a shorter vertical cell along its whole row, aligned by text-align', async () => {
    const r = await layoutSnippet(
      `<table style="border-collapse: collapse"><tr>
        <th id=a style="writing-mode: vertical-rl; text-align: start; padding: 2px">Mon</th>
        <th id=b style="writing-mode: vertical-rl; text-align: end; padding: 2px">Tue</th>
        <th style="writing-mode: vertical-rl; padding: 2px">Wednesday afternoon</th></tr></table>`,
      PAGE,
    );
    const [a] = r.box('a');
    const [b] = r.box('b');
    const runs = drawnRuns(r.items(0));
    const mon = runs.find((x) => x.text === 'Mon')!;
    const tue = runs.find((x) => x.text === 'Tue')!;
    // Start is the top of the cell, end its bottom: the cell is as tall as the row.
    expect(mon.y).toBeCloseTo(a.y + 2, 0);
    expect(tue.y + tue.length).toBeCloseTo(b.y + b.height - 2, 0);
  });

  it('stretches as a flex item and takes its depth as its flex basis', async () => {
    const r = await layoutSnippet(
      `<div style="display: flex; height: 200px"><div id=side style="writing-mode: sideways-lr; background: navy; color: white">Side</div><div id=main style="flex: 1">Main</div></div>`,
      PAGE,
    );
    expect(r.box('side')[0]).toEqual({ page: 0, x: 0, y: 0, width: 20, height: 200 });
    expect(r.box('main')[0].x).toBe(20);
    const side = drawnRuns(r.items(0)).find((x) => x.text === 'Side')!;
    // Read bottom to top from the stretched box's bottom.
    expect(side.y).toBe(200);
  });

  it('makes an inline of another writing mode an inline-block (a rotated header span)', async () => {
    const r = await layoutSnippet(
      `<table><tr><th id=th><span id=s style="writing-mode: vertical-rl">Total hours</span></th><td>9</td></tr></table>
       <span id=m style="display: inline-block; font-weight: bold">Total hours</span>`,
      PAGE,
    );
    const [s] = r.box('s');
    expect(s.width).toBeCloseTo(20, 0);
    expect(s.height).toBeCloseTo(r.box('m')[0].width, 0);
    expect(r.box('th')[0].height).toBeGreaterThan(s.height);
  });

  it('sizes an auto grid column by its depth', async () => {
    const r = await layoutSnippet(
      `<div style="display: grid; grid-template-columns: auto 1fr"><div id=g style="writing-mode: vertical-lr">Label</div><div id=rest>Rest</div></div>`,
      PAGE,
    );
    expect(r.box('g')[0].width).toBe(20);
    expect(r.box('rest')[0].x).toBe(20);
  });

  it('sits in a line as an inline-block', async () => {
    const r = await layoutSnippet(
      `<p>Before <span id=v style="display: inline-block; writing-mode: vertical-rl">Up</span> after</p>`,
      PAGE,
    );
    const [v] = r.box('v');
    expect(v.width).toBe(20);
    expect(v.height).toBeGreaterThan(10);
    expect(v.x).toBeGreaterThan(30);
  });
});

describe('writing-mode: what is not supported', () => {
  it('lays out a vertical body horizontally, with a warning', async () => {
    const r = await layoutSnippet(
      `<!DOCTYPE html><html lang="en"><head><title>t</title><style>${PAGE} body { writing-mode: vertical-rl }</style></head><body><p id=p>Horizontal after all</p><p style="writing-mode: horizontal-tb">Plain</p></body></html>`,
    );
    expect(r.box('p')[0].width).toBe(600);
    expect(r.lines(0)[0].text).toBe('Horizontal after all');
    const messages = r.warnings.map((w) => w.message).join('\n');
    expect(messages).toMatch(/vertical page.*horizontally/);
    // A horizontal paragraph in that page is just what it is laid out as.
    expect(messages).not.toContain('inside vertical text');
  });

  it('warns about a horizontal box inside vertical text and about combined text', async () => {
    const r = await layoutSnippet(
      `<div style="writing-mode: vertical-rl; height: 100px">A <span style="text-combine-upright: digits 2">12</span><div style="writing-mode: horizontal-tb">B</div></div>`,
      PAGE,
    );
    const messages = r.warnings.map((w) => w.message).join('\n');
    expect(messages).toContain('horizontal-tb inside vertical text');
    expect(messages).toContain('text-combine-upright: digits');
  });
});

describe('writing-mode in the PDF', () => {
  it('keeps the text extractable in reading order and the PDF compliant', async () => {
    const html = `<!DOCTYPE html><html lang="en"><head><title>Vertical</title><style>${PAGE}</style></head>
      <body><div style="display: flex"><div style="writing-mode: vertical-rl; height: 120px">Certificate of completion</div>
      <div style="writing-mode: vertical-rl; text-orientation: upright">No.12</div>
      <p style="flex: 1">Awarded to Jane Doe.</p></div></body></html>`;
    const result = await render({ kind: 'html', html }, { deterministic: true });
    const report = validate(result.pdf, { flavours: ['pdfa-3a', 'pdfua-1'] });
    expect(report.failures ?? []).toEqual([]);
    const back = await readPdf(result.pdf);
    const text = back.pages[0].text.replace(/\s+/g, ' ');
    expect(text.indexOf('Certificate')).toBeGreaterThanOrEqual(0);
    expect(text.indexOf('completion')).toBeGreaterThan(text.indexOf('Certificate'));
    expect(text.indexOf('No.12')).toBeGreaterThan(text.indexOf('completion'));
    expect(text.indexOf('Awarded')).toBeGreaterThan(text.indexOf('No.12'));
  });
});
