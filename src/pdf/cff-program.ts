/**
 * The CID-keyed CFF programs the writer embeds (FontFile3 /CIDFontType0C), in one layout that
 * every reader draws at the same size: the Top DICT carries the font's em, 1/unitsPerEm, and
 * each Font DICT an explicit matrix (identity for ordinary fonts) whose product with it is the
 * glyph-to-text matrix. Both are written out even when they equal a default, because readers
 * fill a missing matrix differently (FreeType and pdf.js let a Font DICT's matrix stand alone
 * when the Top DICT has none, so an omitted 0.001 there and an identity Font DICT drew glyphs
 * a thousand times too big in poppler and pdf.js).
 */
import {
  assembleCidCff,
  CffFormatError,
  dictInt,
  entryOut,
  glyphMatrix,
  IDENTITY,
  multiply,
  numbersOut,
  Op,
  parseCff,
  tidyMatrix,
  writeIndex,
  type CffFont,
  type DictOut,
  type Matrix,
} from './cff.js';

function emMatrix(unitsPerEm: number): Matrix {
  return [1 / unitsPerEm, 0, 0, 1 / unitsPerEm, 0, 0];
}

/** Top DICT operators the layout sets itself. */
const LAID_OUT = new Set<number>([
  Op.ROS,
  Op.charset,
  Op.Encoding,
  Op.CharStrings,
  Op.Private,
  Op.FDArray,
  Op.FDSelect,
  Op.FontMatrix,
]);

/** FDSelect format 3 with one range: every glyph uses Font DICT 0. */
function singleFdSelect(glyphs: number): Uint8Array {
  return new Uint8Array([3, 0, 1, 0, 0, 0, (glyphs >> 8) & 0xff, glyphs & 0xff]);
}

/**
 * A CID-keyed subset (fontkit's encoder output) laid out again with explicit matrices.
 * `sourceGids[i]` is the source font's glyph id of subset glyph i; the matrix each Font DICT
 * gets is read from the source font's own Top DICT and Font DICTs.
 */
export function withExplicitMatrices(
  subset: Uint8Array,
  source: CffFont,
  sourceGids: readonly number[],
  unitsPerEm: number,
): Uint8Array {
  const sub = parseCff(subset);
  const ros = sub.top.find((e) => e.op === Op.ROS);
  if (!sub.isCid || !sub.charset || !ros) throw new CffFormatError('CFF subset is not CID-keyed');
  const emInverse: Matrix = [unitsPerEm, 0, 0, unitsPerEm, 0, 0];
  const sourceFd = new Map<number, number>();
  for (let i = 0; i < sub.charStrings.length && i < sourceGids.length; i++) {
    const fd = sub.fdOf(i);
    if (!sourceFd.has(fd)) sourceFd.set(fd, source.fdOf(sourceGids[i] as number));
  }
  return assembleCidCff({
    nameIndex: sub.nameIndex,
    ros: entryOut(ros),
    topEntries: sub.top.filter((e) => !LAID_OUT.has(e.op)).map(entryOut),
    topMatrix: emMatrix(unitsPerEm),
    stringIndex: sub.stringIndex,
    globalSubrIndex: sub.globalSubrIndex,
    charset: sub.charset,
    fdSelect: sub.fdSelect ?? singleFdSelect(sub.charStrings.length),
    charStrings: sub.charStrings,
    fontDicts: sub.fontDicts.map((fd, i) => ({
      entries: fd.entries.map(entryOut),
      matrix: tidyMatrix(
        multiply(glyphMatrix(source, sourceFd.get(i) ?? 0, unitsPerEm), emInverse),
      ),
      privateEntries: fd.privateEntries.map(entryOut),
      subrs: fd.subrs,
    })),
  });
}

/** One drawing command of a glyph outline in font units (fontkit's Path commands). */
export interface PathCommand {
  readonly command: string;
  readonly args: readonly number[];
}

export interface OutlineGlyph {
  readonly commands: readonly PathCommand[];
  /** Advance width in font units. */
  readonly advance: number;
}

/** Type 2 charstring operators used here. */
const RLINETO = 5;
const RRCURVETO = 8;
const ENDCHAR = 14;
const RMOVETO = 21;

/** Fixed 16.16 limits of a charstring number. */
const FIXED_MAX = 32767 * 65536;

