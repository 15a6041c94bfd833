/** Small typed accessors over COS objects, shared by the content and font areas. */
import type { CosArray, CosDict, CosObject, CosRef, CosStream, CosString } from '../model/cos.js';

export function asDict(o: CosObject | undefined): CosDict | null {
  if (o && typeof o === 'object') {
    if (o.kind === 'dict') return o;
    if (o.kind === 'stream') return o.dict;
  }
  return null;
}

export function asStream(o: CosObject | undefined): CosStream | null {
  return o && typeof o === 'object' && o.kind === 'stream' ? o : null;
}

export function asArray(o: CosObject | undefined): CosArray | null {
  return o && typeof o === 'object' && o.kind === 'array' ? o : null;
}

export function asName(o: CosObject | undefined): string | null {
  return o && typeof o === 'object' && o.kind === 'name' ? o.value : null;
}

export function asNumber(o: CosObject | undefined): number | null {
  return o && typeof o === 'object' && o.kind === 'number' ? o.value : null;
}

export function asInteger(o: CosObject | undefined): number | null {
  return o && typeof o === 'object' && o.kind === 'number' && o.isInteger ? o.value : null;
}

export function asString(o: CosObject | undefined): CosString | null {
  return o && typeof o === 'object' && o.kind === 'string' ? o : null;
}

export function asRef(o: CosObject | undefined): CosRef | null {
  return o && typeof o === 'object' && o.kind === 'ref' ? o : null;
}

/** "12 0" for an indirect reference or a stream that knows its object, else null. */
export function refKey(o: CosObject | undefined): string | null {
  if (!o || typeof o !== 'object') return null;
  if (o.kind === 'ref') return `${o.num} ${o.gen}`;
  if (o.kind === 'stream' && o.ref) return `${o.ref.num} ${o.ref.gen}`;
  return null;
}

/** Latin-1 text of a string's bytes (for names and identifiers stored as strings). */
export function stringText(s: CosString | null): string | null {
  if (!s) return null;
  let out = '';
  for (const b of s.bytes) out += String.fromCharCode(b);
  return out;
}

/** Decodes a PDF text string (UTF-16BE with BOM, UTF-8 with BOM, else PDFDocEncoding approximated by Latin-1). */
export function textString(s: CosString | null): string | null {
  if (!s) return null;
  const b = s.bytes;
  if (b.length >= 2 && b[0] === 0xfe && b[1] === 0xff) {
    let out = '';
    for (let i = 2; i + 1 < b.length; i += 2) out += String.fromCharCode((b[i] << 8) | b[i + 1]);
    return out;
  }
  if (b.length >= 3 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) {
    return new TextDecoder('utf-8').decode(b.subarray(3));
  }
  return stringText(s);
}
