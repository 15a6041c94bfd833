/**
 * Styled tree → box tree + structure tree, in one DOM-order walk. Display values pick the box
 * kind; whitespace-only text between blocks is dropped here (the rest of whitespace processing
 * happens in text/ per white-space, across run boundaries); inline content mixed with blocks is
 * wrapped in anonymous blocks; semantics become structure nodes and content slots.
 */
import type { Deadline, Warning } from '../../diagnostics.js';
import type {
  ComputedStyle,
  LengthPercentage,
  StyledElement,
  StyledNode,
  StyledPseudo,
} from '../../style/index.js';
import type { TextDecoration } from '../../text/index.js';
import type {
  BlockBox,
  Box,
  FlexBox,
  GridBox,
  ImageBox,
  InlineItem,
  InlineSource,
  PaintedInline,
  LinkRef,
  MarkerBox,
  RelativeShift,
  TextPaint,
  TableBox,
  TableCellBox,
  TableRowBox,
  TableSectionBox,
} from './boxes.js';
import { anonymousStyle, isCollapsibleWhitespace } from './boxes.js';
import type { PageMark } from '../paginate/fragments.js';
import { elementMarks, runningName, withMarks } from './paged-boxes.js';
import type { DecodedImage } from '../../images/index.js';
import { GROUPING, TOC_ENTRY_ATTR, altOf, semanticOf, type Semantic } from './semantics.js';
import { boxChildren, generatedImage, generatedSemantic, isGenerated } from './generated.js';
import {
  anonymousFactory,
  isAnonymous,
  tableParts,
  wrapTableParts,
  type AnonymousFactory,
  type RowParts,
} from './anonymous-tables.js';
import type { DraftNode, StructureBuilder } from './structure.js';
import {
  FormNames,
  artworkKey,
  controlAlt,
  controlElement,
  controlKind,
  controlSemantic,
  isControl,
  type ControlElement,
} from './forms.js';
import { len, lenAuto, paintsDecoration, pt } from '../units.js';

export interface BuildContext {
  readonly sb: StructureBuilder;
  /** Decoded images by URL (or `svg:<nodeId>` for inline SVG); a string is the failure reason. */
  readonly images: ReadonlyMap<string, DecodedImage | string>;
  readonly warnings: Warning[];
  readonly baseUrl?: string;
  /** Text of the first heading, for a document without <title>. */
  firstHeading?: string;
  nextAnonId: number;
  /** Current element nesting depth (bounded: see MAX_BOX_DEPTH). */
  depth?: number;
  /** Flex containers around the element being built (bounded: see MAX_FLEX_DEPTH). */
  flexDepth?: number;
  /** Accessible names of the document's form controls (made on first use). */
  forms?: FormNames;
  /** Building a footnote's body: footnotes inside it stay in place. */
  inFootnote?: boolean;
  /**
   * The structure element of each bookmarked element, by its id (the outline item points at
   * it with /SE, so the outline and the structure tree stay in step).
   */
  bookmarkNodes?: Map<string, DraftNode>;
  /**
   * Filled, when given, with what each element's boxes were built from beyond the element
   * itself (the numbering of structure, slots and anonymous boxes, the context handed down):
   * one element with an equal key in two passes has equal boxes. Elements inside a link are
   * left out (the link's text, which their boxes carry, is made from content outside them).
   */
  buildKeys?: Map<StyledElement, string>;
  /**
   * The caller's deadline, read every DEADLINE_EVERY elements: building the boxes of a very
   * long document is seconds of synchronous work, and a deadline read only before and after it
   * would let the work run past it.
   */
  readonly deadline?: Pick<Deadline, 'check'>;
  /** Elements built so far, for the deadline's reading. */
  built?: number;
}

/** Elements built between two readings of the deadline's clock. */
const DEADLINE_EVERY = 64;

/**
 * Deeper elements are flattened into their ancestor's content (like display: contents), so a
 * pathological nesting cannot exhaust the stack in the recursive layout.
 */
export const MAX_BOX_DEPTH = 200;

/**
 * Flex containers nested deeper than this are built as block containers (flow-root). Each
 * level is a yoga calculation nested inside its parent's (through the measure callback), and
 * the yoga wasm module's stack faults at about 140 levels; real documents nest a handful.
 */
export const MAX_FLEX_DEPTH = 32;

/** Structure context of a block container. */
interface Group {
  /** Parent for block-level structure nodes; null inside an artifact subtree. */
  readonly node: DraftNode | null;
  readonly lang: string;
}

/** Inline context: who owns content, which link and decorations apply. */
interface InlineCtx {
  readonly owner: () => DraftNode | null;
  readonly link?: LinkRef;
  readonly decoration?: TextDecoration;
  /** The nearest inline ancestor that shifts its baseline, while none in between resets it. */
  readonly raisedBy?: ComputedStyle | undefined;
  readonly background?: PaintedInline;
  readonly shift?: RelativeShift;
  readonly lang: string;
  /** Collects heading text for the title fallback. */
  readonly heading?: { text: string };
}

export function resolveUrl(url: string, base: string | undefined): string {
  try {
    return new URL(url, base).href;
  } catch {
    return url;
  }
}

/** Accumulates the children of one block container. */
class Flow {
  readonly blocks: Box[] = [];
  items: InlineItem[] = [];
  private lazyP: DraftNode | undefined;
  private hasBlocks = false;
  /** Page marks waiting for the next block (or, at the end, for the container itself). */
  private pendingMarks: PageMark[] = [];

  constructor(
    private readonly ctx: BuildContext,
    readonly style: ComputedStyle,
    readonly group: Group,
    /** Owner of inline content placed directly in this container (null = wrap in P). */
    private readonly directOwner: DraftNode | null | 'artifact',
  ) {}

  /** The structure node inline content of the current anonymous run goes to. */
  owner = (): DraftNode | null => {
    if (this.directOwner === 'artifact') return null;
    if (this.directOwner) return this.directOwner;
    if (!this.group.node) return null;
    this.lazyP ??= this.ctx.sb.add(this.group.node, 'P');
    return this.lazyP;
  };

  addBlock(box: Box): void {
    this.flush();
    const marks = this.takeMarks();
    this.blocks.push(marks.length > 0 ? { ...box, marks: [...marks, ...(box.marks ?? [])] } : box);
    this.hasBlocks = true;
    this.lazyP = undefined;
  }

  /** Page marks of content that takes no room here (a running element, an empty element). */
  mark(marks: readonly PageMark[], style: ComputedStyle, lang: string): void {
    if (this.items.length > 0) this.items.push({ kind: 'mark', style, lang, source: { marks } });
    else this.pendingMarks.push(...marks);
  }

  /** Marks not given to any block: the container records them where it starts. */
  takeMarks(): PageMark[] {
    const m = this.pendingMarks;
    this.pendingMarks = [];
    return m;
  }

  /** Inline items that make no line box pass their marks on to the next block. */
  private keepMarksOf(items: readonly InlineItem[]): void {
    for (const i of items) if (i.source.marks) this.pendingMarks.push(...i.source.marks);
  }

  /** Whether the run makes a line box, or carries footnotes that need one to be placed. */
  private isMeaningful(i: InlineItem): boolean {
    return makesLines(i) || (i.source.footnotes?.length ?? 0) > 0;
  }

  /** Inline content that makes line boxes has been added since the last block. */
  hasInlineContent(): boolean {
    return this.items.some((i) => this.isMeaningful(i));
  }

  /**
   * Where a float or a positioned box met among this container's children belongs in the
   * structure tree when no inline content surrounds it: the container's own node (a P, an
   * LBody, a cell), else the block-level parent.
   */
  blockOwner(): DraftNode | null {
    if (this.directOwner === 'artifact') return null;
    return this.directOwner ?? this.group.node;
  }

  /**
   * The pending inline items: an anonymous block when they make line boxes; otherwise their
   * page marks wait for the next block, and their floats and positioned boxes become blocks of
   * their own.
   */
  private flush(): void {
    if (this.hasInlineContent()) {
      this.blocks.push({
        kind: 'block',
        id: -this.ctx.nextAnonId++,
        style: anonymousStyle(this.style),
        lang: this.group.lang,
        children: [],
        inline: this.items,
      });
    } else {
      this.keepMarksOf(this.items);
      for (const i of this.items) if (i.kind === 'out-of-flow') this.blocks.push(i.box);
    }
    this.items = [];
  }

