/**
 * Border images (CSS Backgrounds 3 §6) laid out and drawn: the nine-slice geometry on its own
 * (slice offsets, widths, tiles per repeat mode), then boxes laid out through the real pipeline
 * with a generated 30×30 bitmap, gradients and an SVG as the source, read back as display
 * items, a PDF and an image. Items are in points; the CSS is in px (1px = 0.75pt).
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type {
  DisplayItem,
  GroupItem,
  ImageItem,
  PathItem,
  UseItem,
} from '../../src/document/index.js';
import {
  axisTiles,
  imageWidths,
  nineSliceParts,
  sliceOffsets,
  type NineSlice,
} from '../../src/layout/paint/border-image-geometry.js';
import { parseDataUri } from '../../src/resources/index.js';
import { render, renderImage } from '../../src/render.js';
import { validate } from '../../src/validate/index.js';
import { layoutSnippet } from './geometry.js';
import { testOptions } from './harness.js';

const PCT = (percent: number) => ({ percent, px: 0 });

describe('nine-slice geometry', () => {
  it('cuts slices from numbers and percentages, a slice past the edge taken as the whole', () => {
    const s = sliceOffsets([10, PCT(50), 40, PCT(0)], { width: 30, height: 30 }, 0.5);
    expect(s).toEqual({ top: 5, right: 15, bottom: 20, left: 0 });
    expect(sliceOffsets([100, 100, 100, 100], { width: 30, height: 20 }, 1)).toEqual({
      top: 20,
      right: 30,
      bottom: 20,
      left: 30,
    });
  });

  it('scales all four widths down by one factor when opposite ones overlap', () => {
    const area = { x: 0, y: 0, width: 100, height: 40 };
    const borders = { top: 10, right: 10, bottom: 10, left: 10 };
    // 40px (30pt) twice down a 40pt tall area: everything shrinks by 2/3.
    const w = imageWidths([40, { factor: 1 }, 40, 'auto'], borders, area, {
      top: 6,
      right: 6,
      bottom: 6,
      left: 9,
    });
    expect(w.top).toBeCloseTo(20);
    expect(w.bottom).toBeCloseTo(20);
    expect(w.right).toBeCloseTo(10 * (2 / 3));
    expect(w.left).toBeCloseTo(6);
    // auto without a natural size is the border width; percentages are of the area.
    const auto = imageWidths(['auto', PCT(10), 'auto', PCT(10)], borders, area, undefined);
    for (const side of ['top', 'right', 'bottom', 'left'] as const)
      expect(auto[side]).toBeCloseTo(10);
  });

  it('places tiles per repeat mode: stretch, round, repeat centred, space shared', () => {
    expect(axisTiles('stretch', 10, 100, 30, -Infinity, Infinity)).toEqual({
      starts: [10],
      size: 100,
      overflows: false,
    });
    const round = axisTiles('round', 10, 100, 30, -Infinity, Infinity);
    // 100 / 30 rounds to three tiles.
    expect(round.starts.map((x) => +x.toFixed(3))).toEqual([10, 43.333, 76.667]);
    expect(round.size).toBeCloseTo(33.333);
    const repeat = axisTiles('repeat', 10, 100, 30, -Infinity, Infinity);
    // One centred tile (45 to 75), whole ones either side, parts of two more at the ends.
    expect(repeat.starts).toEqual([-15, 15, 45, 75, 105]);
    expect(repeat.overflows).toBe(true);
    const space = axisTiles('space', 10, 100, 30, -Infinity, Infinity);
    // Three fit; the 10 left over is shared by the four gaps.
    expect(space.starts.map((x) => +x.toFixed(6))).toEqual([12.5, 45, 77.5]);
    expect(axisTiles('space', 0, 20, 30, -Infinity, Infinity).starts).toEqual([]);
    // Tiles outside the range drawn are left out.
    expect(axisTiles('round', 10, 100, 30, 40, 70).starts.map(Math.round)).toEqual([10, 43]);
  });

  const nine: NineSlice = {
    area: { x: 0, y: 0, width: 120, height: 60 },
    image: { width: 30, height: 30 },
    slices: { top: 10, right: 10, bottom: 10, left: 10 },
    widths: { top: 20, right: 20, bottom: 20, left: 20 },
    repeat: ['stretch', 'stretch'],
    fill: false,
  };

  it('draws the corners and edges, and the middle only with fill', () => {
    const parts = nineSliceParts(nine);
    expect(parts.map((p) => p.name)).toEqual([
      'top-left',
      'top',
      'top-right',
      'left',
      'right',
      'bottom-left',
      'bottom',
      'bottom-right',
    ]);
    const top = parts.find((p) => p.name === 'top')!;
    expect(top.tiles).toEqual([
      {
        src: { x: 10, y: 0, width: 10, height: 10 },
        dest: { x: 20, y: 0, width: 80, height: 20 },
      },
    ]);
    expect(nineSliceParts({ ...nine, fill: true }).map((p) => p.name)).toContain('middle');
  });

  it('scales the edges by their width and the middle as the top and left edges', () => {
    const parts = nineSliceParts({ ...nine, fill: true, repeat: ['repeat', 'round'] });
    const top = parts.find((p) => p.name === 'top')!;
    // 10 image units tall drawn 20 tall: tiles 20 wide, one centred in the 80 of the edge.
    expect(top.tiles.map((t) => t.dest.x)).toEqual([10, 30, 50, 70, 90]);
    expect(top.overflows).toBe(true);
    const left = parts.find((p) => p.name === 'left')!;
    // Round down 20 of the left edge: one tile of 20 (10 units at twice the size).
    expect(left.tiles.map((t) => t.dest)).toEqual([{ x: 0, y: 20, width: 20, height: 20 }]);
    const middle = parts.find((p) => p.name === 'middle')!;
    // Across as the top edge (five tiles, centred), down as the left one (one).
    expect(middle.tiles).toHaveLength(5);
    expect(middle.tiles[0].dest).toEqual({ x: 10, y: 20, width: 20, height: 20 });
  });
});

/** A 30×30 PNG of nine 10×10 squares, each its own colour; one pixel half transparent. */
async function framePng(): Promise<string> {
  const colours = [
    [255, 0, 0],
    [0, 0, 0],
    [0, 255, 0],
    [255, 128, 0],
    [200, 200, 200],
    [0, 255, 255],
    [0, 0, 255],
    [128, 0, 128],
    [255, 255, 0],
  ];
  const px = Buffer.alloc(30 * 30 * 4);
  for (let y = 0; y < 30; y++)
    for (let x = 0; x < 30; x++) {
      const [r, g, b] = colours[Math.floor(y / 10) * 3 + Math.floor(x / 10)];
      px.set([r, g, b, x === 15 && y === 15 ? 128 : 255], (y * 30 + x) * 4);
    }
  const png = await sharp(px, { raw: { width: 30, height: 30, channels: 4 } })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

const dataLoader = {
  ...testOptions.loader,
  load: async (url: string) => parseDataUri(url, 1 << 20),
};

const PAGE = '@page { size: 400px 300px; margin: 0 } body { margin: 0 }';

async function items(css: string, html = '<div id="b"></div>') {
  const r = await layoutSnippet(html, `${PAGE} #b { ${css} }`, { loader: dataLoader });
  return { r, items: r.items(0), warnings: r.warnings.map((w) => w.code) };
}

/** Every item, groups followed, with the groups around it. */
function walk(list: readonly DisplayItem[], outer: GroupItem[] = []): [DisplayItem, GroupItem[]][] {
  return list.flatMap((i): [DisplayItem, GroupItem[]][] =>
    i.kind === 'group' ? walk(i.items, [...outer, i]) : [[i, outer]],
  );
}

/** Every use of a shared drawing, groups followed. */
const uses = (list: readonly DisplayItem[]): UseItem[] =>
  walk(list).flatMap(([i]) => (i.kind === 'use' ? [i] : []));

const images = (list: readonly DisplayItem[]): ImageItem[] =>
  walk(list).flatMap(([i]) => (i.kind === 'image' ? [i] : []));

describe('border images laid out', () => {
  it('draws a bitmap as one cut per slice, in place of the border', async () => {
    const png = await framePng();
    // Border box 120×80px: 90×60pt, borders of 10px (7.5pt).
    const { items: list } = await items(
      `width: 100px; height: 60px; border: 10px solid red; border-image: url(${png}) 10`,
    );
    expect(walk(list).filter(([i]) => i.kind === 'path')).toEqual([]);
    const drawn = images(list);
    expect(drawn).toHaveLength(8);
    expect(drawn.map((i) => [i.x, i.y, i.width, i.height])).toEqual([
      [0, 0, 7.5, 7.5],
      [7.5, 0, 75, 7.5],
      [82.5, 0, 7.5, 7.5],
      [0, 7.5, 7.5, 45],
      [82.5, 7.5, 7.5, 45],
      [0, 52.5, 7.5, 7.5],
      [7.5, 52.5, 75, 7.5],
      [82.5, 52.5, 7.5, 7.5],
    ]);
    // Each a 10×10 cut of the same source, the top-left one its red square.
    expect(drawn.every((i) => i.image.widthPx === 10 && i.image.heightPx === 10)).toBe(true);
    const first = drawn[0].image.data;
    expect(first.encoding === 'raw' && [...first.pixels.subarray(0, 3)]).toEqual([255, 0, 0]);
    expect(new Set(drawn.map((i) => i.image.id.split('#')[0])).size).toBe(1);
    expect(drawn.every((i) => i.tag.kind === 'artifact')).toBe(true);
  });

  it('cuts the pixels a slice touches when its edges fall inside pixels, clipped to it', async () => {
    const png = await framePng();
    // 33% of 30px is 9.9px: the top-left slice touches ten pixels each way.
    const { items: list } = await items(
      `width: 100px; height: 60px; border: 10px solid; border-image: url(${png}) 33%`,
    );
    const corner = list.find((i): i is GroupItem => i.kind === 'group' && !!i.transform);
    expect(corner?.clip).toEqual([{ op: 'rect', x: 0, y: 0, width: 7.425, height: 7.425 }]);
    const image = corner?.items[0] as ImageItem;
    expect([image.image.widthPx, image.image.heightPx]).toEqual([10, 10]);
    expect([image.x, image.y, image.width, image.height]).toEqual([0, 0, 7.5, 7.5]);
  });

  it('tiles edges for repeat, clipped to the edge, and rounds and spaces them', async () => {
    const png = await framePng();
    const css = (mode: string): string =>
      `width: 100px; height: 60px; border: 10px solid; border-image: url(${png}) 10 ${mode}`;
    // The images along the top edge, between the corners.
    const top = (list: readonly DisplayItem[], end = 82.5) =>
      walk(list).filter(([i]) => i.kind === 'image' && i.y === 0 && i.x > 0 && i.x < end - 0.1);
    // 100px of top edge in 10px tiles: ten for round; for repeat one centred, so halves of
    // two at the ends, clipped to the edge.
    const repeat = top((await items(css('repeat'))).items);
    expect(repeat).toHaveLength(11);
    expect((repeat[0][0] as ImageItem).x).toBe(3.75);
    expect(repeat[0][1].at(-1)?.clip).toEqual([
      { op: 'rect', x: 7.5, y: 0, width: 75, height: 7.5 },
    ]);
    const round = top((await items(css('round'))).items);
    expect(round.map(([i]) => (i as ImageItem).width)).toEqual(Array(10).fill(7.5));
    // 95px of edge for space: nine 10px tiles and ten gaps of 0.5px.
    const spaced = top(
      (await items(css('space').replace('width: 100px', 'width: 95px'))).items,
      78.75,
    ).map(([i]) => (i as ImageItem).x);
    expect(spaced).toHaveLength(9);
    expect(spaced[1] - spaced[0]).toBeCloseTo(7.875);
  });

  it('grows the image area by the outsets and uses the widths given, not the border', async () => {
    const png = await framePng();
    const { items: list, r } = await items(
      `margin: 20px; width: 100px; height: 60px; border: 4px solid; border-image: url(${png}) 10 fill / 20px / 8px`,
    );
    // The layout keeps the border widths; the image covers 8px more each way.
    expect(r.box('b')).toEqual([{ page: 0, x: 20, y: 20, width: 108, height: 68 }]);
    const drawn = images(list);
    expect(drawn).toHaveLength(9);
    expect([drawn[0].x, drawn[0].y, drawn[0].width]).toEqual([9, 9, 15]);
  });

  it('slices a gradient as an image the size of the border image area', async () => {
    const { items: list } = await items(
      'width: 100px; height: 60px; border: 10px solid; border-image: linear-gradient(to right, #f00, #00f) 1',
    );
    const tiles = uses(list);
    expect(tiles).toHaveLength(8);
    // One drawing of the gradient over the whole area (90×60pt), used by every part.
    const drawing = tiles[0].drawing;
    expect(tiles.every((t) => t.drawing === drawing)).toBe(true);
    expect(drawing.bounds).toEqual([0, 0, 90, 60]);
    const path = drawing.items[0] as PathItem;
    expect(path.ops).toEqual([{ op: 'rect', x: 0, y: 0, width: 90, height: 60 }]);
    expect(path.fill).toMatchObject({ kind: 'linear-gradient', x0: 0, x1: 90 });
    // The top-left corner: the gradient's first 1px square (0.75pt) scaled up to the border.
    const corner = tiles[0];
    expect(corner.transform[0]).toBeCloseTo(10.333, 2);
    expect(corner.clip).toEqual([{ op: 'rect', x: 0, y: 0, width: 0.75, height: 0.75 }]);
    expect(corner.tag).toMatchObject({ kind: 'artifact', type: 'Layout' });
  });

  it('draws the border styles instead when the image cannot be had', async () => {
    const { items: list, warnings } = await items(
      'width: 100px; height: 60px; border: 6px dashed green; border-image: url(https://example.invalid/x.png) 10',
    );
    expect(warnings).toEqual(['resource.image-failed', 'layout.border-image-fallback']);
    const strokes = walk(list).filter(([i]) => i.kind === 'path' && i.stroke);
    expect(strokes.length).toBeGreaterThan(0);
  });

  it('draws a simple SVG as vectors', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="30" height="30"><rect width="30" height="30" fill="#0a0"/></svg>',
    ).toString('base64');
    const { items: list } = await items(
      `width: 100px; height: 60px; border: 10px solid; border-image: url(data:image/svg+xml;base64,${svg}) 10 round`,
    );
    expect(images(list)).toEqual([]);
    // The SVG becomes items once: every tile is a use of that one drawing, clipped to its slice.
    expect(walk(list).filter(([i]) => i.kind === 'path')).toEqual([]);
    const tiles = uses(list);
    // Round: four corners, and 10px tiles (the 10px slices at the border's width) along the
    // 100px and 60px edges.
    expect(tiles).toHaveLength(4 + 2 * 10 + 2 * 6);
    expect(new Set(tiles.map((t) => t.drawing)).size).toBe(1);
    expect(tiles.every((t) => t.clip?.length === 1)).toBe(true);
    const fills = walk(tiles[0].drawing.items).filter(([i]) => i.kind === 'path' && i.fill);
    expect(fills).toHaveLength(1);
    expect(tiles[0].drawing.bounds).toEqual([0, 0, 22.5, 22.5]);
  });

  it('cuts a box broken across pages out of the image drawn over the whole box', async () => {
    const png = await framePng();
    const r = await layoutSnippet(
      `<div id="b">${'<p style="height: 100px; margin: 0"></p>'.repeat(4)}</div>`,
      `@page { size: 300px 300px; margin: 0 } body { margin: 0 }
       #b { border: 10px solid; border-image: url(${png}) 10 }`,
      { loader: dataLoader },
    );
    expect(r.pages).toBe(2);
    // Page 1 shows the top corners and no bottom ones; everything is clipped to the page's piece.
    const first = r.items(0).filter((i): i is GroupItem => i.kind === 'group');
    const cut = first.find((g) => g.clip && images(g.items).length > 0);
    expect(cut?.clip).toEqual([{ op: 'rect', x: 0, y: 0, width: 225, height: 225 }]);
    const ys = images(cut!.items).map((i) => i.y);
    expect(Math.min(...ys)).toBe(0);
    expect(images(cut!.items).some((i) => i.y + i.height > 225)).toBe(true);
    // The second page starts mid-edge: no top corner there, the bottom ones at the end.
    const second = images(r.items(1));
    expect(second.some((i) => i.y === 0 && i.width === 7.5 && i.height === 7.5)).toBe(false);
  });
});

