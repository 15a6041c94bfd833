/**
 * One linear pass that packs measured fragments into pages. Each page maps a window of the
 * continuous flow ([pageTop, pageTop + body height)) onto its body area; a page ends before the
 * first leaf that does not fit. Nothing is measured again: cost is linear in the number of
 * fragments plus, for each box, the number of pages it spans.
 *
 * Rules honoured: break-before/after: page, left, right (with a blank page to land on the
 * right side); break-inside: avoid (when the box fits a fresh page); keep-with-next (headings,
 * table headers); orphans and widows within a paragraph; table headers repeated on every page
 * a table continues on (as Pagination artifacts); box decorations sliced per page without the
 * edge at a cut (box-decoration-break: slice); margins kept after a forced break and dropped
 * after an unforced one; named pages. Pages may differ in width: after a forced break the
 * content continues from the layout at the new page's width (flow-layouts.ts). Multi-column
 * content fills columns as fragmentainers of a nested pass, balanced (placeColumns).
 *
 * Floats: a float that does not fit the rest of the page goes to the next page together with
 * the content beside it (the page breaks where the float stands in the flow). A float taller
 * than a page is paginated as a flow of its own beside the main flow: each breaks at its own
 * leaves, and content below the float starts below its last piece.
 *
 * Painting order: each box gathers its content per page in the layers of CSS 2.1 Appendix E
 * (paint/stacking.ts), so floats paint above the backgrounds of later blocks and z-index works.
 */
import type { DisplayItem } from '../../document/index.js';
import type { PlacedBox } from '../options.js';
import type {
  Anchor,
  BoxFragment,
  ColumnSpec,
  FootnoteBody,
  Fragment,
  LeafFragment,
  PageMark,
} from './fragments.js';
import { firstLeafBottom, footnoteKeepsParagraph, footnoteNeed } from './fragments.js';
import { PartialFlowEnded, type FlowLayouts, type FlowTree } from './flow-layouts.js';
import { asArtifact, moveItem, moveOps } from '../paint/decoration.js';
import {
  balancedHeight,
  columnOffset,
  contentBelow,
  contentOf,
  ruleItems,
  type ColumnFlow,
} from './columns.js';
import {
  addToLayer,
  emptyLayers,
  moveMatrix,
  paintBox,
  paintOrder,
  type Layers,
  type PaintLayer,
} from '../paint/stacking.js';

export interface PageBody {
  /** Top of the body area on the page, points. */
  readonly top: number;
  readonly height: number;
  /** Left edge and width of the body area; absent: where the content was laid out. */
  readonly left?: number;
  readonly width?: number;
  /**
   * Vertical room the footnote area's margins, borders and padding take once the page has a
   * footnote (its bodies add their heights).
   */
  readonly footnoteInsets?: number;
  /**
   * Inside multi-column content: the footnote room already taken out of this column's height
   * for the whole column set (the set's footnotes beyond it shorten the columns still to fill).
   */
  readonly footnoteReserve?: number;
}

/** Which page a body is asked for. */
export interface PageRequest {
  readonly index: number;
  /** Named page ('' = unnamed). */
  readonly name: string;
  /** A page left empty so that a left/right break lands on the right side. */
  readonly blank: boolean;
}

export interface PaginatedPage {
  /** Flow coordinate shown at the body's top. */
  readonly flowTop: number;
  readonly body: PageBody;
  /** Named page ('' = unnamed). */
  readonly name: string;
  readonly blank: boolean;
  /** Horizontal shift from the layout's coordinates to the page's. */
  readonly dx: number;
  readonly items: DisplayItem[];
  /** Page y of the lowest content placed on the page (its body top when there is none). */
  readonly contentBottom?: number;
  /** Page marks of the content on this page, in document order. */
  readonly marks: PlacedMark[];
}

/** A page mark where it landed; `atStart`: made by the first content on its page. */
export interface PlacedMark {
  readonly mark: PageMark;
  readonly atStart: boolean;
}

export interface PaginateOptions {
  /** Most pages (default 100,000); PageLimit beyond. */
  readonly maxPages?: number;
  /** Filled with where each link target (id) landed: page index and y on that page. */
  readonly anchors?: Map<string, { pageIndex: number; y: number }>;
  /** false for one continuous page (raster output): forced breaks and page names are ignored. */
  readonly forcedBreaks?: boolean;
  /** Filled with where each recorded border box landed (LayoutOptions.boxes). */
  readonly boxes?: Map<string, PlacedBox[]>;
  /** The same content at other widths, for pages whose body is not as wide as the first. */
  readonly layouts?: FlowLayouts;
  /** Set when the "pages" are the columns of multi-column content (see columns.ts). */
  readonly columns?: ColumnFlow;
  /** Only count the pages and where content ends, drawing nothing (balancing probes). */
  readonly measureOnly?: boolean;
  /** Told about content drawn past the room it had (a footnote line taller than a page). */
  readonly warn?: (message: string) => void;
}

/** Tolerance so rounding never pushes a line that fits exactly onto the next page. */
const EPS = 0.01;

/** Per page, what a box's content paints, in layers. */
type Collector = Map<number, Layers>;

interface OpenBox {
  /** The box in the layout content is being taken from now. */
  frag: BoxFragment;
  startPage: number;
  /** The box in each layout it was taken from, by the first page of each. */
  readonly versions: { readonly fromPage: number; readonly frag: BoxFragment }[];
  /** Page y of the box's top on its first page, fixed when its first content is placed. */
  startY?: number;
}

/**
 * A sequence of content broken into pages: the main flow, or a float taller than a page,
 * which goes down the pages beside the main flow with page windows of its own.
 */
interface FlowState {
  /** The page this flow is on. */
  page: number;
  /** This flow has content on `page` (a leaf that does not fit moves to the next page). */
  hasContent: boolean;
  /** The outermost box opened since the last leaf, its top and collapsed top margin. */
  openTop: number | undefined;
  openMargin: number;
  openBox: OpenBox | undefined;
  /** The in-flow leaf placed last, with where it went: if a break follows, it ended a page. */
  lastLeaf: { leaf: LeafFragment; into: Collector; page: number } | undefined;
  /** Page windows of a float's flow (flow y shown at the body top); the main flow's are the pages'. */
  readonly tops?: Map<number, number>;
}

/** Where a float paginated as a flow of its own ended: content below it goes below that. */
interface FloatTail {
  readonly page: number;
  /** The float's bottom in the flow and on its last page. */
  readonly flowBottom: number;
  readonly pageBottom: number;
}

type BreakKind = 'page' | 'left' | 'right' | 'column';

/** `bodyOf` gives each page's body area (page sizes and margins may differ per page). */
export function paginate(
  root: Fragment,
  bodyOf: (page: PageRequest) => PageBody,
  options: PaginateOptions = {},
): PaginatedPage[] {
  return new Pagination(bodyOf, options).run(root);
}

/**
 * One pass of paginate(): the state its steps share, and the steps as methods. Methods are
 * made once per process; closures made anew on every call would lose their optimized code at
 * each major GC (it is held only weakly) and be compiled again and again.
 */
