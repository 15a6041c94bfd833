/**
 * PDF/A clause 6.1 (file structure) and PDF/UA-1 clause 6.1 (file header): header and binary
 * comment, trailer, xref, strings, streams and filters, names, indirect object syntax,
 * permissions and implementation limits. COS values are checked wherever they occur: in every
 * indirect object of the final revision, the trailer, and the operands of content streams.
 */
import {
  PDFA_ALL,
  PDFUA,
  type CheckSink,
  type RuleArea,
  type RuleAreaContext,
} from '../model/checks.js';
import type { CosDict, CosObject, CosStream } from '../model/cos.js';
import type { PdfDocumentModel } from '../model/document.js';
import {
  arrayItems,
  asDict,
  isArray,
  isDict,
  isStream,
  nameValue,
  numberValue,
} from '../model/read.js';
import { Lexer, isValidUtf8, isWhite, latin1String } from '../parser/lexer.js';
import { allDicts } from './doc-walk.js';
import { ruleSpec } from './spec.js';

export const R = {
  header: ruleSpec({
    clause: '6.1.2',
    testNumber: 1,
    object: 'CosDocument',
    category: 'File structure',
    message: 'The file does not start at byte 0 with a %PDF-1.n header (n from 0 to 7).',
    flavours: PDFA_ALL,
  }),
  binaryComment: ruleSpec({
    clause: '6.1.2',
    testNumber: 2,
    object: 'CosDocument',
    category: 'File structure',
    message: 'The header is not followed by a comment line with at least four bytes above 127.',
    flavours: PDFA_ALL,
  }),
  trailerId: ruleSpec({
    clause: '6.1.3',
    testNumber: 1,
    object: 'CosDocument',
    category: 'File structure',
    message: 'The file trailer has no ID entry.',
    flavours: PDFA_ALL,
  }),
  encrypt: ruleSpec({
    clause: '6.1.3',
    testNumber: 2,
    object: 'CosTrailer',
    category: 'File structure',
    message: 'The file trailer has an Encrypt entry: encrypted files are not allowed.',
    flavours: PDFA_ALL,
  }),
  postEof: ruleSpec({
    clause: '6.1.3',
    testNumber: 3,
    object: 'CosDocument',
    category: 'File structure',
    message: 'Data follows the last end-of-file marker.',
    flavours: PDFA_ALL,
  }),
  xrefEol: ruleSpec({
    clause: '6.1.4',
    testNumber: 2,
    object: 'CosXRef',
    category: 'File structure',
    message:
      'The xref keyword and the subsection headers are not each followed by a single end-of-line marker.',
    flavours: PDFA_ALL,
  }),
  hexEven: ruleSpec({
    clause: '6.1.6',
    testNumber: 1,
    object: 'CosString',
    category: 'File structure',
    message: 'A hexadecimal string has an odd number of digits.',
    flavours: PDFA_ALL,
  }),
  hexOnly: ruleSpec({
    clause: '6.1.6',
    testNumber: 2,
    object: 'CosString',
    category: 'File structure',
    message:
      'A hexadecimal string contains characters other than hexadecimal digits and white space.',
    flavours: PDFA_ALL,
  }),
  streamLength: ruleSpec({
    clause: '6.1.7.1',
    testNumber: 1,
    object: 'CosStream',
    category: 'File structure',
    message:
      'The Length of a stream does not match the number of bytes between stream and endstream.',
    flavours: PDFA_ALL,
  }),
  streamEol: ruleSpec({
    clause: '6.1.7.1',
    testNumber: 2,
    object: 'CosStream',
    category: 'File structure',
    message:
      'The stream keyword is not followed by CRLF or LF, or endstream is not preceded by an end-of-line marker.',
    flavours: PDFA_ALL,
  }),
  streamExternal: ruleSpec({
    clause: '6.1.7.1',
    testNumber: 3,
    object: 'CosStream',
    category: 'File structure',
    message: 'A stream dictionary refers to external data through F, FFilter or FDecodeParms.',
    flavours: PDFA_ALL,
  }),
  filter: ruleSpec({
    clause: '6.1.7.2',
    testNumber: 1,
    object: 'CosFilter',
    category: 'File structure',
    message:
      'A stream uses LZWDecode, a non-Identity Crypt filter or a filter that ISO 32000-1 does not define.',
    flavours: PDFA_ALL,
  }),
  nameUtf8: ruleSpec({
    clause: '6.1.8',
    testNumber: 1,
    object: 'CosUnicodeName',
    category: 'File structure',
    message: 'A name is not valid UTF-8 once its #xx escapes are expanded.',
    flavours: PDFA_ALL,
  }),
  objSpacing: ruleSpec({
    clause: '6.1.9',
    testNumber: 1,
    object: 'CosIndirect',
    category: 'File structure',
    message:
      'An indirect object header or endobj keyword is not separated by the required white space and end-of-line markers.',
    flavours: PDFA_ALL,
  }),
  inlineFilter: ruleSpec({
    clause: '6.1.10',
    testNumber: 1,
    object: 'CosIIFilter',
    category: 'File structure',
    message: 'An inline image uses LZW, Crypt or a filter that ISO 32000-1 does not define.',
    flavours: PDFA_ALL,
  }),
  perms: ruleSpec({
    clause: '6.1.12',
    testNumber: 1,
    object: 'PDPerms',
    category: 'File structure',
    message: 'The permissions dictionary holds keys other than UR3 and DocMDP.',
    flavours: PDFA_ALL,
  }),
  sigRefDigest: ruleSpec({
    clause: '6.1.12',
    testNumber: 2,
    object: 'PDSigRef',
    category: 'File structure',
    message:
      'A signature reference dictionary has DigestLocation, DigestMethod or DigestValue although the document has DocMDP permissions.',
    flavours: PDFA_ALL,
  }),
  intRange: ruleSpec({
    clause: '6.1.13',
    testNumber: 1,
    object: 'CosInteger',
    category: 'File structure',
    message: 'An integer lies outside the range -2147483648 to 2147483647.',
    flavours: PDFA_ALL,
  }),
  realRange: ruleSpec({
    clause: '6.1.13',
    testNumber: 2,
    object: 'CosReal',
    category: 'File structure',
    message: 'A real number lies outside the range -3.403e38 to 3.403e38.',
    flavours: PDFA_ALL,
  }),
  stringLength: ruleSpec({
    clause: '6.1.13',
    testNumber: 3,
    object: 'CosString',
    category: 'File structure',
    message: 'A string is longer than 32767 bytes.',
    flavours: PDFA_ALL,
  }),
  nameLength: ruleSpec({
    clause: '6.1.13',
    testNumber: 4,
    object: 'CosName',
    category: 'File structure',
    message: 'A name is longer than 127 bytes.',
    flavours: PDFA_ALL,
  }),
  realTiny: ruleSpec({
    clause: '6.1.13',
    testNumber: 5,
    object: 'CosReal',
    category: 'File structure',
    message: 'A non-zero real number is closer to zero than 1.175e-38.',
    flavours: PDFA_ALL,
  }),
  indirectCount: ruleSpec({
    clause: '6.1.13',
    testNumber: 7,
    object: 'CosDocument',
    category: 'File structure',
    message: 'The file has more than 8388607 indirect objects.',
    flavours: PDFA_ALL,
  }),
  pageBox: ruleSpec({
    clause: '6.1.13',
    testNumber: 11,
    object: 'CosBBox',
    category: 'File structure',
    message: 'A page boundary is smaller than 3 or larger than 14400 units in width or height.',
    flavours: PDFA_ALL,
  }),
  uaHeader: ruleSpec({
    clause: '6.1',
    testNumber: 1,
    object: 'CosDocument',
    category: 'File structure',
    message: 'The file header is not %PDF-1.n (n from 0 to 7) followed by an end-of-line marker.',
    flavours: PDFUA,
  }),
} as const;

