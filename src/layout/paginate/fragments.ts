/**
 * Laid-out content in one continuous coordinate space (x in page coordinates, y from the top of
 * the flow), before pagination. The paginator packs these into pages in a single pass, the way
 * react-pdf's newer paginator does: leaves are atomic, boxes only contribute decoration slices
 * and break rules, nothing is laid out again per page.
 */
import type { ClipOutline } from '../paint/clip-path.js';
import type { BoxFilter } from '../paint/stacking.js';
import type { BlendMode, DisplayItem, Matrix, PathOp, RgbaColor } from '../../document/index.js';
import type { StyledElement } from '../../style/index.js';
import type { PaintLayer } from '../paint/stacking.js';

/**
 * What the paginator records about the page a piece of content lands on (CSS GCPM): a named
 * string assigned, a running element passing by, a bookmark, or the page of some content that
 * page-dependent text needs (a probe).
 */
export type PageMark =
  | { readonly kind: 'string'; readonly name: string; readonly value: string }
  | {
      readonly kind: 'running';
      readonly name: string;
      readonly element: StyledElement;
      readonly lang: string;
    }
  | {
      readonly kind: 'bookmark';
      readonly level: number;
      readonly label: string;
      readonly open: boolean;
    }
  | { readonly kind: 'probe'; readonly key: string }
  | { readonly kind: 'footnote'; readonly body: FootnoteBody };

/**
 * A footnote's body laid out at the footnote area's width: items relative to the area's
 * content box (x from its left edge, y from the top of this body's margin box).
 */
export interface FootnoteBody {
  readonly items: readonly DisplayItem[];
  /** Link targets (ids) inside the body, in the same coordinates. */
  readonly anchors: readonly Anchor[];
  /** Height of the body's margin box. */
  readonly height: number;
  /**
   * The laid-out body, for a body too tall for a page's footnote area: the paginator cuts it
   * between lines (`cuts`: the heights of the pieces already taken from it).
   */
  readonly frag?: Fragment;
  readonly cuts?: readonly number[];
  /**
   * footnote-policy: 'block' moves the whole paragraph of the call to the next page when the
   * footnote does not fit; otherwise the line of the call moves with it.
   */
  readonly policy?: 'auto' | 'line' | 'block';
}

/** Height the footnotes recorded in a leaf's anchors need in the footnote area. */
export function footnoteNeed(f: Fragment): number {
  if (f.kind !== 'leaf' || !f.anchors) return 0;
  let h = 0;
  for (const a of f.anchors)
    for (const m of a.marks ?? []) if (m.kind === 'footnote') h += m.body.height;
  return h;
}

/** Whether a footnote called on this line asks to move with its whole paragraph. */
export function footnoteKeepsParagraph(f: Fragment): boolean {
  if (f.kind !== 'leaf' || !f.anchors) return false;
  return f.anchors.some((a) =>
    (a.marks ?? []).some((m) => m.kind === 'footnote' && m.body.policy === 'block'),
  );
}

/**
 * 'left'/'right': a page break, plus a blank page when needed to land on that side. 'column':
 * a break to the next column inside multi-column content (ignored elsewhere).
 */
export type BreakValue = 'auto' | 'page' | 'avoid' | 'left' | 'right' | 'column';

/** Atomic content: one line box, one table row, one image, one empty block. */
export interface LeafFragment {
  readonly kind: 'leaf';
  readonly top: number;
  readonly bottom: number;
  readonly items: readonly DisplayItem[];
  /** Keep on the same page as the next leaf (a table header with the first row). */
  readonly keepWithNext?: boolean;
  /** Absolutely positioned: drawn on the page where the flow is, never causes a break. */
  readonly outOfFlow?: boolean;
  /**
   * Out of flow against the initial containing block, which in paged media is the page area
   * of the page where the box's placeholder lands: the items are in page-area coordinates
   * (y from the top of the page area) and go on the page whose flow holds `anchor`.
   */
  readonly pageArea?: { readonly anchor: number };
  /** Where the items paint in their stacking context (default: inline content). */
  readonly layer?: PaintLayer;
  /** z-index of positioned content (0 for auto). */
  readonly z?: number;
  /** Link targets (id attributes) inside this leaf, at their flow y. */
  readonly anchors?: readonly Anchor[];
  /**
   * Drawn (at its flow position, just below the leaf) only when the leaf is the last on its
   * page: a table row's bottom border, which the next row draws as its own top otherwise.
   */
  readonly closingEdge?: readonly DisplayItem[];
}

