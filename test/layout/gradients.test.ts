/**
 * CSS gradients as background layers, in WeasyPrint's manner: lay out a box with a gradient
 * background and read back the paints the display list got. Geometry is in points (the box is
 * 200px by 100px, 150pt by 75pt, at the page's top-left corner).
 */
import { describe, expect, it } from 'vitest';
import type {
  DisplayItem,
  GroupItem,
  LinearGradient,
  Paint,
  PathItem,
  RadialGradient,
  RgbaColor,
  UseItem,
} from '../../src/document/index.js';
import { moveItem } from '../../src/layout/paint/decoration.js';
import { layoutSnippet } from './geometry.js';

const PAGE = '@page { size: 400px 300px; margin: 0 } body { margin: 0 }';
const BOX = '#g { width: 200px; height: 100px }';

/** The background items of a box styled `css` (on #g), and the layout's warnings. */
async function background(css: string, boxCss = BOX) {
  const r = await layoutSnippet('<div id="g"></div>', `${PAGE} ${boxCss} #g { ${css} }`);
  return { items: r.items(0), warnings: r.warnings.map((w) => w.code) };
}

/**
 * Path items tagged as background, in drawing order: groups followed, and a shared drawing's
 * paths placed where each use (moved, never scaled here) puts them.
 */
function paths(items: readonly DisplayItem[]): PathItem[] {
  return items.flatMap((i): PathItem[] => {
    if (i.kind === 'group') return paths(i.items);
    if (i.kind === 'use') {
      expect(i.transform.slice(0, 4)).toEqual([1, 0, 0, 1]);
      const [, , , , dx, dy] = i.transform;
      return paths(i.drawing.items).map((p) => moveItem(p, dx, dy) as PathItem);
    }
    return i.kind === 'path' && i.tag.kind === 'artifact' && i.tag.type === 'Background' ? [i] : [];
  });
}

const useOf = (items: readonly DisplayItem[]) => items.find((i): i is UseItem => i.kind === 'use');

async function onlyFill(css: string): Promise<Paint> {
  const { items } = await background(css);
  const all = paths(items);
  expect(all).toHaveLength(1);
  return all[0].fill as Paint;
}

function radial(p: Paint): RadialGradient {
  if (!('kind' in p) || p.kind !== 'radial-gradient') throw new Error('not a radial gradient');
  return p;
}

function linear(p: Paint): LinearGradient {
  if (!('kind' in p) || p.kind !== 'linear-gradient') throw new Error('not a linear gradient');
  return p;
}

/** The colour straight interpolation of the stops gives at `offset`. */
function colorAt(stops: LinearGradient['stops'], offset: number): RgbaColor {
  const i = stops.findIndex((s) => s.offset >= offset);
  if (i <= 0) return stops[Math.max(0, i)].color;
  const a = stops[i - 1];
  const b = stops[i];
  const t = b.offset > a.offset ? (offset - a.offset) / (b.offset - a.offset) : 1;
  const mix = (x: number, y: number): number => x + (y - x) * t;
  return {
    r: mix(a.color.r, b.color.r),
    g: mix(a.color.g, b.color.g),
    b: mix(a.color.b, b.color.b),
    a: mix(a.color.a, b.color.a),
  };
}

/**
 * Where a wedge's arc starts and ends: CSS angles (0 = up, clockwise; the start within -180
 * to 180), to 1/1000 degree.
 */
function arcAngles(w: PathItem): [number, number] {
  const centre = w.ops[0];
  const arc = w.ops.filter((o) => o.op === 'lineTo');
  const angle = (o: PathItem['ops'][number]): number => {
    if (o.op !== 'lineTo' || centre.op !== 'moveTo') throw new Error('not a wedge');
    const deg = (Math.atan2(o.x - centre.x, centre.y - o.y) * 180) / Math.PI;
    return Math.round(deg * 1000) / 1000 + 0;
  };
  const from = angle(arc[0]);
  const to = angle(arc[arc.length - 1]);
  return [from, to <= from ? to + 360 : to];
}

function expectColor(actual: RgbaColor, expected: RgbaColor, tolerance = 2 / 255): void {
  for (const k of ['r', 'g', 'b', 'a'] as const)
    expect(Math.abs(actual[k] - expected[k]), `${k} of ${JSON.stringify(actual)}`).toBeLessThan(
      tolerance,
    );
}