const STREAM_FILTERS = new Set([
  'ASCIIHexDecode',
  'ASCII85Decode',
  'FlateDecode',
  'RunLengthDecode',
  'CCITTFaxDecode',
  'JBIG2Decode',
  'DCTDecode',
  'JPXDecode',
]);
const INLINE_FILTERS = new Set([
  'ASCIIHexDecode',
  'ASCII85Decode',
  'FlateDecode',
  'RunLengthDecode',
  'CCITTFaxDecode',
  'DCTDecode',
  'AHx',
  'A85',
  'Fl',
  'RL',
  'CCF',
  'DCT',
]);

const MAX_WALK_STEPS = 5_000_000;

/** Checks one COS value (and what it contains) against the lexical rules. */
class CosChecker {
  private steps = 0;
  constructor(
    private readonly sink: CheckSink,
    private readonly invalidKeys: ReadonlySet<string> = new Set(),
  ) {}

  walk(root: CosObject, location: string): void {
    const stack: CosObject[] = [root];
    while (stack.length) {
      if (this.steps++ > MAX_WALK_STEPS) return;
      const o = stack.pop()!;
      if (o === null || typeof o !== 'object') continue;
      switch (o.kind) {
        case 'number':
          this.number(o.value, o.isInteger, location);
          break;
        case 'string':
          this.string(o.bytes.length, o.isHex, o.hexCount, o.containsOnlyHex, location);
          break;
        case 'name':
          this.name(o.bytes, o.value, location);
          break;
        case 'array':
          for (let i = o.items.length - 1; i >= 0; i--) stack.push(o.items[i]);
          break;
        case 'dict':
          this.dictKeys(o, location);
          for (const v of o.entries.values()) stack.push(v);
          break;
        case 'stream':
          this.dictKeys(o.dict, location);
          for (const v of o.dict.entries.values()) stack.push(v);
          break;
        case 'ref':
          break;
      }
    }
  }

