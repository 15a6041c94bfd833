/**
 * Questions answered by climbing an element's /P chain (does it reach the structure tree root?
 * does some element on it carry a Lang?). Answers are memoised for every dictionary on the
 * climbed path, so a deep tree costs linear time overall, and each climb is bounded.
 */
import type { CosDict } from '../../model/cos.js';
import type { PdfDocumentModel } from '../../model/document.js';
import { resolvedDict } from '../../model/read.js';

const MAX_CHAIN = 100_000;

export type ChainTest = (d: CosDict) => boolean;

/**
 * Memoised "does the /P chain starting at a dictionary (itself included) contain one that
 * passes `test`". A chain that cycles or exceeds the bound answers false.
 */
export function chainFinder(
  doc: PdfDocumentModel,
  test: ChainTest,
): (start: CosDict | null) => boolean {
  const memo = new Map<CosDict, boolean>();
  return (start) => {
    const path: CosDict[] = [];
    const onPath = new Set<CosDict>();
    let cur: CosDict | null = start;
    let result = false;
    while (cur) {
      const known = memo.get(cur);
      if (known !== undefined) {
        result = known;
        break;
      }
      if (onPath.has(cur) || path.length >= MAX_CHAIN) break;
      if (test(cur)) {
        result = true;
        break;
      }
      onPath.add(cur);
      path.push(cur);
      cur = resolvedDict(doc, cur.entries.get('P'));
    }
    for (const d of path) memo.set(d, result);
    return result;
  };
}