describe('radial gradients', () => {
  // Centre at 25% 75% of 150pt x 75pt: 37.5pt from the left, 112.5 from the right, 56.25 from
  // the top, 18.75 from the bottom.
  const S2 = Math.SQRT2;
  it.each([
    ['ellipse closest-side', 37.5, 18.75],
    ['ellipse farthest-side', 112.5, 56.25],
    ['ellipse closest-corner', 37.5 * S2, 18.75 * S2],
    ['ellipse farthest-corner', 112.5 * S2, 56.25 * S2],
    ['circle closest-side', 18.75, 18.75],
    ['circle farthest-side', 112.5, 112.5],
    ['circle closest-corner', Math.hypot(37.5, 18.75), Math.hypot(37.5, 18.75)],
    ['circle farthest-corner', Math.hypot(112.5, 56.25), Math.hypot(112.5, 56.25)],
    ['ellipse 50% 20px', 75, 15],
    ['circle 40px', 30, 30],
  ])('%s at 25%% 75%% maps the unit circle onto its ending shape', async (size, rx, ry) => {
    const g = radial(await onlyFill(`background: radial-gradient(${size} at 25% 75%, red, blue)`));
    expect(g.cx).toBe(0);
    expect(g.cy).toBe(0);
    expect(g.radius).toBe(1);
    const t = g.transform ?? [];
    expect(t[0]).toBeCloseTo(rx, 9);
    expect(t[3]).toBeCloseTo(ry, 9);
    expect([t[1], t[2], t[4], t[5]]).toEqual([0, 0, 37.5, 56.25]);
    expect(g.stops.map((s) => s.offset)).toEqual([0, 1]);
  });

  it('places stops along the ray: lengths against its radius, beyond it the circle grows', async () => {
    const a = radial(
      await onlyFill('background: radial-gradient(circle 40px, red 10px, blue 50%)'),
    );
    expect(a.stops.map((s) => s.offset)).toEqual([0.25, 0.5]);
    const b = radial(await onlyFill('background: radial-gradient(circle 40px, red, blue 80px)'));
    expect(b.radius).toBe(2);
    expect(b.stops.map((s) => s.offset)).toEqual([0, 1]);
  });

  it('unrolls a repeating radial gradient out to the farthest corner', async () => {
    const g = radial(
      await onlyFill(
        'background: repeating-radial-gradient(circle 40px at 0 0, red 0 10px, blue 10px 20px)',
      ),
    );
    // The far corner (150, 75) is hypot(150, 75) / 30 radii out; one period is half a radius.
    const far = Math.hypot(150, 75) / 30;
    expect(g.radius).toBeCloseTo(far, 9);
    expect(g.stops[0]).toEqual({ offset: 0, color: { r: 1, g: 0, b: 0, a: 1 } });
    const edges = g.stops.filter((s, i) => i > 0 && s.offset === g.stops[i - 1].offset);
    // Two hard edges a period (red to blue, blue to red) out to the corner.
    expect(edges.length).toBe(Math.floor(far / 0.25));
  });

  it('draws a zero-height ellipse in its last colour', async () => {
    expect(await onlyFill('background: radial-gradient(20px 0, red, blue)')).toEqual({
      r: 0,
      g: 0,
      b: 1,
      a: 1,
    });
  });
});

describe('repeating linear gradients', () => {
  it('unroll the stop list over the gradient line, one period after another', async () => {
    // 256px wide: a 192pt line, periods of 32px = 24pt, an eighth of it.
    const { items } = await background(
      'background: repeating-linear-gradient(90deg, red 0 16px, blue 16px 32px)',
      '#g { width: 256px; height: 100px }',
    );
    const g = linear(paths(items)[0].fill as Paint);
    expect(g.stops).toHaveLength(32);
    expect(g.stops.slice(0, 5).map((s) => s.offset)).toEqual([0, 0.0625, 0.0625, 0.125, 0.125]);
    const reds = g.stops.filter((s) => s.color.r === 1).map((s) => s.offset);
    expect(reds.filter((_, i) => i % 2 === 0)).toEqual([0, 1, 2, 3, 4, 5, 6, 7].map((k) => k / 8));
  });

  it('paint their average colour, with a warning, when the period is too fine to draw', async () => {
    const { items, warnings } = await background(
      'background: repeating-linear-gradient(red 0 0.01px, blue 0.01px 0.02px)',
    );
    expectColor(paths(items)[0].fill as RgbaColor, { r: 0.5, g: 0, b: 0.5, a: 1 }, 1e-9);
    expect(warnings).toContain('layout.gradient-too-fine');
  });
});

