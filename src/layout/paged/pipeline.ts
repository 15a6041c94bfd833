/**
 * Paged layout: the box tree laid out in one continuous flow (at each width pages need), packed
 * into pages by the paginator, then each page composed: page background, content, fixed
 * content, margin boxes with the page's counters, printer's marks and bleed.
 */
import type { Warning } from '../../diagnostics.js';
import { LimitError } from '../../diagnostics.js';
import type { DisplayItem, OutlineItem, Page, StructNode } from '../../document/index.js';
import type { DecodedImage, PixelImage } from '../../images/index.js';
import type { PageStyle, StyledDocument, StyledElement } from '../../style/index.js';
import { createParagraphMemo, type FontContext, type ParagraphMemo } from '../../text/index.js';
import { buildBoxTree, buildRunningBoxes, type BuildContext } from '../box-tree/build.js';
import type { BlockBox, Box } from '../box-tree/boxes.js';
import { StructureBuilder } from '../box-tree/structure.js';
import { BoxMemo, type FlowCut, type LayoutContext } from '../context.js';
import { layoutDocument } from '../modes/block.js';
import { FlowPass, FlowReuse } from '../modes/flow-reuse.js';
import type { LayoutOptions, PlacedBox } from '../options.js';
import { backgroundItem, moveItem, NO_RADII } from '../paint/decoration.js';
import { layoutMarginBoxes } from '../paint/margin-boxes.js';
import { footnoteArea } from '../paint/footnote-area.js';
import { footnoteAreaInsets } from '../modes/footnote.js';
import { withFixed, type FixedContent } from '../paint/stacking.js';
import { svgTextShaper } from '../paint/svg-text.js';
import {
  pageBackground,
  pageGeometry,
  printerMarks,
  type PageGeometry,
} from '../paint/page-furniture.js';
import { FlowLayouts, PartialFlowEnded } from '../paginate/flow-layouts.js';
import {
  PageLimit,
  paginate,
  type PageBody,
  type PageRequest,
  type PaginatedPage,
} from '../paginate/paginator.js';
import { bookmarksOf, settleCrossReferences, type PageFacts } from './cross-refs.js';
import { marginBoxInputs, type RunningBoxes } from './margin-content.js';
import { runningValues, type RunningElement } from './running.js';
import { pageCounters } from './page-counters.js';
import { ContainerLog } from '../modes/containers.js';

/** Most pages one document may have (a runaway layout stops with a LimitError). */
export const MAX_PAGES = 10_000;

export interface PagedInput {
  readonly styled: StyledDocument;
  readonly lang: string;
  readonly pageStyleOf: (index: number, name: string, blank: boolean) => PageStyle;
  readonly fonts: FontContext;
  readonly images: ReadonlyMap<string, DecodedImage | string>;
  readonly backgrounds: ReadonlyMap<string, DecodedImage | string>;
  /** Decoded shape-outside images by URL (pixels); a string is the failure reason. */
  readonly shapeImages?: ReadonlyMap<string, PixelImage | string>;
  readonly baseUrl?: string;
  readonly options: LayoutOptions;
  /** Root (or body) background: painted over each whole page. */
  readonly canvas?: StyledElement['style']['backgroundColor'];
  /** Where size containers are measured (styles depend on them). */
  readonly containers?: ContainerLog;
}

export interface PagedResult {
  readonly pages: Page[];
  readonly structure: StructNode;
  readonly warnings: Warning[];
  readonly firstHeading?: string;
  /** The PDF outline (bookmark-level, -label, -state), in document order. */
  readonly outline?: readonly OutlineItem[];
}

/** One layout of the whole document into pages. */
interface Pass {
  readonly laid: PaginatedPage[];
  readonly geometry: PageGeometries;
  readonly anchors: Map<string, { pageIndex: number; y: number }>;
  readonly ctx: LayoutContext;
  readonly sb: StructureBuilder;
  readonly build: BuildContext;
  readonly warnings: Warning[];
}