  /** Dictionary keys are names too. */
  private dictKeys(d: CosDict, location: string): void {
    for (const k of d.entries.keys()) {
      let bytes = this.keyBytes.get(k);
      if (!bytes) {
        // A key the reader found not to be UTF-8 is held as Latin-1 text: its bytes are its char codes.
        bytes = this.invalidKeys.has(k)
          ? Uint8Array.from(k, (c) => c.charCodeAt(0) & 0xff)
          : new TextEncoder().encode(k);
        if (this.keyBytes.size < 10_000) this.keyBytes.set(k, bytes);
      }
      this.name(bytes, k, location);
    }
  }
  /** Keys are stored as text; their bytes are re-encoded once per distinct key. */
  private readonly keyBytes = new Map<string, Uint8Array>();

  number(v: number, isInteger: boolean, location: string): void {
    const s = this.sink;
    // Details are built only for failures: files hold hundreds of thousands of numbers.
    if (isInteger) {
      const ok = v <= 2147483647 && v >= -2147483648;
      s.check(R.intRange, ok, location, ok ? undefined : `value ${v}`);
    } else {
      const inRange = v >= -3.403e38 && v <= 3.403e38;
      s.check(R.realRange, inRange, location, inRange ? undefined : `value ${v}`);
      const notTiny = v === 0 || v <= -1.175e-38 || v >= 1.175e-38;
      s.check(R.realTiny, notTiny, location, notTiny ? undefined : `value ${v}`);
    }
  }

  string(
    length: number,
    isHex: boolean,
    hexCount: number | undefined,
    onlyHex: boolean | undefined,
    location: string,
  ): void {
    const s = this.sink;
    const short = length < 32768;
    s.check(R.stringLength, short, location, short ? undefined : `${length} bytes`);
    if (isHex) {
      const even = (hexCount ?? 0) % 2 === 0;
      s.check(R.hexEven, even, location, even ? undefined : `${hexCount} hexadecimal characters`);
      s.check(R.hexOnly, onlyHex !== false, location);
    }
  }

  name(bytes: Uint8Array, value: string, location: string): void {
    const s = this.sink;
    const shortName = bytes.length <= 127;
    s.check(
      R.nameLength,
      shortName,
      location,
      shortName ? undefined : `name of ${bytes.length} bytes`,
    );
    const utf8 = isAsciiOrUtf8(bytes);
    s.check(R.nameUtf8, utf8, location, utf8 ? undefined : `name /${value.slice(0, 40)}`);
  }
}