export interface Anchor {
  /** The link target's id; '' for an anchor that only carries marks. */
  readonly id: string;
  readonly y: number;
  /** Page marks of the content at this point (they travel with anchors through layout). */
  readonly marks?: readonly PageMark[];
  /**
   * The border box of the element this id belongs to, its top at `y`: kept only when the
   * layout records boxes (LayoutOptions.boxes), for tests that assert geometry.
   */
  readonly box?: { readonly x: number; readonly width: number; readonly height: number };
}

/**
 * How a box takes part in painting order (CSS 2.1 Appendix E) beyond an in-flow block's.
 */
export interface BoxPaint {
  /** The layer of the enclosing stacking context the box paints in. */
  readonly layer: 'float' | 'positioned';
  /**
   * z-index: a number makes the box a stacking context at that level; 'auto' paints it as a
   * unit in its layer (a float, a positioned box with z-index auto), unless opacity or a
   * transform makes it a stacking context at level 0.
   */
  readonly z: number | 'auto';
}

/** What a box needs drawn for one page's slice of it. */
export interface BoxSlice {
  readonly top: number;
  readonly bottom: number;
  /** The box continues on an earlier or later page: the border edge is not drawn there. */
  readonly continuedAbove: boolean;
  readonly continuedBelow: boolean;
  /** The flow range shown in this slice, and the flow→page offset (page y = flow y + shift). */
  readonly flowTop: number;
  readonly flowBottom: number;
  readonly shift: number;
}

export interface BoxFragment {
  readonly kind: 'box';
  /** Border box edges in flow coordinates. */
  readonly top: number;
  readonly bottom: number;
  readonly children: readonly Fragment[];
  /** Background and borders for a slice in page coordinates (artifacts). */
  readonly decorate?: (slice: BoxSlice) => DisplayItem[];
  /** Clip path for a slice in page coordinates (overflow other than visible). */
  readonly clip?: (slice: BoxSlice) => PathOp[];
  /** clip-path: the outline the whole box (decoration and content) is cut to, per slice. */
  readonly clipPath?: (slice: BoxSlice) => ClipOutline;
  readonly opacity?: number;
  /** filter: what it does to the items of the box, and the opacity it adds. */
  readonly filter?: BoxFilter;
  /** mix-blend-mode other than normal. */
  readonly blend?: BlendMode;
  /** isolation: isolate. */
  readonly isolate?: boolean;
  /** mask-image: the mask's items for a slice in page coordinates (luminance over black). */
  readonly mask?: (slice: BoxSlice) => DisplayItem[];
  /** CSS transform of the box and its content, in flow coordinates. */
  readonly transform?: Matrix;
  /** Absent: an in-flow, non-positioned block. */
  readonly paint?: BoxPaint;
  readonly breakBefore?: BreakValue;
  readonly breakAfter?: BreakValue;
  /** 'avoid-column': avoid breaks only between columns of multi-column content. */
  readonly breakInside?: 'auto' | 'avoid' | 'avoid-column';
  /** Headings: do not end a page right after this box. */
  readonly keepWithNext?: boolean;
  /** Children are line boxes of one paragraph: orphans and widows apply. */
  readonly lines?: { readonly orphans: number; readonly widows: number };
  /** Drawn again at the top of every page this box continues on (thead). */
  readonly repeat?: LeafFragment;
  /**
   * The box's last leaf (tfoot), drawn again below the content of every page this box
   * continues from; room for it is kept on every page the box is open on.
   */
  readonly repeatFooter?: LeafFragment;
  /** id attribute of the element, a link target at the box's top. */
  readonly anchor?: string;
  /** Page marks of the element, recorded on the page where the box starts. */
  readonly marks?: readonly PageMark[];
  /** Left edge and width of the border box, when the layout records boxes. */
  readonly borderBox?: { readonly x: number; readonly width: number };
  /**
   * box-decoration-break: clone: the border and padding each piece repeats where a page
   * break cuts the box (room kept above the content continuing and below the content cut).
   */
  readonly cloneInsets?: { readonly top: number; readonly bottom: number };
  /** Named page (CSS `page`) this box's content goes on; absent = its parent's. */
  readonly pageName?: string;
  /**
   * The box-tree box of a block container, the same in every layout of the document: the
   * paginator finds this box in the layout at another width when a forced break starts a page
   * of another width (flow-layouts.ts).
   */
  readonly flowKey?: number;
  /**
   * The collapsed top margin above the border box: kept at the top of a page after a forced
   * break (CSS Fragmentation: margins after a forced break are preserved, truncated after an
   * unforced one).
   */
  readonly marginTop?: number;
  /**
   * Multi-column content: the paginator fills `content` into columns (fragmentainers beside
   * each other on a page) instead of placing `children`, which hold the same content balanced
   * into columns without pages (what a container that is not paginated draws).
   */
  readonly columns?: ColumnSpec;
  /**
   * A float. `anchor` is where it stands in the flow: everything after it in the fragment
   * order starts at or below that y, so a page break there takes the float and the content
   * beside it to the next page together.
   */
  readonly float?: { readonly anchor: number };
}

