/**
 * Every font format we accept, embedded and drawn by an independent rasteriser: pdf.js renders
 * the page from the embedded programs (glyphs as paths, with the programs' own font matrices)
 * and each glyph's ink box must match its outline box from the source font, scaled by the
 * font size. A wrong font matrix draws glyphs a thousand times too big or too small, or not
 * at all; a wrong subset draws the wrong glyph; both move the ink box.
 */
import { glyphListOf } from '../../src/document/index.js';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import type { FontResource, GlyphRun } from '../../src/document/index.js';
import {
  assembleCidCff,
  entryOut,
  IDENTITY,
  Op,
  parseCff,
  type Matrix,
} from '../../src/pdf/cff.js';
import { buildSfnt, toSfnt } from '../../src/text/sfnt.js';
import { boxDistance, inkBox, inkShare, outlineBox, renderPage, type Box } from './glyph-ink.js';
import { BLACK, content, doc, node, page, slotChild } from './helpers.js';
import { inspect } from './inspect.js';
import { writeValid } from './validate-helper.js';

const fixture = (name: string): Uint8Array =>
  readFileSync(new URL(`../fixtures/fonts/${name}`, import.meta.url));
const bundled = (name: string): Uint8Array =>
  readFileSync(new URL(`../../fonts/${name}`, import.meta.url));

function tableOf(sfnt: Uint8Array, kit: fontkit.Font, tag: string): Uint8Array {
  const entry = (
    kit as unknown as { directory: { tables: Record<string, { offset: number; length: number }> } }
  ).directory.tables[tag];
  if (!entry) throw new Error(`no ${tag} table`);
  return sfnt.subarray(entry.offset, entry.offset + entry.length);
}

/**
 * Cabin turned into a CID-keyed OpenType font (every glyph, same glyph ids) whose matrices
 * follow one of the layouts found in CID-keyed fonts: the em in the Font DICT and the Top
 * DICT either identity or without a FontMatrix.
 */
function cidKeyedCabin(top: Matrix | undefined): Uint8Array {
  const sfnt = fixture('Cabin-Regular.otf');
  const kit = fontkit.create(Buffer.from(sfnt)) as fontkit.Font;
  const subset = kit.createSubset();
  for (let gid = 1; gid < kit.numGlyphs; gid++) subset.includeGlyph(kit.getGlyph(gid));
  const cid = parseCff(subset.encode());
  const ros = cid.top.find((e) => e.op === Op.ROS);
  if (!ros || !cid.charset || !cid.fdSelect)
    throw new Error('fontkit did not write a CID-keyed CFF');
  const laidOut = new Set<number>([
    Op.ROS,
    Op.charset,
    Op.CharStrings,
    Op.FDArray,
    Op.FDSelect,
    Op.FontMatrix,
  ]);
  let program = assembleCidCff({
    nameIndex: cid.nameIndex,
    ros: entryOut(ros),
    topEntries: cid.top.filter((e) => !laidOut.has(e.op)).map(entryOut),
    topMatrix: top ?? IDENTITY,
    stringIndex: cid.stringIndex,
    globalSubrIndex: cid.globalSubrIndex,
    charset: cid.charset,
    fdSelect: cid.fdSelect,
    charStrings: cid.charStrings,
    fontDicts: cid.fontDicts.map((fd) => ({
      entries: fd.entries.map(entryOut),
      matrix: [0.001, 0, 0, 0.001, 0, 0],
      privateEntries: fd.privateEntries.map(entryOut),
      subrs: fd.subrs,
    })),
  });
  if (!top) program = withoutTopMatrix(program);
  const tables = ['head', 'hhea', 'hmtx', 'maxp', 'cmap', 'OS/2', 'name', 'post'].map((tag) => ({
    tag,
    data: tableOf(sfnt, kit, tag),
  }));
  return buildSfnt(0x4f54544f, [...tables, { tag: 'CFF ', data: program }]);
}

