/**
 * Bookmarks (document outline, ISO 32000-1 12.3.3): entries in document order with a level;
 * an entry nests under the nearest earlier entry of a lower level.
 */
import type { PdfFile } from './file.js';
import { PdfDict, PdfRef, dict, name, text, type PdfValue } from './objects.js';

export interface OutlineEntry {
  readonly level: number;
  readonly title: string;
  /** Children shown expanded (a positive /Count) or collapsed (negative). */
  readonly open: boolean;
  /** Destination array, e.g. [pageRef /XYZ 0 y null]. */
  readonly dest: PdfValue;
  /** The structure element the entry stands for (/SE, ISO 32000-1 12.3.3). */
  readonly element?: PdfRef;
}

interface Node {
  readonly entry: OutlineEntry;
  readonly ref: PdfRef;
  readonly kids: Node[];
}

/** Writes the outline and returns the /Outlines ref, or undefined when there are no entries. */
export function writeOutline(file: PdfFile, entries: readonly OutlineEntry[]): PdfRef | undefined {
  if (entries.length === 0) return undefined;
  const rootRef = file.alloc();
  const top: Node[] = [];
  const stack: Node[] = [];
  for (const entry of entries) {
    const node: Node = { entry, ref: file.alloc(), kids: [] };
    while (stack.length > 0 && (stack[stack.length - 1] as Node).entry.level >= entry.level)
      stack.pop();
    const parent = stack[stack.length - 1];
    (parent ? parent.kids : top).push(node);
    stack.push(node);
  }
  const total = emit(file, top, rootRef);
  file.put(
    rootRef,
    dict({
      Type: name('Outlines'),
      First: (top[0] as Node).ref,
      Last: (top[top.length - 1] as Node).ref,
      Count: total,
    }),
  );
  return rootRef;
}

/**
 * Writes `nodes` (siblings under `parent`) and their descendants; returns how many are visible.
 * Module-level, so made once rather than per file (see the page drawer, content.ts).
 */
function emit(file: PdfFile, nodes: Node[], parent: PdfRef): number {
  let count = 0;
  for (let i = 0; i < nodes.length; i++) {
    const n = nodes[i] as Node;
    const d = new PdfDict({
      Title: text(n.entry.title),
      Parent: parent,
      Prev: i > 0 ? (nodes[i - 1] as Node).ref : undefined,
      Next: i < nodes.length - 1 ? (nodes[i + 1] as Node).ref : undefined,
      Dest: n.entry.dest,
      SE: n.entry.element,
    });
    if (n.kids.length > 0) {
      const sub = emit(file, n.kids, n.ref);
      d.set('First', (n.kids[0] as Node).ref);
      d.set('Last', (n.kids[n.kids.length - 1] as Node).ref);
      // Open: the visible descendants count; closed: their number, negated.
      d.set('Count', n.entry.open ? sub : -sub);
      if (n.entry.open) count += sub;
    }
    file.put(n.ref, d);
    count += 1;
  }
  return count;
}
