/**
 * Typed accessors and small text helpers over COS objects for the engine and the rule areas
 * the core owns. Pure functions; the document model is passed in where references matter.
 */
import type {
  CosArray,
  CosDict,
  CosName,
  CosNumber,
  CosObject,
  CosRef,
  CosStream,
  CosString,
} from './cos.js';
import type { PdfDocumentModel } from './document.js';

export function isDict(o: CosObject | undefined): o is CosDict {
  return !!o && typeof o === 'object' && o.kind === 'dict';
}
export function isStream(o: CosObject | undefined): o is CosStream {
  return !!o && typeof o === 'object' && o.kind === 'stream';
}
export function isRef(o: CosObject | undefined): o is CosRef {
  return !!o && typeof o === 'object' && o.kind === 'ref';
}
export function isArray(o: CosObject | undefined): o is CosArray {
  return !!o && typeof o === 'object' && o.kind === 'array';
}
export function isName(o: CosObject | undefined, value?: string): o is CosName {
  return (
    !!o && typeof o === 'object' && o.kind === 'name' && (value === undefined || o.value === value)
  );
}
export function isNumber(o: CosObject | undefined): o is CosNumber {
  return !!o && typeof o === 'object' && o.kind === 'number';
}
export function isString(o: CosObject | undefined): o is CosString {
  return !!o && typeof o === 'object' && o.kind === 'string';
}

/** A dictionary, or a stream's dictionary. */
export function dictOf(o: CosObject | undefined): CosDict | null {
  if (isDict(o)) return o;
  if (isStream(o)) return o.dict;
  return null;
}
export function nameOf(o: CosObject | undefined): string | null {
  return isName(o) ? o.value : null;
}
export function numberOf(o: CosObject | undefined): number | null {
  return isNumber(o) ? o.value : null;
}
export function itemsOf(o: CosObject | undefined): readonly CosObject[] {
  return isArray(o) ? o.items : [];
}

/** Whether `key` is present in the dictionary (even with a null value or a dangling reference). */
export function has(d: CosDict | null | undefined, key: string): boolean {
  return !!d && d.entries.has(key);
}

/** The key's value resolved through references (dict or stream dict); null when absent. */
export function getIn(doc: PdfDocumentModel, o: CosObject | undefined, key: string): CosObject {
  return doc.get(dictOf(doc.resolve(o)), key);
}

/** PDFDocEncoding code points 0x18-0x1f and 0x80-0x9f that differ from Latin-1 (ISO 32000-1 D.2). */
const PDFDOC_HIGH: Record<number, number> = {
  0x18: 0x02d8,
  0x19: 0x02c7,
  0x1a: 0x02c6,
  0x1b: 0x02d9,
  0x1c: 0x02dd,
  0x1d: 0x02db,
  0x1e: 0x02da,
  0x1f: 0x02dc,
  0x80: 0x2022,
  0x81: 0x2020,
  0x82: 0x2021,
  0x83: 0x2026,
  0x84: 0x2014,
  0x85: 0x2013,
  0x86: 0x0192,
  0x87: 0x2044,
  0x88: 0x2039,
  0x89: 0x203a,
  0x8a: 0x2212,
  0x8b: 0x2030,
  0x8c: 0x201e,
  0x8d: 0x201c,
  0x8e: 0x201d,
  0x8f: 0x2018,
  0x90: 0x2019,
  0x91: 0x201a,
  0x92: 0x2122,
  0x93: 0xfb01,
  0x94: 0xfb02,
  0x95: 0x0141,
  0x96: 0x0152,
  0x97: 0x0160,
  0x98: 0x0178,
  0x99: 0x017d,
  0x9a: 0x0131,
  0x9b: 0x0142,
  0x9c: 0x0153,
  0x9d: 0x0161,
  0x9e: 0x017e,
  0xa0: 0x20ac,
};

/** Decodes a PDF text string: UTF-16BE or UTF-8 with BOM, else PDFDocEncoding (7.9.2.2). */
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
  for (const b of bytes) out += String.fromCharCode(PDFDOC_HIGH[b] ?? b);
  return out;
}

/** Text of a string object, or null when it is not a string. */
export function textOf(o: CosObject | undefined): string | null {
  return isString(o) ? decodeTextString(o.bytes) : null;
}

/**
 * Converts a PDF date (D:YYYYMMDDHHmmSSOHH'mm') to ISO 8601; null when it cannot be read.
 * Missing parts default as 7.9.4 says; the offset is kept when given.
 */
export function pdfDateToIso(s: string): string | null {
  const m =
    /^(?:D:)?(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?\s*([Zz+-])?\s*(\d{2})?'?\s*(\d{2})?'?/.exec(
      s.trim(),
    );
  if (!m) return null;
  const [, y, mo = '01', d = '01', h = '00', mi = '00', se = '00', sign, oh, om] = m;
  if (+mo < 1 || +mo > 12 || +d < 1 || +d > 31 || +h > 23 || +mi > 59 || +se > 59) return null;
  let tz = '';
  if (sign === 'Z' || sign === 'z') tz = 'Z';
  else if (sign === '+' || sign === '-') tz = `${sign}${oh ?? '00'}:${om ?? '00'}`;
  return `${y}-${mo}-${d}T${h}:${mi}:${se}${tz}`;
}

/** A readable name for an object reference, e.g. "object 12". */
export function objectLabel(o: CosObject | undefined): string {
  if (isRef(o)) return `object ${o.num}`;
  if (isStream(o) && o.ref) return `object ${o.ref.num}`;
  return 'direct object';
}