class Pagination {
  readonly bodyOf: (page: PageRequest) => PageBody;
  readonly options: PaginateOptions;
  readonly maxPages: number;
  readonly anchors: Map<string, { pageIndex: number; y: number }> | undefined;
  readonly boxes: Map<string, PlacedBox[]> | undefined;
  readonly layouts: FlowLayouts | undefined;
  readonly columns: ColumnFlow | undefined;
  readonly measureOnly: boolean;
  readonly forcedBreaks: boolean;
  readonly pages: PaginatedPage[] = [];
  /** Page y of the lowest content on each page. */
  readonly bottoms: number[] = [];
  /** Pages on which some flow placed a leaf. */
  readonly filled = new Set<number>();
  readonly tails: FloatTail[] = [];
  readonly main: FlowState = {
    page: 0,
    hasContent: false,
    openTop: undefined,
    openMargin: 0,
    openBox: undefined,
    lastLeaf: undefined,
  };
  flow: FlowState;
  // A break-after just started this page: the next box keeps its top margin there.
  afterForcedBreak = false;
  readonly stack: OpenBox[] = [];
  tree: FlowTree | undefined;
  // Effective page names of the open boxes (CSS `page`; a change forces a page break).
  readonly names: string[] = [''];
  // Room the footnote area takes at the bottom of each page so far.
  readonly footnoteRoom: number[] = [];
  // Footnote text that did not fit the page of its call, continued on the next pages.
  footnoteCarry: FootnoteBody[] = [];
  /**
   * Pages that hold only footnotes continued from before, with what they took: a page that
   * becomes a named page of another size gives them back and cuts them again at its height.
   */
  readonly notesOnly = new Map<number, { carry: FootnoteBody[]; marks: number; room: number }>();
  /** The footer leaf being placed (its own break must not draw it as a repeat too). */
  placingFooter: LeafFragment | undefined = undefined;
  // Each open box collects its children's items per page, so it can draw its own
  // decoration under them and wrap them in its clip or opacity group.
  /**
   * For a fragment that starts a run of siblings each keeping with the next (a heading, a
   * subheading, then text), where the run's last fragment must be joined: the flow position the
   * page has to reach for the whole run to stay together.
   */
  readonly keepReach = new WeakMap<Fragment, number>();
  readonly collectors = new Map<OpenBox, Collector>();
  readonly rootCollector: Collector = new Map();

  constructor(bodyOf: (page: PageRequest) => PageBody, options: PaginateOptions) {
    this.bodyOf = bodyOf;
    this.options = options;
    this.maxPages = options.maxPages ?? 100_000;
    this.anchors = options.anchors;
    this.boxes = options.boxes;
    this.layouts = options.layouts;
    this.columns = options.columns;
    this.measureOnly = options.measureOnly ?? false;
    this.forcedBreaks = options.forcedBreaks ?? true;
    this.flow = this.main;
    this.tree = this.layouts?.first;
  }

  run(root: Fragment): PaginatedPage[] {
    const { pages, maxPages, names } = this;
    this.newPage(this.columns?.flowStart ?? 0, '');
    this.placeFragment(root, this.rootCollector);
    if (this.tree?.partial) throw new PartialFlowEnded();
    // Footnotes still cut at the end go on pages of their own.
    for (let guard = 0; this.footnoteCarry.length > 0 && guard <= maxPages; guard++) {
      const before = pages[pages.length - 1];
      this.newPage(before.flowTop + before.body.height, names[names.length - 1]);
      this.flow.page = pages.length - 1;
      this.continueFootnotes(this.flow.page);
    }
    // A break after the last content (break-after on the final element) leaves an empty page
    // behind (and a blank one before it, for a left/right break); browsers print no such page.
    if (pages.length > 1 && !this.filled.has(pages.length - 1)) {
      pages.pop();
      while (pages.length > 1 && pages[pages.length - 1].blank) pages.pop();
    }
    if (pages.length > maxPages) throw pageLimit(maxPages);
    for (const [p, layers] of this.rootCollector)
      if (p < pages.length) pages[p].items.push(...paintOrder(layers));
    const bottoms = this.bottoms;
    return pages.map((page, p) => ({ ...page, contentBottom: bottoms[p] ?? page.body.top }));
  }

  reach(p: number, y: number): void {
    if (!(this.bottoms[p] >= y)) this.bottoms[p] = y;
  }

  dxFor(body: PageBody): number {
    return this.tree && body.left !== undefined ? body.left - this.tree.originX : 0;
  }

  newPage(flowTop: number, name: string, blank = false): void {
    // One page past the limit may open: a break after the last content leaves an empty page
    // that is dropped at the end. Content on it is caught there.
    if (this.pages.length > this.maxPages) throw pageLimit(this.maxPages);
    const body = this.bodyOf({ index: this.pages.length, name, blank });
    this.pages.push({ flowTop, body, items: [], marks: [], name, blank, dx: this.dxFor(body) });
  }

  /** The active flow goes to its next page (one a float's flow may have made already). */
  startPage(flowTop: number, name: string, blank = false): void {
    const flow = this.flow;
    const pages = this.pages;
    const next = flow.page + 1;
    if (next >= pages.length) this.newPage(flowTop, name, blank);
    else if (!flow.tops) {
      const pg = pages[next];
      const rename = (pg.name !== name || pg.blank !== blank) && !this.filled.has(next);
      const body = rename ? this.bodyOf({ index: next, name, blank }) : pg.body;
      pages[next] = {
        ...pg,
        flowTop,
        ...(rename ? { name, blank, body, dx: this.dxFor(body) } : {}),
      };
    }
    flow.tops?.set(next, flowTop);
    flow.page = next;
    flow.hasContent = false;
    if (flow === this.main && !pages[next].blank) this.continueFootnotes(next);
  }

  /** Flow y shown at the body top of page `p`, for the active flow. */
  topOf(p: number): number {
    return this.flow.tops?.get(p) ?? this.pages[p].flowTop;
  }

  cur(): PaginatedPage {
    return this.pages[this.flow.page];
  }

  // Columns of one set share their page's footnote area: a column leaves room for the
  // footnotes of the columns before it too (those after it cannot move it up any more).
  areaRoom(): number {
    const { columns, footnoteRoom } = this;
    const page = this.flow.page;
    if (!columns) return footnoteRoom[page] ?? 0;
    let h = 0;
    for (let p = page - (page % columns.perPage); p <= page; p++) h += footnoteRoom[p] ?? 0;
    return h;
  }

  roomFor(need: number): number {
    return need <= 0 ? 0 : need + (this.areaRoom() > 0 ? 0 : (this.cur().body.footnoteInsets ?? 0));
  }

  /** Room the footnote area takes from this page's body with `extra` more of it. */
  areaTaken(extra = 0): number {
    return Math.max(0, this.areaRoom() + extra - (this.cur().body.footnoteReserve ?? 0));
  }

  // Room the open tables keep for the footer repeated below their rows (none while the footer
  // itself is placed).
  footerRoom(placing?: LeafFragment): number {
    let h = 0;
    for (const o of this.stack) {
      const f = o.frag.repeatFooter;
      if (f && f !== placing) h = h + f.bottom - f.top;
    }
    return h;
  }

  limitWith(extra: number, placing?: LeafFragment): number {
    return (
      this.topOf(this.flow.page) +
      this.cur().body.height -
      this.areaTaken(extra) -
      cloneBottoms(this.stack) -
      this.footerRoom(placing)
    );
  }

  limit(placing?: LeafFragment): number {
    return this.limitWith(0, placing);
  }

  /**
   * The footnote room a line needs to stay on this page: its footnotes' height, or nothing
   * when no page could hold them anyway (moving the line would only leave a gap; they are cut
   * and continued instead).
   */
  movingNeed(leaf: LeafFragment): number {
    const need = footnoteNeed(leaf);
    if (need <= 0 || this.columns) return need;
    const insets = this.cur().body.footnoteInsets ?? 0;
    return need + insets > this.cur().body.height - (leaf.bottom - leaf.top) + EPS ? 0 : need;
  }

