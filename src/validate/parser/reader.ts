/**
 * The tolerant PDF reader: implements PdfDocumentModel over the bytes of one file. Objects are
 * parsed on first use and cached; pages are walked lazily. Whatever the reader had to work
 * around (broken xref, wrong offsets, truncated objects) is recorded in lexical.recoveries.
 */
import type { Deadline } from '../../diagnostics.js';
import type { CosDict, CosObject, CosRef, CosStream } from '../model/cos.js';
import type {
  DecodeResult,
  LexicalFacts,
  PageModel,
  PdfDocumentModel,
  UnreadPart,
} from '../model/document.js';
import { isArray, isDict, isName, isRef, isStream, nameValue } from '../model/read.js';
import { type Decryptor, openStandardSecurity } from './crypt.js';
import { PdfPage } from './page.js';
import {
  DEFAULT_DECODE_LIMIT,
  DEFAULT_DOCUMENT_DECODE_BUDGET,
  type DecodeLimits,
} from '../contract.js';
import { applyFilter, filterChain } from './filters.js';
import { Lexer, indexOf, lastIndexOf, latin1String, parseObject } from './lexer.js';
import {
  type Revision,
  type ScannedObject,
  type XrefEntry,
  asInt,
  dictGet,
  findStartXref,
  readXrefStream,
  readXrefTable,
  scanObjects,
  scanTrailers,
} from './xref.js';

/** The input does not look like a PDF at all (no `%PDF-` header near the start). */
export class NotPdfError extends Error {
  override readonly name = 'NotPdfError';
}

/** How far into the file the header may be and still be found (bytes). */
const HEADER_SEARCH = 1024;
/** Object references followed before giving up (guards reference cycles). */
const MAX_REF_HOPS = 32;
const MAX_PAGES_DEPTH = 64;
/** Decoded size of one object stream, and of all object streams kept at once. */
const OBJSTM_LIMIT = 32 * 1024 * 1024;
const OBJSTM_BUDGET = 128 * 1024 * 1024;
const BUDGET_ERROR = 'decoding budget of the document exhausted';
/** Unread parts listed; a file with more is reported by its first ones. */
const MAX_UNREAD_PARTS = 100;

/** Spacing facts of one indirect object (PDF/A 6.1.9). */
export interface ObjectSpacing {
  readonly num: number;
  readonly gen: number;
  readonly offset: number;
  /** Empty when the object complies. */
  readonly problems: readonly string[];
}

export interface ReaderOptions extends DecodeLimits {
  /** The caller's deadline: checked per parsed object, decoded stream and page. */
  readonly deadline?: Pick<Deadline, 'check'>;
}

interface ParsedIndirect {
  readonly value: CosObject;
  readonly spacing: ObjectSpacing | null;
}

/**
 * A file without a %PDF- header is still read as a (damaged) PDF when it has the other marks of
 * one: an `N G obj` header near the start and an end-of-file marker or startxref near the end.
 */
function looksLikeHeaderlessPdf(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, 65536);
  if (!/\d+\s+\d+\s+obj\b/.test(latin1String(head))) return false;
  const tail = latin1String(bytes, Math.max(0, bytes.length - 2048));
  return tail.includes('%%EOF') || tail.includes('startxref');
}

export function openDocument(bytes: Uint8Array, options: ReaderOptions = {}): PdfReader {
  return new PdfReader(bytes, options);
}

export class PdfReader implements PdfDocumentModel {
  readonly bytes: Uint8Array;
  readonly trailer: CosDict;
  readonly catalog: CosDict | null;
  readonly isEncrypted: boolean;
  /** Every revision, newest first (the one `startxref` points at comes first). */
  readonly revisions: readonly Revision[];
  /** Whether the object table had to be rebuilt by scanning the file. */
  readonly rebuilt: boolean;