/** ASCII names (nearly all) are valid UTF-8 without running a decoder. */
function isAsciiOrUtf8(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i++) if (bytes[i] > 127) return isValidUtf8(bytes);
  return true;
}

function objLocation(num: number): string {
  return `object ${num}`;
}

function checkStream(doc: PdfDocumentModel, s: CosStream, location: string, sink: CheckSink): void {
  sink.check(
    R.streamLength,
    s.declaredLength !== null && s.declaredLength === s.realLength,
    location,
    `Length ${s.declaredLength ?? 'missing'}, actual ${s.realLength}`,
  );
  sink.check(R.streamEol, s.streamKeywordCRLFCompliant && s.endstreamKeywordEOLCompliant, location);
  const d = s.dict.entries;
  sink.check(
    R.streamExternal,
    !d.has('F') && !d.has('FFilter') && !d.has('FDecodeParms'),
    location,
  );
  const filter = doc.resolve(d.get('Filter'));
  const parms = doc.resolve(d.get('DecodeParms'));
  const names = isArray(filter)
    ? filter.items.map((x) => doc.resolve(x))
    : filter === null
      ? []
      : [filter];
  names.forEach((f, i) => {
    const name = nameValue(f);
    let ok = name !== null && STREAM_FILTERS.has(name);
    if (name === 'Crypt') {
      const p = asDict(isArray(parms) ? doc.resolve(parms.items[i]) : parms);
      ok = nameValue(doc.get(p, 'Name')) === 'Identity' || (p !== null && !p.entries.has('Name'));
    }
    sink.check(R.filter, ok, location, `filter ${name ?? 'of a wrong type'}`);
  });
}

function checkPermissions(doc: PdfDocumentModel, sink: CheckSink): void {
  const perms = doc.get(doc.catalog, 'Perms');
  const permsDict = isDict(perms) ? perms : null;
  if (permsDict) {
    const extra = [...permsDict.entries.keys()].filter((k) => k !== 'UR3' && k !== 'DocMDP');
    sink.check(
      R.perms,
      extra.length === 0,
      'document catalog / Perms',
      extra.length ? `keys ${extra.join(', ')}` : undefined,
    );
  }
  const hasDocMdp = !!permsDict?.entries.has('DocMDP');
  // Signature dictionaries: the DocMDP one and the values of signature fields.
  const sigs = new Set<CosDict>();
  const mdp = doc.get(permsDict, 'DocMDP');
  if (isDict(mdp)) sigs.add(mdp);
  for (const field of formFields(doc)) {
    if (nameValue(doc.get(field, 'FT')) !== 'Sig') continue;
    const v = doc.get(field, 'V');
    if (isDict(v)) sigs.add(v);
  }
  for (const sig of sigs) {
    for (const r of arrayItems(doc.get(sig, 'Reference'))) {
      const ref = doc.resolve(r);
      if (!isDict(ref)) continue;
      const digest = ['DigestLocation', 'DigestMethod', 'DigestValue'].filter((k) =>
        ref.entries.has(k),
      );
      sink.check(
        R.sigRefDigest,
        !hasDocMdp || digest.length === 0,
        'signature reference',
        digest.join(', ') || undefined,
      );
    }
  }
}

/** Every field dictionary of the AcroForm tree (cycle-safe, bounded). */
export function formFields(doc: PdfDocumentModel): CosDict[] {
  const form = doc.get(doc.catalog, 'AcroForm');
  const out: CosDict[] = [];
  const seen = new Set<CosDict>();
  const stack: CosObject[] = [...arrayItems(doc.get(asDict(form), 'Fields'))].reverse();
  while (stack.length && out.length < 100_000) {
    const f = doc.resolve(stack.pop());
    if (!isDict(f) || seen.has(f)) continue;
    seen.add(f);
    out.push(f);
    const kids = arrayItems(doc.get(f, 'Kids'));
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
  }
  return out;
}