  /** Footnote bodies put in page `p`'s area, up to `room`; what does not fit is returned. */
  putFootnotes(p: number, bodies: readonly FootnoteBody[], room: number): FootnoteFill {
    const { pages, footnoteRoom } = this;
    const insets = (footnoteRoom[p] ?? 0) > 0 ? 0 : (pages[p].body.footnoteInsets ?? 0);
    const full = pages[p].body.height - insets;
    const fill = fillFootnoteArea(bodies, room - insets, full, pages[p].body.width, (msg) =>
      this.options.warn?.(msg),
    );
    if (fill.placed.length > 0) footnoteRoom[p] = (footnoteRoom[p] ?? 0) + fill.height + insets;
    return fill;
  }

  /** The rest of footnotes cut at the previous page, at the top of page `p`'s area. */
  continueFootnotes(p: number): void {
    const { pages, footnoteRoom } = this;
    if (this.footnoteCarry.length === 0 || this.columns) return;
    if (!this.filled.has(p))
      this.notesOnly.set(p, {
        carry: this.footnoteCarry,
        marks: pages[p].marks.length,
        room: footnoteRoom[p] ?? 0,
      });
    const room = pages[p].body.height - (footnoteRoom[p] ?? 0);
    const fill = this.putFootnotes(p, this.footnoteCarry, room);
    for (const body of fill.placed)
      pages[p].marks.push({ mark: { kind: 'footnote', body }, atStart: false });
    this.footnoteCarry = fill.rest;
    this.filled.add(p);
    // A page the footnotes fill has no room for the flow: its next line goes on.
    if (fill.rest.length > 0) this.flow.hasContent = true;
  }

  dy(): number {
    return this.cur().body.top - this.topOf(this.flow.page);
  }

  /** Flow-positioned items moved to where they stand on page `p` (push copies them). */
  onPage(items: readonly DisplayItem[], p: number): readonly DisplayItem[] {
    const d = this.pages[p].body.top - this.topOf(p);
    const x = this.pages[p].dx;
    return d === 0 && x === 0 ? items : items.map((i) => moveItem(i, x, d));
  }

  recordBox(id: string, box: PlacedBox): void {
    const boxes = this.boxes;
    if (!boxes) return;
    const list = boxes.get(id);
    if (list) list.push(box);
    else boxes.set(id, [box]);
  }

  /**
   * Starts a new page whose flow begins at `at`; open tables draw their header first. With
   * `blankFirst`, an empty page (unnamed, :blank) comes before it.
   */
  breakAt(
    at: number,
    into: Collector,
    name = this.names[this.names.length - 1],
    blankFirst = false,
  ): void {
    const flow = this.flow;
    const measureOnly = this.measureOnly;
    const last = flow.lastLeaf;
    const edge = last?.leaf.closingEdge;
    if (last && edge && edge.length > 0 && !measureOnly)
      push(last.into, last.page, this.onPage(edge, last.page));
    if (last) this.repeatFooters(last, into);
    flow.lastLeaf = undefined;
    if (blankFirst) this.startPage(at, '', true);
    let headers = 0;
    const repeats: { box: OpenBox; leaf: LeafFragment }[] = [];
    let cloned = 0;
    for (const o of this.stack) {
      // Only a table that already has content on an earlier page repeats its header.
      if (o.frag.repeat && o.startPage >= 0 && o.startPage <= flow.page) {
        repeats.push({ box: o, leaf: o.frag.repeat });
        headers += o.frag.repeat.bottom - o.frag.repeat.top;
      }
      // A cloned box that already has content repeats its top border and padding.
      if (o.frag.cloneInsets && o.startPage >= 0 && o.startPage <= flow.page)
        cloned += o.frag.cloneInsets.top;
    }
    this.startPage(at - headers - cloned, name);
    let y = this.cur().body.top;
    for (const r of measureOnly ? [] : repeats) {
      const shift = y - r.leaf.top;
      const dx = this.cur().dx;
      const copy = asArtifact(r.leaf.items.map((i) => moveItem(i, dx, shift)));
      push(this.collectorOf(r.box, into), flow.page, copy);
      y += r.leaf.bottom - r.leaf.top;
    }
    flow.openTop = undefined;
    flow.openMargin = 0;
    flow.openBox = undefined;
  }

  /**
   * Open tables with content on the page being ended draw their footer again right below the
   * last leaf placed there, innermost first (as Pagination artifacts).
   */
  repeatFooters(last: NonNullable<FlowState['lastLeaf']>, into: Collector): void {
    const { pages, stack } = this;
    let y = last.leaf.bottom + pages[last.page].body.top - this.topOf(last.page);
    for (let k = stack.length - 1; k >= 0; k--) {
      const o = stack[k];
      const foot = o.frag.repeatFooter;
      if (!foot || o.startPage < 0 || o.startPage > last.page || foot === this.placingFooter)
        continue;
      if (!this.measureOnly) {
        const dx = pages[last.page].dx;
        const copy = foot.items.map((i) => moveItem(i, dx, y - foot.top));
        push(this.collectorOf(o, into), last.page, asArtifact(copy));
      }
      y += foot.bottom - foot.top;
      this.reach(last.page, y);
    }
  }

  /**
   * An unforced break before content at `at`. When it falls at the start of a box (nothing of
   * it placed yet) and the new page has another width, that box is placed again from the
   * layout at the new width (Restart unwinds to it).
   */
  unforcedBreak(at: number, into: Collector): void {
    const restart = this.flow.openTop !== undefined ? this.flow.openBox : undefined;
    this.breakAt(at, into);
    if (restart && this.canSwitch(restart)) throw new Restart(restart);
  }

  /** Whether the current page's width needs another layout that has `open` and its ancestors. */
  canSwitch(open: OpenBox): boolean {
    const { layouts, tree } = this;
    const width = this.cur().body.width;
    if (this.flow.tops || !layouts || !tree || width === undefined) return false;
    if (Math.abs(width - tree.width) < EPS) return false;
    const next = layouts.at(width, this.cur().body.left ?? tree.originX, open.frag.flowKey);
    for (const o of this.stack) {
      if (o.frag.flowKey === undefined || !next.byKey.has(o.frag.flowKey)) return false;
      if (o === open) return true;
    }
    return false;
  }

  /** Where the next page starts when the break comes before `box`. */
  breakPoint(box: BoxFragment, forced: boolean): number {
    const flow = this.flow;
    if (flow.openTop !== undefined) return forced ? flow.openTop - flow.openMargin : flow.openTop;
    return forced ? box.top - (box.marginTop ?? 0) : box.top;
  }

  /** The forced break a break-before/after value makes here (column breaks only in columns). */
  forcedKind(v: BoxFragment['breakBefore']): BreakKind | undefined {
    if (this.forcedBreaks && (v === 'page' || v === 'left' || v === 'right')) return v;
    return this.columns && v === 'column' ? v : undefined;
  }

  /** A forced break before `box`: a new page, after a blank one when the side is wrong. */
  forcedBreak(box: BoxFragment, kind: BreakKind, into: Collector): void {
    const names = this.names;
    this.breakForced(
      this.breakPoint(box, true),
      kind,
      into,
      box.pageName ?? names[names.length - 1],
    );
  }