  private readonly decodeLimit: number;
  private readonly headerOffset: number;
  private readonly header: string;
  private readonly headerLineEnd: number;
  private readonly table = new Map<number, XrefEntry>();
  private readonly cache = new Map<number, ParsedIndirect | 'pending'>();
  private readonly objStmCache = new Map<
    number,
    { data: Uint8Array; offsets: number[]; nums: number[] } | null
  >();
  private readonly recoveries: string[] = [];
  private readonly unread = new Map<string, UnreadPart>();
  private scanned: Map<number, ScannedObject> | null = null;
  private decryptor: Decryptor | null = null;
  private objStmBytes = 0;
  private readonly documentBudget: number;
  private decodedTotal = 0;
  private budgetReported = false;
  private readonly deadline: Pick<Deadline, 'check'> | undefined;
  private readonly decodeFailures = new WeakMap<CosStream, { limit: number; error: string }>();
  private readonly decodeCounted = new WeakSet<CosStream>();
  /** The Encrypt dictionary's object number: its strings are never encrypted. */
  private encryptNum = -1;
  private lexicalFacts: LexicalFacts | null = null;
  /** Dictionary keys whose bytes are not valid UTF-8 (6.1.8), as their Latin-1 text. */
  private readonly invalidKeys = new Set<string>();
  private readonly noteInvalidKey = (key: string): void => {
    if (this.invalidKeys.size < 10_000) this.invalidKeys.add(key);
  };
  private pageCountValue: number | null = null;

  constructor(bytes: Uint8Array, options: ReaderOptions = {}) {
    this.deadline = options.deadline;
    this.bytes = bytes;
    this.decodeLimit = options.decodeLimit ?? DEFAULT_DECODE_LIMIT;
    this.documentBudget = options.documentDecodeBudget ?? DEFAULT_DOCUMENT_DECODE_BUDGET;
    const h = indexOf(bytes, '%PDF-', 0, HEADER_SEARCH + 5);
    if (h < 0 && !looksLikeHeaderlessPdf(bytes)) {
      throw new NotPdfError('not a PDF file: no %PDF- header in the first 1024 bytes');
    }
    this.headerOffset = h;
    if (h >= 0) {
      // The header is the whole line holding %PDF-, so junk before it on that line shows in the header.
      let lineStart = h;
      while (lineStart > 0 && bytes[lineStart - 1] !== 10 && bytes[lineStart - 1] !== 13)
        lineStart--;
      let e = h;
      while (e < bytes.length && e - h < 128 && bytes[e] !== 10 && bytes[e] !== 13) e++;
      this.header = latin1String(bytes, lineStart, e);
      this.headerLineEnd = e;
    } else {
      this.header = '';
      this.headerLineEnd = -1;
      this.recoveries.push('no %PDF- header: read as a PDF whose header is damaged');
    }

    const revisions: Revision[] = [];
    let rebuilt = false;
    const start = findStartXref(bytes);
    if (start === null) this.recoveries.push('no startxref: object table rebuilt by scanning');
    else this.readChain(start, revisions);
    let trailer: CosDict | null = revisions.length ? mergedTrailer(revisions) : null;
    if (!trailer || !this.table.size || !this.rootLooksValid(trailer)) {
      if (start !== null)
        this.recoveries.push('cross-reference data unusable: object table rebuilt by scanning');
      rebuilt = true;
      this.rebuildFromScan();
      trailer = this.recoverTrailer(trailer);
    }
    this.trailer = trailer;
    this.revisions = revisions;
    this.rebuilt = rebuilt;
    this.isEncrypted = dictGet(trailer, 'Encrypt') !== null;
    if (this.isEncrypted) this.setUpDecryption(trailer);
    const root = this.get(trailer, 'Root');
    this.catalog = isDict(root) ? root : null;
    if (!this.catalog) {
      this.recoveries.push('no document catalog found');
      this.noteUnread(
        'document catalog',
        'no catalog was found, so the document could not be read',
      );
    }
  }

  // ---------------------------------------------------------------- xref chain

  private readChain(start: number, revisions: Revision[]): void {
    const seen = new Set<number>();
    let offset: number | null = start;
    while (offset !== null && !seen.has(offset) && revisions.length < 1000) {
      seen.add(offset);
      const section = this.readSectionAt(offset);
      if (!section) {
        this.recoveries.push(`no cross-reference section at offset ${offset}`);
        break;
      }
      revisions.push(section.revision);
      for (const [n, e] of section.entries) if (!this.table.has(n)) this.table.set(n, e);
      // Hybrid files (7.5.8.4): objects in object streams are free or absent in the table and
      // listed in the XRefStm stream, so its entries fill what the table leaves missing or free.
      const stm = asInt(dictGet(section.revision.trailer, 'XRefStm'));
      if (stm !== null && !seen.has(stm)) {
        const s = this.readSectionAt(stm);
        if (s)
          for (const [n, e] of s.entries)
            if (!this.table.has(n) || this.table.get(n)!.type === 0) this.table.set(n, e);
      }
      offset = asInt(dictGet(section.revision.trailer, 'Prev'));
    }
  }

