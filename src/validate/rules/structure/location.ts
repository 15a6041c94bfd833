/** Readable object paths for findings: "structure element 12 (TD) on page 3". */
import type { CosRef } from '../../model/cos.js';
import type { PdfDocumentModel } from '../../model/document.js';
import { refKey } from '../../model/read.js';
import type { StructNode } from './tree.js';

const pageIndexCache = new WeakMap<PdfDocumentModel, Map<string, number>>();

/** 0-based index of the page a reference names, or null. */
export function pageIndexOf(doc: PdfDocumentModel, ref: CosRef | null): number | null {
  if (!ref) return null;
  let map = pageIndexCache.get(doc);
  if (!map) {
    map = new Map();
    for (const p of doc.pages()) if (p.ref) map.set(refKey(p.ref), p.index);
    pageIndexCache.set(doc, map);
  }
  return map.get(refKey(ref)) ?? null;
}

export function elementLocation(doc: PdfDocumentModel, node: StructNode): string {
  const id = node.ref
    ? `structure element ${node.ref.num}`
    : `structure element #${node.index + 1}`;
  const type = node.type !== null ? ` (${node.type})` : '';
  const page = pageIndexOf(doc, node.page);
  return `${id}${type}${page !== null ? ` on page ${page + 1}` : ''}`;
}
