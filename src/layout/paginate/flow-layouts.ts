/**
 * The flow laid out at more than one width. Pages may differ in width (a :first page without
 * margins, a landscape named page): content after a forced break or a change of named page is
 * taken from a layout at the width of the page it starts on. Layouts are made on demand, one
 * per distinct width, and each is indexed once by box (flowKey), so switching costs a lookup.
 * The first layout at a width may stop after the pages of that width end (a cover, a landscape
 * section): a width asked for again past that point is laid out whole.
 */
import type { BoxFragment, Fragment } from './fragments.js';

export interface FlowTree {
  readonly root: Fragment;
  /** Content width it was laid out at, points. */
  readonly width: number;
  /** x of its containing block's left edge, points (content lands at a page's body left). */
  readonly originX: number;
  /** Block containers by flowKey. */
  readonly byKey: ReadonlyMap<number, BoxFragment>;
  /**
   * Laid out only up to a forced page break after which pages have another width (the
   * layout at the first page's width of a document with a cover page, or at a cover's width):
   * taken only for boxes it has, and pagination that reaches its end throws PartialFlowEnded.
   */
  readonly partial?: boolean;
}

/** A layout of the flow, and whether it stopped early (FlowTree.partial). */
export interface LaidFlow {
  readonly root: Fragment;
  readonly partial?: boolean;
}

/** Pagination reached the end of a partial layout: it must be done again with a whole one. */
export class PartialFlowEnded extends Error {
  constructor() {
    super('pagination reached the end of a partial layout of the flow');
  }
}

/** Widths closer than this are the same layout. */
const SAME_WIDTH = 0.01;

export class FlowLayouts {
  private readonly trees: FlowTree[] = [];

  constructor(
    first: { root: Fragment; width: number; originX: number; partial?: boolean },
    /**
     * Lays the document out again with this content width and left edge; with `from`, it may
     * stop after the pages that start at that box (flowKey) end.
     */
    private readonly layOut: (width: number, originX: number, from?: number) => LaidFlow,
  ) {
    const tree = indexed(first.root, first.width, first.originX);
    this.trees.push(first.partial ? { ...tree, partial: true } : tree);
  }

  get first(): FlowTree {
    return this.trees[0];
  }

  /**
   * The layout at `width` that has the box `key` (pagination enters it there), made now if
   * there is none yet.
   */
  at(width: number, originX: number, key?: number): FlowTree {
    const same = this.trees.filter((t) => Math.abs(t.width - width) < SAME_WIDTH);
    const hit = same.find((t) => !t.partial || (key !== undefined && t.byKey.has(key)));
    if (hit) return hit;
    // A width met again past where its first layout stopped is laid out whole this time.
    let laid = this.layOut(width, originX, same.length === 0 ? key : undefined);
    let tree = indexed(laid.root, width, originX);
    // Stopped before that box after all: laid out whole.
    if (laid.partial && key !== undefined && !tree.byKey.has(key)) {
      laid = this.layOut(width, originX);
      tree = indexed(laid.root, width, originX);
    }
    const t = laid.partial ? { ...tree, partial: true } : tree;
    this.trees.push(t);
    return t;
  }
}

function indexed(root: Fragment, width: number, originX: number): FlowTree {
  const byKey = new Map<number, BoxFragment>();
  const stack: Fragment[] = [root];
  while (stack.length > 0) {
    const f = stack.pop()!;
    if (f.kind !== 'box') continue;
    if (f.flowKey !== undefined && !byKey.has(f.flowKey)) byKey.set(f.flowKey, f);
    for (const c of f.children) if (c.kind === 'box') stack.push(c);
  }
  return { root, width, originX, byKey };
}