/** The same CFF with the Top DICT's FontMatrix (12 7 after six operands) replaced by no-ops. */
function withoutTopMatrix(program: Uint8Array): Uint8Array {
  const out = program.slice();
  const identityOperands = [0x8c, 0x8b, 0x8b, 0x8c, 0x8b, 0x8b, 0x0c, 0x07];
  const at = Buffer.from(out).indexOf(Buffer.from(identityOperands));
  if (at < 0) throw new Error('Top DICT matrix not found');
  // Replace "1 0 0 1 0 0 FontMatrix" by "0 0 0 0 0 0 0 XUID", the same length (the Top DICT
  // must keep its size for the offsets after it) and harmless to every reader.
  out.set([0x8b, 0x8b, 0x8b, 0x8b, 0x8b, 0x8b, 0x8b, 0x0e], at);
  const cff = parseCff(out);
  if (cff.topMatrix !== undefined) throw new Error('Top DICT still has a matrix');
  return out;
}

/** A font collection (TTC/OTC header) holding one font, its tables moved along. */
export function asCollection(sfnt: Uint8Array): Uint8Array {
  const shift = 16;
  const out = new Uint8Array(sfnt.length + shift);
  out.set(sfnt, shift);
  const view = new DataView(out.buffer);
  view.setUint32(0, 0x74746366); // 'ttcf'
  view.setUint32(4, 0x00010000);
  view.setUint32(8, 1);
  view.setUint32(12, shift);
  const tables = view.getUint16(shift + 4);
  for (let i = 0; i < tables; i++) {
    const rec = shift + 12 + 16 * i + 8;
    view.setUint32(rec, view.getUint32(rec) + shift);
  }
  return out;
}

interface Case {
  readonly label: string;
  readonly bytes: Uint8Array;
  /** What the PDF must embed it as. */
  readonly embedded: 'CIDFontType0C' | 'FontFile2';
  /** A variable font's instance. */
  readonly variation?: Readonly<Record<string, number>>;
}

const CASES: Case[] = [
  {
    label: 'OpenType CFF, 1000 units/em (Cabin)',
    bytes: fixture('Cabin-Regular.otf'),
    embedded: 'CIDFontType0C',
  },
  {
    label: 'OpenType CFF, 2816 units/em (Inter)',
    bytes: bundled('Inter-Regular.otf'),
    embedded: 'CIDFontType0C',
  },
  {
    label: 'CID-keyed OpenType CFF, identity Top DICT matrix',
    bytes: cidKeyedCabin(IDENTITY),
    embedded: 'CIDFontType0C',
  },
  {
    label: 'CID-keyed OpenType CFF, matrix in the Font DICT only',
    bytes: cidKeyedCabin(undefined),
    embedded: 'CIDFontType0C',
  },
  {
    label: 'TrueType (Liberation Serif)',
    bytes: bundled('LiberationSerif-Regular.ttf'),
    embedded: 'FontFile2',
  },
  {
    label: 'WOFF, TrueType outlines (Barlow Condensed)',
    bytes: fixture('barlow-condensed-latin-400-normal.woff'),
    embedded: 'FontFile2',
  },
  {
    label: 'WOFF2, TrueType outlines (Barlow Condensed)',
    bytes: fixture('barlow-condensed-latin-400-normal.woff2'),
    embedded: 'FontFile2',
  },
  {
    label: 'WOFF2, variable TrueType at its default instance (Cabin)',
    bytes: fixture('cabin-latin-wght-normal.woff2'),
    embedded: 'FontFile2',
  },
  {
    label: 'WOFF2, variable CFF2 at its default instance (Source Sans 3)',
    bytes: fixture('SourceSans3VF-Italic.otf.woff2'),
    embedded: 'CIDFontType0C',
  },
  {
    label: 'WOFF2, variable TrueType at wght 700 (Cabin)',
    bytes: fixture('cabin-latin-wght-normal.woff2'),
    embedded: 'CIDFontType0C',
    variation: { wght: 700 },
  },
  {
    label: 'WOFF2, variable CFF2 at wght 800 (Source Sans 3)',
    bytes: fixture('SourceSans3VF-Italic.otf.woff2'),
    embedded: 'CIDFontType0C',
    variation: { wght: 800 },
  },
  {
    label: 'OpenType collection holding a CFF font',
    bytes: asCollection(fixture('Cabin-Regular.otf')),
    embedded: 'CIDFontType0C',
  },
  {
    label: 'TrueType collection',
    bytes: asCollection(bundled('LiberationSans-Regular.ttf')),
    embedded: 'FontFile2',
  },
];