  /** Block children, or the inline formatting context when there were no blocks. */
  finish(): { children: Box[]; inline?: InlineItem[] } {
    if (!this.hasBlocks && this.hasInlineContent()) return { children: [], inline: this.items };
    this.flush();
    return { children: this.blocks };
  }
}

/**
 * Does this inline item make a line box (text that does not collapse away, an atomic inline)?
 * Page marks and out-of-flow boxes take no room on a line.
 */
function makesLines(i: InlineItem): boolean {
  if (i.kind === 'atomic') return true;
  if (i.kind === 'out-of-flow' || i.kind === 'mark') return false;
  return !/^[ \t\n\r\f]*$/.test(i.text) || keepsSpace(i.style);
}

function isOutOfFlow(s: ComputedStyle): boolean {
  // float: footnote is not a float beside the text: footnoteAt moves it to the footnote area.
  return (
    s.position === 'absolute' || s.position === 'fixed' || s.float === 'left' || s.float === 'right'
  );
}

function keepsSpace(s: ComputedStyle): boolean {
  return s.whiteSpace === 'pre' || s.whiteSpace === 'pre-wrap' || s.whiteSpace === 'break-spaces';
}

function isBlockLevel(el: StyledElement): boolean {
  const d = el.style.display;
  if (
    el.style.position === 'absolute' ||
    el.style.position === 'fixed' ||
    el.style.float !== 'none'
  )
    return true;
  return (
    !(
      d === 'inline' ||
      d === 'inline-block' ||
      d === 'inline-flex' ||
      d === 'inline-grid' ||
      d === 'inline-table' ||
      d === 'contents'
    ) && !(isReplaced(el) && d !== 'block')
  );
}

function isReplaced(el: StyledElement): boolean {
  return (
    el.tag === 'img' ||
    (el.tag === 'svg' && el.svgMarkup !== undefined) ||
    (isControl(el) && el.control.artwork !== undefined)
  );
}

function idOf(el: StyledElement): string | undefined {
  const id = el.attrs.get('id') ?? (el.tag === 'a' ? el.attrs.get('name') : undefined);
  return id && id !== '' ? id : undefined;
}

function langAttr(el: StyledElement, parentLang: string): string | undefined {
  return el.lang && el.lang !== parentLang ? el.lang : undefined;
}

/** Builds the box tree for the document root. */
export function buildBoxTree(root: StyledElement, ctx: BuildContext, docLang: string): BlockBox {
  const group: Group = { node: ctx.sb.root, lang: docLang };
  ctx.forms ??= new FormNames(root);
  const flow = new Flow(ctx, root.style, group, null);
  const ictx: InlineCtx = { owner: flow.owner, lang: docLang };
  for (const c of flowChildren(root, ctx)) node(c, flow, group, ictx, ctx);
  const done = flow.finish();
  return {
    kind: 'block',
    id: root.nodeId,
    style: root.style,
    el: root,
    lang: docLang,
    children: done.children,
    ...(done.inline ? { inline: done.inline } : {}),
  };
}

/**
 * The boxes of a running element, for a page margin box: built again in place (position
 * static) and outside the structure tree, since page furniture is an artifact.
 */
export function buildRunningBoxes(
  el: StyledElement,
  ctx: BuildContext,
  lang: string,
): { children: Box[]; inline?: InlineItem[] } {
  const group: Group = { node: null, lang };
  const flow = new Flow(ctx, el.style, group, 'artifact');
  const ictx: InlineCtx = { owner: flow.owner, lang };
  // Margin boxes have no footnote area: a footnote in a running element stays in place.
  const inFootnote = ctx.inFootnote;
  ctx.inFootnote = true;
  try {
    element({ ...el, style: { ...el.style, position: 'static' } }, flow, group, ictx, ctx);
  } finally {
    ctx.inFootnote = inFootnote;
  }
  return flow.finish();
}

function node(n: StyledNode, flow: Flow, group: Group, ictx: InlineCtx, ctx: BuildContext): void {
  if (n.kind === 'text') {
    text(n.text, n.style, flow, ictx, ctx);
    return;
  }
  if (n.kind === 'pseudo') {
    pseudo(n, flow, ictx, ctx);
    return;
  }
  element(n, flow, group, ictx, ctx);
}

function text(
  t: string,
  style: ComputedStyle,
  flow: Flow,
  ictx: InlineCtx,
  ctx: BuildContext,
): void {
  if (t === '') return;
  const blank = /^[ \t\n\r\f]*$/.test(t) && !keepsSpace(style);
  // Whitespace alone never creates structure (it would make empty P elements).
  const owner = blank ? null : ictx.owner();
  const slot = owner ? ctx.sb.slotFor(owner) : undefined;
  if (!blank && ictx.link) ictx.link.contents += t;
  if (!blank && ictx.heading) ictx.heading.text += t;
  const source: InlineSource = {
    ...(slot !== undefined ? { slot } : {}),
    ...(ictx.link ? { link: ictx.link } : {}),
    ...(ictx.background ? { background: ictx.background } : {}),
    ...(ictx.shift ? { shift: ictx.shift } : {}),
    ...(style.textShadow.length > 0 ? { textShadow: style.textShadow } : {}),
    ...(hasTextPaint(style) ? { textPaint: textPaint(style) } : {}),
  };
  flow.items.push({
    kind: 'text',
    text: t,
    style,
    lang: ictx.lang,
    ...(ictx.decoration ? { decoration: ictx.decoration } : {}),
    ...(ictx.raisedBy && style.verticalAlign === 'baseline' ? { raisedBy: ictx.raisedBy } : {}),
    source,
  });
}

function hasTextPaint(s: ComputedStyle): boolean {
  return s.textFillColor !== 'currentcolor' || s.textStrokeWidth > 0;
}

/** The fill and outline of text, `currentcolor` resolved to the text's colour. */
function textPaint(s: ComputedStyle): TextPaint {
  const stroke = s.textStrokeColor === 'currentcolor' ? s.color : s.textStrokeColor;
  return {
    ...(s.textFillColor !== 'currentcolor' ? { fill: s.textFillColor } : {}),
    ...(s.textStrokeWidth > 0 ? { stroke: { width: pt(s.textStrokeWidth), color: stroke } } : {}),
  };
}

/** Inline generated content drawn as it is (an inside ::marker): its text and images. */
function pseudo(p: StyledPseudo, flow: Flow, ictx: InlineCtx, ctx: BuildContext): void {
  if (p.style.display === 'none') return;
  for (const c of p.content) {
    if (c.kind === 'text') text(c.text, p.style, flow, ictx, ctx);
    else if (c.kind === 'image')
      elementAt(generatedImage(p, c.url, ''), flow, { node: null, lang: p.lang }, ictx, ctx);
    else if (c.kind === 'leader') leader(c.fill, p, flow, ictx, ctx);
  }
}

/**
 * leader(): an empty inline object that inline layout widens to fill its line. It draws no
 * structure content (leaders are artifacts) but belongs to the link around it.
 */
function leader(
  fill: string,
  p: StyledPseudo,
  flow: Flow,
  ictx: InlineCtx,
  ctx: BuildContext,
): void {
  const style = anonymousStyle(p.style, 'inline-block');
  // The link's text reads "Title 12", not "Title12".
  if (ictx.link) ictx.link.contents += ' ';
  flow.items.push({
    kind: 'atomic',
    box: { kind: 'block', id: -ctx.nextAnonId++, style, lang: ictx.lang, children: [] },
    style: p.style,
    lang: ictx.lang,
    source: {
      ...(ictx.link ? { link: ictx.link } : {}),
      leader: { fill, style: p.style, lang: ictx.lang },
    },
  });
}