  /**
   * A forced break at flow position `at`. Inside columns a column break starts the next
   * column, and a page break the first column of the next page.
   */
  breakForced(at: number, kind: BreakKind, into: Collector, name: string): void {
    const columns = this.columns;
    if (!columns) {
      this.breakAt(at, into, name, this.needsBlank(kind));
      return;
    }
    this.breakAt(at, into);
    if (kind !== 'column') while (this.flow.page % columns.perPage !== 0) this.breakAt(at, into);
  }

  /** The first page is a right page: a left page has an odd index, a right one an even. */
  needsBlank(kind: BreakKind): boolean {
    return kind !== 'page' && ((this.flow.page + 1) % 2 === 1) !== (kind === 'left');
  }

  /**
   * Before `box` starts a page (nothing on it yet): continue in the layout at that page's width
   * when it differs from the current one, if `box` and every open box exist there. A page whose
   * width differs but that starts inside a box (within a paragraph, a table, a flex line)
   * keeps the layout it is in: its content is only shifted to the page's left edge.
   */
  switchLayout(box: BoxFragment): BoxFragment {
    const { layouts, tree, stack } = this;
    const page = this.cur();
    const width = page.body.width;
    if (this.flow.tops || !layouts || !tree || width === undefined || box.flowKey === undefined)
      return box;
    if (Math.abs(width - tree.width) < EPS) return box;
    const next = layouts.at(width, page.body.left ?? tree.originX, box.flowKey);
    const counterpart = next.byKey.get(box.flowKey);
    if (!counterpart) return box;
    const ancestors = stack.map((o) =>
      o.frag.flowKey === undefined ? undefined : next.byKey.get(o.frag.flowKey),
    );
    if (ancestors.some((a) => a === undefined)) return box;
    const p = this.flow.page;
    for (let i = 0; i < stack.length; i++) {
      const o = stack[i];
      o.frag = ancestors[i]!;
      o.versions.push({ fromPage: p, frag: o.frag });
    }
    this.tree = next;
    // The page starts as far above the box as it did in the other layout (its margin, or
    // nothing after an unforced break).
    const at = counterpart.top + (page.flowTop - box.top);
    this.pages[p] = { ...page, flowTop: at, dx: this.dxFor(page.body) };
    return counterpart;
  }

  collectorOf(o: OpenBox, fallback: Collector): Collector {
    return this.collectors.get(o) ?? fallback;
  }

  /**
   * Content below a float that was paginated on its own starts below the float's last piece
   * (on the page where it ended, or a later one).
   */
  belowTails(leaf: LeafFragment): void {
    const { tails, pages, flow, names } = this;
    for (let i = tails.length - 1; i >= 0; i--) {
      const t = tails[i];
      if (leaf.top < t.flowBottom - EPS) continue;
      tails.splice(i, 1);
      if (flow.page > t.page) continue;
      while (flow.page < t.page) this.startPage(leaf.top, names[names.length - 1]);
      const onPageY = leaf.top + this.dy();
      if (onPageY < t.pageBottom - EPS) {
        const pg = pages[flow.page];
        pages[flow.page] = { ...pg, flowTop: pg.flowTop - (t.pageBottom - onPageY) };
      }
      flow.hasContent = true;
    }
  }

  /**
   * Footnotes of a line at the top of a page that even the whole page cannot hold: as much as
   * fits goes in this page's area, cut between lines; the rest continues on the next pages.
   * Returns, per body of the line, the piece that stays (undefined: it all moved on).
   */
  cutFootnotes(leaf: LeafFragment, room: number): Map<FootnoteBody, FootnoteBody | undefined> {
    const bodies = (leaf.anchors ?? []).flatMap((a) =>
      (a.marks ?? []).flatMap((m) => (m.kind === 'footnote' ? [m.body] : [])),
    );
    const fill = this.putFootnotes(this.flow.page, [...this.footnoteCarry, ...bodies], room);
    // Bodies carried from before keep their order ahead of this line's.
    const out = new Map<FootnoteBody, FootnoteBody | undefined>();
    for (const b of bodies) out.set(b, undefined);
    for (let i = 0; i < fill.placed.length; i++) {
      const piece = fill.placed[i];
      const whole = fill.sources[i];
      if (out.has(whole)) out.set(whole, piece);
      else this.cur().marks.push({ mark: { kind: 'footnote', body: piece }, atStart: false });
    }
    this.footnoteCarry = fill.rest;
    return out;
  }

  placeLeaf(leaf: LeafFragment, into: Collector, next?: Fragment): void {
    const { pages, stack, anchors, boxes } = this;
    const flow = this.flow;
    let atStart = false;
    let cut: Map<FootnoteBody, FootnoteBody | undefined> | undefined;
    if (!leaf.outOfFlow) {
      if (flow === this.main && this.tails.length > 0) this.belowTails(leaf);
      // A line with footnote calls fits when its footnotes fit too; otherwise they move together.
      const fits = leaf.bottom <= this.limitWith(this.roomFor(this.movingNeed(leaf)), leaf) + EPS;
      const keepFails =
        keepsWithNext(leaf, next) &&
        next !== undefined &&
        this.keptBottom(leaf, next) > this.limit() + EPS &&
        this.keptBottom(leaf, next) - leaf.top <= this.cur().body.height;
      if ((!fits || keepFails) && flow.hasContent) {
        this.placingFooter = leaf;
        try {
          this.unforcedBreak(flow.openTop ?? leaf.top, into);
        } finally {
          this.placingFooter = undefined;
        }
      }
      atStart = !flow.hasContent;
      const room = this.roomFor(footnoteNeed(leaf));
      if (room > 0 && !this.columns && leaf.bottom + room > this.limit() + EPS)
        cut = this.cutFootnotes(leaf, this.limit() - leaf.bottom);
      else if (room > 0) this.footnoteRoom[flow.page] = (this.footnoteRoom[flow.page] ?? 0) + room;
      this.markStarted();
      flow.hasContent = true;
      this.filled.add(flow.page);
      this.notesOnly.delete(flow.page);
      this.afterForcedBreak = false;
      flow.openTop = undefined;
      flow.openMargin = 0;
      flow.openBox = undefined;
    }
    // Out-of-flow content goes to the page whose window holds its top (or its placeholder).
    let p = flow.page;
    const at = leaf.pageArea ? leaf.pageArea.anchor : leaf.top;
    if (leaf.outOfFlow) {
      // Never before the page its enclosing box starts on (that box collects per page).
      const inner = stack[stack.length - 1];
      const floor = !inner ? 0 : inner.startPage < 0 ? flow.page : inner.startPage;
      while (p > floor && this.topOf(p) > at + EPS) p--;
    }
    // Items in page-area coordinates (the initial containing block) move by the body's top.
    const d = leaf.pageArea ? pages[p].body.top : pages[p].body.top - this.topOf(p);
    const x = leaf.pageArea ? 0 : pages[p].dx;
    const items = d === 0 && x === 0 ? leaf.items : leaf.items.map((i) => moveItem(i, x, d));
    if (!this.measureOnly) push(into, p, items, leaf.layer ?? 'inline', leaf.z ?? 0);
    if (!leaf.outOfFlow) {
      flow.lastLeaf = { leaf, into, page: p };
      this.reach(p, leaf.bottom + d);
    }
    if (leaf.anchors)
      for (const a of leaf.anchors) {
        if (anchors && a.id !== '') anchors.set(a.id, { pageIndex: p, y: a.y + d });
        // Marks on the leaf's first line count as the page's first content.
        if (a.marks)
          for (const mark of a.marks) {
            const kept =
              mark.kind === 'footnote' && cut?.has(mark.body) ? cut.get(mark.body) : mark;
            if (kept === undefined) continue;
            const m: PageMark = 'kind' in kept ? kept : { kind: 'footnote', body: kept };
            pages[p].marks.push({ mark: m, atStart: atStart && a.y <= leaf.top + EPS });
          }
      }
    if (boxes && leaf.anchors)
      for (const a of leaf.anchors)
        if (a.box)
          this.recordBox(a.id, { pageIndex: p, y: a.y + d, ...a.box, x: a.box.x + pages[p].dx });
  }

