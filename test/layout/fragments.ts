/**
 * Hand-built fragments for paginator tests: each leaf draws one rectangle tagged with a slot
 * number, so a test can see which page a leaf went to and where it stands there.
 */
import type { DisplayItem } from '../../src/document/index.js';
import type {
  BoxFragment,
  ColumnSpec,
  Fragment,
  LeafFragment,
} from '../../src/layout/paginate/fragments.js';
import type { PaginatedPage } from '../../src/layout/paginate/paginator.js';

export function leaf(
  top: number,
  h: number,
  slot: number,
  extra: Partial<LeafFragment> = {},
): LeafFragment {
  const item: DisplayItem = {
    kind: 'path',
    ops: [{ op: 'rect', x: 0, y: top, width: 10, height: h }],
    fill: { r: 0, g: 0, b: 0, a: 1 },
    tag: { kind: 'content', slot },
  };
  return { kind: 'leaf', top, bottom: top + h, items: [item], ...extra };
}

/** `n` leaves of height `h` one under the other from `top`, slots `slot`, `slot + 1`, ... */
export function leaves(top: number, n: number, slot: number, h = 10): LeafFragment[] {
  return Array.from({ length: n }, (_, i) => leaf(top + i * h, h, slot + i));
}

/** A box around its children (its edges theirs unless `extra` says otherwise). */
export function box(children: Fragment[], extra: Partial<BoxFragment> = {}): BoxFragment {
  const top = Math.min(...children.map((c) => c.top));
  const bottom = Math.max(...children.map((c) => c.bottom));
  return { kind: 'box', top, bottom, children, ...extra };
}

function contentSlots(items: readonly DisplayItem[], out: number[]): number[] {
  for (const it of items) {
    if (it.kind === 'group') contentSlots(it.items, out);
    else if (it.kind !== 'link' && it.tag.kind === 'content') out.push(it.tag.slot);
  }
  return out;
}

/** The content slots on each page, in drawing order. */
export function slotsPerPage(pages: readonly PaginatedPage[]): number[][] {
  return pages.map((p) => contentSlots(p.items, []));
}

/** Top of the rectangle of `slot` on page `page` (it must be a content leaf of ours). */
export function yOf(pages: readonly PaginatedPage[], page: number, slot: number): number {
  const find = (items: readonly DisplayItem[]): DisplayItem | undefined => {
    for (const i of items) {
      if (i.kind === 'group') {
        const inner = find(i.items);
        if (inner) return inner;
      } else if (i.kind === 'path' && i.tag.kind === 'content' && i.tag.slot === slot) return i;
    }
    return undefined;
  };
  const it = find(pages[page].items);
  if (!it || it.kind !== 'path') throw new Error(`slot ${slot} is not on page ${page}`);
  const op = it.ops[0];
  if (op.op !== 'rect') throw new Error('not a rect');
  return op.y;
}

/** Tops of the Pagination artifacts (repeated headers and footers) drawn on a page. */
export function repeatsOn(page: PaginatedPage): number[] {
  const out: number[] = [];
  const walk = (items: readonly DisplayItem[]): void => {
    for (const i of items) {
      if (i.kind === 'group') walk(i.items);
      else if (i.kind === 'path' && i.tag.kind === 'artifact' && i.tag.type === 'Pagination') {
        const op = i.ops[0];
        if (op.op === 'rect') out.push(op.y);
      }
    }
  };
  walk(page.items);
  return out;
}

/** Heights of the footnote pieces recorded on each page. */
export function notesPerPage(pages: readonly PaginatedPage[]): number[][] {
  return pages.map((p) =>
    p.marks.flatMap((m) => (m.mark.kind === 'footnote' ? [m.mark.body.height] : [])),
  );
}

/** Two columns 40 wide with a gap of 10, balanced unless `extra` says otherwise. */
export function columnSet(
  content: ColumnSpec['content'],
  extra: Partial<ColumnSpec> = {},
): ColumnSpec {
  return { count: 2, x: 0, width: 40, gap: 10, rtl: false, fill: 'balance', content, ...extra };
}

/** A box from `top` to `bottom` holding the column set `columns`. */
export function columnRun(top: number, bottom: number, columns: ColumnSpec): BoxFragment {
  return { kind: 'box', top, bottom, children: [], columns };
}
