/**
 * Importing a page of another PDF as a form XObject (template backgrounds).
 *
 * The source is read with the validator's tolerant reader. `inspectImportablePage` is the
 * conformance gate: beside what the copy itself needs, it asks the validator
 * (pageImportability) and refuses a page whose fonts or colours would make our PDF/A-3a +
 * PDF/UA-1 output fail. `importPage` copies the page's resources (object graph, renumbered, cycles
 * handled, non-content streams raw with their filters) and its content with every marked-content
 * operator removed: the page becomes one artifact in our file, so none of the source's tags,
 * MCIDs, StructParent(s) or annotations may come along.
 */
import {
  type CosDict,
  type CosObject,
  type CosRef,
  type CosStream,
  type LexedOperator,
  type PageModel,
  type PdfDocumentModel,
  lexContentStream,
  openPdf,
  pageImportability,
} from '../validate/index.js';
import type { ImportedPage } from '../document/index.js';
import type { PdfFile } from './file.js';
import { PdfBytes, PdfDict, PdfRaw, PdfRef, type PdfValue, name } from './objects.js';

/** Keys that tie an object to the source's structure tree or page tree. */
const DROPPED_KEYS = new Set(['StructParent', 'StructParents', 'Parent', 'Annots']);
/** Stream keys that point at data outside the file (PDF/A forbids them; the data is not ours). */
const EXTERNAL_STREAM_KEYS = ['F', 'FFilter', 'FDecodeParms', 'DL'];
/** Nesting of indirect objects followed at once while copying. */
const MAX_CHAIN = 256;
/** Marked-content operators: removed so the page's content is one artifact of ours. */
const MARKED_CONTENT_OPS = new Set(['BDC', 'BMC', 'EMC', 'MP', 'DP']);

export interface PageBox {
  readonly x0: number;
  readonly y0: number;
  readonly width: number;
  readonly height: number;
}

function pageAt(doc: PdfDocumentModel, index: number): PageModel | undefined {
  let i = 0;
  for (const p of doc.pages()) if (i++ === index) return p;
  return undefined;
}

function boxOf(doc: PdfDocumentModel, page: PageModel): PageBox | undefined {
  for (const key of ['CropBox', 'MediaBox'] as const) {
    const v = page.inheritedValue?.(key) ?? doc.get(page.dict, key);
    if (!v || typeof v !== 'object' || v.kind !== 'array' || v.items.length !== 4) continue;
    const n = v.items.map((it) => {
      const r = doc.resolve(it);
      return r && typeof r === 'object' && r.kind === 'number' ? r.value : NaN;
    });
    if (!n.every(Number.isFinite)) continue;
    const [a, b, c, d] = n as [number, number, number, number];
    const box = {
      x0: Math.min(a, c),
      y0: Math.min(b, d),
      width: Math.abs(c - a),
      height: Math.abs(d - b),
    };
    if (box.width > 0 && box.height > 0) return box;
  }
  return undefined;
}

/**
 * The conformance gate. Returns the page box, or the first reason the page cannot be drawn
 * into a PDF/A-3a + PDF/UA-1 document.
 */
export function inspectImportablePage(
  bytes: Uint8Array,
  pageIndex = 0,
): { readonly box: PageBox } | { readonly problem: string } {
  const opened = openPage(bytes, pageIndex);
  if ('problem' in opened) return opened;
  const { doc, box } = opened;
  const verdict = pageImportability(doc, pageIndex);
  switch (verdict.kind) {
    case 'importable':
      return { box };
    case 'foreign-output-intent':
      return {
        problem: `its output intent is ${verdict.colourSpace}; device colours in it would not match our sRGB output intent`,
      };
    case 'nonconforming': {
      const f = verdict.failure;
      const where = f.location ? ` (${f.location})` : '';
      return {
        problem: `it would make the output fail PDF/A (clause ${f.clause}-${f.testNumber}: ${f.message}${where})`,
      };
    }
  }
}