describe('border images elsewhere', () => {
  it('frame the page box, and leave collapsed table borders alone', async () => {
    const r = await layoutSnippet(
      '<table><tr><td id="c">x</td></tr></table>',
      `@page { size: 200px 200px; margin: 20px; border: 10px solid;
         border-image: linear-gradient(red, blue) 1 }
       body { margin: 0 }
       table { border-collapse: collapse }
       td { border: 4px solid green; border-image: linear-gradient(red, blue) 1 }`,
    );
    const list = r.items(0);
    // The page box's eight parts, each a slice of the gradient moved into place.
    const slices = uses(list);
    expect(slices).toHaveLength(8);
    expect(new Set(slices.map((s) => s.drawing)).size).toBe(1);
    // The cell's collapsed border is drawn in green, as the table's grid.
    const green = walk(list).filter(
      ([i]) =>
        i.kind === 'path' && i.fill && !('kind' in i.fill) && i.fill.g > 0.4 && i.fill.r === 0,
    );
    expect(green.length).toBeGreaterThan(0);
  });
});

describe('border images written out', () => {
  const html = async () => `<!DOCTYPE html><html lang="en"><head><title>Frames</title><style>
    @page { size: 300px 200px; margin: 0 } body { margin: 0 }
    div { width: 100px; height: 40px; border: 10px solid; margin: 10px }
    #a { border-image: url(${await framePng()}) 10 repeat }
    #b { border-image: linear-gradient(#f00, #00f) 1 }
  </style></head><body><div id="a"></div><div id="b"></div></body></html>`;

  it('writes each cut once, and stays PDF/A-3a and PDF/UA-1', async () => {
    const { pdf } = await render({ kind: 'html', html: await html() }, { deterministic: true });
    const report = validate(pdf, { flavours: ['pdfa-3a', 'pdfua-1'] });
    expect(report.failures ?? []).toEqual([]);
    // Eight slices, however many tiles repeat them.
    expect(report.documentInfo?.images).toBe(8);
  });

  it('draws the same in the image', async () => {
    const { image } = await renderImage(
      { kind: 'html', html: await html() },
      { page: 1, scale: 1, format: 'png' },
    );
    const { data, info } = await sharp(image).flatten({ background: '#fff' }).raw().toBuffer({
      resolveWithObject: true,
    });
    const at = (x: number, y: number): number[] => {
      const i = (y * info.width + x) * info.channels;
      return [data[i], data[i + 1], data[i + 2]];
    };
    // #a's top-left corner is red, its middle the page's white (no fill); #b's top edge is
    // its gradient's red end, its bottom edge the blue one.
    expect(at(14, 14)).toEqual([255, 0, 0]);
    expect(at(70, 40)).toEqual([255, 255, 255]);
    expect(at(70, 84)[0]).toBeGreaterThan(200);
    expect(at(70, 145)[2]).toBeGreaterThan(200);
  });
});