export function layoutPages(input: PagedInput): PagedResult {
  const notes: Warning[] = [];
  // Passes after the first lay out the same text again: its shaping is kept for them, and
  // the parts of the flow that come out the same are taken from the pass before.
  let paragraphs: ParagraphMemo | undefined;
  let flow: FlowPass | undefined;
  // Once a cut of the first page's layout proved wrong, later passes do not try it again.
  let cutting = true;
  const { pass, root } = settleCrossReferences(
    input.styled,
    (tree, again) => {
      if (again) paragraphs ??= createParagraphMemo();
      const previous = flow;
      const attempt = (cut: boolean): Pass => {
        flow = again ? new FlowPass(new StructureBuilder({ journal: true })) : undefined;
        return runPass(input, tree, {
          paragraphs,
          reuse: flow && new FlowReuse(flow, previous),
          cut,
        });
      };
      let done: Pass;
      try {
        done = attempt(cutting);
      } catch (e) {
        // The pages after the first forced break kept the first page's width after all.
        if (!(e instanceof PartialFlowEnded)) throw e;
        cutting = false;
        done = attempt(false);
      }
      input.options.passes?.push({ laidOut: flow?.laidOut ?? 0, reused: flow?.reused ?? 0 });
      return done;
    },
    pageFacts,
    (message) => notes.push({ code: 'layout.cross-references', message }),
    input.options.deadline,
  );
  const result = compose(input, pass);
  return {
    ...result,
    warnings: [...result.warnings, ...notes],
    outline: outlineOf(root, pass),
  };
}

/** What a pass may take from the passes before, and whether its first layout may stop early. */
interface PassOptions {
  readonly paragraphs?: ParagraphMemo | undefined;
  readonly reuse?: FlowReuse | undefined;
  /** Stop the layout at the first page's width where pages of another width begin. */
  readonly cut?: boolean;
}

/**
 * The geometry of each page of a pass. One geometry per page kind: pages of the same name, side
 * and blankness share it. A class rather than closures made for every pass: functions made anew
 * on every call lose their optimized code at each major garbage collection (Node 20).
 */
class PageGeometries {
  private readonly geometries = new Map<string, PageGeometry>();

  constructor(private readonly input: PagedInput) {}

  of(req: PageRequest): PageGeometry {
    // Pagination asks for each new page's geometry: the per-page deadline check.
    this.input.options.deadline?.check('pagination');
    const style = this.input.pageStyleOf(req.index, req.name, req.blank);
    const key = `${req.index === 0 ? 'f' : ''}${req.index % 2}|${req.name}|${req.blank ? 1 : 0}`;
    let g = this.geometries.get(key);
    if (!g || g.style !== style) {
      g = pageGeometry(style);
      this.geometries.set(key, g);
    }
    return g;
  }

  /** The page's body area, as pagination asks for it. */
  body(req: PageRequest): PageBody {
    const g = this.of(req);
    const fn = footnoteAreaInsets(g.style.footnote, g.bodyWidth);
    return {
      top: g.bodyTop,
      height: g.bodyHeight,
      left: g.bodyLeft,
      width: g.bodyWidth,
      footnoteInsets: fn.top + fn.bottom,
    };
  }
}

