/**
 * One linear pass that packs measured fragments into pages. Each page maps a window of the
 * continuous flow ([pageTop, pageTop + body height)) onto its body area; a page ends before the
 * first leaf that does not fit. Nothing is measured again: cost is linear in the number of
 * fragments plus, for each box, the number of pages it spans.
 *
 * Rules honoured: break-before/after: page; break-inside: avoid (when the box fits a fresh
 * page); keep-with-next (headings, table headers); orphans and widows within a paragraph; table
 * headers repeated on every page a table continues on (as Pagination artifacts); box
 * decorations sliced per page without the edge at a cut (box-decoration-break: slice).
 */
import type { DisplayItem } from '../../document/index.js';
import type { PlacedBox } from '../options.js';
import type { BoxFragment, Fragment, LeafFragment } from './fragments.js';
import { firstLeafBottom } from './fragments.js';
import { asArtifact, moveItem } from '../paint/decoration.js';

export interface PageBody {
  /** Top of the body area on the page, points. */
  readonly top: number;
  readonly height: number;
}

export interface PaginatedPage {
  /** Flow coordinate shown at the body's top. */
  readonly flowTop: number;
  readonly body: PageBody;
  /** Named page ('' = unnamed). */
  readonly name: string;
  readonly items: DisplayItem[];
}

/** Tolerance so rounding never pushes a line that fits exactly onto the next page. */
const EPS = 0.01;

type Collector = Map<number, DisplayItem[]>;

interface OpenBox {
  readonly frag: BoxFragment;
  startPage: number;
}

