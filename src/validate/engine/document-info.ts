/** documentInfo and metadata of the ValidationResponse, read from the model. */
import type { CosDict, CosObject } from '../model/cos.js';
import type { PdfDocumentModel } from '../model/document.js';
import {
  asDict,
  isArray,
  isDict,
  isStream,
  nameValue,
  pdfDateToIso,
  textValue,
} from '../model/read.js';
import type { DocumentInfo, FontInfo, PdfMetadata } from '../contract.js';
import type { XmpFacts } from './xmp.js';

/** Bounds for walking resources and the structure tree of hostile files. */
const MAX_WALK = 200_000;
const MAX_FORM_DEPTH = 12;

export function documentInfo(doc: PdfDocumentModel): DocumentInfo {
  const cat = doc.catalog;
  const markInfo = doc.get(cat, 'MarkInfo');
  const marked = isDict(markInfo) ? doc.get(markInfo, 'Marked') : null;
  const { fonts, images } = fontsAndImages(doc);
  return {
    pages: doc.pageCount,
    tagged: marked === true,
    language: textValue(doc.get(cat, 'Lang')),
    structureElements: countStructElems(doc),
    fonts,
    images,
  };
}

function countStructElems(doc: PdfDocumentModel): number {
  const root = doc.get(doc.catalog, 'StructTreeRoot');
  if (!isDict(root)) return 0;
  const seen = new Set<CosObject>();
  const stack: CosObject[] = [root.entries.get('K') ?? null];
  let n = 0;
  let steps = 0;
  while (stack.length && steps++ < MAX_WALK) {
    const raw = stack.pop()!;
    const o = doc.resolve(raw);
    if (isArray(o)) {
      for (const it of o.items) stack.push(it);
      continue;
    }
    if (!isDict(o) || seen.has(o)) continue;
    seen.add(o);
    const type = nameValue(o.entries.get('Type'));
    // Marked-content and object references are kids too, but not elements.
    if (type === 'MCR' || type === 'OBJR') continue;
    if (!o.entries.has('S')) continue;
    n++;
    const k = o.entries.get('K');
    if (k !== undefined) stack.push(k);
  }
  return n;
}

function fontsAndImages(doc: PdfDocumentModel): { fonts: FontInfo[]; images: number } {
  const fonts = new Map<CosObject, FontInfo>();
  const images = new Set<CosObject>();
  const seenRes = new Set<CosDict>();
  let budget = MAX_WALK;
  const visit = (res: CosDict | null, depth: number): void => {
    if (!res || seenRes.has(res) || depth > MAX_FORM_DEPTH || budget-- <= 0) return;
    seenRes.add(res);
    const fd = doc.get(res, 'Font');
    if (isDict(fd)) {
      for (const v of fd.entries.values()) {
        const f = doc.resolve(v);
        if (!isDict(f) || fonts.has(f)) continue;
        fonts.set(f, fontInfo(doc, f));
      }
    }
    const xd = doc.get(res, 'XObject');
    if (isDict(xd)) {
      for (const v of xd.entries.values()) {
        const x = doc.resolve(v);
        if (!isStream(x)) continue;
        const st = nameValue(x.dict.entries.get('Subtype'));
        if (st === 'Image') images.add(x);
        else if (st === 'Form') {
          const r = doc.get(x.dict, 'Resources');
          visit(isDict(r) ? r : null, depth + 1);
        }
      }
    }
  };
  for (const page of doc.pages()) {
    if (budget <= 0) break;
    visit(page.resources, 0);
  }
  return { fonts: [...fonts.values()], images: images.size };
}

function fontInfo(doc: PdfDocumentModel, f: CosDict): FontInfo {
  const subtype = nameValue(doc.get(f, 'Subtype')) ?? 'unknown';
  const name = nameValue(doc.get(f, 'BaseFont')) ?? nameValue(doc.get(f, 'Name')) ?? '(unnamed)';
  let embedded = subtype === 'Type3';
  let desc = doc.get(f, 'FontDescriptor');
  if (subtype === 'Type0') {
    const d = doc.get(f, 'DescendantFonts');
    const first = isArray(d) ? doc.resolve(d.items[0]) : null;
    desc = isDict(first) ? doc.get(first, 'FontDescriptor') : null;
  }
  const dd = asDict(desc);
  if (dd && ['FontFile', 'FontFile2', 'FontFile3'].some((k) => isStream(doc.get(dd, k))))
    embedded = true;
  return { name, embedded, type: subtype };
}

export function metadata(doc: PdfDocumentModel, xmp: XmpFacts | null): PdfMetadata {
  const info = doc.get(doc.trailer, 'Info');
  const d = isDict(info) ? info : null;
  const text = (k: string): string | null => textValue(doc.get(d, k));
  const created = text('CreationDate');
  const xmpDate = xmp?.createDate ?? null;
  return {
    title: text('Title') ?? xmp?.title ?? null,
    subject: text('Subject') ?? xmp?.description ?? null,
    author: text('Author') ?? xmp?.creator ?? null,
    creator: text('Creator') ?? xmp?.creatorTool ?? null,
    producer: text('Producer') ?? xmp?.producer ?? null,
    creationDate:
      (created !== null ? pdfDateToIso(created) : null) ?? (xmpDate ? xmpDate.trim() : null),
  };
}