function runPass(input: PagedInput, root: StyledElement, passOptions: PassOptions = {}): Pass {
  const { paragraphs, reuse } = passOptions;
  const { options } = input;
  const warnings: Warning[] = [];
  const sb = reuse?.current.sb ?? new StructureBuilder();
  const build: BuildContext = {
    sb,
    images: input.images,
    warnings,
    ...(input.baseUrl ? { baseUrl: input.baseUrl } : {}),
    nextAnonId: 1,
    bookmarkNodes: new Map(),
    ...(reuse ? { buildKeys: reuse.current.buildKeys } : {}),
    ...(options.deadline ? { deadline: options.deadline } : {}),
  };
  const rootBox = buildBoxTree(root, build, input.lang);
  const ctx: LayoutContext = {
    fonts: input.fonts,
    sb,
    warnings,
    backgrounds: input.backgrounds,
    ...(input.shapeImages ? { shapeImages: input.shapeImages } : {}),
    page: { x: 0, y: 0, width: 0, height: 0 },
    fixed: [],
    warned: new Set(),
    memo: new BoxMemo(),
    svgText: (c) => svgTextShaper(c),
    ...(options.deadline ? { deadline: options.deadline } : {}),
    ...(options.boxes ? { recordBoxes: true } : {}),
    ...(paragraphs ? { paragraphs } : {}),
    ...(reuse ? { reuse } : {}),
    ...(input.containers ? { containers: input.containers } : {}),
  };
  // Layouts at other page widths measure the containers the first one has not laid out.
  const otherWidths = input.containers ? new ContainerLog() : undefined;
  const geometry = new PageGeometries(input);
  const first = geometry.of({ index: 0, name: '', blank: false });
  const layOut = (width: number, x: number, g: PageGeometry, flowCut?: FlowCut): BlockLayout =>
    layOutFlow(rootBox, {
      ...ctx,
      page: { x, y: g.bodyTop, width, height: g.bodyHeight },
      footnoteArea: g.style.footnote,
      ...(flowCut ? { flowCut } : {}),
      ...(otherWidths ? { containers: otherWidths } : {}),
    });
  // The first page's width may serve only the first page (a cover without margins): its
  // layout then stops where pagination goes on in the layout at the other pages' width.
  const cut = passOptions.cut
    ? widthCut(geometry, first.bodyWidth, root, { fixedContent: true })
    : undefined;
  const primary = layOutFlow(rootBox, {
    ...ctx,
    page: { x: first.bodyLeft, y: first.bodyTop, width: first.bodyWidth, height: first.bodyHeight },
    footnoteArea: first.style.footnote,
    ...(cut ? { flowCut: cut } : {}),
  });
  const flows = new FlowLayouts(
    {
      root: primary.frag,
      width: first.bodyWidth,
      originX: first.bodyLeft,
      ...(cut?.reached ? { partial: true } : {}),
    },
    // Other widths keep their own fixed content to themselves: the first layout's is drawn.
    // Entered at a box, such a layout may stop where the pages of its width end (a cover of
    // a named page, a landscape section): pagination goes back to another width there.
    (width, x, from) => {
      const other =
        passOptions.cut && from !== undefined
          ? widthCut(geometry, width, root, {
              fixedContent: false,
              from,
              within: holders(rootBox, from),
            })
          : undefined;
      const { frag } = layOut(width, x, first, other);
      return { root: frag, ...(other?.reached ? { partial: true } : {}) };
    },
  );
  const anchors = new Map<string, { pageIndex: number; y: number }>();
  options.boxes?.clear();
  let laid: PaginatedPage[];
  try {
    laid = paginate(primary.frag, (req) => geometry.body(req), {
      maxPages: options.maxPages ?? MAX_PAGES,
      anchors,
      warn: (message) => warnings.push({ code: 'layout.footnote-overflow', message }),
      ...(options.boxes ? { boxes: options.boxes } : {}),
      layouts: flows,
    });
  } catch (e) {
    if (e instanceof PageLimit) throw new LimitError(e.message, 'pages');
    throw e;
  }
  if (otherWidths) input.containers?.fillFrom(otherWidths);
  // Footnote bodies land with their calls: their ids are on that page (compose adds the y).
  laid.forEach((p, i) => {
    for (const { mark } of p.marks)
      if (mark.kind === 'footnote')
        for (const a of mark.body.anchors)
          if (!anchors.has(a.id)) anchors.set(a.id, { pageIndex: i, y: 0 });
  });
  // Without the reuse, which holds the pass before (its fragments) until this one is dropped.
  const { reuse: _done, ...kept } = ctx;
  return { laid, geometry, anchors, ctx: { ...kept, fixed: primary.fixed }, sb, build, warnings };
}

