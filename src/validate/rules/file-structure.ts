/**
 * PDF/A clause 6.1 (file structure) and PDF/UA-1 clause 6.1 (file header): header and binary
 * comment, trailer, xref, strings, streams and filters, names, indirect object syntax,
 * permissions and implementation limits. COS values are checked wherever they occur: in every
 * indirect object of the final revision, the trailer, and the operands of content streams.
 */
import { walkDocument } from '../content/walk.js';
import {
  PDFA_ALL,
  PDFUA,
  type CheckSink,
  type RuleArea,
  type RuleAreaContext,
} from '../model/checks.js';
import type { CosDict, CosObject, CosStream } from '../model/cos.js';
import type { PdfDocumentModel } from '../model/document.js';
import { dictOf, isArray, isDict, isStream, itemsOf, nameOf, numberOf } from '../model/util.js';
import { isValidUtf8 } from '../parser/lexer.js';
import { rule } from './spec.js';

const A = PDFA_ALL;
const FS = 'File structure' as const;

export const R = {
  header: rule(
    A,
    '6.1.2',
    1,
    'CosDocument',
    FS,
    'The file does not start at byte 0 with a %PDF-1.n header (n from 0 to 7).',
  ),
  binaryComment: rule(
    A,
    '6.1.2',
    2,
    'CosDocument',
    FS,
    'The header is not followed by a comment line with at least four bytes above 127.',
  ),
  trailerId: rule(A, '6.1.3', 1, 'CosDocument', FS, 'The file trailer has no ID entry.'),
  encrypt: rule(
    A,
    '6.1.3',
    2,
    'CosTrailer',
    FS,
    'The file trailer has an Encrypt entry: encrypted files are not allowed.',
  ),
  postEof: rule(A, '6.1.3', 3, 'CosDocument', FS, 'Data follows the last end-of-file marker.'),
  xrefEol: rule(
    A,
    '6.1.4',
    2,
    'CosXRef',
    FS,
    'The xref keyword and the subsection headers are not each followed by a single end-of-line marker.',
  ),
  hexEven: rule(
    A,
    '6.1.6',
    1,
    'CosString',
    FS,
    'A hexadecimal string has an odd number of digits.',
  ),
  hexOnly: rule(
    A,
    '6.1.6',
    2,
    'CosString',
    FS,
    'A hexadecimal string contains characters other than hexadecimal digits and white space.',
  ),
  streamLength: rule(
    A,
    '6.1.7.1',
    1,
    'CosStream',
    FS,
    'The Length of a stream does not match the number of bytes between stream and endstream.',
  ),
  streamEol: rule(
    A,
    '6.1.7.1',
    2,
    'CosStream',
    FS,
    'The stream keyword is not followed by CRLF or LF, or endstream is not preceded by an end-of-line marker.',
  ),
  streamExternal: rule(
    A,
    '6.1.7.1',
    3,
    'CosStream',
    FS,
    'A stream dictionary refers to external data through F, FFilter or FDecodeParms.',
  ),
  filter: rule(
    A,
    '6.1.7.2',
    1,
    'CosFilter',
    FS,
    'A stream uses LZWDecode, a non-Identity Crypt filter or a filter that ISO 32000-1 does not define.',
  ),
  nameUtf8: rule(
    A,
    '6.1.8',
    1,
    'CosUnicodeName',
    FS,
    'A name is not valid UTF-8 once its #xx escapes are expanded.',
  ),
  objSpacing: rule(
    A,
    '6.1.9',
    1,
    'CosIndirect',
    FS,
    'An indirect object header or endobj keyword is not separated by the required white space and end-of-line markers.',
  ),
  inlineFilter: rule(
    A,
    '6.1.10',
    1,
    'CosIIFilter',
    FS,
    'An inline image uses LZW, Crypt or a filter that ISO 32000-1 does not define.',
  ),
  perms: rule(
    A,
    '6.1.12',
    1,
    'PDPerms',
    FS,
    'The permissions dictionary holds keys other than UR3 and DocMDP.',
  ),
  sigRefDigest: rule(
    A,
    '6.1.12',
    2,
    'PDSigRef',
    FS,
    'A signature reference dictionary has DigestLocation, DigestMethod or DigestValue although the document has DocMDP permissions.',
  ),
  intRange: rule(
    A,
    '6.1.13',
    1,
    'CosInteger',
    FS,
    'An integer lies outside the range -2147483648 to 2147483647.',
  ),
  realRange: rule(
    A,
    '6.1.13',
    2,
    'CosReal',
    FS,
    'A real number lies outside the range -3.403e38 to 3.403e38.',
  ),
  stringLength: rule(A, '6.1.13', 3, 'CosString', FS, 'A string is longer than 32767 bytes.'),
  nameLength: rule(A, '6.1.13', 4, 'CosName', FS, 'A name is longer than 127 bytes.'),
  realTiny: rule(
    A,
    '6.1.13',
    5,
    'CosReal',
    FS,
    'A non-zero real number is closer to zero than 1.175e-38.',
  ),
  indirectCount: rule(
    A,
    '6.1.13',
    7,
    'CosDocument',
    FS,
    'The file has more than 8388607 indirect objects.',
  ),
  pageBox: rule(
    A,
    '6.1.13',
    11,
    'CosBBox',
    FS,
    'A page boundary is smaller than 3 or larger than 14400 units in width or height.',
  ),
  uaHeader: rule(
    PDFUA,
    '6.1',
    1,
    'CosDocument',
    FS,
    'The file header is not %PDF-1.n (n from 0 to 7) followed by an end-of-line marker.',
  ),
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
  constructor(private readonly sink: CheckSink) {}

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
        bytes = new TextEncoder().encode(k);
        if (this.keyBytes.size < 10_000) this.keyBytes.set(k, bytes);
      }
      this.name(bytes, k, location);
    }
  }
  /** Keys are stored as text; their bytes are re-encoded once per distinct key. */
  private readonly keyBytes = new Map<string, Uint8Array>();

  number(v: number, isInteger: boolean, location: string): void {
    const s = this.sink;
    if (isInteger) s.check(R.intRange, v <= 2147483647 && v >= -2147483648, location, `value ${v}`);
    else {
      s.check(R.realRange, v >= -3.403e38 && v <= 3.403e38, location, `value ${v}`);
      s.check(R.realTiny, v === 0 || v <= -1.175e-38 || v >= 1.175e-38, location, `value ${v}`);
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
    s.check(R.stringLength, length < 32768, location, `${length} bytes`);
    if (isHex) {
      s.check(R.hexEven, (hexCount ?? 0) % 2 === 0, location, `${hexCount} hexadecimal characters`);
      s.check(R.hexOnly, onlyHex !== false, location);
    }
  }

  name(bytes: Uint8Array, value: string, location: string): void {
    const s = this.sink;
    s.check(R.nameLength, bytes.length <= 127, location, `name of ${bytes.length} bytes`);
    s.check(R.nameUtf8, isValidUtf8(bytes), location, `name /${value.slice(0, 40)}`);
  }
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
    const name = nameOf(f);
    let ok = name !== null && STREAM_FILTERS.has(name);
    if (name === 'Crypt') {
      const p = dictOf(isArray(parms) ? doc.resolve(parms.items[i]) : parms);
      ok = nameOf(doc.get(p, 'Name')) === 'Identity' || (p !== null && !p.entries.has('Name'));
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
    if (nameOf(doc.get(field, 'FT')) !== 'Sig') continue;
    const v = doc.get(field, 'V');
    if (isDict(v)) sigs.add(v);
  }
  for (const sig of sigs) {
    for (const r of itemsOf(doc.get(sig, 'Reference'))) {
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
  const stack: CosObject[] = [...itemsOf(doc.get(dictOf(form), 'Fields'))].reverse();
  while (stack.length && out.length < 100_000) {
    const f = doc.resolve(stack.pop());
    if (!isDict(f) || seen.has(f)) continue;
    seen.add(f);
    out.push(f);
    const kids = itemsOf(doc.get(f, 'Kids'));
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
      const v = box.items.map((x) => numberOf(doc.resolve(x)) ?? 0);
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
  const cos = new CosChecker(sink);
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

/** Operands of every content stream and the filters of inline images. */
function checkContentStreams(doc: PdfDocumentModel, sink: CheckSink, cos: CosChecker): void {
  walkDocument(doc, (event, scope) => {
    if (event.type === 'operator') {
      for (const o of event.operands) cos.walk(o, scope.location);
    } else if (event.type === 'inline-image') {
      for (const f of event.filters) {
        sink.check(
          R.inlineFilter,
          INLINE_FILTERS.has(f),
          `${scope.location} / inline image`,
          `filter ${f}`,
        );
      }
    }
  });
}

export const fileStructureArea: RuleArea = {
  name: 'file structure',
  rules: Object.values(R),
  run,
};