  markStarted(): void {
    const { stack, anchors } = this;
    const flow = this.flow;
    let i = stack.length - 1;
    while (i >= 0 && stack[i].startPage < 0) i--;
    // Outermost first: a box's marks come before those of the boxes inside it.
    for (i++; i < stack.length; i++) {
      stack[i].startPage = flow.page;
      stack[i].startY = stack[i].frag.top + this.dy();
      const id = stack[i].frag.anchor;
      if (anchors && id && !anchors.has(id))
        anchors.set(id, { pageIndex: flow.page, y: stack[i].frag.top + this.dy() });
      for (const mark of stack[i].frag.marks ?? [])
        this.cur().marks.push({ mark, atStart: !flow.hasContent });
    }
  }

  /**
   * A float: where it does not fit the rest of the page but fits a page from where it stands
   * in the flow, the page breaks there (the float and what is beside it move on together); a
   * float taller than that is paginated as a flow of its own.
   */
  placeFloat(box: BoxFragment, into: Collector, next?: Fragment): boolean {
    const anchor = Math.min(box.float!.anchor, box.top);
    if (box.bottom <= this.limit() + EPS) return false;
    const from = Math.min(this.flow.openTop ?? anchor, anchor);
    if (this.flow.hasContent && box.bottom - from <= this.cur().body.height + EPS) {
      this.breakAt(from, into);
      return false;
    }
    const outer = this.flow;
    const own: FlowState = {
      page: outer.page,
      hasContent: outer.hasContent,
      openTop: undefined,
      openMargin: 0,
      openBox: undefined,
      lastLeaf: undefined,
      tops: new Map([[outer.page, this.topOf(outer.page)]]),
    };
    this.flow = own;
    try {
      this.placeBox(box, into, next, true);
    } finally {
      this.flow = outer;
    }
    const ownTop = own.tops!.get(own.page) ?? this.pages[own.page].flowTop;
    if (own.page > outer.page)
      this.tails.push({
        page: own.page,
        flowBottom: box.bottom,
        pageBottom: box.bottom + this.pages[own.page].body.top - ownTop,
      });
    return true;
  }

  avoidsBreakInside(box: BoxFragment): boolean {
    return (
      box.breakInside === 'avoid' ||
      (this.columns !== undefined && box.breakInside === 'avoid-column')
    );
  }

  placeBox(given: BoxFragment, into: Collector, next?: Fragment, asFlow = false): void {
    if (given.columns) {
      this.placeColumns(given, given.columns, into);
      return;
    }
    if (given.float && !asFlow && this.placeFloat(given, into, next)) return;
    const { pages, names, stack, collectors, notesOnly } = this;
    const flow = this.flow;
    let box = given;
    const forced = this.forcedKind(box.breakBefore);
    if (forced && flow.hasContent) {
      this.forcedBreak(box, forced, into);
    } else if (flow.hasContent) {
      const height = box.bottom - box.top;
      const avoidFails =
        this.avoidsBreakInside(box) &&
        box.bottom > this.limit() + EPS &&
        height <= this.cur().body.height;
      const keepFails =
        keepsWithNext(box, next) &&
        next !== undefined &&
        this.keptBottom(box, next) > this.limit() + EPS &&
        this.keptBottom(box, next) - box.top <= this.cur().body.height;
      if (avoidFails || keepFails) this.unforcedBreak(flow.openTop ?? box.top, into);
    }
    const name =
      this.forcedBreaks && !this.columns ? (box.pageName ?? names[names.length - 1]) : '';
    if (name !== this.cur().name) {
      if (flow.hasContent) this.breakAt(this.breakPoint(box, true), into, name);
      else if (!this.filled.has(flow.page) || notesOnly.has(flow.page)) {
        // Nothing on this page yet: it simply becomes a page of the new name.
        const last = flow.page;
        const notes = notesOnly.get(last);
        if (notes) {
          this.footnoteCarry = notes.carry;
          pages[last].marks.length = notes.marks;
          this.footnoteRoom[last] = notes.room;
          this.filled.delete(last);
          notesOnly.delete(last);
        }
        const body = this.bodyOf({ index: last, name, blank: false });
        pages[last] = { ...pages[last], name, body, dx: this.dxFor(body) };
        if (notes) this.continueFootnotes(last);
      }
    }
    if (!flow.hasContent && this.afterForcedBreak) {
      this.afterForcedBreak = false;
      const last = flow.page;
      pages[last] = { ...pages[last], flowTop: box.top - (box.marginTop ?? 0) };
    }
    // A box that starts a page: its content comes from the layout at that page's width.
    if (!flow.hasContent) box = this.switchLayout(box);
    const depth = stack.length;
    let open: OpenBox;
    let mine: Collector;
    for (;;) {
      open = { frag: box, startPage: -1, versions: [{ fromPage: flow.page, frag: box }] };
      mine = new Map();
      names.push(name);
      if (flow.openTop === undefined) {
        flow.openTop = box.top;
        flow.openMargin = box.marginTop ?? 0;
        flow.openBox = open;
      }
      stack.push(open);
      collectors.set(open, mine);
      try {
        this.placeChildren(open, mine, next);
        break;
      } catch (e) {
        if (!(e instanceof Restart) || e.open !== open) throw e;
        // This box moved whole to a page of another width: place it again from that layout.
        for (const o of stack.splice(depth)) collectors.delete(o);
        names.length = depth + 1;
        box = this.switchLayout(box);
      }
    }
    stack.pop();
    names.pop();
    collectors.delete(open);
    if (open.startPage < 0) open.startPage = flow.page;
    this.closeBox(open, mine, into);
    const after = this.forcedKind(open.frag.breakAfter);
    if (after && flow.hasContent) {
      this.breakForced(open.frag.bottom, after, into, names[names.length - 1]);
      this.afterForcedBreak = true;
    }
  }

  placeChildren(open: OpenBox, mine: Collector, next?: Fragment): void {
    const box = open.frag;
    if (box.children.length === 0) {
      // An empty box is a leaf of its own height.
      this.placeLeaf({ kind: 'leaf', top: box.top, bottom: box.bottom, items: [] }, mine, next);
    } else if (box.lines) {
      this.placeLines(box, box.children, mine);
    } else {
      this.noteKeepRuns(open.frag.children, next);
      // `open.frag` changes when a forced break inside continues in another layout.
      for (let i = 0; i < open.frag.children.length; i++) {
        const kids = open.frag.children;
        this.placeFragment(kids[i], mine, kids[i + 1] ?? next);
      }
    }
  }

  /**
   * Runs of two or more siblings that keep with the next: the first of each run must see the
   * whole run, or a break that avoids the second sibling's keep lands between the first two.
   */
  noteKeepRuns(kids: readonly Fragment[], next: Fragment | undefined): void {
    for (let i = 0; i < kids.length; i++) {
      let j = i;
      while (j < kids.length && keepsWithNext(kids[j], kids[j + 1] ?? next)) j++;
      if (j - i < 2) continue;
      const last = kids[j] ?? next;
      if (last) this.keepReach.set(kids[i], firstLeafBottom(last));
      i = j - 1;
    }
  }

