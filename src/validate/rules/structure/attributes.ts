/**
 * Structure attributes (ISO 32000-1, 14.7.5): an element's own attribute objects (/A, a
 * dictionary, stream or array with revision numbers) come before those of its attribute
 * classes (/C, looked up in the ClassMap).
 */
import type { CosDict, CosObject } from '../../model/cos.js';
import type { PdfDocumentModel } from '../../model/document.js';
import { isArray, nameAt, resolvedDict } from '../../model/read.js';

/** Attribute dictionaries of one owner (e.g. 'Table'), own ones first, then class ones. */
export function attributeDicts(
  doc: PdfDocumentModel,
  elem: CosDict,
  classMap: CosDict | null,
  owner: string,
): CosDict[] {
  const out: CosDict[] = [];
  const addFrom = (o: CosObject | undefined) => {
    const r = doc.resolve(o);
    const items = isArray(r) ? r.items : [o];
    for (const it of items) {
      const d = resolvedDict(doc, it);
      if (d && nameAt(doc, d, 'O') === owner) out.push(d);
    }
  };
  addFrom(elem.entries.get('A'));
  if (classMap) {
    const c = doc.resolve(elem.entries.get('C'));
    const names = isArray(c) ? c.items : [elem.entries.get('C')];
    for (const n of names) {
      const r = doc.resolve(n);
      if (r !== null && typeof r === 'object' && r.kind === 'name')
        addFrom(classMap.entries.get(r.value));
    }
  }
  return out;
}

/** The first value of `key` among the owner's attribute dictionaries, or undefined. */
export function attribute(
  doc: PdfDocumentModel,
  elem: CosDict,
  classMap: CosDict | null,
  owner: string,
  key: string,
): CosObject | undefined {
  for (const d of attributeDicts(doc, elem, classMap, owner)) {
    if (d.entries.has(key)) return doc.resolve(d.entries.get(key));
  }
  return undefined;
}

/** RowSpan / ColSpan of a table cell: a positive integer, default 1. */
export function cellSpan(
  doc: PdfDocumentModel,
  elem: CosDict,
  classMap: CosDict | null,
  key: 'RowSpan' | 'ColSpan',
): number {
  const v = attribute(doc, elem, classMap, 'Table', key);
  if (v !== null && typeof v === 'object' && v.kind === 'number' && v.isInteger && v.value >= 1) {
    // Capped so a hostile span cannot make the cell grid huge.
    return Math.min(v.value, 10_000);
  }
  return 1;
}