/** What a ::marker shows and says: its text, its image, its alternative text. */
function markerParts(
  p: StyledPseudo,
  ctx: BuildContext,
): { text: string; image?: DecodedImage; alt?: string; readable: boolean } {
  const text = p.content.map((c) => (c.kind === 'text' ? c.text : '')).join('');
  const url = p.content.find((c) => c.kind === 'image');
  const decoded = url?.kind === 'image' ? ctx.images.get(url.url) : undefined;
  const image = decoded && typeof decoded !== 'string' ? decoded : undefined;
  const readable = p.alt !== undefined ? p.alt !== '' : text.trim() !== '';
  return {
    text,
    ...(image ? { image } : {}),
    ...(p.alt ? { alt: p.alt } : {}),
    readable,
  };
}

/**
 * A footnote (float: footnote): its ::footnote-call stays in the line; its body (the
 * ::footnote-marker and the element's content) goes to the footnote area of the page the call
 * lands on. In the structure tree the body is a Note, with an ID, right after the call.
 */
function footnoteAt(
  el: StyledElement,
  flow: Flow,
  group: Group,
  ictx: InlineCtx,
  ctx: BuildContext,
): void {
  const call = el.children.find(
    (c): c is StyledPseudo => c.kind === 'pseudo' && c.pseudo === 'footnote-call',
  );
  const callStart = flow.items.length;
  if (call) pseudo(call, flow, ictx, ctx);
  const owner = ictx.owner();
  const lang = el.lang || group.lang;
  const note = owner
    ? ctx.sb.add(owner, 'Note', {
        elementId: idOf(el) ?? `footnote-${el.nodeId}`,
        ...(langAttr(el, ictx.lang) ? { lang: el.lang } : {}),
      })
    : null;
  const bodyEl: StyledElement = {
    ...el,
    style: { ...el.style, float: 'none', position: 'static', display: 'block' },
    children: el.children.filter((c) => c !== call),
  };
  ctx.inFootnote = true;
  let body: BlockBox;
  try {
    body = blockBox(bodyEl, { node: note, lang }, note, { owner: () => note, lang }, ctx);
  } finally {
    ctx.inFootnote = false;
  }
  const last = flow.items[flow.items.length - 1];
  if (flow.items.length > callStart && last.kind === 'text') {
    const footnotes = [...(last.source.footnotes ?? []), body];
    flow.items[flow.items.length - 1] = { ...last, source: { ...last.source, footnotes } };
  } else {
    // No call drawn: the body still goes with the line the footnote was on.
    flow.items.push({ kind: 'mark', style: el.style, lang, source: { footnotes: [body] } });
  }
}

function decorationFor(
  el: StyledElement,
  parent: TextDecoration | undefined,
): TextDecoration | undefined {
  const s = el.style;
  if (s.textDecorationLine.length === 0) return parent;
  const lines = [...new Set([...(parent?.lines ?? []), ...s.textDecorationLine])];
  return {
    lines,
    style: s.textDecorationStyle,
    color: s.textDecorationColor,
    ...(s.textDecorationThickness !== 'auto' ? { thickness: pt(s.textDecorationThickness) } : {}),
    ...(s.textUnderlineOffset !== 'auto' ? { underlineOffset: pt(s.textUnderlineOffset) } : {}),
    ...(s.textUnderlinePosition === 'under' ? { underlineUnder: true } : {}),
  };
}

function element(
  el: StyledElement,
  flow: Flow,
  group: Group,
  ictx: InlineCtx,
  ctx: BuildContext,
): void {
  if (ctx.deadline && (ctx.built = (ctx.built ?? 0) + 1) % DEADLINE_EVERY === 0)
    ctx.deadline.check('layout');
  // Fixed content is drawn on every page, not paginated: footnotes in it stay in place (as
  // in a footnote's body), so their text is not lost.
  if (el.style.position === 'fixed' && !ctx.inFootnote && el.style.display !== 'none') {
    ctx.inFootnote = true;
    try {
      buildElement(el, flow, group, ictx, ctx);
    } finally {
      ctx.inFootnote = false;
    }
    return;
  }
  buildElement(el, flow, group, ictx, ctx);
}

function buildElement(
  el: StyledElement,
  flow: Flow,
  group: Group,
  ictx: InlineCtx,
  ctx: BuildContext,
): void {
  const s = el.style;
  if (s.display === 'none') return;
  if (el.namespace !== 'html' && el.tag !== 'svg') return;
  const depth = ctx.depth ?? 0;
  if (depth >= MAX_BOX_DEPTH) {
    if (depth === MAX_BOX_DEPTH) {
      nestingWarning(
        ctx,
        `elements nested deeper than ${MAX_BOX_DEPTH} levels are laid out as plain content of their ancestor`,
      );
    }
    // Iterate rather than recurse through the flattened levels: only text, line breaks and
    // images survive there, as content of the ancestor.
    const stack: StyledNode[] = [...el.children].reverse();
    while (stack.length > 0) {
      const c = stack.pop()!;
      if (c.kind !== 'element') node(c, flow, group, ictx, ctx);
      else if (c.style.display === 'none') continue;
      else if (c.tag === 'br' || isReplaced(c)) elementAt(c, flow, group, ictx, ctx);
      else for (let i = c.children.length - 1; i >= 0; i--) stack.push(c.children[i]);
    }
    return;
  }
  if (ctx.buildKeys && !ictx.link)
    ctx.buildKeys.set(
      el,
      `${ctx.sb.position}:${ctx.nextAnonId}:${depth}:${ctx.flexDepth ?? 0}:${ctx.inFootnote ? 1 : 0}:` +
        `${group.node?.id ?? 0}:${group.lang}:${ictx.lang}:${ictx.decoration ? 1 : 0}${ictx.background ? 1 : 0}` +
        (ictx.shift ? `:${ictx.shift.x},${ictx.shift.y},${ictx.shift.xOfWidth ?? 0}` : ''),
    );
  ctx.depth = depth + 1;
  try {
    elementAt(el, flow, group, ictx, ctx);
  } finally {
    ctx.depth = depth;
  }
}

/**
 * A non-atomic inline box is drawn in the lines of its paragraph, not as a group: its blend
 * mode and mask are not applied (an inline-block's are).
 */
function inlineEffectsWarning(el: StyledElement, ctx: BuildContext): void {
  const s = el.style;
  const lost = [
    ...(s.mixBlendMode !== 'normal' ? ['mix-blend-mode'] : []),
    ...(s.maskImage.some((i) => i !== 'none') ? ['mask-image'] : []),
  ];
  if (lost.length === 0 || ctx.warnings.some((w) => w.code === 'layout.inline-effect')) return;
  ctx.warnings.push({
    code: 'layout.inline-effect',
    message: `${lost.join(' and ')} on an inline box (${describe(el)}) is not drawn; give it display: inline-block to have it drawn`,
  });
}

/** One `layout.nesting-limit` warning per limit that was reached. */
function nestingWarning(ctx: BuildContext, message: string): void {
  if (ctx.warnings.some((w) => w.code === 'layout.nesting-limit' && w.message === message)) return;
  ctx.warnings.push({ code: 'layout.nesting-limit', message });
}