/** `bodyOf(i)` gives page i's body area (page sizes and margins may differ per page). */
export function paginate(
  root: Fragment,
  bodyOf: (pageIndex: number, name: string) => PageBody,
  maxPages = 100_000,
  /** Filled with where each link target (id) landed: page index and y on that page. */
  anchors?: Map<string, { pageIndex: number; y: number }>,
  /** false for one continuous page (raster output): forced breaks and page names are ignored. */
  forcedBreaks = true,
  /** Filled with where each recorded border box landed (LayoutOptions.boxes). */
  boxes?: Map<string, PlacedBox[]>,
): PaginatedPage[] {
  const pages: PaginatedPage[] = [];
  let hasContent = false;
  let openTop: number | undefined;
  const stack: OpenBox[] = [];

  // Effective page names of the open boxes (CSS `page`; a change forces a page break).
  const names: string[] = [''];
  const startPage = (flowTop: number, name: string): void => {
    // One page past the limit may open: a break after the last content leaves an empty page
    // that is dropped at the end. Content on it is caught there.
    if (pages.length > maxPages) throw new PageLimit(maxPages);
    pages.push({ flowTop, body: bodyOf(pages.length, name), items: [], name });
    hasContent = false;
  };
  startPage(0, '');

  const cur = (): PaginatedPage => pages[pages.length - 1];
  const limit = (): number => cur().flowTop + cur().body.height;
  const dy = (): number => cur().body.top - cur().flowTop;

  /** Flow-positioned items moved to where they stand on page `p` (push copies them). */
  const onPage = (items: readonly DisplayItem[], p: number): readonly DisplayItem[] => {
    const d = pages[p].body.top - pages[p].flowTop;
    return d === 0 ? items : items.map((i) => moveItem(i, 0, d));
  };

  // The in-flow leaf placed last, with where it went: if a break follows it, it ended a page.
  let lastLeaf: { leaf: LeafFragment; into: Collector; page: number } | undefined;

  const recordBox = (id: string, box: PlacedBox): void => {
    if (!boxes) return;
    const list = boxes.get(id);
    if (list) list.push(box);
    else boxes.set(id, [box]);
  };

  /** Starts a new page whose flow begins at `at`; open tables draw their header first. */
  const breakAt = (at: number, into: Collector, name = names[names.length - 1]): void => {
    const edge = lastLeaf?.leaf.closingEdge;
    if (lastLeaf && edge && edge.length > 0)
      push(lastLeaf.into, lastLeaf.page, onPage(edge, lastLeaf.page));
    lastLeaf = undefined;
    let headers = 0;
    const repeats: { box: OpenBox; leaf: LeafFragment }[] = [];
    for (const o of stack) {
      // Only a table that already has content on an earlier page repeats its header.
      if (o.frag.repeat && o.startPage >= 0 && o.startPage < pages.length) {
        repeats.push({ box: o, leaf: o.frag.repeat });
        headers += o.frag.repeat.bottom - o.frag.repeat.top;
      }
    }
    startPage(at - headers, name);
    let y = cur().body.top;
    for (const r of repeats) {
      const shift = y - r.leaf.top;
      const copy = asArtifact(r.leaf.items.map((i) => moveItem(i, 0, shift)));
      push(collectorOf(r.box, into), pages.length - 1, copy);
      y += r.leaf.bottom - r.leaf.top;
    }
    openTop = undefined;
  };

  // Each open box collects its children's items per page, so it can draw its own
  // decoration under them and wrap them in its clip or opacity group.
  const collectors = new Map<OpenBox, Collector>();
  const rootCollector: Collector = new Map();
  const collectorOf = (o: OpenBox, fallback: Collector): Collector => collectors.get(o) ?? fallback;

  const placeLeaf = (leaf: LeafFragment, into: Collector, next?: Fragment): void => {
    if (!leaf.outOfFlow) {
      const fits = leaf.bottom <= limit() + EPS;
      const keepFails =
        leaf.keepWithNext &&
        next !== undefined &&
        firstLeafBottom(next) > limit() + EPS &&
        firstLeafBottom(next) - leaf.top <= cur().body.height;
      if ((!fits || keepFails) && hasContent) breakAt(openTop ?? leaf.top, into);
      markStarted();
      hasContent = true;
      openTop = undefined;
    }
    // Out-of-flow content goes to the page whose window holds its top.
    let p = pages.length - 1;
    if (leaf.outOfFlow) {
      // Never before the page its enclosing box starts on (that box collects per page).
      const inner = stack[stack.length - 1];
      const floor = !inner ? 0 : inner.startPage < 0 ? pages.length - 1 : inner.startPage;
      while (p > floor && pages[p].flowTop > leaf.top) p--;
    }
    const d = pages[p].body.top - pages[p].flowTop;
    push(into, p, onPage(leaf.items, p));
    if (!leaf.outOfFlow) lastLeaf = { leaf, into, page: p };
    if (anchors && leaf.anchors)
      for (const a of leaf.anchors) anchors.set(a.id, { pageIndex: p, y: a.y + d });
    if (boxes && leaf.anchors)
      for (const a of leaf.anchors)
        if (a.box) recordBox(a.id, { pageIndex: p, y: a.y + d, ...a.box });
  };

  const markStarted = (): void => {
    for (let i = stack.length - 1; i >= 0 && stack[i].startPage < 0; i--) {
      stack[i].startPage = pages.length - 1;
      const id = stack[i].frag.anchor;
      if (anchors && id && !anchors.has(id))
        anchors.set(id, { pageIndex: pages.length - 1, y: stack[i].frag.top + dy() });
    }
  };

  const placeBox = (box: BoxFragment, into: Collector, next?: Fragment): void => {
    const forced =
      forcedBreaks &&
      (box.breakBefore === 'page' || box.breakBefore === 'left' || box.breakBefore === 'right');
    if (forced && hasContent) {
      breakAt(openTop ?? box.top, into);
      // The first page is a right page: a left break needs an odd index, a right one even.
      const wantOdd = box.breakBefore === 'left';
      if (box.breakBefore !== 'page' && ((pages.length - 1) % 2 === 1) !== wantOdd) {
        breakAt(openTop ?? box.top, into);
      }
    } else if (hasContent) {
      const height = box.bottom - box.top;
      const avoidFails =
        box.breakInside === 'avoid' && box.bottom > limit() + EPS && height <= cur().body.height;
      const keepFails =
        box.keepWithNext &&
        next !== undefined &&
        firstLeafBottom(next) > limit() + EPS &&
        firstLeafBottom(next) - box.top <= cur().body.height;
      if (avoidFails || keepFails) breakAt(openTop ?? box.top, into);
    }
    const name = forcedBreaks ? (box.pageName ?? names[names.length - 1]) : '';
    if (name !== cur().name) {
      if (hasContent) breakAt(openTop ?? box.top, into, name);
      else {
        // Nothing on this page yet: it simply becomes a page of the new name.
        const last = pages.length - 1;
        pages[last] = { ...pages[last], name, body: bodyOf(last, name) };
      }
    }
    names.push(name);
    if (openTop === undefined) openTop = box.top;
    const open: OpenBox = { frag: box, startPage: -1 };
    stack.push(open);
    const mine: Collector = new Map();
    collectors.set(open, mine);

    const kids = box.children;
    if (kids.length === 0) {
      // An empty box is a leaf of its own height.
      placeLeaf({ kind: 'leaf', top: box.top, bottom: box.bottom, items: [] }, mine, next);
    } else if (box.lines) {
      placeLines(box, kids, mine);
    } else {
      for (let i = 0; i < kids.length; i++) placeFragment(kids[i], mine, kids[i + 1] ?? next);
    }
    stack.pop();
    names.pop();
    collectors.delete(open);
    if (open.startPage < 0) open.startPage = pages.length - 1;
    closeBox(open, mine, into);
    if (
      forcedBreaks &&
      (box.breakAfter === 'page' || box.breakAfter === 'left' || box.breakAfter === 'right') &&
      hasContent
    ) {
      breakAt(box.bottom, into);
      const wantOdd = box.breakAfter === 'left';
      if (box.breakAfter !== 'page' && ((pages.length - 1) % 2 === 1) !== wantOdd)
        breakAt(box.bottom, into);
    }
  };

  /** Orphans and widows: choose where this paragraph's lines break before placing them. */
  const placeLines = (box: BoxFragment, kids: readonly Fragment[], into: Collector): void => {
    const { orphans, widows } = box.lines!;
    const n = kids.length;
    let i = 0;
    while (i < n) {
      const lim = limit();
      let j = i;
      while (j < n && kids[j].bottom <= lim + EPS) j++;
      if (j < n) {
        if (j === i) {
          // Not even one more line fits: go to a fresh page (or, already on one, overflow).
          if (hasContent) {
            breakAt(openTop ?? kids[i].top, into);
            continue;
          }
          j = i + 1;
        } else {
          // Widows: leave at least `widows` lines for the next page.
          if (n - j < widows) j = Math.max(i + 1, n - widows);
          // Orphans: a paragraph that starts here keeps at least `orphans` lines together.
          if (i === 0 && j < orphans && hasContent) {
            breakAt(openTop ?? kids[0].top, into);
            continue;
          }
        }
      }
      for (let k = i; k < j; k++) placeFragment(kids[k], into, undefined);
      if (j < n) breakAt(kids[j].top, into);
      i = j;
    }
  };

  const placeFragment = (f: Fragment, into: Collector, next?: Fragment): void => {
    if (f.kind === 'leaf') placeLeaf(f, into, next);
    else placeBox(f, into, next);
  };

  const closeBox = (open: OpenBox, mine: Collector, into: Collector): void => {
    const box = open.frag;
    const first = open.startPage;
    const last = pages.length - 1;
    for (let p = first; p <= last; p++) {
      const page = pages[p];
      const shift = page.body.top - page.flowTop;
      const top = p === first ? box.top + shift : page.body.top;
      const bottom = p === last ? box.bottom + shift : page.body.top + page.body.height;
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
        recordBox(box.anchor, { pageIndex: p, y: top, height: bottom - top, ...box.borderBox });
      const content = mine.get(p) ?? [];
      const deco = box.decorate ? box.decorate(slice) : [];
      if (deco.length === 0 && content.length === 0) continue;
      // The clip (padding box) applies to the content only; opacity to the whole box.
      let items: DisplayItem[] = content;
      if (box.clip && content.length > 0)
        items = [{ kind: 'group', clip: box.clip(slice), items: content }];
      items = deco.length > 0 ? [...deco, ...items] : items;
      if (box.opacity !== undefined && box.opacity < 1)
        items = [{ kind: 'group', opacity: box.opacity, items }];
      push(into, p, items);
    }
  };

  placeFragment(root, rootCollector);
  // A break after the last content (break-after on the final element) leaves an empty page
  // behind; browsers print no such page.
  if (!hasContent && pages.length > 1) pages.pop();
  if (pages.length > maxPages) throw new PageLimit(maxPages);
  for (const [p, items] of rootCollector) if (p < pages.length) pages[p].items.push(...items);
  return pages;
}

function push(c: Collector, page: number, items: readonly DisplayItem[]): void {
  if (items.length === 0) return;
  const have = c.get(page);
  if (have) {
    for (const it of items) have.push(it);
  } else c.set(page, [...items]);
}

export class PageLimit extends Error {
  constructor(readonly max: number) {
    super(`the document needs more than ${max} pages`);
  }
}
