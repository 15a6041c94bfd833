/**
 * A page holding one of everything the display list can draw: dashes, caps and joins, fills
 * with even-odd, a gradient with stop alphas, an opacity group, a clip inside a transform, an
 * image with an alpha plane, glyph offsets and translucent text. Used for the reference image.
 */
import { glyphListOf } from '../../src/document/index.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as fontkit from 'fontkit';
import type {
  DisplayItem,
  FontResource,
  GlyphRun,
  ItemTag,
  Page,
  RgbaColor,
} from '../../src/document/index.js';

const fontBytes = readFileSync(
  join(import.meta.dirname, '..', '..', 'fonts', 'LiberationSans-Regular.ttf'),
);
const font = fontkit.create(fontBytes) as fontkit.Font;
export const sceneFont: FontResource = {
  id: 'scene-liberation-sans',
  postscriptName: font.postscriptName,
  program: fontBytes,
};
const art: ItemTag = { kind: 'artifact', type: 'Layout' };
const rgba = (r: number, g: number, b: number, a = 1): RgbaColor => ({ r, g, b, a });

export function text(
  s: string,
  x: number,
  y: number,
  size: number,
  color: RgbaColor,
  offsets: readonly (readonly [number, number])[] = [],
): GlyphRun {
  const run = font.layout(s);
  const k = size / font.unitsPerEm;
  return {
    kind: 'glyphs',
    font: sceneFont,
    size,
    color,
    x,
    y,
    glyphs: glyphListOf(
      run.glyphs.map((g, i) => {
        const [dx, dy] = offsets[i] ?? [0, 0];
        return {
          id: g.id,
          advance: (run.positions[i]?.xAdvance ?? 0) * k,
          ...(dx ? { dx } : {}),
          ...(dy ? { dy } : {}),
          text: String.fromCodePoint(...g.codePoints),
        };
      }),
    ),
    tag: art,
  };
}

function checker(): DisplayItem {
  const w = 8;
  const h = 8;
  const pixels = new Uint8Array(w * h * 3);
  const alpha = new Uint8Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      pixels.set((x + y) % 2 ? [0, 120, 255] : [255, 200, 0], i * 3);
      alpha[i] = Math.round((255 * x) / (w - 1));
    }
  return {
    kind: 'image',
    image: {
      id: 'scene-checker',
      widthPx: w,
      heightPx: h,
      data: { encoding: 'raw', pixels, components: 3, alpha },
    },
    x: 200,
    y: 90,
    width: 60,
    height: 60,
    tag: art,
  };
}

export function scenePage(): Page {
  const zigzag = [
    { op: 'moveTo', x: 20, y: 60 },
    { op: 'lineTo', x: 40, y: 20 },
    { op: 'lineTo', x: 60, y: 60 },
    { op: 'lineTo', x: 80, y: 20 },
  ] as const;
  const items: DisplayItem[] = [
    // Sharp miter joins: PDF's miter limit is 10, SVG's default 4 would bevel these.
    { kind: 'path', ops: zigzag, stroke: { paint: rgba(0, 0, 0), width: 5 }, tag: art },
    {
      kind: 'path',
      ops: [
        { op: 'moveTo', x: 100, y: 25 },
        { op: 'lineTo', x: 180, y: 25 },
      ],
      stroke: { paint: rgba(0.8, 0, 0), width: 6, dash: [12, 6], cap: 'round' },
      tag: art,
    },
    {
      kind: 'path',
      ops: [
        { op: 'moveTo', x: 100, y: 45 },
        { op: 'lineTo', x: 180, y: 45 },
        { op: 'lineTo', x: 180, y: 60 },
      ],
      stroke: {
        paint: rgba(0, 0.5, 0, 0.6),
        width: 6,
        cap: 'square',
        join: 'round',
        dash: [8, -1, 4],
      },
      tag: art,
    },
    {
      kind: 'path',
      ops: [
        { op: 'rect', x: 200, y: 15, width: 50, height: 50 },
        { op: 'rect', x: 212, y: 27, width: 26, height: 26 },
      ],
      fill: rgba(0.2, 0.3, 0.7),
      fillRule: 'evenodd',
      stroke: { paint: rgba(0, 0, 0), width: 1, join: 'bevel' },
      tag: art,
    },
    {
      kind: 'path',
      ops: [{ op: 'rect', x: 20, y: 80, width: 160, height: 30 }],
      fill: {
        kind: 'linear-gradient',
        x0: 20,
        y0: 0,
        x1: 180,
        y1: 0,
        stops: [
          { offset: 1, color: rgba(0, 0, 1, 0.5) },
          { offset: 0, color: rgba(1, 0.5, 0, 1) },
        ],
      },
      tag: art,
    },
    {
      // Opacity of the composite: the overlap of the two squares is not darker.
      kind: 'group',
      opacity: 0.5,
      items: [
        {
          kind: 'path',
          ops: [{ op: 'rect', x: 20, y: 120, width: 40, height: 40 }],
          fill: rgba(0, 0, 0),
          tag: art,
        },
        {
          kind: 'path',
          ops: [{ op: 'rect', x: 40, y: 140, width: 40, height: 40 }],
          fill: rgba(0, 0, 0),
          tag: art,
        },
      ],
    },
    {
      // Transform first, then the clip in the transformed space (as the writer's cm then W n).
      kind: 'group',
      transform: [0.8660254, 0.5, -0.5, 0.8660254, 140, 120],
      clip: [{ op: 'rect', x: 0, y: 0, width: 40, height: 20 }],
      items: [
        {
          kind: 'path',
          ops: [{ op: 'rect', x: -20, y: -20, width: 80, height: 80 }],
          fill: rgba(0.9, 0.1, 0.5),
          tag: art,
        },
      ],
    },
    { kind: 'group', clip: [], items: [text('Unclipped', 200, 175, 12, rgba(0, 0, 0))] },
    checker(),
    text('Offsets', 20, 210, 18, rgba(0, 0, 0), [
      [0, 0],
      [2, -4],
      [0, 4],
    ]),
    text('Translucent', 120, 210, 18, rgba(0.8, 0, 0, 0.4)),
  ];
  return { width: 280, height: 225, items };
}