describe('interpolation', () => {
  it('fades to transparent in the colour it fades from (premultiplied)', async () => {
    const g = linear(await onlyFill('background: linear-gradient(to bottom, #c00, transparent)'));
    expect(g.stops).toEqual([
      { offset: 0, color: { r: 0.8, g: 0, b: 0, a: 1 } },
      { offset: 1, color: { r: 0.8, g: 0, b: 0, a: 0 } },
    ]);
  });

  it('splits a transparent stop between two colours into one of each', async () => {
    const g = linear(await onlyFill('background: linear-gradient(red, transparent, blue)'));
    expect(g.stops).toEqual([
      { offset: 0, color: { r: 1, g: 0, b: 0, a: 1 } },
      { offset: 0.5, color: { r: 1, g: 0, b: 0, a: 0 } },
      { offset: 0.5, color: { r: 0, g: 0, b: 1, a: 0 } },
      { offset: 1, color: { r: 0, g: 0, b: 1, a: 1 } },
    ]);
  });

  it('adds stops between partly transparent colours so they mix premultiplied', async () => {
    const g = linear(
      await onlyFill('background: linear-gradient(rgba(255, 0, 0, 0.8), rgba(0, 0, 255, 0.2))'),
    );
    expect(g.stops.length).toBeGreaterThan(2);
    for (const t of [0.25, 0.5, 0.75]) {
      const a = 0.8 + (0.2 - 0.8) * t;
      expectColor(colorAt(g.stops, t), { r: (0.8 * (1 - t)) / a, g: 0, b: (0.2 * t) / a, a });
    }
  });

  it('follows a colour hint: half and half at the hint, the CSS curve around it', async () => {
    const g = linear(await onlyFill('background: linear-gradient(to right, red, 25%, blue)'));
    expect(g.stops.length).toBeGreaterThan(2);
    expectColor(colorAt(g.stops, 0.25), { r: 0.5, g: 0, b: 0.5, a: 1 });
    // Weight t^(ln 0.5 / ln 0.25) = sqrt(t) of blue at t.
    for (const t of [0.1, 0.5, 0.8]) {
      const w = Math.sqrt(t);
      expectColor(colorAt(g.stops, t), { r: 1 - w, g: 0, b: w, a: 1 });
    }
  });

  it('keeps stops outside the gradient line as the colour where the line ends', async () => {
    const g = linear(await onlyFill('background: linear-gradient(to right, red -100%, blue 300%)'));
    expect(g.stops.map((s) => s.offset)).toEqual([0, 1]);
    expectColor(g.stops[0].color, { r: 0.75, g: 0, b: 0.25, a: 1 });
    expectColor(g.stops[1].color, { r: 0.5, g: 0, b: 0.5, a: 1 });
  });
});

describe('gradient tiles', () => {
  it('draws a sized, unrepeated gradient once, where background-position puts it', async () => {
    const { items } = await background(
      'background: linear-gradient(#000, #000) no-repeat 0 100% / 100% 2px',
    );
    expect(items.filter((i) => i.kind === 'path')).toEqual([
      {
        kind: 'path',
        ops: [{ op: 'rect', x: 0, y: 73.5, width: 150, height: 1.5 }],
        fill: { r: 0, g: 0, b: 0, a: 1 },
        tag: { kind: 'artifact', type: 'Background', bbox: [0, 0, 150, 75] },
      },
    ]);
  });

  it('repeats a sized gradient in tiles, one path each, tiles it does not vary across merged', async () => {
    const { items } = await background(
      'background: linear-gradient(90deg, red, blue) 0 0 / 50px 50px',
    );
    // Drawn once for the tiles that overlap the next and once for the last, each tile a use.
    const uses = items.filter((i): i is UseItem => i.kind === 'use');
    expect(uses).toHaveLength(4);
    expect(new Set(uses.map((u) => u.drawing)).size).toBe(2);
    const tiles = paths(items);
    // Each tile varies along x only: the two rows of four are four columns.
    expect(tiles.map((t) => t.ops[0])).toEqual(
      [0, 37.5, 75, 112.5].map((x, i) => ({
        op: 'rect',
        x,
        y: 0,
        width: 37.5 + (i < 3 ? 0.25 : 0),
        height: 75,
      })),
    );
    expect(tiles.map((t) => linear(t.fill as Paint).x0)).toEqual([0, 37.5, 75, 112.5]);
  });

  it('spaces tiles to fill the area with `space`, and scales them to fit with `round`', async () => {
    const spaced = paths(
      (await background('background: linear-gradient(red, blue) 0 0 / 60px 100px space')).items,
    );
    // Three 45pt tiles in 150pt: 7.5pt between them.
    expect(spaced.map((t) => t.ops[0])).toMatchObject([{ x: 0 }, { x: 52.5 }, { x: 105 }]);
    const rounded = paths(
      (await background('background: linear-gradient(red, blue) 0 0 / 60px 100px round')).items,
    );
    // 200px / 60px rounds to 3 tiles of 200/3 px (50pt), drawn as one: a vertical gradient.
    expect(rounded).toHaveLength(1);
    expect(rounded[0].ops[0]).toMatchObject({ x: 0, width: 150 });
  });

  it('clips a layer to its background-clip box, and the colour to the last layer’s', async () => {
    const { items } = await background(
      'padding: 10px; background: #eee linear-gradient(red, blue) content-box',
      '#g { width: 180px; height: 80px }',
    );
    const [color, gradient] = paths(items);
    expect(color.ops).toEqual([{ op: 'rect', x: 7.5, y: 7.5, width: 135, height: 60 }]);
    expect(gradient.ops).toEqual([{ op: 'rect', x: 7.5, y: 7.5, width: 135, height: 60 }]);
  });

  it('paints a box with opaque borders in one path, as the box without them', async () => {
    const { items } = await background(
      'border: 5px solid black; background: linear-gradient(red, blue)',
      '#g { width: 190px; height: 90px }',
    );
    const [g] = paths(items);
    expect(g.ops).toEqual([{ op: 'rect', x: 0, y: 0, width: 150, height: 75 }]);
    // The gradient spans the padding box, the positioning area.
    expect(linear(g.fill as Paint).y0).toBeCloseTo(3.75, 9);
    expect(linear(g.fill as Paint).y1).toBeCloseTo(71.25, 9);
  });

  it('repeats the tile under a dashed border, as browsers do', async () => {
    const { items } = await background(
      'border: 5px dashed black; background: linear-gradient(red, blue)',
      '#g { width: 190px; height: 90px }',
    );
    const group = items.find((i): i is GroupItem => i.kind === 'group');
    expect(group?.clip).toEqual([{ op: 'rect', x: 0, y: 0, width: 150, height: 75 }]);
    // Rows above and below the padding box's, each as wide as the box (merged across x).
    const rows = paths(group?.items ?? []);
    const starts = rows.map((r) => linear(r.fill as Paint).y0);
    expect(starts).toHaveLength(3);
    [3.75 - 67.5, 3.75, 3.75 + 67.5].forEach((y, i) => expect(starts[i]).toBeCloseTo(y, 9));
  });

  it('draws the first tiles of a layer with too many, and warns', async () => {
    const { items, warnings } = await background(
      'background: radial-gradient(red, blue) 0 0 / 2px 2px',
    );
    expect(paths(items)).toHaveLength(2000);
    expect(warnings).toContain('layout.background-tiles');
  });
});

