/** Hand-built LaidOutDocuments for the writer's tests: text shaped with fontkit directly. */
import { glyphListOf } from '../../src/document/index.js';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import * as fontkit from 'fontkit';
import type {
  ArtifactTag,
  DisplayItem,
  DocumentMetadata,
  Drawing,
  FontResource,
  GlyphRun,
  ItemTag,
  LaidOutDocument,
  Page,
  PositionedGlyph,
  RgbaColor,
  StructChild,
  StructNode,
  WriterSettings,
} from '../../src/document/index.js';

const fontCache = new Map<string, FontResource>();

export function font(file: string): FontResource {
  let f = fontCache.get(file);
  if (!f) {
    const program = readFileSync(new URL(`../../fonts/${file}`, import.meta.url));
    const kit = fontkit.create(program) as fontkit.Font;
    f = {
      id: createHash('sha1').update(program).digest('hex'),
      postscriptName: kit.postscriptName,
      program,
    };
    fontCache.set(file, f);
  }
  return f;
}

export const BLACK: RgbaColor = { r: 0, g: 0, b: 0, a: 1 };

/** Shapes `text` with fontkit and returns a glyph run; cluster text goes on the first glyph. */
export function shape(
  file: string,
  text: string,
  x: number,
  y: number,
  size: number,
  tag: ItemTag,
  extra: Partial<GlyphRun> = {},
): GlyphRun {
  const res = font(file);
  const kit = fontkit.create(Buffer.from(res.program)) as fontkit.Font;
  const run = kit.layout(text);
  const scale = size / kit.unitsPerEm;
  const glyphs: PositionedGlyph[] = run.glyphs.map((g, i) => {
    const pos = run.positions[i] as fontkit.GlyphPosition;
    const t = String.fromCodePoint(...g.codePoints);
    return {
      id: g.id,
      advance: pos.xAdvance * scale,
      ...(pos.xOffset ? { dx: pos.xOffset * scale } : {}),
      ...(pos.yOffset ? { dy: -pos.yOffset * scale } : {}),
      text: t,
    };
  });
  return {
    kind: 'glyphs',
    font: res,
    size,
    color: BLACK,
    x,
    y,
    glyphs: glyphListOf(glyphs),
    tag,
    ...extra,
  };
}

export const content = (slot: number): ItemTag => ({ kind: 'content', slot });
export const slotChild = (slot: number): StructChild => ({ kind: 'content', slot });

let nextId = 1;
export function node(
  type: StructNode['type'],
  children: StructChild[],
  extra: Partial<StructNode> = {},
): StructNode {
  return { kind: 'node', id: nextId++, type, children, ...extra };
}

export function metadata(extra: Partial<DocumentMetadata> = {}): DocumentMetadata {
  return { title: 'Test document', lang: 'en', ...extra };
}

/** The file settings render() would pass: a fixed clock and id, PDF/A claimed, no attachments. */
export function settings(extra: Partial<WriterSettings> = {}): WriterSettings {
  return {
    creationDate: new Date('2026-01-02T03:04:05Z'),
    documentId: '2b7e1a1c-9f5e-4a51-8a3e-0c2d7d1b9e11',
    attachments: [],
    xmpSchemas: [],
    pdfa: true,
    ...extra,
  };
}

export function page(items: DisplayItem[], width = 595, height = 842): Page {
  return { width, height, items };
}

export function doc(
  pages: Page[],
  structure: StructNode,
  meta: Partial<DocumentMetadata> = {},
): LaidOutDocument {
  return { pages, structure, metadata: metadata(meta) };
}