/**
 * A cut of a layout at `width` at the first forced page break (a break-before or -after, or
 * another named page) after which pages have another width, judged by the second and third
 * pages of that name; with `from`, the first such break after that box. A wrong guess costs a
 * pass laid out again whole (PartialFlowEnded), never a wrong page. The first page's layout
 * is not cut in a document with fixed content (`fixedContent`), which is taken from that
 * layout for every page.
 */
function widthCut(
  geometry: PageGeometries,
  width: number,
  root: StyledElement,
  options: {
    readonly fixedContent: boolean;
    readonly from?: number;
    readonly within?: ReadonlySet<number>;
  },
): FlowCut {
  const forced = (v: string): boolean =>
    v === 'page' || v === 'left' || v === 'right' || v === 'recto' || v === 'verso';
  const widths = new Map<string, boolean>();
  let fixed: boolean | undefined;
  const otherWidth = (name: string): boolean => {
    let other = widths.get(name);
    if (other === undefined) {
      other = [1, 2].every(
        (index) => Math.abs(geometry.of({ index, name, blank: false }).bodyWidth - width) > 0.01,
      );
      widths.set(name, other);
    }
    return other;
  };
  return {
    reached: false,
    armed: options.from === undefined,
    ...(options.from !== undefined ? { from: options.from } : {}),
    ...(options.within ? { within: options.within } : {}),
    at: (before, after) => {
      const page = after.style.page;
      const named = page !== 'auto' && page !== before.style.page;
      if (!named && !forced(before.style.breakAfter) && !forced(after.style.breakBefore))
        return false;
      if (!otherWidth(page === 'auto' ? '' : page)) return false;
      if (!options.fixedContent) return true;
      fixed ??= hasFixedContent(root);
      return !fixed;
    },
  };
}

/** The box `id` and the boxes that hold it (ids), or just `id` where the tree lacks it. */
function holders(root: Box, id: number): ReadonlySet<number> {
  const parents = new Map<Box, Box>();
  const stack: Box[] = [root];
  while (stack.length > 0) {
    const box = stack.pop()!;
    if (box.id === id) {
      const ids = new Set<number>();
      for (let b: Box | undefined = box; b; b = parents.get(b)) ids.add(b.id);
      return ids;
    }
    const kids =
      box.kind === 'table'
        ? box.sections.flatMap((s) => s.rows.flatMap((r) => r.cells.map((c) => c.box)))
        : box.kind === 'image'
          ? []
          : box.children;
    for (const k of kids) {
      parents.set(k, box);
      stack.push(k);
    }
  }
  return new Set([id]);
}

/** Fixed content is taken from the first page's layout: it must be whole then. */
function hasFixedContent(root: StyledElement): boolean {
  const stack: StyledElement[] = [root];
  while (stack.length > 0) {
    const el = stack.pop()!;
    if (el.style.position === 'fixed') return true;
    for (const c of el.children)
      if (c.kind === 'element') stack.push(c);
      else if (c.kind === 'pseudo' && c.style.position === 'fixed') return true;
  }
  return false;
}

interface BlockLayout {
  readonly frag: ReturnType<typeof layoutDocument>['frag'];
  readonly fixed: FixedContent[];
}

/** The document laid out at one width (its own list of fixed content). */
function layOutFlow(root: BlockBox, ctx: LayoutContext): BlockLayout {
  const fixed: FixedContent[] = [];
  const { frag } = layoutDocument(root, { ...ctx, fixed }, true);
  return { frag, fixed };
}

/** The geometry of each page laid out in `pass`. */
function pageGeometries(pass: Pass): PageGeometry[] {
  const out: PageGeometry[] = [];
  for (let i = 0; i < pass.laid.length; i++) {
    const p = pass.laid[i];
    out.push(pass.geometry.of({ index: i, name: p.name, blank: p.blank }));
  }
  return out;
}