function checkPageBoxes(doc: PdfDocumentModel, sink: CheckSink): void {
  for (const page of doc.pages()) {
    for (const key of ['MediaBox', 'CropBox', 'BleedBox', 'TrimBox', 'ArtBox'] as const) {
      let box: CosObject = doc.get(page.dict, key);
      if (box === null && (key === 'MediaBox' || key === 'CropBox') && page.inheritedValue) {
        box = page.inheritedValue(key);
      }
      if (!isArray(box)) continue;
      const v = box.items.map((x) => numberValue(doc.resolve(x)) ?? 0);
      if (v.length < 4) continue;
      const w = Math.abs(v[2] - v[0]);
      const h = Math.abs(v[3] - v[1]);
      sink.check(
        R.pageBox,
        w >= 3 && w <= 14400 && h >= 3 && h <= 14400,
        `page ${page.index + 1} / ${key}`,
        `${w} x ${h}`,
      );
    }
  }
}

function run(ctx: RuleAreaContext): void {
  const { doc, sink, flavour } = ctx;
  const lx = doc.lexical;
  if (flavour.pdfaPart === null) {
    sink.check(
      R.uaHeader,
      /^%PDF-1\.[0-7]$/.test(lx.header),
      'file header',
      lx.header.slice(0, 20),
    );
    return;
  }
  sink.check(
    R.header,
    lx.headerOffset === 0 && /^%PDF-1\.[0-7]$/.test(lx.header),
    'file header',
    `header ${JSON.stringify(lx.header.slice(0, 20))} at offset ${lx.headerOffset}`,
  );
  sink.check(
    R.binaryComment,
    lx.binaryCommentBytes.length >= 4 && lx.binaryCommentBytes.every((b) => b > 127),
    'file header',
  );
  sink.check(R.trailerId, lx.hasLastId, 'trailer');
  sink.check(R.encrypt, !doc.isEncrypted, 'trailer');
  sink.check(
    R.postEof,
    lx.postEOFDataSize === 0,
    'end of file',
    lx.postEOFDataSize < 0
      ? 'no %%EOF marker at the end of the file'
      : `${lx.postEOFDataSize} bytes after %%EOF`,
  );
  sink.check(R.xrefEol, lx.xrefEOLMarkersComply, 'cross-reference table');
  sink.check(
    R.indirectCount,
    lx.indirectObjectCount <= 8388607,
    'document',
    `${lx.indirectObjectCount} objects`,
  );

  const spacing = new Map(lx.spacingViolations.map((v) => [v.num, v.detail]));
  const cos = new CosChecker(sink, lx.invalidUtf8Keys);
  cos.walk(doc.trailer, 'trailer');
  for (const { ref, value } of doc.objects()) {
    const loc = objLocation(ref.num);
    sink.check(R.objSpacing, !spacing.has(ref.num), loc, spacing.get(ref.num));
    cos.walk(value, loc);
    if (isStream(value)) checkStream(doc, value, loc, sink);
  }
  checkPermissions(doc, sink);
  checkPageBoxes(doc, sink);
  checkContentStreams(doc, sink, cos);
}

/**
 * Operands of every content stream and the filters of inline images. Content streams are the
 * pages' contents and every form XObject (annotation appearances included), tiling pattern and
 * Type 3 glyph procedure; each is scanned once, token by token, without interpreting it.
 */
function checkContentStreams(doc: PdfDocumentModel, sink: CheckSink, cos: CosChecker): void {
  for (const page of doc.pages()) {
    const c = page.content();
    scanContent(c.data, `page ${page.index + 1} content`, sink, cos);
  }
  // Type 3 glyph procedures are streams without a type of their own: find them through the
  // fonts (which may be direct dictionaries inside resources).
  const glyphProcs = new Set<CosStream>();
  for (const { dict } of allDicts(doc)) {
    if (nameValue(dict.entries.get('Subtype')) !== 'Type3') continue;
    const procs = doc.get(dict, 'CharProcs');
    if (!isDict(procs)) continue;
    for (const v of procs.entries.values()) {
      const st = doc.resolve(v);
      if (isStream(st)) glyphProcs.add(st);
    }
  }
  for (const { ref, value } of doc.objects()) {
    if (!isStream(value)) continue;
    const d = value.dict;
    const isForm = nameValue(d.entries.get('Subtype')) === 'Form';
    const isTiling = numberValue(doc.resolve(d.entries.get('PatternType'))) === 1;
    if ((isForm || isTiling || glyphProcs.has(value)) && !d.entries.has('FunctionType')) {
      scanContent(doc.decodeStream(value).data, `object ${ref.num} (content stream)`, sink, cos);
    }
  }
}