  private readSectionAt(
    offset: number,
  ): { entries: Map<number, XrefEntry>; revision: Revision } | null {
    // Offsets of files with junk before the header are sometimes counted from the header.
    for (const off of this.headerOffset <= 0 ? [offset] : [offset, offset + this.headerOffset]) {
      const lx = new Lexer(this.bytes, off);
      lx.skipWhite();
      const p = lx.pos;
      const t = readXrefTable(this.bytes, p);
      if (t) {
        if (p !== off) this.recoveries.push(`xref offset ${offset} points before the xref keyword`);
        return t;
      }
      const obj = this.parseIndirectAt(off, null);
      if (obj && isStream(obj.value)) {
        const type = dictGet(obj.value.dict, 'Type');
        if (isName(type, 'XRef')) {
          const dec = this.decodeStream(obj.value);
          const s = readXrefStream(obj.value, dec.data, off);
          if (s) return s;
        }
      }
    }
    return null;
  }

  private rootLooksValid(trailer: CosDict): boolean {
    const root = dictGet(trailer, 'Root');
    if (!isRef(root)) return false;
    const r = this.resolve(root);
    return isDict(r);
  }

  private rebuildFromScan(): void {
    const scanned = this.scanTable();
    // Keep xref entries that point at the right object; replace the rest with scan results.
    this.cache.clear();
    for (const [num, s] of scanned) {
      const e = this.table.get(num);
      if (!e || e.type !== 2)
        this.table.set(num, { type: 1, offset: s.offset, gen: s.gen, stmNum: 0, index: 0 });
    }
    // Objects inside object streams found by the scan.
    for (const [num] of scanned) {
      const v = this.getIndirect(num);
      if (!isStream(v)) continue;
      const type = dictGet(v.dict, 'Type');
      if (!type || typeof type !== 'object' || type.kind !== 'name' || type.value !== 'ObjStm')
        continue;
      const stm = this.loadObjStm(num);
      if (!stm) continue;
      stm.nums.forEach((n, index) => {
        if (!this.table.has(n))
          this.table.set(n, { type: 2, offset: 0, gen: 0, stmNum: num, index });
      });
    }
  }

  private scanTable(): Map<number, ScannedObject> {
    if (!this.scanned) {
      this.scanned = new Map();
      for (const s of scanObjects(this.bytes)) this.scanned.set(s.num, s);
    }
    return this.scanned;
  }

  private recoverTrailer(fromXref: CosDict | null): CosDict {
    const candidates: CosDict[] = [];
    if (fromXref) candidates.push(fromXref);
    candidates.push(...scanTrailers(this.bytes).reverse());
    // Xref streams carry the trailer keys too.
    for (const [num] of this.scanTable()) {
      const v = this.getIndirect(num);
      if (isStream(v)) {
        const t = dictGet(v.dict, 'Type');
        if (isName(t, 'XRef')) candidates.push(v.dict);
      }
    }
    for (const c of candidates) if (this.rootLooksValid(c)) return c;
    // No usable trailer: look for the catalog itself.
    for (const [num, s] of this.scanTable()) {
      const v = this.getIndirect(num);
      if (isDict(v)) {
        const t = dictGet(v, 'Type');
        if (isName(t, 'Catalog')) {
          this.recoveries.push('trailer rebuilt around the catalog found by scanning');
          const entries = new Map<string, CosObject>(fromXref ? fromXref.entries : []);
          entries.set('Root', { kind: 'ref', num, gen: s.gen });
          return { kind: 'dict', entries };
        }
      }
    }
    return candidates[0] ?? { kind: 'dict', entries: new Map() };
  }

  // ---------------------------------------------------------------- encryption