const SIZE = 40;
const PAGE_W = 320;
const PAGE_H = 110;
const BASELINE = 70; // from the top, as layout gives it
const TEXT = 'HgO&';

function resourceOf(c: Case): { res: FontResource; kit: fontkit.Font } {
  const program = toSfnt(c.bytes);
  let kit = fontkit.create(Buffer.from(program)) as fontkit.Font | fontkit.FontCollection;
  const collection = 'fonts' in kit;
  if ('fonts' in kit) kit = kit.fonts[0] as fontkit.Font;
  // The outlines to expect: the instance, read through fontkit's own variation code.
  const expected = c.variation ? kit.getVariation(c.variation) : kit;
  const res: FontResource = {
    id: createHash('sha1')
      .update(program)
      .update(JSON.stringify(c.variation ?? {}))
      .digest('hex'),
    postscriptName: kit.postscriptName,
    program,
    ...(collection ? { collectionIndex: 0 } : {}),
    ...(c.variation ? { variation: c.variation } : {}),
  };
  return { res, kit: expected };
}

/** One run per character, 70 pt apart, so each glyph's ink can be found on its own. */
function glyphRuns(
  res: FontResource,
  kit: fontkit.Font,
): { runs: GlyphRun[]; cells: { gid: number; x: number }[] } {
  const runs: GlyphRun[] = [];
  const cells: { gid: number; x: number }[] = [];
  [...TEXT].forEach((ch, i) => {
    const g = kit.glyphForCodePoint(ch.codePointAt(0) as number);
    const x = 20 + 75 * i;
    cells.push({ gid: g.id, x });
    runs.push({
      kind: 'glyphs',
      font: res,
      size: SIZE,
      color: BLACK,
      x,
      y: BASELINE,
      glyphs: glyphListOf([
        { id: g.id, advance: (g.advanceWidth * SIZE) / kit.unitsPerEm, text: ch },
      ]),
      tag: content(1),
    });
  });
  return { runs, cells };
}

const grow = (b: Box, by: number): Box => ({
  x0: b.x0 - by,
  y0: b.y0 - by,
  x1: b.x1 + by,
  y1: b.y1 + by,
});

describe('embedded fonts drawn by pdf.js match their outlines', () => {
  for (const c of CASES) {
    it(c.label, async () => {
      const { res, kit } = resourceOf(c);
      const { runs, cells } = glyphRuns(res, kit);
      const r = writeValid(
        doc([page(runs, PAGE_W, PAGE_H)], node('Document', [node('P', [slotChild(1)])])),
      );
      const { streams } = inspect(r.bytes);
      expect(
        streams.some((s) =>
          s.dict.includes(c.embedded === 'FontFile2' ? '/Length1' : '/CIDFontType0C'),
        ),
      ).toBe(true);

      const scale = 4;
      const raster = await renderPage(r.bytes, 1, scale);
      const baseline = PAGE_H - BASELINE;
      const tolerance = 0.4; // points: a pixel and a half at this scale
      for (const { gid, x } of cells) {
        const expected = outlineBox(kit, gid, SIZE, x, baseline);
        const found = inkBox(raster, grow(expected, SIZE / 2));
        expect(found, `${c.label}: glyph ${gid} left no ink`).toBeDefined();
        expect(
          boxDistance(found as Box, expected),
          `${c.label}: glyph ${gid} ink ${JSON.stringify(found)} vs outline ${JSON.stringify(expected)}`,
        ).toBeLessThan(tolerance);
      }
      // Nothing is drawn outside the glyphs (a glyph drawn a thousand times too big would be).
      const gaps: Box[] = cells
        .slice(1)
        .map(({ x }) => ({ x0: x - 8, x1: x - 3, y0: 0, y1: PAGE_H }));
      for (const gap of gaps) expect(inkShare(raster, gap)).toBe(0);
    });
  }
});