/** A run of multi-column content between spanners (or the whole of it). */
export interface ColumnSpec {
  readonly count: number;
  /** Left edge of the place the content was laid out at (a column's place). */
  readonly x: number;
  /** Column width and the gap between columns, points. */
  readonly width: number;
  readonly gap: number;
  /** Columns run from the right in right-to-left content. */
  readonly rtl: boolean;
  /** `balance`: the last set of columns (on a page, or before a spanner) is balanced. */
  readonly fill: 'auto' | 'balance';
  /** The rule drawn between columns that both have content. */
  readonly rule?: { readonly width: number; readonly style: string; readonly color: RgbaColor };
  /** The content laid out as one column `width` wide at the first column's place. */
  readonly content: readonly Fragment[];
}

export type Fragment = LeafFragment | BoxFragment;

/**
 * Bottom of the first piece of a fragment that must share a page with whatever is kept with
 * it: its first leaf, or the first `orphans` lines of a paragraph (a heading kept with a
 * paragraph that would move as a whole must move too).
 */
export function firstLeafBottom(f: Fragment): number {
  let cur: Fragment = f;
  while (cur.kind === 'box') {
    if (cur.lines && cur.children.length > 0) {
      const k = Math.min(cur.lines.orphans, cur.children.length) - 1;
      return cur.children[Math.max(0, k)].bottom;
    }
    const next = cur.children.find((c) => (c.kind === 'box' ? !c.float : !c.outOfFlow));
    if (!next) return cur.bottom;
    cur = next;
  }
  return cur.bottom;
}

/** A box's own anchor (its id and marks at its top), with its border box when recorded. */
export function ownAnchor(f: BoxFragment): Anchor | undefined {
  if (!f.anchor && !f.marks) return undefined;
  const marks = f.marks ? { marks: f.marks } : {};
  if (!f.anchor) return { id: '', y: f.top, ...marks };
  if (!f.borderBox) return { id: f.anchor, y: f.top, ...marks };
  return { id: f.anchor, y: f.top, box: { ...f.borderBox, height: f.bottom - f.top }, ...marks };
}

/** Anchors of a fragment drawn in one piece (it becomes a leaf). */
export function anchorsOf(f: Fragment): Anchor[] {
  if (f.kind === 'leaf') return f.anchors ? [...f.anchors] : [];
  const own = ownAnchor(f);
  const out: Anchor[] = own ? [own] : [];
  for (const c of f.children) out.push(...anchorsOf(c));
  return out;
}

/** An anchor moved with the content it marks. */
export function moveAnchor(a: Anchor, dx: number, dy: number): Anchor {
  return {
    ...a,
    y: a.y + dy,
    ...(a.box && dx !== 0 ? { box: { ...a.box, x: a.box.x + dx } } : {}),
  };
}

/** First baseline of a laid-out item from its border-box top; its bottom edge when it has none. */
export function firstBaseline(f: Fragment, top: number, height: number): number {
  const b = findBaseline(f);
  return b === undefined ? height : b - top;
}

/** The y of the first line's baseline in a laid-out fragment, if it has a line. */
export function findBaseline(f: Fragment): number | undefined {
  if (f.kind === 'leaf') return 'baseline' in f ? (f as { baseline: number }).baseline : undefined;
  for (const c of f.children) {
    const b = findBaseline(c);
    if (b !== undefined) return b;
  }
  return undefined;
}