  /** Opens the standard security handler with the empty user password, when that works. */
  private setUpDecryption(trailer: CosDict): void {
    const encRef = trailer.entries.get('Encrypt');
    if (isRef(encRef)) this.encryptNum = encRef.num;
    const enc = this.resolve(encRef);
    const ids = this.resolve(dictGet(trailer, 'ID'));
    const first = isArray(ids) ? this.resolve(ids.items[0]) : null;
    const id =
      first && typeof first === 'object' && first.kind === 'string'
        ? first.bytes
        : new Uint8Array(0);
    if (!isDict(enc)) return;
    this.decryptor = openStandardSecurity(enc, id, (o) => this.resolve(o));
    if (!this.decryptor) {
      this.recoveries.push(
        'encrypted with a security handler or password the reader cannot open: content not decrypted',
      );
      this.noteUnread(
        'encrypted content',
        'the file is encrypted with a security handler or password the validator cannot open, so strings and streams were not decrypted',
      );
      return;
    }
    // Objects read so far (xref streams, the trailer's targets) were read without decryption.
    this.cache.clear();
    this.objStmCache.clear();
  }

  private decryptStrings(o: CosObject, num: number, gen: number, depth: number): CosObject {
    if (o === null || typeof o !== 'object' || depth > 300) return o;
    switch (o.kind) {
      case 'string':
        return { ...o, bytes: this.decryptor!.decryptString(o.bytes, num, gen) };
      case 'array':
        return {
          kind: 'array',
          items: o.items.map((x) => this.decryptStrings(x, num, gen, depth + 1)),
        };
      case 'dict':
        return this.decryptDict(o, num, gen, depth);
      case 'stream':
        return { ...o, dict: this.decryptDict(o.dict, num, gen, depth) };
      default:
        return o;
    }
  }

  private decryptDict(d: CosDict, num: number, gen: number, depth: number): CosDict {
    const entries = new Map<string, CosObject>();
    for (const [k, v] of d.entries) entries.set(k, this.decryptStrings(v, num, gen, depth + 1));
    return { kind: 'dict', entries };
  }

  // ---------------------------------------------------------------- objects

  /** Parses `N G obj ... endobj` at offset; null when no object header is there. */
  private parseIndirectAt(offset: number, expectNum: number | null): ParsedIndirect | null {
    const buf = this.bytes;
    if (offset < 0 || offset >= buf.length) return null;
    const lx = new Lexer(buf, offset);
    const a = lx.number();
    const afterNum = lx.pos;
    lx.skipWhite();
    const genStart = lx.pos;
    const b = lx.number();
    const afterGen = lx.pos;
    lx.skipWhite();
    const objStart = lx.pos;
    if (!a || !b || !a.isInteger || !b.isInteger) return null;
    if (indexOf(buf, 'obj', objStart, objStart + 3) !== objStart) return null;
    if (expectNum !== null && a.value !== expectNum) return null;
    lx.pos = objStart + 3;
    const problems: string[] = [];
    if (offset > 0 && buf[offset - 1] !== 10 && buf[offset - 1] !== 13)
      problems.push('object number not preceded by an EOL');
    if (genStart - afterNum !== 1)
      problems.push('object and generation numbers not separated by a single white-space');
    if (objStart - afterGen !== 1)
      problems.push('generation number and obj not separated by a single white-space');
    const afterObj = objStart + 3;
    if (buf[afterObj] !== 10 && buf[afterObj] !== 13)
      problems.push('obj keyword not followed by an EOL');

    const res = parseObject(lx, this.noteInvalidKey);
    let value: CosObject = res.value;
    if (res.truncated) {
      this.recoveries.push(`object ${a.value} ${b.value}: nesting or brackets truncated`);
      this.noteUnread(
        `object ${a.value} ${b.value}`,
        'the object is truncated (nesting too deep or brackets not closed); the rest was not read',
      );
    }
    let next = lx.pos;
    if (res.stopKeyword === 'endobj') {
      value = null;
    } else {
      const l2 = new Lexer(buf, lx.pos);
      l2.skipWhite();
      if (isDict(value) && indexOf(buf, 'stream', l2.pos, l2.pos + 6) === l2.pos) {
        const s = this.readStreamBody(value, l2.pos + 6, {
          kind: 'ref',
          num: a.value,
          gen: b.value,
        });
        value = s.stream;
        next = s.end;
      }
    }
    // endobj: preceded and followed by an EOL.
    const l3 = new Lexer(buf, next);
    l3.skipWhite();
    if (indexOf(buf, 'endobj', l3.pos, l3.pos + 6) === l3.pos) {
      const e = l3.pos;
      if (buf[e - 1] !== 10 && buf[e - 1] !== 13) problems.push('endobj not preceded by an EOL');
      const after = buf[e + 6];
      if (after !== 10 && after !== 13) problems.push('endobj not followed by an EOL');
    } else problems.push('endobj keyword missing');
    return { value, spacing: { num: a.value, gen: b.value, offset, problems } };
  }