/**
 * Checks the tokens of one content stream; inline image data is skipped, its filters checked.
 * Numbers, plain names, keywords and delimiters are read without building COS objects: this
 * pass sees every token of every content stream, so allocation here is most of its cost.
 */
function scanContent(data: Uint8Array, location: string, sink: CheckSink, cos: CosChecker): void {
  const lx = new Lexer(data);
  const end = data.length;
  let inInlineDict = false;
  let lastKey: string | null = null;
  // Between the brackets of an inline image's filter array, where every name is a filter.
  let inFilterArray = false;
  for (let tokens = 0; tokens <= 20_000_000; tokens++) {
    lx.skipWhite();
    const p = lx.pos;
    if (p >= end) return;
    const c = data[p];
    if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      lx.pos++;
      if (c === 0x7b) lastKey = null;
      // Names count as filters only after F or Filter, so any array may set this.
      else inFilterArray = true;
    } else if (c === 0x5d /* ] */) {
      lx.pos++;
      lastKey = null;
      inFilterArray = false;
    } else if (c === 0x3c /* < */) {
      if (data[p + 1] === 0x3c) {
        lx.pos += 2;
        lastKey = null;
      } else {
        const v = lx.hexString();
        cos.string(v.bytes.length, true, v.hexCount, v.containsOnlyHex, location);
      }
    } else if (c === 0x28 /* ( */) {
      cos.string(lx.literalString().bytes.length, false, undefined, undefined, location);
    } else if (c === 0x2f /* / */) {
      const plain = inInlineDict ? -1 : lx.skipPlainName();
      if (plain >= 0) {
        // Plain ASCII is valid UTF-8; only the length can fail.
        if (plain > 127)
          cos.name(data.subarray(p + 1, lx.pos), latin1String(data, p + 1, lx.pos), location);
        else cos.name(EMPTY, '', location);
      } else {
        const v = lx.name();
        cos.name(v.bytes, v.value, location);
        if (inInlineDict) {
          if (lastKey === 'F' || lastKey === 'Filter') {
            checkInlineFilter(v.value, location, sink);
            if (!inFilterArray) lastKey = null;
          } else lastKey = v.value;
        }
      }
    } else if ((c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e) {
      if (lx.scanNumber()) cos.number(lx.numValue, lx.numIsInteger, location);
      else lx.skipKeyword();
    } else {
      // A keyword, or one byte of a delimiter the branches above need not tell apart (>, ), }).
      const n = lx.skipKeyword();
      if (n === 2 && data[p] === 0x42 /* B */ && data[p + 1] === 0x49 /* I */) {
        inInlineDict = true;
        lastKey = null;
        inFilterArray = false;
      } else if (
        n === 2 &&
        inInlineDict &&
        data[p] === 0x49 /* I */ &&
        data[p + 1] === 0x44 /* D */
      ) {
        inInlineDict = false;
        lx.pos = skipInlineData(data, lx.pos);
      }
    }
  }
}

const EMPTY = new Uint8Array(0);

function checkInlineFilter(name: string, location: string, sink: CheckSink): void {
  sink.check(
    R.inlineFilter,
    INLINE_FILTERS.has(name),
    `${location} / inline image`,
    `filter ${name}`,
  );
}

/** Position after the EI that ends inline image data starting after `ID` at `p`. */
function skipInlineData(data: Uint8Array, p: number): number {
  let q = p + 1; // the single white-space character after ID
  for (; q + 1 < data.length; q++) {
    if (data[q] === 0x45 && data[q + 1] === 0x49 && isWhite(data[q - 1]) && isWhite(data[q + 2])) {
      return q + 2;
    }
  }
  return data.length;
}

export const fileStructureArea: RuleArea = {
  name: 'file structure',
  rules: Object.values(R),
  run,
};