function elementAt(
  el: StyledElement,
  flow: Flow,
  group: Group,
  ictx: InlineCtx,
  ctx: BuildContext,
): void {
  const s = el.style;
  if (el.tag === 'br') {
    const owner = ictx.owner();
    const slot = owner ? ctx.sb.slotFor(owner) : undefined;
    flow.items.push({
      kind: 'text',
      text: '\u2028',
      style: s,
      lang: ictx.lang,
      source: slot !== undefined ? { slot } : {},
    });
    return;
  }
  if (['head', 'script', 'style', 'template', 'title', 'meta', 'link', 'noscript'].includes(el.tag))
    return;
  if (!isControl(el) && controlKind(el) !== null) {
    // A form control becomes an element made from its state (value, options, checked).
    const control = controlElement(el, (ctx.forms ??= new FormNames(el)));
    if (control) elementAt(control, flow, group, ictx, ctx);
    return;
  }
  const running = runningName(s);
  if (running !== undefined) {
    // Out of the flow, into page margin boxes: only where it was is recorded.
    flow.mark([{ kind: 'running', name: running, element: el, lang: ictx.lang }], s, ictx.lang);
    return;
  }
  if (s.float === 'footnote') {
    // A footnote inside a footnote's body stays where it is, as ordinary content.
    if (ctx.inFootnote)
      elementAt({ ...el, style: { ...s, float: 'none' } }, flow, group, ictx, ctx);
    else footnoteAt(el, flow, group, ictx, ctx);
    return;
  }
  if (
    [
      'input',
      'select',
      'textarea',
      'button',
      'iframe',
      'object',
      'embed',
      'video',
      'audio',
      'canvas',
    ].includes(el.tag)
  ) {
    if (!isControl(el)) {
      const what =
        el.tag === 'input' ? `<input type="${el.attrs.get('type') ?? ''}">` : `<${el.tag}>`;
      ctx.warnings.push({
        code: 'layout.unsupported-element',
        message: `${what} is not rendered`,
        source: el.tag,
      });
      return;
    }
  }

  const sem = isGenerated(el)
    ? generatedSemantic(el)
    : isControl(el) && semanticOf(el).kind !== 'artifact'
      ? controlSemantic(el)
      : semanticOf(el);
  const inArtifact = group.node === null;

  if (isReplaced(el)) {
    // A floated or positioned image outside any paragraph is not wrapped in one.
    const alone = isOutOfFlow(s) && ictx.owner === flow.owner && !flow.hasInlineContent();
    const owner = alone ? { ...ictx, owner: () => flow.blockOwner() } : ictx;
    const box = isControl(el)
      ? controlImageBox(el, sem, group, owner, ctx, isBlockLevel(el) && !isOutOfFlow(s))
      : imageBox(el, group, owner, ctx, inArtifact || sem.kind === 'artifact');
    if (isOutOfFlow(s)) flow.items.push(outOfFlowItem(box, s, ictx));
    else if (isBlockLevel(el)) flow.addBlock(box);
    else
      flow.items.push({
        kind: 'atomic',
        box,
        style: s,
        lang: ictx.lang,
        source: atomicSource(ictx),
      });
    return;
  }

  const blockLevel = isBlockLevel(el);
  const d = s.display;

  if (
    !blockLevel &&
    d !== 'inline-block' &&
    d !== 'inline-flex' &&
    d !== 'inline-grid' &&
    d !== 'inline-table'
  ) {
    // Inline box (or display: contents): children join the surrounding inline content.
    inlineElement(el, sem, flow, group, ictx, ctx);
    return;
  }

  // A block-level box, or an atomic inline whose inside is a block container. A float or a
  // positioned box stands where it is in the content: in the paragraph around it, if any.
  const outOfFlow = isOutOfFlow(s);
  const parentNode = outOfFlow
    ? ictx.owner !== flow.owner || flow.hasInlineContent()
      ? ictx.owner()
      : flow.blockOwner()
    : blockLevel
      ? group.node
      : ictx.owner();
  const { own, childGroup } = blockStructure(el, sem, group, ictx, ctx, parentNode);
  if (own && isControl(el)) {
    // A field stays in the structure even when it is empty (a blank line of a printed form);
    // a check box drawn by author CSS alone still says its state.
    ctx.sb.keep(own);
    if (el.control.kind === 'checkbox' || el.control.kind === 'radio') own.alt = controlState(el);
  }

  let box: Box;
  if (d === 'table' || d === 'inline-table') box = tableBox(el, own, childGroup, ctx);
  else if ((d === 'flex' || d === 'inline-flex') && (ctx.flexDepth ?? 0) >= MAX_FLEX_DEPTH) {
    nestingWarning(
      ctx,
      `flex containers nested deeper than ${MAX_FLEX_DEPTH} levels are laid out as blocks`,
    );
    const display = d === 'flex' ? 'flow-root' : 'inline-block';
    box = blockBox({ ...el, style: { ...s, display } }, childGroup, own, ictx, ctx);
  } else if (d === 'flex' || d === 'inline-flex') {
    const flexDepth = ctx.flexDepth ?? 0;
    ctx.flexDepth = flexDepth + 1;
    try {
      box = itemContainer(el, childGroup, own, ctx, 'flex');
    } finally {
      ctx.flexDepth = flexDepth;
    }
  } else if (d === 'grid' || d === 'inline-grid')
    box = itemContainer(el, childGroup, own, ctx, 'grid');
  else box = blockBox(el, childGroup, own, ictx, ctx);

  const marks = elementMarks(el);
  if (outOfFlow) flow.items.push(outOfFlowItem(withMarks(box, marks), s, ictx));
  else if (blockLevel) flow.addBlock(withMarks(box, marks));
  else
    flow.items.push({
      kind: 'atomic',
      box,
      style: s,
      lang: ictx.lang,
      source: { ...atomicSource(ictx), ...(marks.length > 0 ? { marks } : {}) },
    });
}

/**
 * The structure element a block-level box (or an atomic inline) makes, and the group its
 * content goes to.
 */
function blockStructure(
  el: StyledElement,
  sem: Semantic,
  group: Group,
  ictx: InlineCtx,
  ctx: BuildContext,
  parentNode: DraftNode | null,
): { own: DraftNode | null; childGroup: Group } {
  const made = ownStructure(el, sem, group, ictx, ctx, parentNode);
  if (el.bookmark && made.own && ctx.bookmarkNodes && !isGenerated(el)) {
    const id = el.attrs.get('id');
    if (id !== undefined) ctx.bookmarkNodes.set(id, made.own);
  }
  return made;
}

function ownStructure(
  el: StyledElement,
  sem: Semantic,
  group: Group,
  ictx: InlineCtx,
  ctx: BuildContext,
  parentNode: DraftNode | null,
): { own: DraftNode | null; childGroup: Group } {
  const lang = el.lang || group.lang;
  if (sem.kind === 'artifact' || group.node === null || parentNode === null)
    return { own: null, childGroup: { node: null, lang } };
  if (isGenerated(el)) {
    // Generated content continues its element's content: the same structure element (a P or
    // heading around it), or a P of its own when the element only groups blocks.
    const owner = ictx.owner();
    const own =
      owner && sem.kind === 'node'
        ? ctx.sb.add(owner, sem.type, sem.actualText ? { actualText: sem.actualText } : {})
        : owner;
    return { own, childGroup: { node: own, lang } };
  }
  if (el.attrs.has(TOC_ENTRY_ATTR)) {
    // An entry of a table of contents made of paragraphs: a TOCI in the TOC its run of
    // entries shares (the heading before them stays outside).
    const own = ctx.sb.add(tocRunOf(parentNode, ctx), 'TOCI', {
      ...(langAttr(el, group.lang) ? { lang: el.lang } : {}),
    });
    return { own, childGroup: { node: own, lang } };
  }
  if (sem.kind === 'node') {
    // A list item outside a list still needs an L around it (LI belongs only in L).
    // An item of a table of contents is a TOCI.
    const tocItem = sem.type === 'LI' && parentNode.type === 'TOC';
    const container =
      sem.type === 'LI' && parentNode.type !== 'L' && !tocItem
        ? ctx.sb.add(parentNode, 'L', { attributes: { listNumbering: 'None' } })
        : parentNode;
    const own = ctx.sb.add(container, tocItem ? 'TOCI' : sem.type, {
      ...(sem.attributes ? { attributes: sem.attributes } : {}),
      ...(langAttr(el, group.lang) ? { lang: el.lang } : {}),
    });
    return { own, childGroup: { node: own, lang } };
  }
  if (langAttr(el, group.lang)) {
    const own = ctx.sb.add(parentNode, 'Div', { lang: el.lang });
    return { own, childGroup: { node: own, lang } };
  }
  return { own: null, childGroup: { node: parentNode, lang: group.lang } };
}

/** The TOC the entries of one run share: the parent's last child when it is one. */
function tocRunOf(parent: DraftNode, ctx: BuildContext): DraftNode {
  if (parent.type === 'TOC') return parent;
  const last = parent.children[parent.children.length - 1];
  return last && 'id' in last && last.type === 'TOC' ? last : ctx.sb.add(parent, 'TOC');
}