  private readStreamBody(
    dict: CosDict,
    afterKeyword: number,
    ref: CosRef,
  ): { stream: CosStream; end: number } {
    const buf = this.bytes;
    let start = afterKeyword;
    let crlfOk = false;
    if (buf[start] === 13 && buf[start + 1] === 10) {
      start += 2;
      crlfOk = true;
    } else if (buf[start] === 10) {
      start += 1;
      crlfOk = true;
    } else if (buf[start] === 13) start += 1;
    const lenObj = dictGet(dict, 'Length');
    let declared: number | null = null;
    if (lenObj !== null && typeof lenObj === 'object' && lenObj.kind === 'number')
      declared = lenObj.value;
    else if (isRef(lenObj)) {
      const r = this.resolve(lenObj);
      if (r !== null && typeof r === 'object' && r.kind === 'number') declared = r.value;
    }
    let realLength = -1;
    let eolOk = false;
    let endKeyword = -1;
    if (
      declared !== null &&
      declared >= 0 &&
      Number.isInteger(declared) &&
      start + declared <= buf.length
    ) {
      const e = start + declared;
      let q = e;
      if (buf[q] === 13 && buf[q + 1] === 10) q += 2;
      else if (buf[q] === 10 || buf[q] === 13) q += 1;
      if (indexOf(buf, 'endstream', q, q + 9) === q) {
        realLength = declared;
        eolOk = q > e;
        endKeyword = q;
      }
    }
    if (realLength < 0) {
      // Length is wrong or missing: the data ends at the EOL before the next `endstream`.
      let k = indexOf(buf, 'endstream', start);
      if (k < 0) {
        const eo = indexOf(buf, 'endobj', start);
        k = eo >= 0 ? eo : buf.length;
        this.recoveries.push(`object ${ref.num} ${ref.gen}: stream without endstream`);
      }
      let dataEnd = k;
      if (buf[dataEnd - 1] === 10 && buf[dataEnd - 2] === 13 && dataEnd - 2 >= start) dataEnd -= 2;
      else if ((buf[dataEnd - 1] === 10 || buf[dataEnd - 1] === 13) && dataEnd - 1 >= start)
        dataEnd -= 1;
      eolOk = dataEnd < k;
      realLength = dataEnd - start;
      endKeyword = k;
    }
    const end =
      indexOf(buf, 'endstream', endKeyword, endKeyword + 9) === endKeyword
        ? endKeyword + 9
        : endKeyword;
    const stream: CosStream = {
      kind: 'stream',
      dict,
      raw: buf.subarray(start, start + realLength),
      declaredLength: declared,
      realLength,
      streamKeywordCRLFCompliant: crlfOk,
      endstreamKeywordEOLCompliant: eolOk,
      ref,
    };
    return { stream, end };
  }

  private loadObjStm(num: number): { data: Uint8Array; offsets: number[]; nums: number[] } | null {
    if (this.objStmCache.has(num)) return this.objStmCache.get(num)!;
    this.objStmCache.set(num, null); // guards a stream that lists itself
    const v = this.getIndirect(num);
    if (!isStream(v)) return null;
    const dec = this.decodeStream(v, OBJSTM_LIMIT);
    if (dec.error) this.recoveries.push(`object stream ${num}: ${dec.error}`);
    // Decoded object streams are kept for later lookups, within a budget for the whole file.
    this.objStmBytes += dec.data.length;
    if (this.objStmBytes > OBJSTM_BUDGET) {
      this.objStmCache.clear();
      this.objStmCache.set(num, null);
      this.objStmBytes = dec.data.length;
    }
    const n = Math.min(asInt(this.resolve(dictGet(v.dict, 'N'))) ?? 0, 1_000_000);
    const first = asInt(this.resolve(dictGet(v.dict, 'First'))) ?? 0;
    const lx = new Lexer(dec.data, 0, Math.min(first, dec.data.length));
    const nums: number[] = [];
    const offsets: number[] = [];
    for (let i = 0; i < n; i++) {
      lx.skipWhite();
      const a = lx.number();
      lx.skipWhite();
      const b = lx.number();
      if (!a || !b) break;
      nums.push(a.value);
      offsets.push(first + b.value);
    }
    const entry = { data: dec.data, offsets, nums };
    this.objStmCache.set(num, entry);
    return entry;
  }

