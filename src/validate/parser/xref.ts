/**
 * Cross-reference reading (ISO 32000-1, 7.5.4-7.5.8): classic tables, xref streams, hybrid
 * files and the /Prev chain of incremental updates, plus the recovery scan used when the
 * table is missing or wrong.
 */
import type { CosDict, CosObject, CosStream } from '../model/cos.js';
import { Lexer, indexOf, isRegular, isWhite, lastIndexOf, parseObject } from './lexer.js';

export interface XrefEntry {
  /** 0 free, 1 in use at `offset`, 2 compressed in object stream `stmNum` at `index`. */
  readonly type: 0 | 1 | 2;
  readonly offset: number;
  readonly gen: number;
  readonly stmNum: number;
  readonly index: number;
}

export interface Revision {
  readonly xrefOffset: number;
  readonly kind: 'table' | 'stream';
  readonly trailer: CosDict;
  /** Classic tables: 'xref' keyword followed by exactly one EOL, subsection header lines well formed. */
  readonly eolCompliant: boolean;
}

/** A parsed section: its entries (highest priority first in the caller's merge) and trailer. */
export interface XrefSection {
  readonly entries: Map<number, XrefEntry>;
  readonly revision: Revision;
}

export function dictGet(d: CosDict | null | undefined, key: string): CosObject {
  return d?.entries.get(key) ?? null;
}

export function asInt(o: CosObject): number | null {
  return o !== null && typeof o === 'object' && o.kind === 'number' ? Math.trunc(o.value) : null;
}

/** Reads the classic table at `offset` (which starts with `xref`). Returns null when malformed. */
export function readXrefTable(buf: Uint8Array, offset: number): XrefSection | null {
  if (indexOf(buf, 'xref', offset, offset + 4) !== offset) return null;
  let p = offset + 4;
  // PDF/A 6.1.4: `xref` followed by a single EOL, then the subsection header.
  let eolCompliant = true;
  if (buf[p] === 13 && buf[p + 1] === 10) p += 2;
  else if (buf[p] === 10 || buf[p] === 13) p += 1;
  else eolCompliant = false;
  if (eolCompliant && !(buf[p] >= 48 && buf[p] <= 57)) eolCompliant = false;
  const entries = new Map<number, XrefEntry>();
  const lx = new Lexer(buf, offset + 4);
  for (;;) {
    lx.skipWhite();
    const save = lx.pos;
    const a = lx.number();
    if (!a) {
      lx.pos = save;
      break;
    }
    lx.skipWhite();
    const b = lx.number();
    if (!b || !a.isInteger || !b.isInteger) return null;
    // (Spacing inside subsection headers is a separate, retired PDF/A-1 test: not recorded.)
    const first = a.value;
    const count = b.value;
    if (count < 0 || count > 10_000_000 || first < 0) return null;
    for (let i = 0; i < count; i++) {
      lx.skipWhite();
      const o = lx.number();
      lx.skipWhite();
      const g = lx.number();
      lx.skipWhite();
      const t = buf[lx.pos];
      if (!o || !g || (t !== 0x6e && t !== 0x66)) return null;
      lx.pos++;
      const num = first + i;
      if (!entries.has(num)) {
        entries.set(num, {
          type: t === 0x6e ? 1 : 0,
          offset: o.value,
          gen: g.value,
          stmNum: 0,
          index: 0,
        });
      }
    }
  }
  lx.skipWhite();
  if (indexOf(buf, 'trailer', lx.pos, lx.pos + 7) !== lx.pos) return null;
  lx.pos += 7;
  const t = parseObject(lx).value;
  if (!t || typeof t !== 'object' || t.kind !== 'dict') return null;
  // Object 0 is always free; some writers number the first subsection from 1 by mistake.
  return { entries, revision: { xrefOffset: offset, kind: 'table', trailer: t, eolCompliant } };
}

