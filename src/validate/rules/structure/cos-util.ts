/**
 * Small typed readers over the COS model for the structure rules: they never throw and treat a
 * wrong type as absent, because the rules must give findings on broken files, not crash.
 */
import type { CosArray, CosDict, CosObject, CosRef, CosString } from '../../model/cos.js';
import type { PdfDocumentModel } from '../../model/document.js';

export function isDict(o: CosObject | undefined): o is CosDict {
  return o !== null && typeof o === 'object' && o.kind === 'dict';
}

export function isRef(o: CosObject | undefined): o is CosRef {
  return o !== null && typeof o === 'object' && o.kind === 'ref';
}

export function isArray(o: CosObject | undefined): o is CosArray {
  return o !== null && typeof o === 'object' && o.kind === 'array';
}

export function isString(o: CosObject | undefined): o is CosString {
  return o !== null && typeof o === 'object' && o.kind === 'string';
}

/** The dictionary an object resolves to (a stream gives its dictionary), or null. */
export function dictOf(doc: PdfDocumentModel, o: CosObject | undefined): CosDict | null {
  const r = doc.resolve(o);
  if (r === null || typeof r !== 'object') return null;
  if (r.kind === 'dict') return r;
  if (r.kind === 'stream') return r.dict;
  return null;
}

export function nameOf(doc: PdfDocumentModel, o: CosObject | undefined): string | null {
  const r = doc.resolve(o);
  return r !== null && typeof r === 'object' && r.kind === 'name' ? r.value : null;
}

export function intOf(doc: PdfDocumentModel, o: CosObject | undefined): number | null {
  const r = doc.resolve(o);
  return r !== null && typeof r === 'object' && r.kind === 'number' ? r.value : null;
}

export function getName(doc: PdfDocumentModel, d: CosDict | null, key: string): string | null {
  return d ? nameOf(doc, d.entries.get(key)) : null;
}

/** dict[key] as a CosString (references followed), or null. */
export function getString(doc: PdfDocumentModel, d: CosDict | null, key: string): CosString | null {
  if (!d) return null;
  const r = doc.resolve(d.entries.get(key));
  return isString(r) ? r : null;
}

/** dict[key] decoded as a PDF text string, or null when absent or not a string. */
export function getText(doc: PdfDocumentModel, d: CosDict | null, key: string): string | null {
  const s = getString(doc, d, key);
  return s ? decodeTextString(s.bytes) : null;
}

/** Identity key of a reference, for cycle detection. */
export function refKey(r: CosRef): string {
  return `${r.num} ${r.gen}`;
}

// PDFDocEncoding differs from Latin-1 only in 0x18-0x1F and 0x80-0x9F (ISO 32000-1, D.2).
const PDFDOC_HIGH: readonly number[] = [
  0x2022, 0x2020, 0x2021, 0x2026, 0x2014, 0x2013, 0x0192, 0x2044, 0x2039, 0x203a, 0x2212, 0x2030,
  0x201e, 0x201c, 0x201d, 0x2018, 0x2019, 0x201a, 0x2122, 0xfb01, 0xfb02, 0x0141, 0x0152, 0x0160,
  0x0178, 0x017d, 0x0131, 0x0142, 0x0153, 0x0161, 0x017e, 0xfffd,
];
const PDFDOC_LOW: readonly number[] = [
  0x02d8, 0x02c7, 0x02c6, 0x02d9, 0x02dd, 0x02db, 0x02da, 0x02dc,
];

/** Decodes a PDF text string: UTF-16BE or UTF-8 with BOM, else PDFDocEncoding. */
export function decodeTextString(bytes: Uint8Array): string {
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) {
    let out = '';
    for (let i = 2; i + 1 < bytes.length; i += 2)
      out += String.fromCharCode((bytes[i] << 8) | bytes[i + 1]);
    return out;
  }
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return new TextDecoder('utf-8').decode(bytes.subarray(3));
  }
  let out = '';
  for (const b of bytes) {
    if (b >= 0x80 && b <= 0x9f) out += String.fromCharCode(PDFDOC_HIGH[b - 0x80]);
    else if (b >= 0x18 && b <= 0x1f) out += String.fromCharCode(PDFDOC_LOW[b - 0x18]);
    else out += String.fromCharCode(b);
  }
  return out;
}