  private getIndirect(num: number): CosObject {
    const p = this.getParsed(num);
    return p ? p.value : null;
  }

  private getParsed(num: number): ParsedIndirect | null {
    const hit = this.cache.get(num);
    if (hit === 'pending') return null; // a cycle through /Length or object streams
    if (hit) return hit;
    this.deadline?.check('validation');
    this.cache.set(num, 'pending');
    let result: ParsedIndirect | null = null;
    const e = this.table.get(num);
    if (e && e.type === 1) {
      result = this.parseIndirectAt(e.offset, num);
      if (!result && this.headerOffset > 0)
        result = this.parseIndirectAt(e.offset + this.headerOffset, num);
      if (!result) {
        const s = this.scanTable().get(num);
        if (s) {
          result = this.parseIndirectAt(s.offset, num);
          if (result)
            this.recoveries.push(
              `object ${num}: wrong xref offset ${e.offset}, found at ${s.offset}`,
            );
        }
      }
    } else if (e && e.type === 2) {
      const stm = this.loadObjStm(e.stmNum);
      if (stm) {
        let i = e.index;
        if (stm.nums[i] !== num) i = stm.nums.indexOf(num);
        if (i >= 0 && i < stm.offsets.length) {
          const lx = new Lexer(stm.data, stm.offsets[i]);
          result = { value: parseObject(lx, this.noteInvalidKey).value, spacing: null };
        }
      }
    } else if (!e && this.rebuiltOrScannable()) {
      const s = this.scanTable().get(num);
      if (s) result = this.parseIndirectAt(s.offset, num);
    }
    if (e && !result) {
      this.recoveries.push(`object ${num} could not be read`);
      this.noteUnread(
        `object ${num}`,
        'the cross-reference table lists it, but it could not be read',
      );
    }
    if (result && this.decryptor && e?.type === 1 && num !== this.encryptNum) {
      result = { value: this.decryptStrings(result.value, num, e.gen, 0), spacing: result.spacing };
    }
    this.cache.set(num, result ?? { value: null, spacing: null });
    return result;
  }

  /** Objects missing from the xref are looked up by scanning only when the file is damaged. */
  private rebuiltOrScannable(): boolean {
    return this.scanned !== null;
  }

  resolve(obj: CosObject | undefined): CosObject {
    let o: CosObject = obj ?? null;
    for (let hops = 0; isRef(o); hops++) {
      if (hops >= MAX_REF_HOPS) return null;
      o = this.getIndirect(o.num);
    }
    return o;
  }

  get(dict: CosDict | null | undefined, key: string): CosObject {
    if (!dict) return null;
    return this.resolve(dict.entries.get(key));
  }

  /** The object with number `num` (final revision), or null. */
  object(num: number): CosObject {
    return this.getIndirect(num);
  }

  /**
   * The document budget, when decoding stopped because of it (later streams were not decoded,
   * so the checks that needed them are incomplete); null otherwise.
   */
  get decodeBudgetExhausted(): number | null {
    return this.budgetReported ? this.documentBudget : null;
  }

  noteUnread(location: string, reason: string): void {
    if (!this.unread.has(location) && this.unread.size < MAX_UNREAD_PARTS)
      this.unread.set(location, { location, reason });
  }

  unreadParts(): readonly UnreadPart[] {
    return [...this.unread.values()];
  }

  private streamLocation(stream: CosStream): string {
    return stream.ref ? `object ${stream.ref.num} ${stream.ref.gen} (stream)` : 'a direct stream';
  }

  decodeStream(stream: CosStream, limit = this.decodeLimit): DecodeResult {
    const result = this.decodeBudgeted(stream, limit);
    if (result.error) {
      if (result.error === BUDGET_ERROR)
        this.noteUnread(
          'streams decoded after the document budget',
          `decoded stream data exceeds the document budget of ${this.documentBudget} bytes (documentDecodeBudget); later streams were not decoded`,
        );
      else
        this.noteUnread(
          this.streamLocation(stream),
          `decoding stopped: ${result.error}; what the stream holds was not checked`,
        );
    }
    return result;
  }

