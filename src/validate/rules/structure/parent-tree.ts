/**
 * The structure tree root's ParentTree number tree (ISO 32000-1, 14.7.4.4): maps a page's or
 * XObject's StructParents key to its MCID array, and an annotation's StructParent key to its
 * element. Read once, bounded against cycles and size.
 */
import { noteBoundReached } from '../doc-walk.js';
import type { CosObject } from '../../model/cos.js';
import type { PdfDocumentModel } from '../../model/document.js';
import { isArray, resolvedDict } from '../../model/read.js';
import type { StructTree } from './tree.js';

const MAX_ENTRIES = 2_000_000;

export function readNumberTree(
  doc: PdfDocumentModel,
  rootObj: CosObject | undefined,
): Map<number, CosObject> {
  const out = new Map<number, CosObject>();
  const seen = new Set<object>();
  const stack: CosObject[] = [];
  if (rootObj !== undefined) stack.push(rootObj);
  while (stack.length > 0) {
    if (out.size >= MAX_ENTRIES) {
      noteBoundReached(doc, 'structure parent tree', MAX_ENTRIES);
      break;
    }
    const d = resolvedDict(doc, stack.pop());
    if (!d || seen.has(d)) continue;
    seen.add(d);
    const nums = doc.resolve(d.entries.get('Nums'));
    if (isArray(nums)) {
      for (let i = 0; i + 1 < nums.items.length; i += 2) {
        const k = doc.resolve(nums.items[i]);
        if (k !== null && typeof k === 'object' && k.kind === 'number' && !out.has(k.value)) {
          out.set(k.value, nums.items[i + 1]);
        }
      }
    }
    const kids = doc.resolve(d.entries.get('Kids'));
    if (isArray(kids)) for (let i = kids.items.length - 1; i >= 0; i--) stack.push(kids.items[i]);
  }
  return out;
}

const cache = new WeakMap<StructTree, Map<number, CosObject>>();

export function parentTreeOf(doc: PdfDocumentModel, tree: StructTree): Map<number, CosObject> {
  let m = cache.get(tree);
  if (!m) {
    m = readNumberTree(doc, tree.root?.entries.get('ParentTree'));
    cache.set(tree, m);
  }
  return m;
}