/** Opens the source and checks what the copy needs: a readable, unrotated page with a box. */
function openPage(
  bytes: Uint8Array,
  pageIndex: number,
):
  | { readonly doc: PdfDocumentModel; readonly page: PageModel; readonly box: PageBox }
  | { readonly problem: string } {
  let doc: PdfDocumentModel;
  try {
    doc = openPdf(bytes);
  } catch (e) {
    return { problem: `it is not a readable PDF (${(e as Error).message})` };
  }
  if (doc.isEncrypted) return { problem: 'it is encrypted' };
  const page = pageAt(doc, pageIndex);
  if (!page) return { problem: `it has no page ${pageIndex + 1}` };
  const box = boxOf(doc, page);
  if (!box) return { problem: 'its page has no usable MediaBox' };
  const rotate = doc.resolve(page.inheritedValue?.('Rotate') ?? null);
  if (rotate && typeof rotate === 'object' && rotate.kind === 'number' && rotate.value % 360 !== 0)
    return { problem: 'its page is rotated (/Rotate), which is not supported' };
  const content = page.content();
  if (content.error) return { problem: `its page content cannot be read (${content.error})` };
  return { doc, page, box };
}

/** A name token from the name's raw bytes (the decoded value may not round-trip). */
function nameToken(bytes: Uint8Array): string {
  let out = '/';
  for (const b of bytes) {
    const regular = b > 0x20 && b < 0x7f && !'()<>[]{}/%#'.includes(String.fromCharCode(b));
    out += regular ? String.fromCharCode(b) : '#' + b.toString(16).padStart(2, '0');
  }
  return out;
}

/** A real without exponent form, which content streams do not have. */
function realToken(v: number): string {
  if (!Number.isFinite(v)) return '0';
  const s = v.toFixed(6).replace(/0+$/, '').replace(/\.$/, '');
  return s === '-0' ? '0' : s;
}

/** Copies the source's object graph into `file`, each source object once. */
class GraphCopier {
  private readonly refs = new Map<number, PdfRef>();
  private chain = 0;

  constructor(
    private readonly doc: PdfDocumentModel,
    private readonly file: PdfFile,
  ) {}

  value(o: CosObject | undefined, depth = 0): PdfValue {
    if (o === null || o === undefined || depth > 64) return null;
    if (typeof o === 'boolean') return o;
    switch (o.kind) {
      case 'number':
        // Integers stay integers; reals keep the writer's precision.
        return o.isInteger ? Math.trunc(o.value) : o.value;
      case 'name':
        return new PdfRaw(nameToken(o.bytes));
      case 'string':
        return new PdfBytes(o.bytes);
      case 'array':
        return o.items.map((it) => this.value(it, depth + 1));
      case 'dict':
        return this.dict(o, depth);
      case 'ref':
        return this.ref(o);
      case 'stream':
        return o.ref ? this.ref(o.ref) : null;
    }
  }

  private dict(d: CosDict, depth: number): PdfDict {
    const out = new PdfDict();
    for (const [k, v] of d.entries) if (!DROPPED_KEYS.has(k)) out.set(k, this.value(v, depth + 1));
    return out;
  }

  private ref(src: CosRef): PdfValue {
    const known = this.refs.get(src.num);
    if (known) return known;
    // A long chain of distinct objects must not exhaust the stack; its far end is dropped.
    if (this.chain >= MAX_CHAIN) return null;
    const ref = this.file.alloc();
    // Registered before the target is copied, so cycles end at this reference.
    this.refs.set(src.num, ref);
    this.chain++;
    try {
      this.copyTarget(ref, this.doc.resolve(src));
    } finally {
      this.chain--;
    }
    return ref;
  }

  private copyTarget(ref: PdfRef, target: CosObject): void {
    if (target && typeof target === 'object' && target.kind === 'stream') this.stream(ref, target);
    else if (target && typeof target === 'object' && target.kind === 'dict') {
      // A page object reached through a resource is not ours to copy.
      const type = target.entries.get('Type');
      const isPage =
        type && typeof type === 'object' && type.kind === 'name' && type.value === 'Page';
      this.file.put(ref, isPage ? null : this.dict(target, 0));
    } else this.file.put(ref, this.value(target, 0));
  }