  private decodeBudgeted(stream: CosStream, limit: number): DecodeResult {
    // A stream that already blew a limit at least as large fails again without decoding.
    const failedAt = this.decodeFailures.get(stream);
    if (failedAt && failedAt.limit <= limit)
      return { data: new Uint8Array(0), error: failedAt.error };
    if (this.decodedTotal > this.documentBudget) {
      if (!this.budgetReported) {
        this.budgetReported = true;
        this.recoveries.push(
          `decoded data exceeds the document budget of ${this.documentBudget} bytes`,
        );
      }
      return { data: new Uint8Array(0), error: BUDGET_ERROR };
    }
    this.deadline?.check('validation');
    const result = this.decodeUnbudgeted(stream, limit);
    // Each stream counts once, however many areas decode it.
    if (!this.decodeCounted.has(stream)) {
      this.decodeCounted.add(stream);
      this.decodedTotal += result.data.length;
    }
    if (result.error && /exceeds/.test(result.error)) {
      this.decodeFailures.set(stream, { limit, error: result.error });
      // A bomb costs its full limit in time even though nothing is kept.
      this.decodedTotal += limit;
    }
    return result;
  }

  private decodeUnbudgeted(stream: CosStream, limit: number): DecodeResult {
    const chain = filterChain(
      dictGet(stream.dict, 'Filter'),
      dictGet(stream.dict, 'DecodeParms'),
      (o) => this.resolve(o),
    );
    let data: Uint8Array = stream.raw;
    if (this.decryptor && stream.ref && stream.ref.num !== this.encryptNum) {
      const type = nameValue(dictGet(stream.dict, 'Type'));
      const clearMetadata = type === 'Metadata' && !this.decryptor.encryptMetadata;
      // Cross-reference streams are never encrypted (7.6.1).
      if (type !== 'XRef' && !clearMetadata)
        data = this.decryptor.decryptStream(data, stream.ref.num, stream.ref.gen);
    }
    for (const f of chain) {
      const r = applyFilter(f.name, data, f.parms, limit);
      if (r.error) return { data: r.data, error: r.error };
      if (r.passthrough) return { data: r.data };
      data = r.data;
    }
    return { data };
  }

  // ---------------------------------------------------------------- enumeration

  *objects(): Iterable<{ readonly ref: CosRef; readonly value: CosObject }> {
    const nums = [...this.table.entries()]
      .filter(([, e]) => e.type !== 0)
      .map(([n]) => n)
      .sort((x, y) => x - y);
    for (const num of nums) {
      const e = this.table.get(num)!;
      yield { ref: { kind: 'ref', num, gen: e.gen }, value: this.getIndirect(num) };
    }
  }

  /** Spacing facts of every directly stored indirect object (6.1.9). */
  spacing(): ObjectSpacing[] {
    const out: ObjectSpacing[] = [];
    for (const [num, e] of this.table) {
      if (e.type !== 1) continue;
      const p = this.getParsed(num);
      if (p?.spacing) out.push(p.spacing);
    }
    return out.sort((x, y) => x.num - y.num);
  }

  get pageCount(): number {
    if (this.pageCountValue === null) {
      let n = 0;
      for (const node of this.walkPages()) if (node) n++;
      this.pageCountValue = n;
    }
    return this.pageCountValue;
  }

  *pages(): Iterable<PageModel> {
    let index = 0;
    for (const node of this.walkPages()) {
      this.deadline?.check('validation');
      yield this.makePage(index++, node);
    }
  }

  /** Leaf page dictionaries in order, with the inheritable attributes they receive. */
  private *walkPages(): Generator<{
    dict: CosDict;
    ref?: CosRef;
    inherited: Map<string, CosObject>;
  }> {
    const root = this.get(this.catalog, 'Pages');
    if (!isDict(root)) return;
    const rootRef = this.catalog?.entries.get('Pages');
    const visited = new Set<CosDict>();
    type Item = { node: CosDict; ref?: CosRef; inherited: Map<string, CosObject>; depth: number };
    const stack: Item[] = [
      { node: root, ref: isRef(rootRef) ? rootRef : undefined, inherited: new Map(), depth: 0 },
    ];
    while (stack.length) {
      const { node, ref, inherited, depth } = stack.pop()!;
      if (visited.has(node)) {
        this.recoveries.push('page tree contains a cycle');
        continue;
      }
      visited.add(node);
      const inh = new Map(inherited);
      for (const k of ['Resources', 'MediaBox', 'CropBox', 'Rotate']) {
        const v = node.entries.get(k);
        if (v !== undefined) inh.set(k, v);
      }
      const kids = this.get(node, 'Kids');
      const type = dictGet(node, 'Type');
      const isPages = isName(type, 'Pages');
      if (isArray(kids) && (isPages || !dictGet(node, 'Contents'))) {
        if (depth >= MAX_PAGES_DEPTH) continue;
        for (let i = kids.items.length - 1; i >= 0; i--) {
          const k = kids.items[i];
          const kd = this.resolve(k);
          if (isDict(kd))
            stack.push({
              node: kd,
              ref: isRef(k) ? k : undefined,
              inherited: inh,
              depth: depth + 1,
            });
        }
      } else {
        yield { dict: node, ref, inherited: inh };
      }
    }
  }