function outOfFlowItem(box: Box, style: ComputedStyle, ictx: InlineCtx): InlineItem {
  return {
    kind: 'out-of-flow',
    box,
    style,
    lang: ictx.lang,
    source: ictx.link ? { link: ictx.link } : {},
  };
}

function inlineElement(
  el: StyledElement,
  sem: ReturnType<typeof semanticOf>,
  flow: Flow,
  group: Group,
  ictx: InlineCtx,
  ctx: BuildContext,
): void {
  let owner = ictx.owner;
  let link = ictx.link;
  const lang = el.lang || ictx.lang;
  inlineEffectsWarning(el, ctx);
  if (sem.kind === 'artifact') {
    owner = () => null;
  } else {
    // List items laid out inline (a row of tags, a breadcrumb) are still items of their list,
    // not content of a paragraph around them.
    const listItem = sem.kind === 'node' && sem.type === 'LI';
    const tocItem = listItem && group.node?.type === 'TOC';
    const parent = listItem && (group.node?.type === 'L' || tocItem) ? group.node : ictx.owner();
    const href = el.tag === 'a' ? el.attrs.get('href') : undefined;
    if (parent && href !== undefined && !/^\s*javascript:/i.test(href)) {
      const node = ctx.sb.add(parent, 'Link', langAttr(el, ictx.lang) ? { lang: el.lang } : {});
      const trimmed = href.trim();
      link = {
        node,
        target: trimmed.startsWith('#')
          ? { kind: 'anchor', id: decodeURIComponent(trimmed.slice(1)) }
          : { kind: 'uri', uri: resolveUrl(trimmed, ctx.baseUrl) },
        contents: '',
      };
      const label = el.attrs.get('aria-label') ?? el.attrs.get('title');
      const fixedContents = label && label.trim() !== '' ? label.trim() : undefined;
      owner = () => node;
      const linkCtx: InlineCtx = { ...ictx, owner, link, lang, ...decoBg(el, ictx) };
      const first = flow.items.length;
      const blocksBefore = flow.blocks.length;
      for (const c of flowChildren(el, ctx)) node_(c, flow, group, linkCtx, ctx);
      if (flow.blocks.length === blocksBefore) addInsets(el.style, flow.items, first);
      if (fixedContents) link.contents = fixedContents;
      link.contents = link.contents.replace(/\s+/g, ' ').trim() || trimmed;
      return;
    }
    if (parent && tocItem) {
      // An entry of a table of contents laid out inline: still a TOCI, its text a Reference.
      const node = ctx.sb.add(parent, 'TOCI', langAttr(el, ictx.lang) ? { lang: el.lang } : {});
      const body = ctx.sb.add(node, 'Reference');
      owner = () => body;
    } else if (parent && sem.kind === 'node') {
      const node = ctx.sb.add(parent, sem.type, {
        ...(langAttr(el, ictx.lang) ? { lang: el.lang } : {}),
        ...(sem.actualText ? { actualText: sem.actualText } : {}),
        ...(el.tag === 'abbr' && el.attrs.get('title')
          ? { expansion: el.attrs.get('title')! }
          : {}),
      });
      const body = listItem ? ctx.sb.add(node, 'LBody') : node;
      const id = el.bookmark ? el.attrs.get('id') : undefined;
      if (id !== undefined) ctx.bookmarkNodes?.set(id, node);
      owner = () => body;
    } else if (parent && langAttr(el, ictx.lang)) {
      const node = ctx.sb.add(parent, 'Span', { lang: el.lang });
      owner = () => node;
    }
  }
  const inner: InlineCtx = { ...ictx, owner, lang, ...(link ? { link } : {}), ...decoBg(el, ictx) };
  const first = flow.items.length;
  const blocksBefore = flow.blocks.length;
  for (const c of flowChildren(el, ctx)) node_(c, flow, group, inner, ctx);
  const marks = elementMarks(el);
  if (flow.blocks.length === blocksBefore) {
    addInsets(el.style, flow.items, first);
    const id = idOf(el);
    const k =
      id || marks.length > 0
        ? flow.items.findIndex((it, i) => i >= first && it.kind === 'text')
        : -1;
    const run = flow.items[k];
    if (run && run.kind === 'text') {
      const had = run.source.marks ?? [];
      flow.items[k] = {
        ...run,
        source: {
          ...run.source,
          ...(id ? { anchor: id } : {}),
          ...(marks.length > 0 ? { marks: [...marks, ...had] } : {}),
        },
      };
    } else if (marks.length > 0) flow.mark(marks, el.style, lang);
  } else if (marks.length > 0) flow.mark(marks, el.style, lang);
}

/**
 * Margin, border and padding of an inline box: space before its first run and after its last
 * (text/ keeps that space unbreakable from the adjacent text).
 */
function addInsets(s: ComputedStyle, items: InlineItem[], from: number): void {
  const num = (v: ComputedStyle['marginLeft'] | ComputedStyle['paddingLeft']): number =>
    typeof v === 'number' ? v : 0;
  const start = pt(num(s.marginLeft) + s.borderLeftWidth + num(s.paddingLeft));
  const end = pt(num(s.marginRight) + s.borderRightWidth + num(s.paddingRight));
  if (start <= 0 && end <= 0) return;
  const firstText = items.findIndex((it, i) => i >= from && it.kind === 'text');
  let lastText = -1;
  for (let i = items.length - 1; i >= from; i--) {
    if (items[i].kind === 'text') {
      lastText = i;
      break;
    }
  }
  if (firstText < 0) return;
  const a = items[firstText];
  if (start > 0 && a.kind === 'text')
    items[firstText] = { ...a, insetStart: (a.insetStart ?? 0) + start };
  const b = items[lastText];
  if (end > 0 && b.kind === 'text') items[lastText] = { ...b, insetEnd: (b.insetEnd ?? 0) + end };
}

function decoBg(el: StyledElement, ictx: InlineCtx): Partial<InlineCtx> {
  const decoration = decorationFor(el, ictx.decoration);
  const s = el.style;
  const painted = paintsDecoration(s);
  const background = painted ? { style: s } : ictx.background;
  // Inline content moves with an ancestor raised or lowered by sub, super or a length (a link
  // in a <sup> stays raised); any other alignment starts afresh.
  const va = s.verticalAlign;
  const raisedBy =
    va === 'sub' || va === 'super' || typeof va !== 'string'
      ? s
      : va === 'baseline'
        ? ictx.raisedBy
        : undefined;
  const shift = relativeShift(s, ictx.shift);
  return {
    ...(decoration ? { decoration } : {}),
    ...(background ? { background } : {}),
    raisedBy,
    ...(shift ? { shift } : {}),
  };
}

/**
 * The offset of a relatively positioned inline box added to its ancestors'. Percentages of
 * left and top have no containing block yet here; they count as 0.
 */
function relativeShift(
  s: ComputedStyle,
  outer: RelativeShift | undefined,
): RelativeShift | undefined {
  if (s.position !== 'relative') return outer;
  // A horizontal offset may depend on the containing block's width, known only at layout: it
  // is kept as points plus a fraction of that width (the two parts of a linear function).
  const horizontal = (v: LengthPercentage): { pt: number; ofWidth: number } => {
    const at0 = len(v, 0);
    return { pt: at0, ofWidth: (len(v, 1000) - at0) / 1000 };
  };
  const h =
    s.left !== 'auto'
      ? horizontal(s.left)
      : s.right !== 'auto'
        ? negate(horizontal(s.right))
        : { pt: 0, ofWidth: 0 };
  // Vertical percentages refer to a containing block height that is auto here: they count as 0.
  const dy = lenAuto(s.top, undefined) ?? -(lenAuto(s.bottom, undefined) ?? 0);
  if (h.pt === 0 && h.ofWidth === 0 && dy === 0) return outer;
  const ofWidth = (outer?.xOfWidth ?? 0) + h.ofWidth;
  return {
    x: (outer?.x ?? 0) + h.pt,
    y: (outer?.y ?? 0) + dy,
    ...(ofWidth !== 0 ? { xOfWidth: ofWidth } : {}),
  };
}