function pushNumber(out: number[], fixed: number): void {
  const v = Math.max(-FIXED_MAX, Math.min(FIXED_MAX, fixed));
  if (v % 65536 === 0) {
    const n = v / 65536;
    if (n >= -107 && n <= 107) out.push(n + 139);
    else if (n >= 108 && n <= 1131) out.push(((n - 108) >> 8) + 247, (n - 108) & 0xff);
    else if (n >= -1131 && n <= -108) out.push(((-n - 108) >> 8) + 251, (-n - 108) & 0xff);
    else out.push(28, (n >> 8) & 0xff, n & 0xff);
  } else out.push(255, (v >>> 24) & 0xff, (v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff);
}

/**
 * A Type 2 charstring drawing the outline: the width first, then rmoveto/rlineto/rrcurveto
 * with coordinates kept in 16.16 fixed point (deltas of rounded points, so nothing drifts) and
 * quadratic curves raised to cubics. No hints: PDF viewers draw unhinted at any size.
 */
export function charstringOf(glyph: OutlineGlyph): Uint8Array {
  const out: number[] = [];
  const fx = (v: number): number => Math.round(v * 65536);
  pushNumber(out, fx(glyph.advance));
  let x = 0;
  let y = 0;
  let curX = 0;
  let curY = 0;
  const to = (px: number, py: number): void => {
    const X = fx(px);
    const Y = fx(py);
    pushNumber(out, X - x);
    pushNumber(out, Y - y);
    x = X;
    y = Y;
  };
  for (const { command, args: a } of glyph.commands) {
    const at = (i: number): number => a[i] as number;
    switch (command) {
      case 'moveTo':
        to(at(0), at(1));
        out.push(RMOVETO);
        break;
      case 'lineTo':
        to(at(0), at(1));
        out.push(RLINETO);
        break;
      case 'bezierCurveTo':
        to(at(0), at(1));
        to(at(2), at(3));
        to(at(4), at(5));
        out.push(RRCURVETO);
        break;
      case 'quadraticCurveTo':
        to(curX + (2 / 3) * (at(0) - curX), curY + (2 / 3) * (at(1) - curY));
        to(at(2) + (2 / 3) * (at(0) - at(2)), at(3) + (2 / 3) * (at(1) - at(3)));
        to(at(2), at(3));
        out.push(RRCURVETO);
        break;
      default:
        // closePath: a Type 2 contour closes itself at the next rmoveto or at endchar.
        continue;
    }
    curX = at(a.length - 2);
    curY = at(a.length - 1);
  }
  out.push(ENDCHAR);
  return Uint8Array.from(out);
}

function ascii(s: string): Uint8Array {
  return Uint8Array.from(s, (ch) => ch.charCodeAt(0) & 0x7f);
}

/**
 * A CID-keyed CFF drawn from glyph outlines (CID = index in `glyphs`), for fonts whose own
 * program cannot be subset as it is: CFF2 outlines, including a variable font's instance.
 */
export function cidCffFromOutlines(
  postscriptName: string,
  glyphs: readonly OutlineGlyph[],
  unitsPerEm: number,
  bbox: readonly [number, number, number, number],
): Uint8Array {
  const n = glyphs.length;
  if (n === 0) throw new RangeError('a CFF needs at least the .notdef glyph');
  const standardStrings = 391; // SIDs of our own strings follow the standard ones
  const topEntries: DictOut[] = [
    numbersOut(Op.FontBBox, bbox.map(Math.round)),
    { op: Op.CIDCount, operands: dictInt(n) },
  ];
  return assembleCidCff({
    nameIndex: writeIndex([ascii(postscriptName)]),
    ros: { op: Op.ROS, operands: [standardStrings, standardStrings + 1, 0].flatMap(dictInt) },
    topEntries,
    topMatrix: emMatrix(unitsPerEm),
    stringIndex: writeIndex([ascii('Adobe'), ascii('Identity')]),
    globalSubrIndex: writeIndex([]),
    // Format 2, one range: CIDs 1..n-1 for glyphs 1..n-1 (glyph 0 is CID 0 by definition).
    charset:
      n > 1
        ? new Uint8Array([2, 0, 1, ((n - 2) >> 8) & 0xff, (n - 2) & 0xff])
        : new Uint8Array([0]),
    fdSelect: singleFdSelect(n),
    charStrings: glyphs.map(charstringOf),
    fontDicts: [
      {
        entries: [],
        matrix: IDENTITY,
        privateEntries: [{ op: Op.nominalWidthX, operands: dictInt(0) }],
        subrs: undefined,
      },
    ],
  });
}