  private makePage(
    index: number,
    node: { dict: CosDict; ref?: CosRef; inherited: Map<string, CosObject> },
  ): PdfPage {
    const res = this.resolve(node.inherited.get('Resources'));
    return new PdfPage(
      this,
      index,
      node.dict,
      node.ref,
      isDict(res) ? res : null,
      node.inherited,
      this.decodeLimit,
    );
  }

  // ---------------------------------------------------------------- lexical facts

  get lexical(): LexicalFacts {
    if (this.lexicalFacts) return this.lexicalFacts;
    const buf = this.bytes;
    // Binary comment: the line after the header must be a comment with four bytes > 127.
    let p = this.headerLineEnd < 0 ? buf.length : this.headerLineEnd;
    if (buf[p] === 13 && buf[p + 1] === 10) p += 2;
    else if (buf[p] === 10 || buf[p] === 13) p += 1;
    const binary: number[] = [-1, -1, -1, -1];
    if (buf[p] === 37)
      for (let i = 0; i < 4; i++) binary[i] = p + 1 + i < buf.length ? buf[p + 1 + i] : -1;
    // Like veraPDF, the end-of-file marker is looked for in the last 1024 bytes only.
    const eof = lastIndexOf(buf, '%%EOF', buf.length, Math.max(0, buf.length - 1024));
    let post = 0;
    if (eof >= 0) {
      let q = eof + 5;
      if (buf[q] === 13 && buf[q + 1] === 10) q += 2;
      else if (buf[q] === 10 || buf[q] === 13) q += 1;
      post = buf.length - q;
    }
    const spacingViolations: { num: number; detail: string }[] = [];
    for (const s of this.spacing())
      if (s.problems.length) spacingViolations.push({ num: s.num, detail: s.problems.join('; ') });
    const lastTrailer = this.revisions[0]?.trailer ?? this.trailer;
    const id = this.resolve(dictGet(lastTrailer, 'ID'));
    let count = 0;
    for (const e of this.table.values()) if (e.type !== 0) count++;
    this.lexicalFacts = {
      headerOffset: this.headerOffset,
      header: this.header,
      binaryCommentBytes: binary,
      postEOFDataSize: eof >= 0 ? post : -1,
      xrefEOLMarkersComply: this.revisions.every((r) => r.eolCompliant),
      spacingViolations,
      indirectObjectCount: count,
      // An ID of empty strings identifies nothing, so it counts as missing.
      hasLastId:
        id !== null &&
        typeof id === 'object' &&
        id.kind === 'array' &&
        id.items.some((x) => {
          const r = this.resolve(x);
          return r !== null && typeof r === 'object' && r.kind === 'string' && r.bytes.length > 0;
        }),
      recoveries: this.recoveries,
      invalidUtf8Keys: this.invalidKeys,
    };
    return this.lexicalFacts;
  }
}

function mergedTrailer(revisions: Revision[]): CosDict {
  // Keys of the newest trailer win; older trailers fill what it lacks (e.g. Root in a broken update).
  const entries = new Map<string, CosObject>();
  for (let i = revisions.length - 1; i >= 0; i--)
    for (const [k, v] of revisions[i].trailer.entries) entries.set(k, v);
  entries.delete('Prev');
  entries.delete('XRefStm');
  for (const k of ['W', 'Index', 'Length', 'Filter', 'DecodeParms', 'Type']) {
    if (revisions[0].kind === 'stream') entries.delete(k);
  }
  return { kind: 'dict', entries };
}