/** Reads the entries of an xref stream whose stream object has been parsed and decoded. */
export function readXrefStream(
  stream: CosStream,
  data: Uint8Array,
  offset: number,
): XrefSection | null {
  const d = stream.dict;
  const w = dictGet(d, 'W');
  if (!w || typeof w !== 'object' || w.kind !== 'array' || w.items.length < 3) return null;
  const widths = w.items.slice(0, 3).map((x) => Math.max(0, Math.min(8, asInt(x) ?? 0)));
  const size = asInt(dictGet(d, 'Size')) ?? 0;
  const idx = dictGet(d, 'Index');
  const ranges: number[] = [];
  if (idx && typeof idx === 'object' && idx.kind === 'array') {
    for (const it of idx.items) ranges.push(asInt(it) ?? 0);
  } else ranges.push(0, size);
  const rowLen = widths[0] + widths[1] + widths[2];
  if (rowLen === 0) return null;
  const entries = new Map<number, XrefEntry>();
  let p = 0;
  const field = (width: number, dflt: number): number => {
    if (width === 0) return dflt;
    let v = 0;
    for (let k = 0; k < width; k++) v = v * 256 + (data[p + k] ?? 0);
    p += width;
    return v;
  };
  for (let r = 0; r + 1 < ranges.length; r += 2) {
    const first = ranges[r];
    const count = Math.min(ranges[r + 1], 10_000_000);
    for (let i = 0; i < count && p + rowLen <= data.length; i++) {
      const type = field(widths[0], 1);
      const f2 = field(widths[1], 0);
      const f3 = field(widths[2], 0);
      const num = first + i;
      if (entries.has(num)) continue;
      if (type === 1) entries.set(num, { type: 1, offset: f2, gen: f3, stmNum: 0, index: 0 });
      else if (type === 2) entries.set(num, { type: 2, offset: 0, gen: 0, stmNum: f2, index: f3 });
      else entries.set(num, { type: 0, offset: 0, gen: f3, stmNum: 0, index: 0 });
    }
  }
  return {
    entries,
    revision: { xrefOffset: offset, kind: 'stream', trailer: d, eolCompliant: true },
  };
}

/** Offset given after the last `startxref`, or null. */
export function findStartXref(buf: Uint8Array): number | null {
  const at = lastIndexOf(buf, 'startxref', buf.length, Math.max(0, buf.length - 4096));
  const pos = at >= 0 ? at : lastIndexOf(buf, 'startxref');
  if (pos < 0) return null;
  const lx = new Lexer(buf, pos + 9);
  lx.skipWhite();
  const n = lx.number();
  return n && n.isInteger && n.value >= 0 ? n.value : null;
}

export interface ScannedObject {
  readonly num: number;
  readonly gen: number;
  readonly offset: number;
}

/**
 * Finds every `N G obj` header in the file, in file order. Used when the xref is unusable:
 * the last definition of an object number wins, as in an incremental update.
 */
export function scanObjects(buf: Uint8Array): ScannedObject[] {
  const found: ScannedObject[] = [];
  let from = 0;
  for (;;) {
    const at = indexOf(buf, 'obj', from);
    if (at < 0) break;
    from = at + 3;
    if (at + 3 < buf.length && isRegular(buf[at + 3])) continue; // objstm, object, ...
    let p = at - 1;
    if (p >= 0 && isRegular(buf[p]) && !(buf[p] >= 48 && buf[p] <= 57)) continue;
    while (p >= 0 && isWhite(buf[p])) p--;
    const genEnd = p + 1;
    while (p >= 0 && buf[p] >= 48 && buf[p] <= 57) p--;
    const genStart = p + 1;
    if (genStart === genEnd || genEnd - genStart > 5) continue;
    if (!(p >= 0 && isWhite(buf[p]))) continue;
    while (p >= 0 && isWhite(buf[p])) p--;
    const numEnd = p + 1;
    while (p >= 0 && buf[p] >= 48 && buf[p] <= 57) p--;
    const numStart = p + 1;
    if (numStart === numEnd || numEnd - numStart > 10) continue;
    if (p >= 0 && isRegular(buf[p])) continue;
    const num = Number(new TextDecoder('latin1').decode(buf.subarray(numStart, numEnd)));
    const gen = Number(new TextDecoder('latin1').decode(buf.subarray(genStart, genEnd)));
    found.push({ num, gen, offset: numStart });
  }
  return found;
}

/** Every `trailer` dictionary in the file, in file order (recovery). */
export function scanTrailers(buf: Uint8Array): CosDict[] {
  const out: CosDict[] = [];
  let from = 0;
  for (;;) {
    const at = indexOf(buf, 'trailer', from);
    if (at < 0) break;
    from = at + 7;
    const lx = new Lexer(buf, at + 7);
    const t = parseObject(lx).value;
    if (t && typeof t === 'object' && t.kind === 'dict') out.push(t);
  }
  return out;
}