  /** How far the page must reach for `f` and what it keeps with to stay together. */
  keptBottom(f: Fragment, next: Fragment): number {
    return this.keepReach.get(f) ?? firstLeafBottom(next);
  }

  /**
   * Multi-column content: columns are fragmentainers of their own (the same rules apply in
   * them as on a page), filled by a nested pass over the content; a set of columns fills the
   * rest of this page, further sets fill the pages after it, and the last set is balanced
   * (column-fill: balance, or always in continuous output). The flow after the content then
   * continues below the last set.
   */
  placeColumns(run: BoxFragment, spec: ColumnSpec, into: Collector): void {
    const content = contentOf(run, spec);
    if (!content) return;
    const { pages, footnoteRoom, anchors } = this;
    const flow = this.flow;
    const perPage = spec.count;
    // The first line (or unbreakable piece) must fit the columns' height on this page.
    const firstPiece = firstLeafBottom(content) - run.top;
    if (
      flow.hasContent &&
      run.top + firstPiece > this.limit() + EPS &&
      firstPiece <= this.cur().body.height + EPS
    )
      this.unforcedBreak(flow.openTop ?? run.top, into);
    this.markStarted();
    const p0 = flow.page;
    const name = this.cur().name;
    const first: PageBody = {
      top: run.top + this.dy(),
      height: Math.max(0, this.limit() - run.top),
    };
    const set = new ColumnSets(this, run, spec, content, p0, name, first);
    let { cols, heightOf } = set.layOutSets();
    for (let pass = 0; pass < MAX_RESERVE_PASSES; pass++) {
      const need = setFootnotes(cols, perPage, (k) => set.insetsOf(k));
      if (need.every((h, k) => h <= set.held(k) + EPS)) break;
      need.forEach((h, k) => (set.reserve[k] = Math.max(set.held(k), h)));
      ({ cols, heightOf } = set.layOutSets());
    }
    const sets = Math.ceil(cols.length / perPage);
    const last = sets - 1;
    for (let i = 0; i < cols.length; i++) {
      const col = cols[i];
      while (flow.page < set.pageOf(i)) this.breakAt(run.top, into);
      const shift = set.dx(i);
      push(
        into,
        set.pageOf(i),
        shift === 0 ? col.items : col.items.map((it) => moveItem(it, shift, 0)),
      );
    }
    // The columns' page marks (strings, running elements, footnotes) are their page's, in
    // column order; their footnotes take room in that page's area for the flow after them.
    for (let i = 0; i < cols.length; i++) {
      const col = cols[i];
      const p = set.pageOf(i);
      for (const m of col.marks) {
        pages[p].marks.push(m);
        if (m.mark.kind !== 'footnote') continue;
        const insets = (footnoteRoom[p] ?? 0) > 0 ? 0 : (pages[p].body.footnoteInsets ?? 0);
        footnoteRoom[p] = (footnoteRoom[p] ?? 0) + m.mark.body.height + insets;
      }
    }
    for (const [id, at] of set.innerAnchors ?? [])
      if (!anchors!.has(id)) anchors!.set(id, { pageIndex: set.pageOf(at.pageIndex), y: at.y });
    for (const [id, list] of set.innerBoxes ?? [])
      for (const bx of list)
        this.recordBox(id, {
          ...bx,
          pageIndex: set.pageOf(bx.pageIndex),
          x: bx.x + set.dx(bx.pageIndex),
        });
    // Rules between columns with content, each set as tall as its columns.
    let end = first.top;
    for (let k = 0; k < sets; k++) {
      const top = set.setBody(k).top;
      let height = heightOf(k);
      if (k === last) {
        height = 0;
        for (let i = k * perPage; i < Math.min(cols.length, (k + 1) * perPage); i++)
          height = Math.max(height, (cols[i].contentBottom ?? top) - top);
        end = top + height;
      }
      const filled = cols.slice(k * perPage, (k + 1) * perPage).map((c) => c.items.length > 0);
      push(into, p0 + k, ruleItems(spec, spec.x + pages[p0 + k].dx, top, height, filled));
    }
    // The flow after the columns continues below the last set.
    const pl = flow.page;
    pages[pl] = { ...pages[pl], flowTop: run.bottom - (end - pages[pl].body.top) };
    this.reach(pl, end);
    flow.hasContent = true;
    this.filled.add(pl);
    for (let p = p0; p <= pl; p++) this.notesOnly.delete(p);
    this.afterForcedBreak = false;
    flow.openTop = undefined;
    flow.openMargin = 0;
    flow.openBox = undefined;
    flow.lastLeaf = undefined;
  }

  /**
   * Orphans and widows: choose where this paragraph's lines break before placing them. Floats
   * among the lines are placed where they stand; one that moves the page makes the choice
   * start again from the line after it.
   */
  placeLines(box: BoxFragment, kids: readonly Fragment[], into: Collector): void {
    const flow = this.flow;
    const { orphans, widows } = box.lines!;
    const lines: LeafFragment[] = [];
    /** Index in `kids` of each line. */
    const at: number[] = [];
    for (let i = 0; i < kids.length; i++) {
      const k = kids[i];
      if (k.kind === 'leaf') {
        lines.push(k);
        at.push(i);
      }
    }
    const n = lines.length;
    let placedKids = 0;
    let i = 0;
    outer: while (i < n) {
      placedKids = this.floatsBefore(kids, placedKids, at[i], into);
      let j = i;
      let need = 0;
      while (j < n) {
        const more = need + this.movingNeed(lines[j]);
        if (lines[j].bottom > this.limitWith(this.roomFor(more)) + EPS) break;
        need = more;
        j++;
      }
      if (j < n) {
        // footnote-policy: block: the paragraph goes to the next page whole with its footnote.
        if (i === 0 && flow.hasContent && footnoteKeepsParagraph(lines[j])) {
          this.unforcedBreak(flow.openTop ?? lines[0].top, into);
          continue;
        }
        if (j === i) {
          // Not even one more line fits: go to a fresh page (or, already on one, overflow).
          if (flow.hasContent) {
            this.unforcedBreak(flow.openTop ?? lines[i].top, into);
            continue;
          }
          j = i + 1;
        } else {
          // Widows: leave at least `widows` lines for the next page.
          if (n - j < widows) j = Math.max(i + 1, n - widows);
          // Orphans: a paragraph that starts here keeps at least `orphans` lines together.
          if (i === 0 && j < orphans && flow.hasContent) {
            this.unforcedBreak(flow.openTop ?? lines[0].top, into);
            continue;
          }
        }
      }
      for (let k = i; k < j; k++) {
        if (k > i) {
          // Floats standing before this line that move the page start the choice again.
          const page = flow.page;
          placedKids = this.floatsBefore(kids, placedKids, at[k], into);
          if (flow.page !== page) {
            i = k;
            continue outer;
          }
        }
        this.placeFragment(lines[k], into, undefined);
        placedKids = at[k] + 1;
      }
      if (j < n) this.breakAt(lines[j].top, into);
      i = j;
    }
    this.floatsBefore(kids, placedKids, kids.length, into);
  }

  /**
   * Places the floats standing among a paragraph's lines from kid `from` up to kid `upTo`;
   * returns the index of the next kid to place.
   */
  floatsBefore(kids: readonly Fragment[], from: number, upTo: number, into: Collector): number {
    let placed = from;
    for (; placed < upTo; placed++) this.placeFragment(kids[placed], into, undefined);
    return placed;
  }