describe('conic gradients', () => {
  it('draw as solid wedges from the centre covering the box, clipped to it', async () => {
    const { items } = await background(
      'background: conic-gradient(red 0 25%, blue 0 50%, lime 0 75%, yellow 0)',
    );
    // The wedges are one shared drawing (moved as a whole, never wedge by wedge), clipped.
    const use = useOf(items);
    expect(use?.clip).toEqual([{ op: 'rect', x: 0, y: 0, width: 150, height: 75 }]);
    const wedges = paths(use ? [use] : []);
    expect(wedges.map((w) => w.fill)).toEqual([
      { r: 1, g: 0, b: 0, a: 1 },
      { r: 0, g: 0, b: 1, a: 1 },
      { r: 0, g: 1, b: 0, a: 1 },
      { r: 1, g: 1, b: 0, a: 1 },
    ]);
    // Every wedge starts at the centre and reaches beyond the corners.
    const far = Math.hypot(75, 37.5);
    for (const w of wedges) {
      expect(w.ops[0]).toEqual({ op: 'moveTo', x: 75, y: 37.5 });
      for (const op of w.ops.slice(1, -1))
        if (op.op === 'lineTo') expect(Math.hypot(op.x - 75, op.y - 37.5)).toBeGreaterThan(far);
    }
    // Clockwise from up: red from 0deg to 90deg, reaching half a degree back under yellow and
    // forward under blue, which hides the seams between them.
    expect(arcAngles(wedges[0])).toEqual([-0.5, 90.5]);
    expect(arcAngles(wedges[3])).toEqual([-90, 0]);
  });

  it('turn from `from`, around `at`, with one wedge per colour step', async () => {
    const { items } = await background('background: conic-gradient(from 90deg at 0 0, #000, #fff)');
    const wedges = paths(items);
    expect(wedges.length).toBeGreaterThan(100);
    expect(wedges.length).toBeLessThanOrEqual(720);
    expect(wedges[0].ops[0]).toEqual({ op: 'moveTo', x: 0, y: 0 });
    // From 90deg: the first wedge's arc starts to the right of the centre.
    expect(arcAngles(wedges[0])[0]).toBeCloseTo(89.5, 9);
    expect(arcAngles(wedges[wedges.length - 1])[1]).toBeCloseTo(90, 9);
  });

  it('draw wedges of one alpha opaque in a group of that opacity', async () => {
    const { items } = await background(
      'background: conic-gradient(rgba(255, 0, 0, 0.5) 0 50%, rgba(0, 0, 255, 0.5) 0)',
    );
    const group = useOf(items)?.drawing.items[0] as GroupItem;
    expect(group?.opacity).toBe(0.5);
    expect(paths(group?.items ?? []).map((w) => (w.fill as RgbaColor).a)).toEqual([1, 1]);
  });
});