  private stream(ref: PdfRef, s: CosStream): void {
    const subtype = s.dict.entries.get('Subtype');
    const isForm =
      subtype && typeof subtype === 'object' && subtype.kind === 'name' && subtype.value === 'Form';
    const d = this.dict(s.dict, 0);
    d.entries.delete('Length');
    if (isForm) {
      // Nested forms carry content too: strip their marked content like the page's.
      const decoded = this.doc.decodeStream(s);
      d.entries.delete('Filter');
      d.entries.delete('DecodeParms');
      for (const k of EXTERNAL_STREAM_KEYS) d.entries.delete(k);
      this.file.putStream(ref, d, stripMarkedContent(decoded.data));
      return;
    }
    for (const k of EXTERNAL_STREAM_KEYS) d.entries.delete(k);
    this.file.putStream(ref, d, s.raw, false);
  }

  resources(res: CosDict | null): PdfDict {
    return res ? this.dict(res, 0) : new PdfDict();
  }
}

/** Re-serialises a content stream without its marked-content operators. */
export function stripMarkedContent(data: Uint8Array): Uint8Array {
  const out: string[] = [];
  const tokens = (o: CosObject): string => {
    if (o === null) return 'null';
    if (typeof o === 'boolean') return o ? 'true' : 'false';
    switch (o.kind) {
      case 'name':
        return nameToken(o.bytes);
      case 'number':
        return o.isInteger ? String(Math.trunc(o.value)) : realToken(o.value);
      case 'string':
        return '<' + Buffer.from(o.bytes).toString('hex') + '>';
      case 'array':
        return '[' + o.items.map(tokens).join(' ') + ']';
      case 'dict':
        return '<<' + [...o.entries].map(([k, v]) => `${dictKey(k)} ${tokens(v)}`).join(' ') + '>>';
      default:
        return 'null';
    }
  };
  const dictKey = (k: string): string => nameToken(Buffer.from(k, 'latin1'));
  // Marked sequences that carry ActualText stay (without MCID): the text they stand for is
  // still needed, for private-use characters above all. Every other one goes.
  const kept: boolean[] = [];
  lexContentStream(data, (op: LexedOperator) => {
    if (op.op === 'BDC' || op.op === 'BMC') {
      const props = op.op === 'BDC' ? op.operands[1] : undefined;
      const actual =
        props && typeof props === 'object' && props.kind === 'dict'
          ? props.entries.get('ActualText')
          : undefined;
      const keep = actual !== undefined && kept.length < 28;
      kept.push(keep);
      if (keep) out.push(`/Span <</ActualText ${tokens(actual ?? null)}>> BDC\n`);
      return;
    }
    if (op.op === 'EMC') {
      if (kept.pop()) out.push('EMC\n');
      return;
    }
    if (MARKED_CONTENT_OPS.has(op.op)) return;
    if (op.op === 'BI' && op.inlineImage) {
      const entries = [...op.inlineImage.dict.entries]
        .map(([k, v]) => `${dictKey(k)} ${tokens(v)}`)
        .join(' ');
      out.push(`BI ${entries} ID `, Buffer.from(op.inlineImage.data).toString('latin1'), '\nEI\n');
      return;
    }
    out.push(op.operands.map(tokens).concat(op.op).join(' ') + '\n');
  });
  // Sequences left open by the source are closed, so ours stay balanced.
  for (const k of kept.reverse()) if (k) out.push('EMC\n');
  return Buffer.from(out.join(''), 'latin1');
}

/**
 * Writes the source page as a form XObject whose space is the page box moved to the origin
 * (0 0 width height); returns its reference, or the reason it could not be imported.
 */
export function importPage(file: PdfFile, source: ImportedPage): PdfRef | string {
  // The conformance gate ran when the source was loaded; this only re-reads it.
  const opened = openPage(source.bytes, source.pageIndex);
  if ('problem' in opened) return opened.problem;
  const { doc, page, box } = opened;
  const copier = new GraphCopier(doc, file);
  return file.addStream(
    new PdfDict({
      Type: name('XObject'),
      Subtype: name('Form'),
      BBox: [box.x0, box.y0, box.x0 + box.width, box.y0 + box.height],
      Matrix: [1, 0, 0, 1, -box.x0, -box.y0],
      Resources: copier.resources(page.resources),
    }),
    stripMarkedContent(page.content().data),
  );
}
