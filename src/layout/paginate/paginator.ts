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
  const maxPages = options.maxPages ?? 100_000;
  const { anchors, boxes, layouts, columns } = options;
  const measureOnly = options.measureOnly ?? false;
  const forcedBreaks = options.forcedBreaks ?? true;
  const pages: PaginatedPage[] = [];
  /** Page y of the lowest content on each page. */
  const bottoms: number[] = [];
  const reach = (p: number, y: number): void => {
    if (!(bottoms[p] >= y)) bottoms[p] = y;
  };
  /** Pages on which some flow placed a leaf. */
  const filled = new Set<number>();
  const tails: FloatTail[] = [];
  const main: FlowState = {
    page: 0,
    hasContent: false,
    openTop: undefined,
    openMargin: 0,
    openBox: undefined,
    lastLeaf: undefined,
  };
  let flow = main;
  // A break-after just started this page: the next box keeps its top margin there.
  let afterForcedBreak = false;
  const stack: OpenBox[] = [];
  let tree: FlowTree | undefined = layouts?.first;

  const dxFor = (body: PageBody): number =>
    tree && body.left !== undefined ? body.left - tree.originX : 0;

  // Effective page names of the open boxes (CSS `page`; a change forces a page break).
  const names: string[] = [''];
  const newPage = (flowTop: number, name: string, blank = false): void => {
    // One page past the limit may open: a break after the last content leaves an empty page
    // that is dropped at the end. Content on it is caught there.
    if (pages.length > maxPages) throw new PageLimit(maxPages);
    const body = bodyOf({ index: pages.length, name, blank });
    pages.push({ flowTop, body, items: [], marks: [], name, blank, dx: dxFor(body) });
  };
  newPage(columns?.flowStart ?? 0, '');

  /** The active flow goes to its next page (one a float's flow may have made already). */
  const startPage = (flowTop: number, name: string, blank = false): void => {
    const next = flow.page + 1;
    if (next >= pages.length) newPage(flowTop, name, blank);
    else if (!flow.tops) {
      const pg = pages[next];
      const rename = (pg.name !== name || pg.blank !== blank) && !filled.has(next);
      const body = rename ? bodyOf({ index: next, name, blank }) : pg.body;
      pages[next] = { ...pg, flowTop, ...(rename ? { name, blank, body, dx: dxFor(body) } : {}) };
    }
    flow.tops?.set(next, flowTop);
    flow.page = next;
    flow.hasContent = false;
    if (flow === main && !pages[next].blank) continueFootnotes(next);
  };

  /** Flow y shown at the body top of page `p`, for the active flow. */
  const topOf = (p: number): number => flow.tops?.get(p) ?? pages[p].flowTop;
  const cur = (): PaginatedPage => pages[flow.page];
  // Room the footnote area takes at the bottom of each page so far.
  const footnoteRoom: number[] = [];
  // Columns of one set share their page's footnote area: a column leaves room for the
  // footnotes of the columns before it too (those after it cannot move it up any more).
  const areaRoom = (): number => {
    if (!columns) return footnoteRoom[flow.page] ?? 0;
    let h = 0;
    for (let p = flow.page - (flow.page % columns.perPage); p <= flow.page; p++)
      h += footnoteRoom[p] ?? 0;
    return h;
  };
  const roomFor = (need: number): number =>
    need <= 0 ? 0 : need + (areaRoom() > 0 ? 0 : (cur().body.footnoteInsets ?? 0));
  /** Room the footnote area takes from this page's body with `extra` more of it. */
  const areaTaken = (extra = 0): number =>
    Math.max(0, areaRoom() + extra - (cur().body.footnoteReserve ?? 0));
  // Room the open boxes with box-decoration-break: clone keep for their bottom edge.
  const cloneBottoms = (boxes: readonly OpenBox[]): number =>
    boxes.reduce((h, o) => h + (o.frag.cloneInsets?.bottom ?? 0), 0);
  // Room the open tables keep for the footer repeated below their rows (none while the footer
  // itself is placed).
  const footerRoom = (placing?: LeafFragment): number =>
    stack.reduce((h, o) => {
      const f = o.frag.repeatFooter;
      return f && f !== placing ? h + f.bottom - f.top : h;
    }, 0);
  const limitWith = (extra: number, placing?: LeafFragment): number =>
    topOf(flow.page) +
    cur().body.height -
    areaTaken(extra) -
    cloneBottoms(stack) -
    footerRoom(placing);
  const limit = (placing?: LeafFragment): number => limitWith(0, placing);

  /**
   * The footnote room a line needs to stay on this page: its footnotes' height, or nothing
   * when no page could hold them anyway (moving the line would only leave a gap; they are cut
   * and continued instead).
   */
  const movingNeed = (leaf: LeafFragment): number => {
    const need = footnoteNeed(leaf);
    if (need <= 0 || columns) return need;
    const insets = cur().body.footnoteInsets ?? 0;
    return need + insets > cur().body.height - (leaf.bottom - leaf.top) + EPS ? 0 : need;
  };

  // Footnote text that did not fit the page of its call, continued on the next pages.
  let footnoteCarry: FootnoteBody[] = [];
  /** Footnote bodies put in page `p`'s area, up to `room`; what does not fit is returned. */
  const putFootnotes = (p: number, bodies: readonly FootnoteBody[], room: number) => {
    const insets = (footnoteRoom[p] ?? 0) > 0 ? 0 : (pages[p].body.footnoteInsets ?? 0);
    const full = pages[p].body.height - insets;
    const fill = fillFootnoteArea(bodies, room - insets, full, pages[p].body.width, (msg) =>
      options.warn?.(msg),
    );
    if (fill.placed.length > 0) footnoteRoom[p] = (footnoteRoom[p] ?? 0) + fill.height + insets;
    return fill;
  };
  /**
   * Pages that hold only footnotes continued from before, with what they took: a page that
   * becomes a named page of another size gives them back and cuts them again at its height.
   */
  const notesOnly = new Map<number, { carry: FootnoteBody[]; marks: number; room: number }>();
  /** The rest of footnotes cut at the previous page, at the top of page `p`'s area. */
  const continueFootnotes = (p: number): void => {
    if (footnoteCarry.length === 0 || columns) return;
    if (!filled.has(p))
      notesOnly.set(p, {
        carry: footnoteCarry,
        marks: pages[p].marks.length,
        room: footnoteRoom[p] ?? 0,
      });
    const room = pages[p].body.height - (footnoteRoom[p] ?? 0);
    const fill = putFootnotes(p, footnoteCarry, room);
    for (const body of fill.placed)
      pages[p].marks.push({ mark: { kind: 'footnote', body }, atStart: false });
    footnoteCarry = fill.rest;
    filled.add(p);
    // A page the footnotes fill has no room for the flow: its next line goes on.
    if (fill.rest.length > 0) flow.hasContent = true;
  };
  const dy = (): number => cur().body.top - topOf(flow.page);

  /** Flow-positioned items moved to where they stand on page `p` (push copies them). */
  const onPage = (items: readonly DisplayItem[], p: number): readonly DisplayItem[] => {
    const d = pages[p].body.top - topOf(p);
    const x = pages[p].dx;
    return d === 0 && x === 0 ? items : items.map((i) => moveItem(i, x, d));
  };

  const recordBox = (id: string, box: PlacedBox): void => {
    if (!boxes) return;
    const list = boxes.get(id);
    if (list) list.push(box);
    else boxes.set(id, [box]);
  };

  /**
   * Starts a new page whose flow begins at `at`; open tables draw their header first. With
   * `blankFirst`, an empty page (unnamed, :blank) comes before it.
   */
  const breakAt = (
    at: number,
    into: Collector,
    name = names[names.length - 1],
    blankFirst = false,
  ): void => {
    const last = flow.lastLeaf;
    const edge = last?.leaf.closingEdge;
    if (last && edge && edge.length > 0 && !measureOnly)
      push(last.into, last.page, onPage(edge, last.page));
    if (last) repeatFooters(last, into);
    flow.lastLeaf = undefined;
    if (blankFirst) startPage(at, '', true);
    let headers = 0;
    const repeats: { box: OpenBox; leaf: LeafFragment }[] = [];
    let cloned = 0;
    for (const o of stack) {
      // Only a table that already has content on an earlier page repeats its header.
      if (o.frag.repeat && o.startPage >= 0 && o.startPage <= flow.page) {
        repeats.push({ box: o, leaf: o.frag.repeat });
        headers += o.frag.repeat.bottom - o.frag.repeat.top;
      }
      // A cloned box that already has content repeats its top border and padding.
      if (o.frag.cloneInsets && o.startPage >= 0 && o.startPage <= flow.page)
        cloned += o.frag.cloneInsets.top;
    }
    startPage(at - headers - cloned, name);
    let y = cur().body.top;
    for (const r of measureOnly ? [] : repeats) {
      const shift = y - r.leaf.top;
      const copy = asArtifact(r.leaf.items.map((i) => moveItem(i, cur().dx, shift)));
      push(collectorOf(r.box, into), flow.page, copy);
      y += r.leaf.bottom - r.leaf.top;
    }
    flow.openTop = undefined;
    flow.openMargin = 0;
    flow.openBox = undefined;
  };

  /**
   * Open tables with content on the page being ended draw their footer again right below the
   * last leaf placed there, innermost first (as Pagination artifacts).
   */
  const repeatFooters = (last: NonNullable<FlowState['lastLeaf']>, into: Collector): void => {
    let y = last.leaf.bottom + pages[last.page].body.top - topOf(last.page);
    for (let k = stack.length - 1; k >= 0; k--) {
      const o = stack[k];
      const foot = o.frag.repeatFooter;
      if (!foot || o.startPage < 0 || o.startPage > last.page || foot === placingFooter) continue;
      if (!measureOnly) {
        const copy = foot.items.map((i) => moveItem(i, pages[last.page].dx, y - foot.top));
        push(collectorOf(o, into), last.page, asArtifact(copy));
      }
      y += foot.bottom - foot.top;
      reach(last.page, y);
    }
  };
  /** The footer leaf being placed (its own break must not draw it as a repeat too). */
  let placingFooter: LeafFragment | undefined;

  /**
   * An unforced break before content at `at`. When it falls at the start of a box (nothing of
   * it placed yet) and the new page has another width, that box is placed again from the
   * layout at the new width (Restart unwinds to it).
   */
  const unforcedBreak = (at: number, into: Collector): void => {
    const restart = flow.openTop !== undefined ? flow.openBox : undefined;
    breakAt(at, into);
    if (restart && canSwitch(restart)) throw new Restart(restart);
  };

  /** Whether the current page's width needs another layout that has `open` and its ancestors. */
  const canSwitch = (open: OpenBox): boolean => {
    const width = cur().body.width;
    if (flow.tops || !layouts || !tree || width === undefined) return false;
    if (Math.abs(width - tree.width) < EPS) return false;
    const next = layouts.at(width, cur().body.left ?? tree.originX, open.frag.flowKey);
    for (const o of stack) {
      if (o.frag.flowKey === undefined || !next.byKey.has(o.frag.flowKey)) return false;
      if (o === open) return true;
    }
    return false;
  };

  /** Where the next page starts when the break comes before `box`. */
  const breakPoint = (box: BoxFragment, forced: boolean): number => {
    if (flow.openTop !== undefined) return forced ? flow.openTop - flow.openMargin : flow.openTop;
    return forced ? box.top - (box.marginTop ?? 0) : box.top;
  };

  /** The forced break a break-before/after value makes here (column breaks only in columns). */
  const forcedKind = (v: BoxFragment['breakBefore']): BreakKind | undefined => {
    if (forcedBreaks && (v === 'page' || v === 'left' || v === 'right')) return v;
    return columns && v === 'column' ? v : undefined;
  };

  /** A forced break before `box`: a new page, after a blank one when the side is wrong. */
  const forcedBreak = (box: BoxFragment, kind: BreakKind, into: Collector): void => {
    breakForced(breakPoint(box, true), kind, into, box.pageName ?? names[names.length - 1]);
  };

  /**
   * A forced break at flow position `at`. Inside columns a column break starts the next
   * column, and a page break the first column of the next page.
   */
  const breakForced = (at: number, kind: BreakKind, into: Collector, name: string): void => {
    if (!columns) {
      breakAt(at, into, name, needsBlank(kind));
      return;
    }
    breakAt(at, into);
    if (kind !== 'column') while (flow.page % columns.perPage !== 0) breakAt(at, into);
  };

  /** The first page is a right page: a left page has an odd index, a right one an even. */
  const needsBlank = (kind: BreakKind): boolean =>
    kind !== 'page' && ((flow.page + 1) % 2 === 1) !== (kind === 'left');

  /**
   * Before `box` starts a page (nothing on it yet): continue in the layout at that page's width
   * when it differs from the current one, if `box` and every open box exist there. A page whose
   * width differs but that starts inside a box (within a paragraph, a table, a flex line)
   * keeps the layout it is in: its content is only shifted to the page's left edge.
   */
  const switchLayout = (box: BoxFragment): BoxFragment => {
    const page = cur();
    const width = page.body.width;
    if (flow.tops || !layouts || !tree || width === undefined || box.flowKey === undefined)
      return box;
    if (Math.abs(width - tree.width) < EPS) return box;
    const next = layouts.at(width, page.body.left ?? tree.originX, box.flowKey);
    const counterpart = next.byKey.get(box.flowKey);
    if (!counterpart) return box;
    const ancestors = stack.map((o) =>
      o.frag.flowKey === undefined ? undefined : next.byKey.get(o.frag.flowKey),
    );
    if (ancestors.some((a) => a === undefined)) return box;
    const p = flow.page;
    stack.forEach((o, i) => {
      o.frag = ancestors[i]!;
      o.versions.push({ fromPage: p, frag: o.frag });
    });
    tree = next;
    // The page starts as far above the box as it did in the other layout (its margin, or
    // nothing after an unforced break).
    const at = counterpart.top + (page.flowTop - box.top);
    pages[p] = { ...page, flowTop: at, dx: dxFor(page.body) };
    return counterpart;
  };

  // Each open box collects its children's items per page, so it can draw its own
  // decoration under them and wrap them in its clip or opacity group.
  const collectors = new Map<OpenBox, Collector>();
  const rootCollector: Collector = new Map();
  const collectorOf = (o: OpenBox, fallback: Collector): Collector => collectors.get(o) ?? fallback;

  /**
   * Content below a float that was paginated on its own starts below the float's last piece
   * (on the page where it ended, or a later one).
   */
  const belowTails = (leaf: LeafFragment): void => {
    for (let i = tails.length - 1; i >= 0; i--) {
      const t = tails[i];
      if (leaf.top < t.flowBottom - EPS) continue;
      tails.splice(i, 1);
      if (flow.page > t.page) continue;
      while (flow.page < t.page) startPage(leaf.top, names[names.length - 1]);
      const onPageY = leaf.top + dy();
      if (onPageY < t.pageBottom - EPS) {
        const pg = pages[flow.page];
        pages[flow.page] = { ...pg, flowTop: pg.flowTop - (t.pageBottom - onPageY) };
      }
      flow.hasContent = true;
    }
  };

  /**
   * Footnotes of a line at the top of a page that even the whole page cannot hold: as much as
   * fits goes in this page's area, cut between lines; the rest continues on the next pages.
   * Returns, per body of the line, the piece that stays (undefined: it all moved on).
   */
  const cutFootnotes = (
    leaf: LeafFragment,
    room: number,
  ): Map<FootnoteBody, FootnoteBody | undefined> => {
    const bodies = (leaf.anchors ?? []).flatMap((a) =>
      (a.marks ?? []).flatMap((m) => (m.kind === 'footnote' ? [m.body] : [])),
    );
    const fill = putFootnotes(flow.page, [...footnoteCarry, ...bodies], room);
    // Bodies carried from before keep their order ahead of this line's.
    const out = new Map<FootnoteBody, FootnoteBody | undefined>();
    for (const b of bodies) out.set(b, undefined);
    fill.placed.forEach((piece, i) => {
      const whole = fill.sources[i];
      if (out.has(whole)) out.set(whole, piece);
      else cur().marks.push({ mark: { kind: 'footnote', body: piece }, atStart: false });
    });
    footnoteCarry = fill.rest;
    return out;
  };

  const placeLeaf = (leaf: LeafFragment, into: Collector, next?: Fragment): void => {
    let atStart = false;
    let cut: Map<FootnoteBody, FootnoteBody | undefined> | undefined;
    if (!leaf.outOfFlow) {
      if (flow === main && tails.length > 0) belowTails(leaf);
      // A line with footnote calls fits when its footnotes fit too; otherwise they move together.
      const fits = leaf.bottom <= limitWith(roomFor(movingNeed(leaf)), leaf) + EPS;
      const keepFails =
        keepsWithNext(leaf, next) &&
        next !== undefined &&
        firstLeafBottom(next) > limit() + EPS &&
        firstLeafBottom(next) - leaf.top <= cur().body.height;
      if ((!fits || keepFails) && flow.hasContent) {
        placingFooter = leaf;
        try {
          unforcedBreak(flow.openTop ?? leaf.top, into);
        } finally {
          placingFooter = undefined;
        }
      }
      atStart = !flow.hasContent;
      const room = roomFor(footnoteNeed(leaf));
      if (room > 0 && !columns && leaf.bottom + room > limit() + EPS)
        cut = cutFootnotes(leaf, limit() - leaf.bottom);
      else if (room > 0) footnoteRoom[flow.page] = (footnoteRoom[flow.page] ?? 0) + room;
      markStarted();
      flow.hasContent = true;
      filled.add(flow.page);
      notesOnly.delete(flow.page);
      afterForcedBreak = false;
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
      while (p > floor && topOf(p) > at + EPS) p--;
    }
    // Items in page-area coordinates (the initial containing block) move by the body's top.
    const d = leaf.pageArea ? pages[p].body.top : pages[p].body.top - topOf(p);
    const x = leaf.pageArea ? 0 : pages[p].dx;
    const items = d === 0 && x === 0 ? leaf.items : leaf.items.map((i) => moveItem(i, x, d));
    if (!measureOnly) push(into, p, items, leaf.layer ?? 'inline', leaf.z ?? 0);
    if (!leaf.outOfFlow) {
      flow.lastLeaf = { leaf, into, page: p };
      reach(p, leaf.bottom + d);
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
          recordBox(a.id, { pageIndex: p, y: a.y + d, ...a.box, x: a.box.x + pages[p].dx });
  };

  const markStarted = (): void => {
    let i = stack.length - 1;
    while (i >= 0 && stack[i].startPage < 0) i--;
    // Outermost first: a box's marks come before those of the boxes inside it.
    for (i++; i < stack.length; i++) {
      stack[i].startPage = flow.page;
      stack[i].startY = stack[i].frag.top + dy();
      const id = stack[i].frag.anchor;
      if (anchors && id && !anchors.has(id))
        anchors.set(id, { pageIndex: flow.page, y: stack[i].frag.top + dy() });
      for (const mark of stack[i].frag.marks ?? [])
        cur().marks.push({ mark, atStart: !flow.hasContent });
    }
  };

  /**
   * A float: where it does not fit the rest of the page but fits a page from where it stands
   * in the flow, the page breaks there (the float and what is beside it move on together); a
   * float taller than that is paginated as a flow of its own.
   */
  const placeFloat = (box: BoxFragment, into: Collector, next?: Fragment): boolean => {
    const anchor = Math.min(box.float!.anchor, box.top);
    if (box.bottom <= limit() + EPS) return false;
    const from = Math.min(flow.openTop ?? anchor, anchor);
    if (flow.hasContent && box.bottom - from <= cur().body.height + EPS) {
      breakAt(from, into);
      return false;
    }
    const outer = flow;
    const own: FlowState = {
      page: outer.page,
      hasContent: outer.hasContent,
      openTop: undefined,
      openMargin: 0,
      openBox: undefined,
      lastLeaf: undefined,
      tops: new Map([[outer.page, topOf(outer.page)]]),
    };
    flow = own;
    try {
      placeBox(box, into, next, true);
    } finally {
      flow = outer;
    }
    const ownTop = own.tops!.get(own.page) ?? pages[own.page].flowTop;
    if (own.page > outer.page)
      tails.push({
        page: own.page,
        flowBottom: box.bottom,
        pageBottom: box.bottom + pages[own.page].body.top - ownTop,
      });
    return true;
  };

  const avoidsBreakInside = (box: BoxFragment): boolean =>
    box.breakInside === 'avoid' || (columns !== undefined && box.breakInside === 'avoid-column');

  const placeBox = (given: BoxFragment, into: Collector, next?: Fragment, asFlow = false): void => {
    if (given.columns) {
      placeColumns(given, given.columns, into);
      return;
    }
    if (given.float && !asFlow && placeFloat(given, into, next)) return;
    let box = given;
    const forced = forcedKind(box.breakBefore);
    if (forced && flow.hasContent) {
      forcedBreak(box, forced, into);
    } else if (flow.hasContent) {
      const height = box.bottom - box.top;
      const avoidFails =
        avoidsBreakInside(box) && box.bottom > limit() + EPS && height <= cur().body.height;
      const keepFails =
        keepsWithNext(box, next) &&
        next !== undefined &&
        firstLeafBottom(next) > limit() + EPS &&
        firstLeafBottom(next) - box.top <= cur().body.height;
      if (avoidFails || keepFails) unforcedBreak(flow.openTop ?? box.top, into);
    }
    const name = forcedBreaks && !columns ? (box.pageName ?? names[names.length - 1]) : '';
    if (name !== cur().name) {
      if (flow.hasContent) breakAt(breakPoint(box, true), into, name);
      else if (!filled.has(flow.page) || notesOnly.has(flow.page)) {
        // Nothing on this page yet: it simply becomes a page of the new name.
        const last = flow.page;
        const notes = notesOnly.get(last);
        if (notes) {
          footnoteCarry = notes.carry;
          pages[last].marks.length = notes.marks;
          footnoteRoom[last] = notes.room;
          filled.delete(last);
          notesOnly.delete(last);
        }
        const body = bodyOf({ index: last, name, blank: false });
        pages[last] = { ...pages[last], name, body, dx: dxFor(body) };
        if (notes) continueFootnotes(last);
      }
    }
    if (!flow.hasContent && afterForcedBreak) {
      afterForcedBreak = false;
      const last = flow.page;
      pages[last] = { ...pages[last], flowTop: box.top - (box.marginTop ?? 0) };
    }
    // A box that starts a page: its content comes from the layout at that page's width.
    if (!flow.hasContent) box = switchLayout(box);
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
        placeChildren(open, mine, next);
        break;
      } catch (e) {
        if (!(e instanceof Restart) || e.open !== open) throw e;
        // This box moved whole to a page of another width: place it again from that layout.
        for (const o of stack.splice(depth)) collectors.delete(o);
        names.length = depth + 1;
        box = switchLayout(box);
      }
    }
    stack.pop();
    names.pop();
    collectors.delete(open);
    if (open.startPage < 0) open.startPage = flow.page;
    closeBox(open, mine, into);
    const after = forcedKind(open.frag.breakAfter);
    if (after && flow.hasContent) {
      breakForced(open.frag.bottom, after, into, names[names.length - 1]);
      afterForcedBreak = true;
    }
  };

  const placeChildren = (open: OpenBox, mine: Collector, next?: Fragment): void => {
    const box = open.frag;
    if (box.children.length === 0) {
      // An empty box is a leaf of its own height.
      placeLeaf({ kind: 'leaf', top: box.top, bottom: box.bottom, items: [] }, mine, next);
    } else if (box.lines) {
      placeLines(box, box.children, mine);
    } else {
      // `open.frag` changes when a forced break inside continues in another layout.
      for (let i = 0; i < open.frag.children.length; i++) {
        const kids = open.frag.children;
        placeFragment(kids[i], mine, kids[i + 1] ?? next);
      }
    }
  };

  /**
   * Multi-column content: columns are fragmentainers of their own (the same rules apply in
   * them as on a page), filled by a nested pass over the content; a set of columns fills the
   * rest of this page, further sets fill the pages after it, and the last set is balanced
   * (column-fill: balance, or always in continuous output). The flow after the content then
   * continues below the last set.
   */
  const placeColumns = (run: BoxFragment, spec: ColumnSpec, into: Collector): void => {
    const content = contentOf(run, spec);
    if (!content) return;
    const perPage = spec.count;
    // The first line (or unbreakable piece) must fit the columns' height on this page.
    const firstPiece = firstLeafBottom(content) - run.top;
    if (
      flow.hasContent &&
      run.top + firstPiece > limit() + EPS &&
      firstPiece <= cur().body.height + EPS
    )
      unforcedBreak(flow.openTop ?? run.top, into);
    markStarted();
    const p0 = flow.page;
    const name = cur().name;
    const first: PageBody = { top: run.top + dy(), height: Math.max(0, limit() - run.top) };
    const setBody = (k: number): PageBody =>
      k === 0 ? first : bodyOf({ index: p0 + k, name, blank: false });
    // Footnote room held back from each set's columns: a call in any column of a set puts its
    // note under all of them, so the set is filled again, shorter, until its notes fit.
    const reserve: number[] = [];
    const held = (k: number): number => reserve[k] ?? 0;
    const roomOf = (k: number): number => Math.max(0, setBody(k).height - held(k));
    // The area's edges are taken once per page: not again where the flow above has notes.
    const insetsOf = (k: number): number =>
      k === 0 && (footnoteRoom[p0] ?? 0) > 0
        ? 0
        : (setBody(k).footnoteInsets ?? cur().body.footnoteInsets ?? 0);
    const columnBody = (k: number, height: number, top = setBody(k).top): PageBody => ({
      top,
      height,
      footnoteInsets: insetsOf(k),
      footnoteReserve: held(k),
    });
    const fill = (
      heightOf: (k: number) => number,
      max: number,
      inner: Pick<PaginateOptions, 'anchors' | 'boxes' | 'measureOnly'> = { measureOnly: true },
    ): PaginatedPage[] =>
      paginate(
        content,
        ({ index }) => {
          const k = Math.floor(index / perPage);
          return columnBody(k, heightOf(k));
        },
        {
          measureOnly,
          ...inner,
          maxPages: max,
          forcedBreaks,
          columns: { flowStart: run.top, perPage },
          ...(options.warn ? { warn: options.warn } : {}),
        },
      );
    const innerAnchors = anchors ? new Map<string, { pageIndex: number; y: number }>() : undefined;
    const innerBoxes = boxes ? new Map<string, PlacedBox[]>() : undefined;
    const layOutSets = (): { cols: PaginatedPage[]; heightOf: (k: number) => number } => {
      const full = fill(roomOf, maxPages * perPage);
      const sets = Math.ceil(full.length / perPage);
      const last = sets - 1;
      let heightOf = roomOf;
      const fillAll = (): PaginatedPage[] => {
        innerAnchors?.clear();
        innerBoxes?.clear();
        return fill(heightOf, maxPages * perPage, {
          anchors: innerAnchors,
          boxes: innerBoxes,
          measureOnly,
        });
      };
      if (spec.fill !== 'balance' && forcedBreaks) return { cols: fillAll(), heightOf };
      let cols: PaginatedPage[] | undefined;
      const lastHeight = roomOf(last);
      const balanced = (h: number): PaginatedPage[] => {
        heightOf = (k) => (k < last ? roomOf(k) : h);
        return fillAll();
      };
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
          (probe) => fitsIn(perPage, () => paginate(tail, () => columnBody(last, probe, 0), opts)),
          extent / perPage,
        );
        cols = balanced(h);
      }
      // Cutting the content changed what fits (or it could not be cut): probe all of it.
      if (!cols || cols.length > sets * perPage) {
        const cap = Math.min(lastHeight, content.bottom - run.top);
        const h = balancedHeight(cap, (probe) =>
          fitsIn(sets * perPage, () => fill((k) => (k < last ? roomOf(k) : probe), sets * perPage)),
        );
        cols = balanced(h);
      }
      return { cols, heightOf };
    };
    let { cols, heightOf } = layOutSets();
    for (let pass = 0; pass < MAX_RESERVE_PASSES; pass++) {
      const need = setFootnotes(cols, perPage, insetsOf);
      if (need.every((h, k) => h <= held(k) + EPS)) break;
      need.forEach((h, k) => (reserve[k] = Math.max(held(k), h)));
      ({ cols, heightOf } = layOutSets());
    }
    const sets = Math.ceil(cols.length / perPage);
    const last = sets - 1;
    const pageOf = (i: number): number => p0 + Math.floor(i / perPage);
    // Each column moves beside the first, and with its page when that page's body is offset.
    const dx = (i: number): number => columnOffset(spec, i % perPage) + pages[pageOf(i)].dx;
    cols.forEach((col, i) => {
      while (flow.page < pageOf(i)) breakAt(run.top, into);
      const shift = dx(i);
      push(
        into,
        pageOf(i),
        shift === 0 ? col.items : col.items.map((it) => moveItem(it, shift, 0)),
      );
    });
    // The columns' page marks (strings, running elements, footnotes) are their page's, in
    // column order; their footnotes take room in that page's area for the flow after them.
    cols.forEach((col, i) => {
      const p = pageOf(i);
      for (const m of col.marks) {
        pages[p].marks.push(m);
        if (m.mark.kind !== 'footnote') continue;
        const insets = (footnoteRoom[p] ?? 0) > 0 ? 0 : (pages[p].body.footnoteInsets ?? 0);
        footnoteRoom[p] = (footnoteRoom[p] ?? 0) + m.mark.body.height + insets;
      }
    });
    for (const [id, at] of innerAnchors ?? [])
      if (!anchors!.has(id)) anchors!.set(id, { pageIndex: pageOf(at.pageIndex), y: at.y });
    for (const [id, list] of innerBoxes ?? [])
      for (const bx of list)
        recordBox(id, { ...bx, pageIndex: pageOf(bx.pageIndex), x: bx.x + dx(bx.pageIndex) });
    // Rules between columns with content, each set as tall as its columns.
    let end = first.top;
    for (let k = 0; k < sets; k++) {
      const top = setBody(k).top;
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
    reach(pl, end);
    flow.hasContent = true;
    filled.add(pl);
    for (let p = p0; p <= pl; p++) notesOnly.delete(p);
    afterForcedBreak = false;
    flow.openTop = undefined;
    flow.openMargin = 0;
    flow.openBox = undefined;
    flow.lastLeaf = undefined;
  };

  /**
   * Orphans and widows: choose where this paragraph's lines break before placing them. Floats
   * among the lines are placed where they stand; one that moves the page makes the choice
   * start again from the line after it.
   */
  const placeLines = (box: BoxFragment, kids: readonly Fragment[], into: Collector): void => {
    const { orphans, widows } = box.lines!;
    const lines: LeafFragment[] = [];
    /** Index in `kids` of each line. */
    const at: number[] = [];
    kids.forEach((k, i) => {
      if (k.kind === 'leaf') {
        lines.push(k);
        at.push(i);
      }
    });
    const n = lines.length;
    let placedKids = 0;
    /** Places the floats standing before kid `upTo`; true when that moved the page. */
    const floatsBefore = (upTo: number): boolean => {
      const page = flow.page;
      for (; placedKids < upTo; placedKids++) placeFragment(kids[placedKids], into, undefined);
      return flow.page !== page;
    };
    let i = 0;
    outer: while (i < n) {
      floatsBefore(at[i]);
      let j = i;
      let need = 0;
      while (j < n) {
        const more = need + movingNeed(lines[j]);
        if (lines[j].bottom > limitWith(roomFor(more)) + EPS) break;
        need = more;
        j++;
      }
      if (j < n) {
        // footnote-policy: block: the paragraph goes to the next page whole with its footnote.
        if (i === 0 && flow.hasContent && footnoteKeepsParagraph(lines[j])) {
          unforcedBreak(flow.openTop ?? lines[0].top, into);
          continue;
        }
        if (j === i) {
          // Not even one more line fits: go to a fresh page (or, already on one, overflow).
          if (flow.hasContent) {
            unforcedBreak(flow.openTop ?? lines[i].top, into);
            continue;
          }
          j = i + 1;
        } else {
          // Widows: leave at least `widows` lines for the next page.
          if (n - j < widows) j = Math.max(i + 1, n - widows);
          // Orphans: a paragraph that starts here keeps at least `orphans` lines together.
          if (i === 0 && j < orphans && flow.hasContent) {
            unforcedBreak(flow.openTop ?? lines[0].top, into);
            continue;
          }
        }
      }
      for (let k = i; k < j; k++) {
        if (k > i && floatsBefore(at[k])) {
          i = k;
          continue outer;
        }
        placeFragment(lines[k], into, undefined);
        placedKids = at[k] + 1;
      }
      if (j < n) breakAt(lines[j].top, into);
      i = j;
    }
    floatsBefore(kids.length);
  };

  const placeFragment = (f: Fragment, into: Collector, next?: Fragment): void => {
    if (f.kind === 'leaf') placeLeaf(f, into, next);
    else placeBox(f, into, next);
  };

  /** Top edges the boxes around a piece on page `p` repeat there (they started before it). */
  const cloneTops = (boxes: readonly OpenBox[], p: number): number =>
    boxes.reduce((h, o) => h + (o.startPage < p ? (o.frag.cloneInsets?.top ?? 0) : 0), 0);

  const closeBox = (open: OpenBox, mine: Collector, into: Collector): void => {
    const first = open.startPage;
    const last = flow.page;
    const versionAt = (p: number): BoxFragment => {
      let f = open.versions[0].frag;
      for (const v of open.versions) if (v.fromPage <= p) f = v.frag;
      return f;
    };
    for (let p = first; p <= last; p++) {
      const page = pages[p];
      const box = versionAt(p);
      const shift = page.body.top - topOf(p);
      // A piece cut by a break reaches the page's edge, inside the cloned edges of the boxes
      // around it and above the footnote area.
      const top =
        p === first ? (open.startY ?? box.top + shift) : page.body.top + cloneTops(stack, p);
      const bottom =
        p === last
          ? box.bottom + shift
          : page.body.top + page.body.height - (footnoteRoom[p] ?? 0) - cloneBottoms(stack);
      if (p === last) reach(p, bottom);
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
        recordBox(box.anchor, {
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
      paintBox(
        layersOf(into, p),
        box,
        deco,
        content,
        clip && page.dx !== 0 ? moveOps(clip, page.dx, 0) : clip,
        box.transform ? moveMatrix(box.transform, page.dx, shift) : undefined,
      );
    }
    // A float run down the pages beside the flow can end on a page after this box's last
    // one (nothing in the flow follows it there): its pieces go on, without the box's edges.
    if (measureOnly) return;
    const box = versionAt(last);
    for (const [p, content] of mine) {
      if (p <= last) continue;
      const shift = pages[p].body.top - topOf(p);
      const transform = box.transform && moveMatrix(box.transform, pages[p].dx, shift);
      paintBox(layersOf(into, p), box, [], content, undefined, transform);
    }
  };

  placeFragment(root, rootCollector);
  if (tree?.partial) throw new PartialFlowEnded();
  // Footnotes still cut at the end go on pages of their own.
  for (let guard = 0; footnoteCarry.length > 0 && guard <= maxPages; guard++) {
    const before = pages[pages.length - 1];
    newPage(before.flowTop + before.body.height, names[names.length - 1]);
    flow.page = pages.length - 1;
    continueFootnotes(flow.page);
  }
  // A break after the last content (break-after on the final element) leaves an empty page
  // behind (and a blank one before it, for a left/right break); browsers print no such page.
  if (pages.length > 1 && !filled.has(pages.length - 1)) {
    pages.pop();
    while (pages.length > 1 && pages[pages.length - 1].blank) pages.pop();
  }
  if (pages.length > maxPages) throw new PageLimit(maxPages);
  for (const [p, layers] of rootCollector)
    if (p < pages.length) pages[p].items.push(...paintOrder(layers));
  return pages.map((page, p) => ({ ...page, contentBottom: bottoms[p] ?? page.body.top }));
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