  placeFragment(f: Fragment, into: Collector, next?: Fragment): void {
    if (f.kind === 'leaf') this.placeLeaf(f, into, next);
    else this.placeBox(f, into, next);
  }

  closeBox(open: OpenBox, mine: Collector, into: Collector): void {
    const { pages, stack, footnoteRoom, measureOnly } = this;
    const first = open.startPage;
    const last = this.flow.page;
    for (let p = first; p <= last; p++) {
      const page = pages[p];
      const box = versionAt(open, p);
      const shift = page.body.top - this.topOf(p);
      // A piece cut by a break reaches the page's edge, inside the cloned edges of the boxes
      // around it and above the footnote area.
      const top =
        p === first ? (open.startY ?? box.top + shift) : page.body.top + cloneTops(stack, p);
      const bottom =
        p === last
          ? box.bottom + shift
          : page.body.top + page.body.height - (footnoteRoom[p] ?? 0) - cloneBottoms(stack);
      if (p === last) this.reach(p, bottom);
      const slice = {
        top,
        bottom,
        continuedAbove: p > first,
        continuedBelow: p < last,
        flowTop: top - shift,
        flowBottom: bottom - shift,
        shift,
      };
      if (box.anchor && box.borderBox)
        this.recordBox(box.anchor, {
          pageIndex: p,
          y: top,
          height: bottom - top,
          ...box.borderBox,
          x: box.borderBox.x + page.dx,
        });
      if (measureOnly) continue;
      const content = mine.get(p) ?? emptyLayers();
      let deco = box.decorate ? box.decorate(slice) : [];
      if (page.dx !== 0) deco = deco.map((i) => moveItem(i, page.dx, 0));
      const clip = box.clip ? box.clip(slice) : undefined;
      const clipPath = box.clipPath?.(slice);
      let mask = box.mask?.(slice);
      if (mask && page.dx !== 0) mask = mask.map((i) => moveItem(i, page.dx, 0));
      paintBox(
        layersOf(into, p),
        box,
        deco,
        content,
        clip && page.dx !== 0 ? moveOps(clip, page.dx, 0) : clip,
        box.transform ? moveMatrix(box.transform, page.dx, shift) : undefined,
        clipPath && page.dx !== 0
          ? { ...clipPath, ops: moveOps(clipPath.ops, page.dx, 0) }
          : clipPath,
        mask,
      );
    }
    // A float run down the pages beside the flow can end on a page after this box's last
    // one (nothing in the flow follows it there): its pieces go on, without the box's edges.
    if (measureOnly) return;
    const box = versionAt(open, last);
    for (const [p, content] of mine) {
      if (p <= last) continue;
      const shift = pages[p].body.top - this.topOf(p);
      const transform = box.transform && moveMatrix(box.transform, pages[p].dx, shift);
      paintBox(layersOf(into, p), box, [], content, undefined, transform);
    }
  }
}

/**
 * The sets of columns of one piece of multi-column content (Pagination.placeColumns): each
 * set is filled by a nested pass over the content, with the heights it has on its page.
 */
class ColumnSets {
  /**
   * Footnote room held back from each set's columns: a call in any column of a set puts its
   * note under all of them, so the set is filled again, shorter, until its notes fit.
   */
  readonly reserve: number[] = [];
  readonly innerAnchors: Map<string, { pageIndex: number; y: number }> | undefined;
  readonly innerBoxes: Map<string, PlacedBox[]> | undefined;
  readonly perPage: number;

  constructor(
    readonly outer: Pagination,
    readonly run: BoxFragment,
    readonly spec: ColumnSpec,
    readonly content: BoxFragment,
    /** The page the first set is on, and its name. */
    readonly p0: number,
    readonly name: string,
    /** The first set's body: the rest of its page. */
    readonly first: PageBody,
  ) {
    this.perPage = spec.count;
    this.innerAnchors = outer.anchors
      ? new Map<string, { pageIndex: number; y: number }>()
      : undefined;
    this.innerBoxes = outer.boxes ? new Map<string, PlacedBox[]>() : undefined;
  }

  setBody(k: number): PageBody {
    return k === 0
      ? this.first
      : this.outer.bodyOf({ index: this.p0 + k, name: this.name, blank: false });
  }

  held(k: number): number {
    return this.reserve[k] ?? 0;
  }

  roomOf(k: number): number {
    return Math.max(0, this.setBody(k).height - this.held(k));
  }

  // The area's edges are taken once per page: not again where the flow above has notes.
  insetsOf(k: number): number {
    return k === 0 && (this.outer.footnoteRoom[this.p0] ?? 0) > 0
      ? 0
      : (this.setBody(k).footnoteInsets ?? this.outer.cur().body.footnoteInsets ?? 0);
  }

  columnBody(k: number, height: number, top = this.setBody(k).top): PageBody {
    return {
      top,
      height,
      footnoteInsets: this.insetsOf(k),
      footnoteReserve: this.held(k),
    };
  }

  /** Heights of the sets: the room each has, but `h` for the last one (`last`). */
  balancedAt(last: number, h: number): (k: number) => number {
    return (k) => (k < last ? this.roomOf(k) : h);
  }

  fill(
    heightOf: (k: number) => number,
    max: number,
    inner: Pick<PaginateOptions, 'anchors' | 'boxes' | 'measureOnly'> = { measureOnly: true },
  ): PaginatedPage[] {
    const { outer, perPage } = this;
    return paginate(
      this.content,
      ({ index }) => {
        const k = Math.floor(index / perPage);
        return this.columnBody(k, heightOf(k));
      },
      {
        measureOnly: outer.measureOnly,
        ...inner,
        maxPages: max,
        forcedBreaks: outer.forcedBreaks,
        columns: { flowStart: this.run.top, perPage },
        ...(outer.options.warn ? { warn: outer.options.warn } : {}),
      },
    );
  }

  fillAll(heightOf: (k: number) => number): PaginatedPage[] {
    this.innerAnchors?.clear();
    this.innerBoxes?.clear();
    return this.fill(heightOf, this.outer.maxPages * this.perPage, {
      anchors: this.innerAnchors,
      boxes: this.innerBoxes,
      measureOnly: this.outer.measureOnly,
    });
  }

  layOutSets(): { cols: PaginatedPage[]; heightOf: (k: number) => number } {
    const { content, perPage, spec } = this;
    const { maxPages, forcedBreaks } = this.outer;
    const roomOf = (k: number): number => this.roomOf(k);
    const full = this.fill(roomOf, maxPages * perPage);
    const sets = Math.ceil(full.length / perPage);
    const last = sets - 1;
    let heightOf = roomOf;
    if (spec.fill !== 'balance' && forcedBreaks) return { cols: this.fillAll(heightOf), heightOf };
    let cols: PaginatedPage[] | undefined;
    const lastHeight = roomOf(last);
    // The sets before the last do not change with its height: probe the last one alone.
    const start = full[last * perPage].flowTop;
    const tail = last === 0 ? content : contentBelow(content, start);
    if (tail) {
      const extent = Math.max(0, tail.bottom - start);
      const cap = Math.min(lastHeight, extent);
      const opts = {
        maxPages: perPage,
        forcedBreaks,
        measureOnly: true,
        columns: { flowStart: start, perPage },
      };
      const h = balancedHeight(
        cap,
        (probe) =>
          fitsIn(perPage, () => paginate(tail, () => this.columnBody(last, probe, 0), opts)),
        extent / perPage,
      );
      heightOf = this.balancedAt(last, h);
      cols = this.fillAll(heightOf);
    }
    // Cutting the content changed what fits (or it could not be cut): probe all of it.
    if (!cols || cols.length > sets * perPage) {
      const cap = Math.min(lastHeight, content.bottom - this.run.top);
      const h = balancedHeight(cap, (probe) =>
        fitsIn(sets * perPage, () => this.fill(this.balancedAt(last, probe), sets * perPage)),
      );
      heightOf = this.balancedAt(last, h);
      cols = this.fillAll(heightOf);
    }
    return { cols, heightOf };
  }