/** Each page drawn whole: background, content, fixed content, margin boxes, marks, bleed. */
function compose(input: PagedInput, pass: Pass): PagedResult {
  const { laid, ctx } = pass;
  const geometries = pageGeometries(pass);
  const styles: PageStyle[] = [];
  for (const g of geometries) styles.push(g.style);
  const counters = pageCounters(styles);
  const running = runningValues(laid);
  const runningBoxes = runningBoxMaker(pass);
  let anon = -1;
  const pages: Page[] = [];
  for (let i = 0; i < laid.length; i++) {
    const p = laid[i];
    input.options.deadline?.check('pages');
    const g = geometries[i];
    const items: DisplayItem[] = pageBackground(g, ctx);
    // The canvas (the root's or body's background) covers the page's border box; the page
    // margins show the page's own background (CSS Paged Media 3, painting order).
    if (input.canvas)
      items.push(
        backgroundItem(
          {
            x: g.marginLeft,
            y: g.marginTop,
            width: Math.max(0, g.width - g.marginLeft - g.marginRight),
            height: Math.max(0, g.height - g.marginTop - g.marginBottom),
          },
          input.canvas,
          NO_RADII,
        ),
      );
    const footnotes = p.marks.flatMap(({ mark }) => (mark.kind === 'footnote' ? [mark.body] : []));
    const area = footnoteArea(g, footnotes, ctx);
    for (const a of area.anchors) {
      pass.anchors.set(a.id, { pageIndex: i, y: a.y });
      if (a.box) recordBox(input.options.boxes, a.id, { pageIndex: i, y: a.y, ...a.box });
    }
    // Fixed content is read once (first page); its copies on later pages are artifacts.
    items.push(...withFixed([...p.items, ...area.items], p.blank ? [] : ctx.fixed, i === 0));
    const boxes = marginBoxInputs(
      g.style,
      {
        counters: counters[i],
        string: (name, which) => running[i].string(name, which),
        element: (name, which) => {
          const r = running[i].element(name, which);
          return r ? runningBoxes(r) : undefined;
        },
      },
      {
        lang: input.lang,
        images: input.images,
        nextId: () => anon--,
        ...(input.styled.counterStyles ? { counterStyles: input.styled.counterStyles } : {}),
      },
    );
    items.push(...layoutMarginBoxes(g, boxes, ctx));
    items.push(...printerMarks(g));
    pages.push(withBleed(g, items));
  }
  resolveLinks(pages, pass.anchors, geometries);
  return {
    pages,
    structure: pass.sb.finish(),
    warnings: pass.warnings,
    ...(pass.build.firstHeading ? { firstHeading: pass.build.firstHeading } : {}),
  };
}

function recordBox(boxes: Map<string, PlacedBox[]> | undefined, id: string, box: PlacedBox): void {
  if (!boxes) return;
  const list = boxes.get(id);
  if (list) list.push(box);
  else boxes.set(id, [box]);
}

/** Boxes of running elements for margin boxes, built once per element. */
function runningBoxMaker(pass: Pass): (r: RunningElement) => RunningBoxes {
  const built = new Map<RunningElement['element'], RunningBoxes>();
  // Outside the document's structure tree: what is built here is page furniture.
  const build: BuildContext = { ...pass.build, sb: new StructureBuilder() };
  return (r) => {
    let boxes = built.get(r.element);
    if (!boxes) {
      boxes = buildRunningBoxes(r.element, build, r.lang);
      built.set(r.element, boxes);
    }
    return boxes;
  };
}