function negate(v: { pt: number; ofWidth: number }): { pt: number; ofWidth: number } {
  return { pt: -v.pt, ofWidth: -v.ofWidth };
}

/** The source of an atomic inline: its link and the shift of the inline boxes around it. */
function atomicSource(ictx: InlineCtx): InlineSource {
  return {
    ...(ictx.link ? { link: ictx.link } : {}),
    ...(ictx.shift ? { shift: ictx.shift } : {}),
  };
}

// Alias so recursive calls read clearly inside functions that shadow `node`.
const node_ = node;

function isMarker(c: StyledNode): c is StyledPseudo {
  return c.kind === 'pseudo' && c.pseudo === 'marker';
}

function blockBox(
  el: StyledElement,
  group: Group,
  own: DraftNode | null,
  ictx: InlineCtx,
  ctx: BuildContext,
): BlockBox {
  const s = el.style;
  const isHeading = /^h[1-6]$/.test(el.tag);
  const heading = isHeading && ctx.firstHeading === undefined ? { text: '' } : undefined;
  let marker: MarkerBox | undefined;
  let contentGroup = group;
  let directOwner: DraftNode | null | 'artifact' =
    group.node === null ? 'artifact' : own && !GROUPING.has(own.type) ? own : null;

  const isListItem = s.display === 'list-item' || own?.type === 'LI' || own?.type === 'TOCI';
  let children = flowChildren(el, ctx);
  let lbl: DraftNode | undefined;
  if (isListItem) {
    const markerNode = children.find(isMarker);
    const m = markerNode ? markerParts(markerNode, ctx) : undefined;
    if (own && own.type === 'LI') {
      // The marker is the item's label unless it says nothing (a bullet image, alt "").
      if (m?.readable) lbl = ctx.sb.add(own, 'Lbl', m.alt ? { actualText: m.alt } : {});
      const body = ctx.sb.add(own, 'LBody');
      contentGroup = { node: body, lang: group.lang };
      directOwner = body;
    } else if (own && own.type === 'TOCI') {
      // A table-of-contents entry: its label, then its text (the link and the page number) as
      // a Reference; a nested list of entries stays a TOC inside it.
      if (m?.readable) lbl = ctx.sb.add(own, 'Lbl', m.alt ? { actualText: m.alt } : {});
      directOwner = ctx.sb.add(own, 'Reference');
    }
    if (markerNode && m && s.listStylePosition === 'outside') {
      marker = {
        text: m.text,
        style: markerNode.style,
        ...(lbl ? { slot: ctx.sb.newSlot(lbl) } : {}),
        ...(m.image ? { image: m.image } : {}),
      };
      const rest: StyledNode[] = [];
      for (const c of children) if (c !== markerNode) rest.push(c);
      children = rest;
    }
  }

  const flow = new Flow(ctx, s, contentGroup, directOwner);
  const inner: InlineCtx = {
    owner: flow.owner,
    lang: el.lang || ictx.lang,
    // A block inside a link (a whole card made clickable) is still part of that link's area.
    ...(ictx.link ? { link: ictx.link } : {}),
    ...(heading ? { heading } : {}),
    ...(decorationFor(el, undefined) ? { decoration: decorationFor(el, undefined)! } : {}),
  };
  for (const c of children) {
    if (c.kind === 'pseudo' && c.pseudo === 'marker') {
      // Inside marker: inline content owned by the Lbl (an artifact in a list item without
      // one: the marker says nothing).
      const owner = lbl
        ? () => lbl!
        : own?.type === 'LI' || own?.type === 'TOCI'
          ? () => null
          : inner.owner;
      pseudo(c, flow, { ...inner, owner }, ctx);
      continue;
    }
    if (isCollapsibleWhitespace(c) && flow.items.length === 0) continue;
    node(c, flow, contentGroup, inner, ctx);
  }
  if (heading) ctx.firstHeading = heading.text.replace(/\s+/g, ' ').trim() || undefined;
  // A <figure> that holds a table, code or text rather than an image is a Div with a Caption.
  if (own && own.type === 'Figure' && own.alt === undefined) own.type = 'Div';
  const done = flow.finish();
  const leftover = flow.takeMarks();
  return {
    kind: 'block',
    id: el.nodeId,
    style: s,
    el,
    lang: el.lang || group.lang,
    ...(idOf(el) ? { anchor: idOf(el)! } : {}),
    children: done.children,
    ...(done.inline ? { inline: done.inline } : {}),
    ...(marker ? { marker } : {}),
    ...(own ? { struct: own } : {}),
    ...(leftover.length > 0 ? { marks: leftover } : {}),
  };
}

/** A flex or grid container: each child is blockified; runs of text become anonymous items. */
function itemContainer(
  el: StyledElement,
  group: Group,
  own: DraftNode | null,
  ctx: BuildContext,
  kind: 'flex' | 'grid',
): FlexBox | GridBox {
  const directOwner: DraftNode | null | 'artifact' =
    group.node === null ? 'artifact' : own && !GROUPING.has(own.type) ? own : null;
  const children: Box[] = [];
  let pending = new Flow(ctx, el.style, group, directOwner);
  const flushText = (): void => {
    const done = pending.finish();
    if (done.inline) {
      children.push({
        kind: 'block',
        id: -ctx.nextAnonId++,
        style: anonymousStyle(el.style),
        lang: group.lang,
        children: [],
        inline: done.inline,
      });
    }
    for (const b of done.children) children.push(b);
    pending = new Flow(ctx, el.style, group, directOwner);
  };
  const ictx = (): InlineCtx => ({ owner: pending.owner, lang: el.lang || group.lang });
  for (const c of boxChildren(el)) {
    if (c.kind === 'element' && c.style.display !== 'none' && c.style.display !== 'contents') {
      flushText();
      const f = new Flow(ctx, el.style, group, directOwner);
      element(
        { ...c, style: blockify(c.style) },
        f,
        group,
        { owner: f.owner, lang: el.lang || group.lang },
        ctx,
      );
      const done = f.finish();
      for (const b of done.children) children.push(b);
      if (done.inline)
        children.push({
          kind: 'block',
          id: -ctx.nextAnonId++,
          style: anonymousStyle(el.style),
          lang: group.lang,
          children: [],
          inline: done.inline,
        });
    } else if (!isCollapsibleWhitespace(c)) {
      node(c, pending, group, ictx(), ctx);
    }
  }
  flushText();
  return {
    kind,
    id: el.nodeId,
    style: el.style,
    el,
    lang: el.lang || group.lang,
    ...(idOf(el) ? { anchor: idOf(el)! } : {}),
    children,
  };
}

const BLOCKIFIED: Partial<Record<ComputedStyle['display'], ComputedStyle['display']>> = {
  inline: 'block',
  'inline-block': 'block',
  'inline-flex': 'flex',
  'inline-grid': 'grid',
  'inline-table': 'table',
};
/**
 * Blockified copies by original style: computed styles are shared between elements (and, through
 * the style engine cache, between documents), so one copy serves every flex item with that style
 * instead of copying a couple of hundred properties per item.
 */
const blockified = new WeakMap<ComputedStyle, ComputedStyle>();

function blockify(s: ComputedStyle): ComputedStyle {
  const display = BLOCKIFIED[s.display];
  if (!display) return s;
  let b = blockified.get(s);
  if (!b) {
    b = { ...s, display };
    blockified.set(s, b);
  }
  return b;
}