  /** The page column `i` is on. */
  pageOf(i: number): number {
    return this.p0 + Math.floor(i / this.perPage);
  }

  // Each column moves beside the first, and with its page when that page's body is offset.
  dx(i: number): number {
    return columnOffset(this.spec, i % this.perPage) + this.outer.pages[this.pageOf(i)].dx;
  }
}

// Room the open boxes with box-decoration-break: clone keep for their bottom edge.
function cloneBottoms(boxes: readonly OpenBox[]): number {
  let h = 0;
  for (const o of boxes) h = h + (o.frag.cloneInsets?.bottom ?? 0);
  return h;
}

/** Top edges the boxes around a piece on page `p` repeat there (they started before it). */
function cloneTops(boxes: readonly OpenBox[], p: number): number {
  let h = 0;
  for (const o of boxes) h = h + (o.startPage < p ? (o.frag.cloneInsets?.top ?? 0) : 0);
  return h;
}

/** The layout `open` was taken from on page `p`. */
function versionAt(open: OpenBox, p: number): BoxFragment {
  let f = open.versions[0].frag;
  for (const v of open.versions) if (v.fromPage <= p) f = v.frag;
  return f;
}

/** Passes a column set is filled in at most to make room for its footnotes. */
const MAX_RESERVE_PASSES = 8;

/** Footnote room each set of columns needs: its notes' heights plus the area's edges. */
function setFootnotes(
  cols: readonly PaginatedPage[],
  perPage: number,
  insetsOf: (k: number) => number,
): number[] {
  const need: number[] = [];
  cols.forEach((col, i) => {
    const k = Math.floor(i / perPage);
    for (const { mark } of col.marks)
      if (mark.kind === 'footnote') need[k] = (need[k] ?? insetsOf(k)) + mark.body.height;
  });
  return Array.from(need, (h) => h ?? 0);
}

/** Whether a pass makes at most `max` pages (columns); running out of them is a no. */
function fitsIn(max: number, pass: () => readonly PaginatedPage[]): boolean {
  try {
    return pass().length <= max;
  } catch (e) {
    if (e instanceof PageLimit) return false;
    throw e;
  }
}

/** break-after: avoid on `f`, or break-before: avoid on what follows it. */
function keepsWithNext(f: Fragment, next: Fragment | undefined): boolean {
  return f.keepWithNext === true || (next?.kind === 'box' && next.breakBefore === 'avoid');
}

function layersOf(c: Collector, page: number): Layers {
  let l = c.get(page);
  if (!l) c.set(page, (l = emptyLayers()));
  return l;
}

function push(
  c: Collector,
  page: number,
  items: readonly DisplayItem[],
  layer: PaintLayer = 'inline',
  z = 0,
): void {
  if (items.length === 0) return;
  addToLayer(layersOf(c, page), layer, items, z);
}

/** Unwinds the paginator to the placing of `open`, to place that box again. */
class Restart {
  constructor(readonly open: OpenBox) {}
}

export class PageLimit extends Error {
  constructor(readonly max: number) {
    super(`the document needs more than ${max} pages`);
  }
}

/**
 * A PageLimit without a stack trace. Column balancing throws one to end every trial pass that
 * runs out of columns and catches it at once; capturing the stack each time was about 1% of
 * a render of a document with balanced columns. Where it reaches the caller it becomes a
 * LimitError with a stack of its own.
 */
function pageLimit(max: number): PageLimit {
  const depth = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return new PageLimit(max);
  } finally {
    Error.stackTraceLimit = depth;
  }
}

/** What a footnote area takes of a list of bodies: whole ones, then one cut between lines. */
interface FootnoteFill {
  readonly placed: FootnoteBody[];
  /** The body each placed one comes from (itself, or the body a piece was cut from). */
  readonly sources: FootnoteBody[];
  readonly rest: FootnoteBody[];
  readonly height: number;
}

/**
 * Bodies in order into `room`; the first that does not fit is cut after its last line that
 * does. `full` is the room of an empty area: a body's first line taller than that is placed
 * anyway, drawn past the area, with a warning (nothing is dropped).
 */
function fillFootnoteArea(
  bodies: readonly FootnoteBody[],
  room: number,
  full: number,
  width: number | undefined,
  warn: (message: string) => void,
): FootnoteFill {
  const placed: FootnoteBody[] = [];
  const sources: FootnoteBody[] = [];
  let height = 0;
  const take = (piece: FootnoteBody, from: FootnoteBody): void => {
    placed.push(piece);
    sources.push(from);
    height += piece.height;
  };
  for (let i = 0; i < bodies.length; i++) {
    const b = bodies[i];
    // A whole body as it was laid out; the rest of a cut one is cut again from its layout.
    if (!b.cuts && height + b.height <= room + EPS) {
      take(b, b);
      continue;
    }
    let [head, tail] = cutFootnoteBody(b, room - height, width);
    if (!head && placed.length === 0 && room >= full - EPS) {
      // Not even one line fits an empty area: it goes here anyway, so the text is not lost.
      [head, tail] = cutFootnoteBody(b, Number.MAX_SAFE_INTEGER / 4, width);
      warn("a footnote line is taller than the page's footnote area; it overflows the area");
      if (!head) [head, tail] = [b, undefined];
    }
    if (head) take(head, b);
    if (head && !tail) continue;
    return { placed, sources, rest: [tail ?? b, ...bodies.slice(i + 1)], height };
  }
  return { placed, sources, rest: [], height };
}

/**
 * The next piece of a footnote body no taller than `room` (cut between lines, by paginating
 * the body with the heights of its earlier pieces, then `room`) and what is left after it;
 * [undefined, body] when not even its next line fits.
 */
function cutFootnoteBody(
  body: FootnoteBody,
  room: number,
  width: number | undefined,
): [FootnoteBody | undefined, FootnoteBody | undefined] {
  const cuts = body.cuts ?? [];
  if (!body.frag) return [undefined, body];
  const anchors = new Map<string, { pageIndex: number; y: number }>();
  const k = cuts.length;
  const pages = paginate(
    body.frag,
    (req) => ({
      top: 0,
      height:
        req.index < k ? cuts[req.index] : req.index === k ? room : Number.MAX_SAFE_INTEGER / 4,
      ...(width !== undefined ? { width } : {}),
    }),
    { anchors },
  );
  const page = pages[k];
  if (!page) return [undefined, body];
  const start = page.flowTop;
  const last = k === pages.length - 1;
  const consumed = cuts.reduce((h, c) => h + c, 0);
  const height = last ? body.height - consumed : pages[k + 1].flowTop - start;
  if (height > room + EPS) return [undefined, body];
  const pieceAnchors: Anchor[] = [];
  for (const a of body.anchors) {
    const at = anchors.get(a.id);
    if (at?.pageIndex === k) pieceAnchors.push({ ...a, y: at.y });
  }
  const piece: FootnoteBody = { items: page.items, anchors: pieceAnchors, height };
  const tail: FootnoteBody | undefined = last ? undefined : { ...body, cuts: [...cuts, height] };
  return [piece, tail];
}