/** The page as a sheet: with bleed, everything moves in by the bleed and the trim is recorded. */
function withBleed(g: PageGeometry, items: DisplayItem[]): Page {
  const { top, right, bottom, left } = g.bleed;
  if (top + right + bottom + left <= 0) return { width: g.width, height: g.height, items };
  return {
    width: g.width + left + right,
    height: g.height + top + bottom,
    items: items.map((i) => moveItem(i, left, top)),
    trim: { x: left, y: top, width: g.width, height: g.height },
  };
}

/**
 * '#id' link targets become internal destinations once pages are known; `geometries` (absent
 * for one continuous page) move each destination below its page's bleed.
 */
export function resolveLinks(
  pages: Page[],
  anchors: ReadonlyMap<string, { pageIndex: number; y: number }>,
  geometries: readonly PageGeometry[] = [],
): void {
  for (let i = 0; i < pages.length; i++)
    pages[i] = { ...pages[i], items: withLinks(pages[i].items, anchors, geometries) };
}

/** `items` with their '#id' links made internal destinations (see resolveLinks). */
function withLinks(
  items: readonly DisplayItem[],
  anchors: ReadonlyMap<string, { pageIndex: number; y: number }>,
  geometries: readonly PageGeometry[],
): DisplayItem[] {
  const out: DisplayItem[] = [];
  for (const it of items) {
    if (it.kind === 'group') {
      out.push({ ...it, items: withLinks(it.items, anchors, geometries) });
      continue;
    }
    if (it.kind !== 'link' || it.target.kind !== 'uri' || !it.target.uri.startsWith('#')) {
      out.push(it);
      continue;
    }
    const at = anchors.get(it.target.uri.slice(1));
    if (at === undefined) {
      // A link to an anchor that does not exist goes nowhere; keep it to the top of page 1
      // rather than dropping the annotation its Link element owns.
      out.push({ ...it, target: { kind: 'internal', pageIndex: 0, y: 0 } });
      continue;
    }
    const y = Math.max(0, at.y) + (geometries[at.pageIndex]?.bleed.top ?? 0);
    out.push({ ...it, target: { kind: 'internal', pageIndex: at.pageIndex, y } });
  }
  return out;
}

/** Where every id landed in a pass, as the counters of its page. */
function pageFacts(pass: Pass): PageFacts {
  const styles: PageStyle[] = [];
  for (const g of pageGeometries(pass)) styles.push(g.style);
  const counters = pageCounters(styles);
  return {
    countersAt: (id) => {
      const at = pass.anchors.get(id);
      return at ? counters[at.pageIndex] : undefined;
    },
    pages: pass.laid.length,
    pageOf: (id) => pass.anchors.get(id)?.pageIndex,
    footnoteRestarts: styles.map((s) => footnoteRestart(s.context)),
  };
}

/** The value a page context restarts the footnote counter at (set wins over reset). */
function footnoteRestart(context: PageStyle['context']): number | undefined {
  const set = context.counterSet.filter((c) => c.name === 'footnote');
  if (set.length > 0) return set[set.length - 1].value;
  const reset = context.counterReset.filter((c) => c.name === 'footnote');
  return reset.length > 0 ? reset[reset.length - 1].value : undefined;
}

function nodeOf(node: { readonly id: number } | undefined): { node?: number } {
  return node ? { node: node.id } : {};
}

/** Outline entries where their elements landed (elements that made no box have none). */
function outlineOf(root: StyledElement, pass: Pass): OutlineItem[] {
  const out: OutlineItem[] = [];
  for (const b of bookmarksOf(root)) {
    const at = pass.anchors.get(b.id);
    if (!at) continue;
    const g = pass.geometry.of({
      index: at.pageIndex,
      name: pass.laid[at.pageIndex]?.name ?? '',
      blank: pass.laid[at.pageIndex]?.blank ?? false,
    });
    out.push({
      level: b.level,
      title: b.label,
      open: b.open,
      pageIndex: at.pageIndex,
      y: Math.max(0, at.y) + g.bleed.top,
      ...nodeOf(pass.build.bookmarkNodes?.get(b.id)),
    });
  }
  return out;
}