/** A one-page document: a heading and a paragraph, with a page-background artifact. */
export function simpleDoc(meta: Partial<DocumentMetadata> = {}): LaidOutDocument {
  const h1 = node('H1', [slotChild(1)]);
  const p = node('P', [slotChild(2)]);
  const root = node('Document', [h1, p]);
  const items: DisplayItem[] = [
    {
      kind: 'path',
      ops: [{ op: 'rect', x: 0, y: 0, width: 595, height: 842 }],
      fill: { r: 1, g: 1, b: 0.95, a: 1 },
      tag: { kind: 'artifact', type: 'Background', bbox: [0, 0, 595, 842] },
    },
    shape('LiberationSans-Bold.ttf', 'Hello, world', 72, 100, 24, content(1)),
    shape('LiberationSans-Regular.ttf', 'A first paragraph of text.', 72, 140, 12, content(2)),
  ];
  return doc([page(items)], root, meta);
}

/**
 * A page that places one shared drawing (a fill, a stroke, a gradient, a half-opaque group and
 * a line of text, all artifacts) `count` times in a row, each use moved, some scaled and
 * clipped; with `expand`, each use is instead a group holding the drawing's items (what a
 * writer without shared drawings would draw), for comparing the two.
 */
export function sharedDrawingPage(count: number, expand = false): Page {
  const art: ItemTag = { kind: 'artifact', type: 'Layout' };
  const drawing: Drawing = {
    bounds: [0, 0, 40, 40],
    items: [
      {
        kind: 'path',
        ops: [{ op: 'rect', x: 2, y: 2, width: 36, height: 36 }],
        fill: { r: 0.9, g: 0.85, b: 0.6, a: 1 },
        tag: art,
      },
      {
        kind: 'path',
        ops: [{ op: 'rect', x: 4, y: 4, width: 32, height: 32 }],
        stroke: { paint: { r: 0.5, g: 0.3, b: 0.1, a: 1 }, width: 2 },
        tag: art,
      },
      {
        kind: 'path',
        ops: [{ op: 'rect', x: 8, y: 8, width: 24, height: 8 }],
        fill: {
          kind: 'linear-gradient',
          x0: 8,
          y0: 0,
          x1: 32,
          y1: 0,
          stops: [
            { offset: 0, color: { r: 1, g: 0, b: 0, a: 1 } },
            { offset: 1, color: { r: 0, g: 0, b: 1, a: 1 } },
          ],
        },
        tag: art,
      },
      {
        kind: 'group',
        opacity: 0.5,
        items: [
          {
            kind: 'path',
            ops: [{ op: 'rect', x: 8, y: 20, width: 16, height: 12 }],
            fill: { r: 0, g: 0.5, b: 0, a: 1 },
            tag: art,
          },
          {
            kind: 'path',
            ops: [{ op: 'rect', x: 16, y: 24, width: 16, height: 8 }],
            fill: { r: 0, g: 0.5, b: 0, a: 1 },
            tag: art,
          },
        ],
      },
      shape('LiberationSans-Regular.ttf', 'ok', 26, 18, 8, art),
    ],
  };
  const items: DisplayItem[] = [];
  for (let i = 0; i < count; i++) {
    const s = i % 3 === 2 ? 1.5 : 1;
    const transform = [s, 0, 0, s, 20 + i * 60, 100] as const;
    const clip =
      i % 2 === 1 ? [{ op: 'rect' as const, x: 0, y: 0, width: 30, height: 40 }] : undefined;
    const tag: ArtifactTag = {
      kind: 'artifact',
      type: 'Layout',
      bbox: [20 + i * 60, 100, 40 * s, 40 * s],
    };
    items.push(
      expand
        ? {
            kind: 'group',
            transform,
            ...(clip ? { clip } : {}),
            items: drawing.items.map((it) => retagged(it, tag)),
          }
        : { kind: 'use', drawing, transform, ...(clip ? { clip } : {}), tag },
    );
  }
  return page(items, 600, 300);
}

function retagged(it: DisplayItem, tag: ArtifactTag): DisplayItem {
  if (it.kind === 'group') return { ...it, items: it.items.map((i) => retagged(i, tag)) };
  return it.kind === 'link' ? it : { ...it, tag };
}