function imageBox(
  el: StyledElement,
  group: Group,
  ictx: InlineCtx,
  ctx: BuildContext,
  decorative: boolean,
): ImageBox {
  const alt = altOf(el);
  const isDecorative = decorative || alt === '';
  let slot: number | undefined;
  let finalAlt = alt ?? '';
  if (!isDecorative) {
    // An image in a <figure> that has no alternative yet fills that Figure itself.
    const figure =
      group.node?.type === 'Figure' && group.node.alt === undefined ? group.node : undefined;
    const parent = figure ?? ictx.owner() ?? group.node;
    if (parent) {
      if (alt === undefined) {
        const src = el.attrs.get('src') ?? '';
        const inline = /^\s*data:/i.test(src);
        // A data: URI has no file name: its last path segment is base64 a reader would spell out.
        finalAlt = (!inline && src.split(/[?#]/)[0].split('/').pop()) || 'image';
        ctx.warnings.push(
          el.tag === 'svg'
            ? {
                code: 'layout.image-without-alt',
                message: `<svg> without a <title>, aria-label or aria-hidden; "${finalAlt}" is used as the alternative`,
                source: '<svg>',
              }
            : {
                code: 'layout.image-without-alt',
                message: inline
                  ? `image without alt text (an inline data: image); "${finalAlt}" is used as the alternative`
                  : `image without alt text; its file name "${finalAlt}" is used as the alternative`,
                source: inline ? 'data: URI' : src,
              },
        );
      }
      // An image alone in a <figure> fills that Figure instead of nesting another one.
      const fig = figure ?? ctx.sb.add(parent, 'Figure', {});
      fig.alt = fig.alt ? `${fig.alt} ${finalAlt}`.trim() : finalAlt;
      fig.attributes = {
        ...fig.attributes,
        placement: figure || isBlockLevel(el) ? 'Block' : 'Inline',
      };
      slot = ctx.sb.newSlot(fig);
    }
  }
  const key =
    el.tag === 'svg' ? `svg:${el.nodeId}` : resolveUrl(el.attrs.get('src') ?? '', ctx.baseUrl);
  const decoded = ctx.images.get(key);
  const num = (v: string | undefined): number | undefined => {
    if (v === undefined) return undefined;
    const n = Number.parseFloat(v);
    // The attribute is a CSS length in px, which the element's zoom multiplies like any other.
    return Number.isFinite(n) && n >= 0 && /^\s*[\d.]+(px)?\s*$/.test(v)
      ? pt(n * el.style.zoom)
      : undefined;
  };
  const aw = num(el.attrs.get('width'));
  const ah = num(el.attrs.get('height'));
  return {
    ...imageBoxOf(el, group, decoded, finalAlt, slot),
    ...(aw !== undefined ? { attrWidth: aw } : {}),
    ...(ah !== undefined ? { attrHeight: ah } : {}),
  };
}

/** An image's natural size scales with the element's zoom, as its lengths do. */
function zoomedImage(decoded: DecodedImage, zoom: number): DecodedImage {
  if (zoom === 1) return decoded;
  return {
    ...decoded,
    userUnits: decoded.userUnits ?? {
      width: decoded.intrinsicWidth,
      height: decoded.intrinsicHeight,
    },
    intrinsicWidth: decoded.intrinsicWidth * zoom,
    intrinsicHeight: decoded.intrinsicHeight * zoom,
  };
}

function imageBoxOf(
  el: StyledElement,
  group: Group,
  decoded: DecodedImage | string | undefined,
  alt: string,
  slot: number | undefined,
): ImageBox {
  return {
    kind: 'image',
    id: el.nodeId,
    style: el.style,
    el,
    lang: el.lang || group.lang,
    ...(idOf(el) ? { anchor: idOf(el)! } : {}),
    ...(decoded && typeof decoded !== 'string'
      ? { image: zoomedImage(decoded, el.style.zoom) }
      : {}),
    alt,
    ...(slot !== undefined ? { slot } : {}),
  };
}

/**
 * A control drawn as a picture (check box, radio button, slider, colour well, progress bar,
 * meter): the drawing is the content of its Form element (or Figure), whose Alt says its state.
 */
function controlImageBox(
  el: ControlElement,
  sem: Semantic,
  group: Group,
  ictx: InlineCtx,
  ctx: BuildContext,
  blockLevel: boolean,
): ImageBox {
  const parent = group.node === null ? null : blockLevel ? group.node : ictx.owner();
  let slot: number | undefined;
  if (parent && sem.kind === 'node') {
    const own = ctx.sb.add(parent, sem.type, {
      ...(sem.attributes ? { attributes: sem.attributes } : {}),
      alt: sem.type === 'Figure' ? controlAlt(el) || el.control.kind : controlState(el),
    });
    if (sem.type === 'Figure')
      own.attributes = { ...own.attributes, placement: blockLevel ? 'Block' : 'Inline' };
    slot = ctx.sb.newSlot(own);
  }
  return imageBoxOf(el, group, ctx.images.get(artworkKey(el)), controlAlt(el), slot);
}

/** What a screen reader says for a control drawn as a picture: its state or its value. */
function controlState(el: ControlElement): string {
  const c = el.control;
  switch (c.kind) {
    case 'checkbox':
      return c.checked ? 'checked' : 'not checked';
    case 'radio':
      return c.checked ? 'selected' : 'not selected';
    default:
      return el.attrs.get('value') ?? c.valueText ?? c.kind;
  }
}

/**
 * What the parts of a table being built share. The parts are made by module-level functions
 * handed this rather than by closures made for every table: functions made anew on every call
 * lose their optimized code at each major garbage collection (Node 20).
 */
interface TableBuild {
  readonly lang: string;
  readonly group: Group;
  readonly tableNode: DraftNode | null;
  readonly ctx: BuildContext;
}

function sub(
  t: TableBuild,
  parent: DraftNode | null,
  type: 'THead' | 'TBody' | 'TFoot' | 'TR' | 'TH' | 'TD' | 'Caption',
  child: StyledElement,
): DraftNode | null {
  return parent
    ? t.ctx.sb.add(parent, type, langAttr(child, t.lang) ? { lang: child.lang } : {})
    : null;
}

/** A caption or cell of a layout table: a block with its own semantics in the table's group. */
function layoutBlock(t: TableBuild, c: StyledElement): BlockBox {
  const { group, lang, ctx } = t;
  const sem = isGenerated(c) ? generatedSemantic(c) : semanticOf(c);
  const ictx: InlineCtx = { owner: () => group.node, lang };
  const { own: cOwn, childGroup } = blockStructure(c, sem, group, ictx, ctx, group.node);
  return blockBox(c, childGroup, cOwn, ictx, ctx);
}

function semanticPart(
  t: TableBuild,
  parent: DraftNode | null,
  type: 'TH' | 'TD' | 'Caption',
  c: StyledElement,
): BlockBox {
  const node = sub(t, parent, type, c);
  if (node && type === 'TH') node.elementId = idOf(c) ?? `th-${c.nodeId}`;
  const cellLang = c.lang || t.lang;
  const box = blockBox(
    c,
    { node, lang: cellLang },
    node,
    { owner: () => node, lang: cellLang },
    t.ctx,
  );
  return node ? { ...box, struct: node } : box;
}

function span(c: StyledElement, name: string, max: number): number {
  const v = Number.parseInt(c.attrs.get(name) ?? '1', 10);
  return Number.isFinite(v) && v >= 1 ? Math.min(v, max) : 1;
}

function tableRow(t: TableBuild, r: RowParts, parent: DraftNode | null): TableRowBox {
  const trNode = t.tableNode ? sub(t, parent, 'TR', r.row) : null;
  const cells: TableCellBox[] = [];
  for (const c of r.cells) {
    const box = t.tableNode
      ? semanticPart(t, trNode, isHeaderCell(c) ? 'TH' : 'TD', c)
      : layoutBlock(t, c);
    cells.push({ box, colspan: span(c, 'colspan', 1000), rowspan: span(c, 'rowspan', 65534) });
  }
  return { style: r.row.style, cells, ...(trNode ? { struct: trNode } : {}) };
}

function tableRows(
  t: TableBuild,
  rows: readonly RowParts[],
  parent: DraftNode | null,
): TableRowBox[] {
  const out: TableRowBox[] = [];
  for (const r of rows) out.push(tableRow(t, r, parent));
  return out;
}

function tableBox(
  el: StyledElement,
  own: DraftNode | null,
  group: Group,
  ctx: BuildContext,
): TableBox {
  const lang = el.lang || group.lang;
  // Table semantics for HTML tables and ARIA tables (an anonymous table made for the rows of an
  // ARIA table acts for it); a layout table built from divs has none: its cells' content keeps
  // its own roles.
  const tableNode =
    own?.type === 'Table'
      ? own
      : own === null && isAnonymous(el) && group.node?.type === 'Table'
        ? group.node
        : null;
  const parts = tableParts(el, boxChildren(el), anonymous(ctx), boxChildren);
  const t: TableBuild = { lang, group, tableNode, ctx };

  const [firstCaption, ...extraCaptions] = parts.captions;
  if (extraCaptions.length > 0) {
    ctx.warnings.push({
      code: 'layout.table-caption',
      message: 'a table has more than one caption; the later ones are laid out as rows',
      source: describe(extraCaptions[0]),
    });
  }
  const caption = firstCaption
    ? tableNode
      ? semanticPart(t, tableNode, 'Caption', firstCaption)
      : layoutBlock(t, firstCaption)
    : undefined;

  const sections: TableSectionBox[] = [];
  const extraRows: RowParts[] = [];
  for (const c of extraCaptions)
    extraRows.push({
      row: anonymous(ctx)(el.style, 'table-row', [c], lang),
      cells: [anonymous(ctx)(el.style, 'table-cell', [c], lang)],
    });
  for (const sec of parts.sections) {
    const type = sec.kind === 'head' ? 'THead' : sec.kind === 'foot' ? 'TFoot' : 'TBody';
    const secNode = tableNode && sec.group ? sub(t, tableNode, type, sec.group) : tableNode;
    sections.push({
      kind: sec.kind,
      ...(sec.group ? { style: sec.group.style } : {}),
      rows: tableRows(t, sec.rows, secNode),
    });
  }
  if (extraRows.length > 0)
    sections.push({ kind: 'body', rows: tableRows(t, extraRows, tableNode) });
  const columns: { style: ComputedStyle }[] = [];
  for (const col of parts.columns) {
    const n = Number.parseInt(col.attrs.get('span') ?? '1', 10) || 1;
    for (let i = 0; i < Math.min(Math.max(n, 1), 1000); i++) columns.push({ style: col.style });
  }
  // Footers are drawn after the body even when written first.
  const ordered: TableSectionBox[] = [];
  for (const kind of SECTION_ORDER)
    for (const sec of sections) if (sec.kind === kind) ordered.push(sec);
  if (tableNode) assignHeaderScopes(ordered, ctx);
  return {
    kind: 'table',
    id: el.nodeId,
    style: el.style,
    el,
    lang,
    ...(idOf(el) ? { anchor: idOf(el)! } : {}),
    ...(caption ? { caption } : {}),
    sections: ordered,
    columns,
  };
}

const SECTION_ORDER: readonly TableSectionBox['kind'][] = ['head', 'body', 'foot'];

/** A header cell: <th>, or an ARIA column or row header. */
function isHeaderCell(c: StyledElement): boolean {
  const role = (c.attrs.get('role') ?? '').trim().split(/\s+/)[0]?.toLowerCase();
  return c.tag === 'th' || role === 'columnheader' || role === 'rowheader';
}

/** The element as a selector, for warnings (tag, #id, .classes). */
export function describe(el: StyledElement): string {
  const id = el.attrs.get('id');
  const classes = (el.attrs.get('class') ?? '').split(/\s+/).filter(Boolean);
  return `${el.tag || 'div'}${id ? `#${id}` : ''}${classes.map((c) => `.${c}`).join('')}`;
}

/** The factory of anonymous boxes for this build. */
function anonymous(ctx: BuildContext): AnonymousFactory {
  return anonymousFactory(() => ctx.nextAnonId++);
}

/** Children of a block container or inline box: generated content, anonymous tables. */
function flowChildren(el: StyledElement, ctx: BuildContext): readonly StyledNode[] {
  return wrapTableParts(el, boxChildren(el), anonymous(ctx));
}

/**
 * TH Scope: Column in header rows (thead, or a row of only TH), Row for a TH that heads a body
 * row; the scope attribute wins. TD Headers: the TH IDs above and to the left, or the headers
 * attribute.
 */
function assignHeaderScopes(sections: readonly TableSectionBox[], ctx: BuildContext): void {
  const allRows: TableRowBox[] = [];
  for (const sec of sections) for (const row of sec.rows) allRows.push(row);
  const grid = placeCells(allRows);
  const total = allRows.length;
  const colHeads = new Map<number, string[]>();
  let r = 0;
  for (const sec of sections) {
    for (const row of sec.rows) {
      const allTh = onlyTh(row);
      const rowHeads: string[] = [];
      for (let i = 0; i < row.cells.length; i++) {
        const cell = row.cells[i];
        const node = cell.box.struct;
        const el = cell.box.el;
        if (!node || !el) continue;
        const col = grid[r][i];
        const attrs = {
          ...(cell.colspan > 1 ? { colSpan: cell.colspan } : {}),
          ...(Math.min(cell.rowspan, total - r) > 1
            ? { rowSpan: Math.min(cell.rowspan, total - r) }
            : {}),
        };
        if (node.type === 'TH') {
          const scopeAttr = (el.attrs.get('scope') ?? '').toLowerCase();
          const scope =
            scopeAttr === 'col' || scopeAttr === 'colgroup'
              ? 'Column'
              : scopeAttr === 'row' || scopeAttr === 'rowgroup'
                ? 'Row'
                : sec.kind === 'head' || allTh
                  ? 'Column'
                  : 'Row';
          node.attributes = { ...attrs, scope };
          if (scope === 'Column') {
            for (let k = col; k < col + cell.colspan; k++)
              colHeads.set(k, [...(colHeads.get(k) ?? []), node.elementId!]);
          } else rowHeads.push(node.elementId!);
        } else {
          const explicit = el.attrs.get('headers')?.trim().split(/\s+/).filter(Boolean);
          const heads = explicit ?? [...new Set([...(colHeads.get(col) ?? []), ...rowHeads])];
          node.attributes = { ...attrs, ...(heads.length > 0 ? { headers: heads } : {}) };
        }
      }
      r++;
    }
  }
  padRows(allRows, ctx);
}

/** Whether every cell of the row is a <th>. */
function onlyTh(row: TableRowBox): boolean {
  for (const c of row.cells) if (c.box.el?.tag !== 'th') return false;
  return true;
}

/**
 * Rows with fewer cells than the widest row get empty TD elements at their end, so the
 * structure table is regular (PDF/UA readers walk tables as grids); they draw nothing.
 */
function padRows(rows: readonly TableRowBox[], ctx: BuildContext): void {
  const occupied = rowOccupancy(rows);
  const width = Math.max(0, ...occupied);
  for (let r = 0; r < rows.length; r++) {
    const struct = rows[r].struct;
    if (!struct) continue;
    for (let k = occupied[r]; k < width; k++) ctx.sb.add(struct, 'TD');
  }
}

/** How many grid slots of each row are covered (by its own cells or rowspans from above). */
function rowOccupancy(rows: readonly TableRowBox[]): number[] {
  const taken: Set<number>[] = [];
  for (let r = 0; r < rows.length; r++) taken.push(new Set<number>());
  for (let r = 0; r < rows.length; r++) {
    let c = 0;
    for (const cell of rows[r].cells) {
      while (taken[r].has(c)) c++;
      for (let dr = 0; dr < Math.min(cell.rowspan, rows.length - r); dr++)
        for (let dc = 0; dc < cell.colspan; dc++) taken[r + dr].add(c + dc);
      c += cell.colspan;
    }
  }
  const out: number[] = [];
  for (const t of taken) out.push(t.size);
  return out;
}

/** Column index of every cell, honouring rowspans from rows above (HTML table model). */
export function placeCells(rows: readonly TableRowBox[]): number[][] {
  const taken: Set<number>[] = [];
  const out: number[][] = [];
  for (let r = 0; r < rows.length; r++) {
    taken[r] ??= new Set();
    const cols: number[] = [];
    let c = 0;
    for (const cell of rows[r].cells) {
      while (taken[r].has(c)) c++;
      cols.push(c);
      for (let dr = 0; dr < Math.min(cell.rowspan, rows.length - r); dr++) {
        taken[r + dr] ??= new Set();
        for (let dc = 0; dc < cell.colspan; dc++) taken[r + dr].add(c + dc);
      }
      c += cell.colspan;
    }
    out.push(cols);
  }
  return out;
}
