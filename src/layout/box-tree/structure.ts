/**
 * Builds the structure tree while the box tree is built, in DOM order, so reading order is the
 * source order whatever the visual position. Nodes are keyed by source element: a table that
 * later spans three pages is still one Table node. Content slots are handed out here and carried
 * by boxes and text runs down to the display items that fill them.
 */
import type {
  ItemTag,
  StandardStructType,
  StructAttributes,
  StructChild,
  StructNode,
} from '../../document/index.js';
import { normaliseStructure } from './repair.js';

/** A structure node under construction (mutable until `finish`). */
export interface DraftNode {
  readonly id: number;
  type: StandardStructType;
  alt?: string;
  actualText?: string;
  expansion?: string;
  lang?: string;
  title?: string;
  elementId?: string;
  attributes?: StructAttributes;
  readonly children: (DraftNode | { readonly kind: 'content'; readonly slot: number })[];
  /** Set once a slot has been drawn into; empty content-only nodes can then be kept. */
  parent?: DraftNode;
}

/**
 * The kinds of node kept without content, for the table and list grids to be whole (an empty TD
 * still belongs to its row).
 */
const KEEP_EMPTY: ReadonlySet<StandardStructType> = new Set<StandardStructType>([
  'TD',
  'TH',
  'TR',
  'Document',
  'LBody',
  'Lbl',
]);

/** The fields `add` copies from its `init`; a new DraftNode field must be added there too. */
type CopiedFields =
  | 'id'
  | 'type'
  | 'children'
  | 'parent'
  | 'alt'
  | 'actualText'
  | 'expansion'
  | 'lang'
  | 'title'
  | 'elementId'
  | 'attributes';
const EVERY_FIELD_COPIED: Exclude<keyof DraftNode, CopiedFields> extends never ? true : never =
  true;
void EVERY_FIELD_COPIED;

const NO_INIT: Partial<Omit<DraftNode, 'id' | 'children'>> = Object.freeze({});

export class StructureBuilder {
  private nextId = 1;
  private nextSlot = 1;
  /** Slots that received at least one drawn item (a slot nobody drew is dropped at the end). */
  private readonly used = new Set<number>();
  /** Nodes kept even without content (a Link that owns an annotation). */
  private readonly kept = new Set<number>();
  /**
   * With `journal`, every slot drawn into (as itself) and every node kept (as minus its id),
   * in order: what layout did to the tree, for a later pass that takes a part of this pass's
   * layout instead of doing it again (see replay).
   */
  private readonly journal: number[] | undefined;
  readonly root: DraftNode;

  constructor(options: { readonly journal?: boolean } = {}) {
    this.root = { id: this.nextId++, type: 'Document', children: [] };
    this.journal = options.journal ? [] : undefined;
  }

  /** Where the journal is now (0 without one). */
  get journalLength(): number {
    return this.journal?.length ?? 0;
  }

  /**
   * Does again what `from` recorded between two journal positions. The two builders must have
   * handed out the same slots and ids for the content concerned (the caller checks).
   */
  replay(from: StructureBuilder, start: number, end: number): void {
    const entries = from.journal;
    if (!entries) return;
    for (let i = start; i < end; i++) {
      const e = entries[i];
      if (e > 0) this.used.add(e);
      else this.kept.add(-e);
      this.journal?.push(e);
    }
  }

  /** The counters that number what is built next: equal positions hand out equal numbers. */
  get position(): string {
    return `${this.nextId}:${this.nextSlot}`;
  }

  /** Appends a new child node of `parent`. */
  add(
    parent: DraftNode,
    type: StandardStructType,
    init: Partial<Omit<DraftNode, 'id' | 'children'>> = NO_INIT,
  ): DraftNode {
    // Built field by field, not spread from `init` (one node per element of a document).
    const node: DraftNode = { id: this.nextId++, type, children: [], parent };
    if (init !== NO_INIT) {
      if (init.alt !== undefined) node.alt = init.alt;
      if (init.actualText !== undefined) node.actualText = init.actualText;
      if (init.expansion !== undefined) node.expansion = init.expansion;
      if (init.lang !== undefined) node.lang = init.lang;
      if (init.title !== undefined) node.title = init.title;
      if (init.elementId !== undefined) node.elementId = init.elementId;
      if (init.attributes !== undefined) node.attributes = init.attributes;
    }
    parent.children.push(node);
    return node;
  }

  /**
   * The slot that inline content of `owner` continues in: the last child when it is a slot,
   * otherwise a new one, so text before and after a nested Link gets two slots in order.
   */
  slotFor(owner: DraftNode): number {
    const last = owner.children[owner.children.length - 1];
    if (last && !('id' in last)) return last.slot;
    return this.newSlot(owner);
  }

  /** A fresh slot appended to `owner`'s children. */
  newSlot(owner: DraftNode): number {
    const slot = this.nextSlot++;
    owner.children.push({ kind: 'content', slot });
    return slot;
  }

  /** Records that an item was drawn into `slot`; call from painting. */
  markUsed(slot: number): void {
    this.used.add(slot);
    this.journal?.push(slot);
  }

  keep(node: DraftNode): void {
    this.kept.add(node.id);
    this.journal?.push(-node.id);
  }

  tag(slot: number): ItemTag {
    this.used.add(slot);
    this.journal?.push(slot);
    return { kind: 'content', slot };
  }

  /**
   * Freezes the tree: slots nobody drew into are dropped, and nodes left without content are
   * dropped too, except the kinds that must stay for the table and list grids to be whole
   * (an empty TD still belongs to its row) or that carry an Alt. Then the invariants PDF/UA
   * asks of any structure tree are enforced (see repair.ts).
   */
  finish(): StructNode {
    const tree = this.freeze(this.root) ?? {
      kind: 'node',
      id: this.root.id,
      type: 'Document',
      children: [],
    };
    return normaliseStructure(tree);
  }

  /**
   * `n` frozen, or undefined when it is dropped. A method rather than a closure made on every
   * `finish`: functions made anew on every call lose their optimized code at each major garbage
   * collection (Node 20).
   */
  private freeze(n: DraftNode): StructNode | undefined {
    const children: StructChild[] = [];
    for (const c of n.children) {
      if ('id' in c) {
        const f = this.freeze(c);
        if (f) children.push(f);
      } else if (this.used.has(c.slot)) {
        children.push(c);
      }
    }
    if (
      children.length === 0 &&
      !KEEP_EMPTY.has(n.type) &&
      n.alt === undefined &&
      !this.kept.has(n.id)
    ) {
      return undefined;
    }
    return {
      kind: 'node',
      id: n.id,
      type: n.type,
      ...(n.alt !== undefined ? { alt: n.alt } : {}),
      ...(n.actualText !== undefined ? { actualText: n.actualText } : {}),
      ...(n.expansion !== undefined ? { expansion: n.expansion } : {}),
      ...(n.lang !== undefined ? { lang: n.lang } : {}),
      ...(n.title !== undefined ? { title: n.title } : {}),
      ...(n.elementId !== undefined ? { elementId: n.elementId } : {}),
      ...(n.attributes !== undefined ? { attributes: n.attributes } : {}),
      children,
    };
  }
}
