/**
 * Small typed readers over the COS model for the structure rules: they never throw and treat a
 * wrong type as absent, because the rules must give findings on broken files, not crash.
 */
import type { CosDict, CosObject, CosRef, CosString } from '../../model/cos.js';
import type { PdfDocumentModel } from '../../model/document.js';
import { decodeTextString, isArray, isDict, isRef, isString } from '../../model/read.js';

export { decodeTextString, isArray, isDict, isRef, isString };

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
