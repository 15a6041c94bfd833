/**
 * Reading COS objects: the one module every reader, engine part and rule area uses. Nothing
 * here throws; a value of the wrong type reads as absent (null, or an empty list), because the
 * validator must report on broken files, not crash on them.
 *
 * The names say what each function does with references:
 * - `isX(o)` narrows the object as given;
 * - `asX(o)` and `xValue(o)` read the object as given, never following a reference;
 * - `resolvedX(doc, o)` follows references first;
 * - `xAt(doc, dict, key)` reads a dictionary entry, references followed.
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
/** A name, and when `value` is given, that name. */
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

/** A dictionary, or a stream's dictionary; null for anything else (a reference included). */
export function asDict(o: CosObject | undefined): CosDict | null {
  if (isDict(o)) return o;
  if (isStream(o)) return o.dict;
  return null;
}
export function asStream(o: CosObject | undefined): CosStream | null {
  return isStream(o) ? o : null;
}
export function asArray(o: CosObject | undefined): CosArray | null {
  return isArray(o) ? o : null;
}
export function asString(o: CosObject | undefined): CosString | null {
  return isString(o) ? o : null;
}
export function asRef(o: CosObject | undefined): CosRef | null {
  return isRef(o) ? o : null;
}

/** The name's text, or null when the object is not a name. */
export function nameValue(o: CosObject | undefined): string | null {
  return isName(o) ? o.value : null;
}
/** The number, integer or real, or null when the object is not a number. */
export function numberValue(o: CosObject | undefined): number | null {
  return isNumber(o) ? o.value : null;
}
/** The number when it was written as an integer, else null. */
export function integerValue(o: CosObject | undefined): number | null {
  return isNumber(o) && o.isInteger ? o.value : null;
}
/** The array's items; empty when the object is not an array. */
export function arrayItems(o: CosObject | undefined): readonly CosObject[] {
  return isArray(o) ? o.items : [];
}
/** The string decoded as a PDF text string, or null when the object is not a string. */
export function textValue(o: CosObject | undefined): string | null {
  return isString(o) ? decodeTextString(o.bytes) : null;
}
/** The string's bytes as Latin-1 (names and identifiers stored as strings), or null. */
export function latin1Text(s: CosString | null): string | null {
  if (!s) return null;
  let out = '';
  for (const b of s.bytes) out += String.fromCharCode(b);
  return out;
}

/** The dictionary an object resolves to (a stream gives its dictionary), or null. */
export function resolvedDict(doc: PdfDocumentModel, o: CosObject | undefined): CosDict | null {
  return asDict(doc.resolve(o));
}
export function resolvedName(doc: PdfDocumentModel, o: CosObject | undefined): string | null {
  return nameValue(doc.resolve(o));
}
export function resolvedNumber(doc: PdfDocumentModel, o: CosObject | undefined): number | null {
  return numberValue(doc.resolve(o));
}
/** dict[key] as a name (references followed), or null. */
export function nameAt(doc: PdfDocumentModel, d: CosDict | null, key: string): string | null {
  return d ? resolvedName(doc, d.entries.get(key)) : null;
}
/** dict[key] as a string object (references followed), or null. */
export function stringAt(doc: PdfDocumentModel, d: CosDict | null, key: string): CosString | null {
  return d ? asString(doc.resolve(d.entries.get(key))) : null;
}
/** dict[key] decoded as a PDF text string, or null when absent or not a string. */
export function textAt(doc: PdfDocumentModel, d: CosDict | null, key: string): string | null {
  return textValue(stringAt(doc, d, key));
}

/** The identity of an indirect object, "12 0": for cycle detection and de-duplication. */
export function refKey(r: CosRef): string {
  return `${r.num} ${r.gen}`;
}
/** refKey of a reference, or of a stream that knows its object; null for a direct object. */
export function indirectKeyOf(o: CosObject | undefined): string | null {
  if (isRef(o)) return refKey(o);
  if (isStream(o) && o.ref) return refKey(o.ref);
  return null;
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
