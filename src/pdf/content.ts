/**
 * Page content streams. Items arrive in top-left, y-down page space; points are flipped to
 * PDF space (y up) as they are written. Every painting item is wrapped either in a tagged
 * marked-content sequence (one MCID) or in an /Artifact sequence, never both, never neither.
 * Groups open q/Q only while nesting stays well under PDF/A's limit of 28; deeper groups are
 * flattened by replaying their clip and transform inside each leaf's own q/Q. A group with
 * opacity becomes a transparency group (form XObject) so its children composite first. A shared
 * drawing (a `use` item's Drawing) is one form XObject per file, its content unmarked, each use
 * a `Do` inside the use's own artifact sequence.
 */
import type { Warning } from '../diagnostics.js';
import type {
  BlendMode,
  ArtifactTag,
  DisplayItem,
  Drawing,
  GlyphRun,
  ImageItem,
  ImportedPage,
  PdfPageItem,
  ImageResource,
  ItemTag,
  Gradient,
  GradientStop,
  LinkItem,
  Matrix,
  Page,
  PathItem,
  PathOp,
  RgbaColor,
  StructNode,
  FontResource,
  UseItem,
} from '../document/index.js';
import { pathBounds } from '../document/index.js';
import type { EmbeddedFont } from './fonts.js';
import { needsSoftMask, radialMatrix } from './shading.js';
import { PdfDict, PdfRef, PdfText, name, num, serialize } from './objects.js';

/** q/Q levels groups may use; the rest is kept for each leaf's own q and for safety. */
export const MAX_GROUP_DEPTH = 24;
/**
 * The group depth a shared drawing's form starts at, and the deepest a use may be drawn with
 * `Do`: the form's nesting adds to its user's, so the two together stay within PDF/A's 28.
 */
const DRAWING_DEPTH = 14;
const MAX_USE_DEPTH = 12;
/** Uses drawn in place inside each other, at most. */
const MAX_INLINED_USES = 8;

export interface ContentLeaf {
  readonly page: number;
  readonly mcid: number;
  /** Parent-tree key of the stream holding the MCID (the page's index for page content). */
  readonly key: number;
  /** The form XObject holding the MCID, when it is not the page's content stream. */
  readonly stm?: PdfRef;
  readonly actualText?: string;
}

/** A content stream being written: the page's, or a transparency group's form XObject. */
export interface StreamTarget {
  readonly out: string[];
  readonly fonts: Set<string>;
  readonly images: Set<string>;
  readonly extGStates: Set<string>;
  readonly shadings: Set<string>;
  readonly xobjects: Set<string>;
  /** mcid -> slot, in MCID order. */
  readonly mcids: { slot: number; span: boolean }[];
  /** Parent-tree key (page index for the page; assigned by the document for forms). */
  readonly key: number;
  readonly stm?: PdfRef;
  /**
   * The artifact sequence that ends `out`, if the last entry is one: a following artifact with
   * the same properties joins it (table borders give three or four per cell), which keeps
   * content streams small and quick to read.
   */
  lastArtifact?: { readonly props: string; readonly endIndex: number };
}

/** A form XObject reserved for a transparency group, before its content is known. */
export interface FormSlot {
  readonly ref: PdfRef;
  readonly name: string;
  readonly key: number;
}

export interface SlotRecord {
  readonly leaves: ContentLeaf[];
  /**
   * The slot's drawn text, run by run (a run's ActualText, or its glyphs' texts): joined only
   * when asked for (slotText), since only headings' text is ever read.
   */
  readonly texts: (string | readonly string[])[];
  /** First drawn position (page, top y in page space), for outline destinations. */
  first?: { readonly page: number; readonly y: number };
  /** Union of item bounds per page, top-left space [x0, y0, x1, y1]. */
  readonly bounds: Map<number, [number, number, number, number]>;
}

/** The text drawn into a slot, runs joined with a space where neither side has one. */
export function slotText(rec: SlotRecord): string {
  let s = '';
  for (const part of rec.texts) {
    const t = typeof part === 'string' ? part : part.join('');
    if (s !== '' && !/\s$/.test(s) && !/^\s/.test(t)) s += ' ';
    s += t;
  }
  return s;
}

export interface LinkRecord {
  readonly page: number;
  readonly item: LinkItem;
  /** PDF-space rectangle [x0 y0 x1 y1]. */
  readonly rect: readonly [number, number, number, number];
}

/** What the page drawer needs from the document being written. */
export interface DrawContext {
  /** The embedded font for a resource, or undefined when its program cannot be used. */
  font(res: FontResource): EmbeddedFont | undefined;
  image(res: ImageResource): string | undefined;
  /** The form XObject of an imported PDF page, or undefined when it could not be imported. */
  importedPage(src: ImportedPage): string | undefined;
  extGState(fillAlpha: number, strokeAlpha: number): string;
  /**
   * A shading for a page of height `pageHeight`: a linear one in the current user space (y is
   * flipped), a radial one in its own space (set up with radialMatrix).
   */
  shading(g: Gradient, pageHeight: number): string;
  /**
   * An ExtGState whose luminosity soft mask holds the alpha of `g` at each point (a gray
   * shading over `bbox`, PDF user space, painted after `setup`, the operators that put the
   * shading's space in place), with `alpha` as the constant fill alpha on top.
   */
  gradientMask(
    g: Gradient,
    pageHeight: number,
    bbox: readonly number[],
    setup: string,
    alpha: number,
  ): string;
  slotOwner(slot: number): StructNode | undefined;
  slot(slot: number): SlotRecord;
  /**
   * The ExtGState a transparency group is drawn with: constant alpha, a blend mode other than
   * normal, a soft mask (a luminosity group written by maskGroup).
   */
  compositeState(alpha: number, blend: BlendMode | undefined, mask: PdfRef | undefined): string;
  /**
   * Writes a soft mask's content as a luminosity transparency group over `bbox` (its own space),
   * placed by `matrix` (PDF space) when given.
   */
  maskGroup(content: StreamTarget, bbox: readonly number[], matrix: Matrix | undefined): PdfRef;
  /** Reserves a form XObject (and parent-tree key) for a transparency group. */
  beginForm(): FormSlot;
  /** Writes the group's form XObject once its content is complete. */
  endForm(form: FormSlot, content: StreamTarget, bbox: readonly number[]): void;
  /**
   * The form XObject of a shared drawing (written on first use with drawDrawing), or undefined
   * when it cannot be drawn.
   */
  drawing(d: Drawing): string | undefined;
  warn(w: Warning): void;
}

export interface PageDrawing extends StreamTarget {
  readonly content: string;
  readonly links: LinkRecord[];
}

export function newTarget(key: number, stm?: PdfRef): StreamTarget {
  return {
    out: [],
    fonts: new Set(),
    images: new Set(),
    extGStates: new Set(),
    shadings: new Set(),
    xobjects: new Set(),
    mcids: [],
    key,
    ...(stm ? { stm } : {}),
  };
}

const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];
/** A shared drawing's space to its form's: y flipped about 0. */
const FORM_FLIP: Matrix = [1, 0, 0, -1, 0, 0];

/** Apply `first`, then `then` (both in the same space). */
export function compose(first: Matrix, then: Matrix): Matrix {
  const [a, b, c, d, e, f] = first;
  const [A, B, C, D, E, F] = then;
  return [
    a * A + b * C,
    a * B + b * D,
    c * A + d * C,
    c * B + d * D,
    e * A + f * C + E,
    e * B + f * D + F,
  ];
}

export function apply(m: Matrix, x: number, y: number): [number, number] {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
}

interface State {
  /** Group depth that actually opened q. */
  depth: number;
  /** Opacity of flattened groups that could not become transparency groups, applied per leaf. */
  alpha: number;
  /** Accumulated transform in top-left space, for link rectangles and shadings. */
  ctm: Matrix;
  /** Operators of flattened groups, replayed inside each leaf's q/Q. */
  pending: string;
}

/** Bounds of a path without a finite point (nothing to enclose). */
const NO_BOUNDS: [number, number, number, number] = [0, 0, 0, 0];

/** A glyph run as content: its graphics state, fill colour and Tf lines, then its Tm/TJ lines. */
interface TextRun {
  /** `gs` for transparency, or '' when opaque. */
  readonly gs: string;
  readonly colour: string;
  /** Stroke colour, line width and rendering mode of outlined text; '' for filled text. */
  readonly stroke: string;
  readonly tf: string;
  readonly lines: string;
}

function textObject(r: TextRun): string {
  return `${r.gs}${r.colour}${r.stroke}BT\n${r.tf}${r.lines}ET\n`;
}

/** A drawn part as content: a glyph run becomes its own text object. */
function asContent(p: string | TextRun): string {
  return typeof p === 'string' ? p : textObject(p);
}

/**
 * The lines of a paragraph (glyph runs of one content slot) as one text object: colour and font
 * are set only where they change, instead of a q, rg, BT, Tf, ET and Q around every line. Text
 * state and colour are allowed inside BT/ET, so the result draws the same; it roughly halves
 * the operators a reader (or our validator) goes through. Null when a part is not an opaque
 * glyph run (transparency needs its own graphics state), so the caller keeps q/Q per item.
 */
function oneTextObject(parts: readonly (string | TextRun)[]): string | null {
  let out = 'BT\n';
  let colour = '';
  let font = '';
  for (const p of parts) {
    if (p === '') continue;
    if (typeof p === 'string' || p.gs !== '' || p.stroke !== '') return null;
    if (p.colour !== colour) out += p.colour;
    if (p.tf !== font) out += p.tf;
    colour = p.colour;
    font = p.tf;
    out += p.lines;
  }
  return `${out}ET\n`;
}

export function drawPage(page: Page, pageIndex: number, ctx: DrawContext): PageDrawing {
  const drawer = new PageDrawer(page, pageIndex, ctx);
  drawer.list(page.items, { depth: 0, alpha: 1, ctm: IDENTITY, pending: '' });
  const pageTarget = drawer.pageTarget;
  return { ...pageTarget, content: pageTarget.out.join(''), links: drawer.links };
}

/**
 * A shared drawing's content for its form XObject, unmarked (each use is marked where it is
 * drawn). The form's space is the drawing's with y flipped (PDF's y up, origin kept), so the
 * form's BBox is drawingBBox() and a use maps it with useMatrix().
 */
export function drawDrawing(d: Drawing, ctx: DrawContext): StreamTarget {
  const [x0, y0, x1, y1] = d.bounds;
  const drawer = new PageDrawer({ width: x1, height: 0, items: d.items }, -1, ctx, {
    canvas: [x0 - 4 * (x1 - x0), -y1 - 4 * (y1 - y0), x1 + 4 * (x1 - x0), -y0 + 4 * (y1 - y0)],
  });
  drawer.list(d.items, { depth: DRAWING_DEPTH, alpha: 1, ctm: IDENTITY, pending: '' });
  return drawer.pageTarget;
}

/** The BBox of a shared drawing's form, in the form's space. */
export function drawingBBox(d: Drawing): number[] {
  const [x0, y0, x1, y1] = d.bounds;
  return [x0, -y1, x1, -y0];
}

/** Whether a drawing's bounds enclose a finite, non-empty area. */
export function drawable(d: Drawing): boolean {
  const [x0, y0, x1, y1] = d.bounds;
  return Number.isFinite(x0 + y0 + x1 + y1) && x1 > x0 && y1 > y0;
}

/**
 * The Tm/TJ lines of the glyph run being written; one per page, reset for each run. A class
 * rather than closures inside the run's function: those would be made anew for every run.
 */
class RunLines {
  s = '';
  // One TJ array per positioned run; consecutive codes share one string, so a line of text is
  // a handful of tokens rather than one string per glyph (smaller, faster to read).
  tj = '';
  tjStart = true;
  /**
   * Codes of a glyph run's open literal string, joined once when it closes (appending them one
   * by one made a string object per glyph); one array for the page's runs.
   */
  readonly codes: string[] = [];
  private readonly H: number;

  constructor(H: number) {
    this.H = H;
  }

  reset(): void {
    this.s = '';
    this.tj = '';
    this.codes.length = 0;
    this.tjStart = true;
  }

  closeString(): void {
    if (this.codes.length > 0) this.tj += `(${this.codes.join('')})`;
    this.codes.length = 0;
  }

  flush(): void {
    this.closeString();
    if (this.tj !== '') this.s += `[${this.tj}] TJ\n`;
    this.tj = '';
  }

  moveTo(x: number, y: number): void {
    this.flush();
    this.s += `1 0 0 1 ${num(x)} ${num(this.H - y)} Tm\n`;
    this.tjStart = false;
  }
}

/**
 * One page being drawn. Its methods are made once per process; as closures made anew for every
 * page, they lost their optimized code at each major garbage collection and were compiled again.
 */
class PageDrawer {
  private readonly H: number;
  readonly pageTarget: StreamTarget;
  readonly links: LinkRecord[] = [];
  /** Where drawing goes now: the page, or the form of the transparency group being drawn. */
  private target: StreamTarget;
  private readonly warnedSlots = new Set<number>();
  private readonly run: RunLines;
  private readonly pageIndex: number;
  private readonly ctx: DrawContext;
  /**
   * Set while drawing a shared drawing's form: its content is unmarked and records no
   * structure; the area transparency groups inside it may cover (PDF space).
   */
  private readonly shared: { readonly canvas: readonly number[] } | undefined;
  /** What a shared drawing held that it may not, told once each. */
  private readonly warnedShared = new Set<string>();
  /** Uses being drawn in place, one inside the other. */
  private inlinedUses = 0;

  constructor(
    page: Page,
    pageIndex: number,
    ctx: DrawContext,
    shared?: { readonly canvas: readonly number[] },
  ) {
    this.pageIndex = pageIndex;
    this.ctx = ctx;
    this.H = page.height;
    this.shared = shared;
    const W = page.width;
    this.canvas = shared?.canvas ?? [-4 * W, -4 * this.H, 5 * W, 5 * this.H];
    this.pageTarget = newTarget(pageIndex);
    this.target = this.pageTarget;
    this.run = new RunLines(this.H);
  }

  /** Where a transparency group's content may reach, PDF space (its form's BBox). */
  private readonly canvas: readonly number[];

  private Y(y: number): string {
    return num(this.H - y);
  }

  /** `ops` in PDF space flipped about `H` (the page's height; 0 inside a shared drawing's form). */
  private pathOps(ops: readonly PathOp[], H = this.H): string {
    let s = '';
    for (const op of ops) {
      switch (op.op) {
        case 'moveTo':
          s += `${num(op.x)} ${num(H - op.y)} m\n`;
          break;
        case 'lineTo':
          s += `${num(op.x)} ${num(H - op.y)} l\n`;
          break;
        case 'curveTo':
          s += `${num(op.x1)} ${num(H - op.y1)} ${num(op.x2)} ${num(H - op.y2)} ${num(op.x)} ${num(H - op.y)} c\n`;
          break;
        case 'rect':
          s += `${num(op.x)} ${num(H - op.y - op.height)} ${num(op.width)} ${num(op.height)} re\n`;
          break;
        case 'close':
          s += 'h\n';
          break;
      }
    }
    return s;
  }

  /** A top-left matrix expressed in PDF space: flip, apply, flip back. */
  private pdfMatrix(m: Matrix): Matrix {
    const H = this.H;
    return compose(compose([1, 0, 0, -1, 0, H], m), [1, 0, 0, -1, 0, H]);
  }

  private gs(fill: number, stroke: number): string {
    if (fill >= 0.999 && stroke >= 0.999) return '';
    const n = this.ctx.extGState(Math.max(0, Math.min(1, fill)), Math.max(0, Math.min(1, stroke)));
    this.target.extGStates.add(n);
    return `/${n} gs\n`;
  }

  /** The run's content, or '' when it shows nothing. */
  private glyphRun(run: GlyphRun, st: State, slot: number | undefined): TextRun | '' {
    const ctx = this.ctx;
    const font = ctx.font(run.font);
    if (!font) return '';
    const size = run.size;
    if (!(size > 0)) return '';
    const outline =
      run.stroke && run.stroke.width > 0 && run.stroke.color.a > 0 ? run.stroke : null;
    const filled = run.color.a > 0 || !outline;
    const state = this.gs(
      filled ? run.color.a * st.alpha : st.alpha,
      (outline?.color.a ?? 1) * st.alpha,
    );
    const colour = filled ? color(run.color, 'rg') : '';
    // Rendering mode 2 fills, then strokes the outlines; 1 strokes them only (hollow text).
    const stroke = outline
      ? `${color(outline.color, 'RG')}${num(outline.width)} w\n${filled ? 2 : 1} Tr\n`
      : '';
    const tf = `/${font.resourceName} ${num(size)} Tf\n`;
    let pen = run.x;
    const r = this.run;
    r.reset();
    const codes = r.codes;
    let clusterText = '';
    let missing = false;
    let shownAny = false;
    const { ids, advances, texts, offsets } = run.glyphs;
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i];
      const advance = advances[i];
      const glyphText = texts[i];
      if (glyphText !== '') clusterText = glyphText;
      const dx = offsets ? offsets.dx[i] : 0;
      const dy = offsets ? offsets.dy[i] : 0;
      const offset = dx !== 0 || dy !== 0;
      if (id <= 0 || id >= font.numGlyphs) {
        // .notdef (or a glyph the font lacks) is never shown (PDF/UA-1 7.21.8): skip its ink.
        missing = true;
        pen += advance;
        r.tjStart = true;
        continue;
      }
      if (r.tjStart || offset) r.moveTo(pen + dx, run.y + dy);
      codes.push(font.show(id, glyphText, clusterText));
      shownAny = true;
      const natural = (font.widthOf(id) * size) / 1000;
      if (offset) {
        // The next glyph starts from the pen, not from where this offset glyph ended.
        r.tjStart = true;
      } else {
        const adj = ((natural - advance) * 1000) / size;
        if (Math.abs(adj) >= 0.01) {
          r.closeString();
          r.tj += num(Math.round(adj * 100) / 100);
        }
      }
      pen += advance;
    }
    r.flush();
    if (shownAny) this.target.fonts.add(font.resourceName);
    if (missing) {
      ctx.warn({
        code: 'pdf.missing-glyph',
        message: `font ${run.font.postscriptName} lacks a glyph for text in '${truncate(texts.join(''))}'; it was left out (a fallback font is needed)`,
        ...(slot !== undefined ? { source: `slot ${slot}` } : {}),
      });
    }
    if (slot !== undefined) {
      const rec = ctx.slot(slot);
      rec.texts.push(run.actualText ?? texts);
      extend(rec, this.pageIndex, [run.x, run.y - size, pen, run.y + size * 0.25], st.ctm);
    }
    return shownAny ? { gs: state, colour, stroke, tf, lines: r.s } : '';
  }

  private pathItem(p: PathItem, st: State, slot: number | undefined): string {
    const fill = p.fill;
    const stroke = p.stroke && p.stroke.width > 0 ? p.stroke : undefined;
    const even = p.fillRule === 'evenodd';
    const path = this.pathOps(p.ops);
    if (path === '') return '';
    let s = '';
    let solidFill: RgbaColor | undefined;
    if (fill && 'kind' in fill) {
      const sh = this.ctx.shading(fill, this.H);
      this.target.shadings.add(sh);
      const m = radialMatrix(fill, this.H);
      const setup = m ? `${m.map(num).join(' ')} cm\n` : '';
      let state: string;
      if (needsSoftMask(fill)) {
        const box = pathBounds(p.ops);
        const bbox = box ? [box[0], this.H - box[3], box[2], this.H - box[1]] : [0, 0, 0, 0];
        const n = this.ctx.gradientMask(fill, this.H, bbox, setup, st.alpha);
        this.target.extGStates.add(n);
        state = `/${n} gs\n`;
      } else {
        const avg = fill.stops.reduce(addStopAlpha, 0) / Math.max(1, fill.stops.length);
        state = this.gs(avg * st.alpha, 1);
      }
      s += `q\n${state}${path}W${even ? '*' : ''} n\n${setup}/${sh} sh\nQ\n`;
    } else if (fill && fill.a > 0) {
      solidFill = fill;
    }
    if (solidFill || stroke) {
      s += this.gs((solidFill?.a ?? 1) * st.alpha, (stroke?.paint.a ?? 1) * st.alpha);
      if (solidFill) s += color(solidFill, 'rg');
      if (stroke) {
        s += color(stroke.paint, 'RG') + `${num(stroke.width)} w\n`;
        if (stroke.cap) s += `${{ butt: 0, round: 1, square: 2 }[stroke.cap]} J\n`;
        if (stroke.join) s += `${{ miter: 0, round: 1, bevel: 2 }[stroke.join]} j\n`;
        const dash = (stroke.dash ?? []).filter(isDashLength);
        if (dash.length > 0 && dash.some(isPositive))
          s += `[${dash.map(num).join(' ')}] ${num(dashPhase(dash, stroke.dashOffset))} d\n`;
      }
      const op = solidFill && stroke ? 'B' : solidFill ? 'f' : 'S';
      s += path + op + (even && solidFill ? '*' : '') + '\n';
    }
    if (slot !== undefined && s !== '')
      extend(this.ctx.slot(slot), this.pageIndex, pathBounds(p.ops) ?? NO_BOUNDS, st.ctm);
    return s;
  }

  private imageItem(im: ImageItem, st: State, slot: number | undefined): string {
    const n = this.ctx.image(im.image);
    if (!n) return '';
    this.target.images.add(n);
    if (slot !== undefined)
      extend(
        this.ctx.slot(slot),
        this.pageIndex,
        [im.x, im.y, im.x + im.width, im.y + im.height],
        st.ctm,
      );
    return `${this.gs(st.alpha, 1)}${num(im.width)} 0 0 ${num(im.height)} ${num(im.x)} ${num(this.H - im.y - im.height)} cm\n/${n} Do\n`;
  }

  private pdfPageItem(p: PdfPageItem, st: State, slot: number | undefined): string {
    const n = this.ctx.importedPage(p.source);
    if (!n || p.source.width <= 0 || p.source.height <= 0) return '';
    this.target.xobjects.add(n);
    if (slot !== undefined)
      extend(
        this.ctx.slot(slot),
        this.pageIndex,
        [p.x, p.y, p.x + p.width, p.y + p.height],
        st.ctm,
      );
    // The form's space is the source page box at the origin; scale it onto the target rect.
    const sx = p.width / p.source.width;
    const sy = p.height / p.source.height;
    return `${this.gs(st.alpha, st.alpha)}${num(sx)} 0 0 ${num(sy)} ${num(p.x)} ${num(this.H - p.y - p.height)} cm\n/${n} Do\n`;
  }

  private artifactProps(tag: Extract<ItemTag, { kind: 'artifact' }>, st: State): string {
    const d = new PdfDict({ Type: name(tag.type) });
    if (tag.type === 'Pagination' && tag.subtype) {
      d.set('Subtype', name(tag.subtype));
      if (tag.subtype === 'Header') d.set('Attached', [name('Top')]);
      if (tag.subtype === 'Footer') d.set('Attached', [name('Bottom')]);
    }
    if (tag.bbox && (tag.type === 'Background' || tag.type === 'Layout')) {
      const [x, y, w, h] = tag.bbox;
      const [x0, y0, x1, y1] = transformBox([x, y, x + w, y + h], st.ctm);
      d.set('BBox', [x0, this.H - y1, x1, this.H - y0]);
    }
    return serialize(d);
  }

  /** Emits one leaf (or a run of leaves sharing one content slot) inside its marked sequence. */
  private leaf(items: readonly DisplayItem[], tag: ItemTag, st: State): void {
    const ctx = this.ctx;
    let slot: number | undefined;
    let owner: StructNode | undefined;
    if (this.shared) {
      if (tag.kind === 'content') this.sharedMisuse('content');
    } else if (tag.kind === 'content') {
      owner = ctx.slotOwner(tag.slot);
      if (owner) slot = tag.slot;
      else if (!this.warnedSlots.has(tag.slot)) {
        this.warnedSlots.add(tag.slot);
        ctx.warn({
          code: 'pdf.unknown-slot',
          message: `content slot ${tag.slot} belongs to no structure node; its content was written as an artifact`,
        });
      }
    }
    const parts: (string | TextRun)[] = [];
    for (const it of items) {
      if (it.kind === 'glyphs') parts.push(this.glyphRun(it, st, slot));
      else if (it.kind === 'path') parts.push(this.pathItem(it, st, slot));
      else if (it.kind === 'image') parts.push(this.imageItem(it, st, slot));
      else if (it.kind === 'pdf-page') parts.push(this.pdfPageItem(it, st, slot));
    }
    // Items assume the default graphics state (opaque, solid, identity CTM after the leaf's
    // replayed operators); when several share one marked sequence, each gets its own q/Q so
    // alpha, dashes, caps and an image's cm cannot leak into the next item.
    let body =
      parts.length === 1
        ? asContent(parts[0] as string | TextRun)
        : (oneTextObject(parts) ?? parts.map(inOwnQ).join(''));
    if (body === '') return;
    body = `q\n${st.pending}${body}Q\n`;
    const target = this.target;
    if (this.shared) {
      // A shared drawing's form is unmarked: its uses are marked where they are drawn.
      target.out.push(body);
      return;
    }
    if (slot === undefined || !owner) {
      this.artifact(body, tag.kind === 'artifact' ? tag : undefined, st);
      return;
    }
    const first = items[0] as DisplayItem;
    let actualText = first.kind === 'glyphs' ? first.actualText : undefined;
    if (actualText === undefined && first.kind === 'glyphs' && anyPrivateUse(first.glyphs.texts)) {
      // Private-use characters need ActualText (PDF/A 6.2.11.7.3); the source text is the best we have.
      actualText = first.glyphs.texts.join('');
    }
    const mcid = target.mcids.length;
    const span = actualText !== undefined;
    target.mcids.push({ slot, span });
    const rec = ctx.slot(slot);
    rec.leaves.push({
      page: this.pageIndex,
      mcid,
      key: target.key,
      ...(target.stm ? { stm: target.stm } : {}),
      ...(span ? { actualText } : {}),
    });
    if (!rec.first) rec.first = { page: this.pageIndex, y: topOf(first) };
    const tagName = span ? 'Span' : (owner.role ?? owner.type);
    target.out.push(`${serialize(name(tagName))} <</MCID ${mcid}>> BDC\n${body}EMC\n`);
  }

  /** `body` inside an artifact sequence, joining the one before when its properties match. */
  private artifact(body: string, tag: ArtifactTag | undefined, st: State): void {
    const target = this.target;
    const props = tag ? this.artifactProps(tag, st) : '<</Type /Layout>>';
    const out = target.out;
    const last = target.lastArtifact;
    if (last && last.endIndex === out.length - 1 && last.props === props) {
      // Insert before the sequence's EMC, which stays the last entry.
      out[out.length - 1] = body;
      out.push('EMC\n');
    } else {
      out.push(`/Artifact ${props} BDC\n${body}`, 'EMC\n');
    }
    target.lastArtifact = { props, endIndex: out.length - 1 };
  }

  /** Tells once per drawing that it holds what a shared drawing may not. */
  private sharedMisuse(what: 'content' | 'a link'): void {
    if (this.warnedShared.has(what)) return;
    this.warnedShared.add(what);
    this.ctx.warn({
      code: 'pdf.shared-drawing-content',
      message:
        what === 'content'
          ? 'a shared drawing holds tagged content; it was drawn as an artifact'
          : 'a shared drawing holds a link; it was left out',
    });
  }

  /**
   * A shared drawing placed: its form drawn with `Do` inside the use's artifact sequence. Where
   * the form cannot be used as it is (under an opacity applied item by item, or nested too deep
   * for its own q/Q levels), the drawing's items are drawn here instead.
   */
  private use(u: UseItem, st: State): void {
    const d = u.drawing;
    if (!drawable(d)) return;
    if (st.alpha < 0.999 || st.depth > MAX_USE_DEPTH || this.shared) {
      // Forms never nest: a use inside a drawing is drawn in place (a drawing that holds
      // itself would never end, hence the bound).
      if (this.inlinedUses >= MAX_INLINED_USES) return;
      this.inlinedUses++;
      const items = retag(d.items, u.tag);
      this.group({ kind: 'group', transform: u.transform, clip: u.clip, items }, st);
      this.inlinedUses--;
      return;
    }
    const n = this.ctx.drawing(d);
    if (!n) return;
    this.target.xobjects.add(n);
    const m = compose(compose(FORM_FLIP, u.transform), [1, 0, 0, -1, 0, this.H]);
    let ops = `${m.map(num).join(' ')} cm\n`;
    if (u.clip && u.clip.length > 0) ops += `${this.pathOps(u.clip, 0)}W n\n`;
    this.artifact(`q\n${st.pending}${ops}/${n} Do\nQ\n`, u.tag, st);
  }

  private linkItem(l: LinkItem, st: State): void {
    const [x0, y0, x1, y1] = transformBox([l.x, l.y, l.x + l.width, l.y + l.height], st.ctm);
    this.links.push({ page: this.pageIndex, item: l, rect: [x0, this.H - y1, x1, this.H - y0] });
  }

  list(items: readonly DisplayItem[], st: State): void {
    for (let i = 0; i < items.length;) {
      const it = items[i] as DisplayItem;
      if (it.kind === 'group') {
        this.group(it, st);
        i++;
        continue;
      }
      if (it.kind === 'link') {
        if (this.shared) this.sharedMisuse('a link');
        else this.linkItem(it, st);
        i++;
        continue;
      }
      if (it.kind === 'use') {
        this.use(it, st);
        i++;
        continue;
      }
      // Consecutive items of one content slot share a marked sequence (fewer MCIDs, same meaning).
      let j = i + 1;
      if (it.tag.kind === 'content' && !(it.kind === 'glyphs' && it.actualText !== undefined)) {
        const slot = it.tag.slot;
        while (j < items.length) {
          const nx = items[j] as DisplayItem;
          if (
            nx.kind === 'group' ||
            nx.kind === 'link' ||
            nx.tag.kind !== 'content' ||
            nx.tag.slot !== slot
          )
            break;
          if (
            nx.kind === 'glyphs' &&
            (nx.actualText !== undefined || anyPrivateUse(nx.glyphs.texts))
          )
            break;
          j++;
        }
        if (it.kind === 'glyphs' && anyPrivateUse(it.glyphs.texts)) j = i + 1;
      }
      this.leaf(items.slice(i, j), it.tag, st);
      i = j;
    }
  }

  private group(g: Extract<DisplayItem, { kind: 'group' }>, st: State): void {
    let ops = '';
    if (g.transform) ops += `${this.pdfMatrix(g.transform).map(num).join(' ')} cm\n`;
    if (g.clip && g.clip.length > 0)
      ops += `${this.pathOps(g.clip)}${g.clipRule === 'evenodd' ? 'W*' : 'W'} n\n`;
    const opacity = g.opacity === undefined ? 1 : clamp01(g.opacity);
    const blend = g.blend !== undefined && g.blend !== 'normal' ? g.blend : undefined;
    // A mask that paints nothing hides the whole group.
    if (g.mask && !paints(g.mask)) return;
    const composite = opacity < 0.999 || blend !== undefined || g.mask !== undefined || g.isolate;
    if (composite && st.depth + 2 < MAX_GROUP_DEPTH && st.pending === '' && paints(g.items)) {
      // Group opacity, blend mode and mask apply to the composite of the children: paint them
      // into a transparency group (form XObject) and draw that with them.
      const form = this.ctx.beginForm();
      const outer = this.target;
      this.target = newTarget(form.key, form.ref);
      if (ops !== '') this.target.out.push(`q\n${ops}`);
      this.list(g.items, {
        depth: st.depth + 2,
        alpha: 1,
        ctm: g.transform ? compose(g.transform, st.ctm) : st.ctm,
        pending: '',
      });
      if (ops !== '') this.target.out.push('Q\n');
      const inner = this.target;
      this.target = outer;
      const bbox = this.canvas;
      this.ctx.endForm(form, inner, bbox);
      this.target.xobjects.add(form.name);
      const alpha = opacity * st.alpha;
      let state: string;
      if (blend === undefined && g.mask === undefined) state = this.gs(alpha, alpha);
      else {
        const mask = g.mask ? this.maskGroup(g.mask, g.transform, st.depth + 2, bbox) : undefined;
        const n = this.ctx.compositeState(alpha, blend, mask);
        this.target.extGStates.add(n);
        state = `/${n} gs\n`;
      }
      this.target.out.push(`q\n${state}/${form.name} Do\nQ\n`);
      return;
    }
    if (blend !== undefined || g.mask !== undefined)
      this.ctx.warn({
        code: 'pdf.effect-flattened',
        message: `a ${blend !== undefined ? 'blend mode' : 'mask'} nested too deep to draw was left out; its content is drawn without it`,
      });
    const inner: State = {
      depth: st.depth,
      alpha: st.alpha * (g.opacity === undefined ? 1 : clamp01(g.opacity)),
      ctm: g.transform ? compose(g.transform, st.ctm) : st.ctm,
      pending: st.pending,
    };
    if (ops === '') {
      this.list(g.items, inner);
      return;
    }
    if (st.depth < MAX_GROUP_DEPTH && st.pending === '') {
      inner.depth = st.depth + 1;
      this.target.out.push(`q\n${ops}`);
      this.list(g.items, inner);
      this.target.out.push('Q\n');
    } else {
      inner.pending = st.pending + ops;
      this.list(g.items, inner);
    }
  }

  /**
   * A soft mask's items as a luminosity group; they draw in the children's space, which the
   * group's transform places (the mask applies where the group is drawn, outside its form).
   */
  private maskGroup(
    items: readonly DisplayItem[],
    transform: Matrix | undefined,
    depth: number,
    bbox: readonly number[],
  ): PdfRef {
    const outer = this.target;
    // Never content of the structure tree: the mask is not drawn, only read for its levels.
    const content = newTarget(-1);
    this.target = content;
    this.list(asArtifacts(items), { depth, alpha: 1, ctm: IDENTITY, pending: '' });
    this.target = outer;
    return this.ctx.maskGroup(content, bbox, transform ? this.pdfMatrix(transform) : undefined);
  }
}

const MASK_TAG: ItemTag = { kind: 'artifact', type: 'Layout' };

/** A mask's items as artifacts, without links (a mask is never clicked). */
function asArtifacts(items: readonly DisplayItem[]): DisplayItem[] {
  const out: DisplayItem[] = [];
  for (const it of items) {
    if (it.kind === 'link') continue;
    if (it.kind === 'group') out.push({ ...it, items: asArtifacts(it.items) });
    else if (it.kind === 'use' || it.tag.kind === 'artifact') out.push(it);
    else out.push({ ...it, tag: MASK_TAG });
  }
  return out;
}

function color(c: RgbaColor, op: 'rg' | 'RG'): string {
  return `${num(clamp01(c.r))} ${num(clamp01(c.g))} ${num(clamp01(c.b))} ${op}\n`;
}

// Callbacks for array methods, made once (see PageDrawer).
/** A dash offset as PDF's phase: within one period of the pattern, never negative. */
function dashPhase(dash: readonly number[], offset: number | undefined): number {
  const period = dash.reduce((a, b) => a + b, 0) * (dash.length % 2 === 1 ? 2 : 1);
  if (!offset || !Number.isFinite(offset) || !(period > 0)) return 0;
  return ((offset % period) + period) % period;
}

function addStopAlpha(a: number, x: GradientStop): number {
  return a + x.color.a;
}

function isDashLength(d: number): boolean {
  return Number.isFinite(d) && d >= 0;
}

function isPositive(d: number): boolean {
  return d > 0;
}

/**
 * Whether any glyph's text has a private-use character (U+E000-U+F8FF, or planes 15 and 16 as
 * a surrogate pair). A loop over char codes: a regular expression per glyph (one or two
 * characters each) cost about 1% of a long document's render.
 */
function anyPrivateUse(texts: readonly string[]): boolean {
  for (let i = 0; i < texts.length; i++) {
    const t = texts[i];
    for (let j = 0; j < t.length; j++) {
      const c = t.charCodeAt(j);
      if (c < 0xdb80) continue;
      if (c >= 0xe000 && c <= 0xf8ff) return true;
      if (c <= 0xdbff) {
        const low = t.charCodeAt(j + 1);
        if (low >= 0xdc00 && low <= 0xdfff) return true;
      }
    }
  }
  return false;
}

/** A drawing's items drawn in place of a use: marked as the use is, links left out. */
function retag(items: readonly DisplayItem[], tag: ArtifactTag): DisplayItem[] {
  const out: DisplayItem[] = [];
  for (const it of items) {
    if (it.kind === 'group') out.push({ ...it, items: retag(it.items, tag) });
    else if (it.kind !== 'link') out.push({ ...it, tag });
  }
  return out;
}

function inOwnQ(p: string | TextRun): string {
  return p === '' ? '' : `q\n${asContent(p)}Q\n`;
}

/** Whether a list paints anything (links alone do not). */
function paints(items: readonly DisplayItem[]): boolean {
  return items.some(paintsItem);
}

function paintsItem(it: DisplayItem): boolean {
  return it.kind === 'group' ? paints(it.items) : it.kind !== 'link';
}

function clamp01(v: number): number {
  return Number.isFinite(v) ? Math.max(0, Math.min(1, v)) : 0;
}

function truncate(s: string): string {
  return s.length > 40 ? s.slice(0, 40) + '…' : s;
}

function topOf(it: DisplayItem): number {
  switch (it.kind) {
    case 'glyphs':
      return it.y - it.size;
    case 'image':
    case 'pdf-page':
    case 'link':
      return it.y;
    case 'path':
      return (pathBounds(it.ops) ?? NO_BOUNDS)[1];
    default:
      return 0;
  }
}

function transformBox(
  b: readonly [number, number, number, number],
  m: Matrix,
): [number, number, number, number] {
  // apply() on the four corners, written out with locals: this runs for every drawn item and
  // apply() returns a new array per point.
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (let k = 0; k < 4; k++) {
    const x = k & 1 ? b[2] : b[0];
    const y = k & 2 ? b[3] : b[1];
    const tx = m[0] * x + m[2] * y + m[4];
    const ty = m[1] * x + m[3] * y + m[5];
    if (tx < x0) x0 = tx;
    if (tx > x1) x1 = tx;
    if (ty < y0) y0 = ty;
    if (ty > y1) y1 = ty;
  }
  return [x0, y0, x1, y1];
}

function extend(
  rec: SlotRecord,
  page: number,
  box: [number, number, number, number],
  m: Matrix,
): void {
  const b = transformBox(box, m);
  const cur = rec.bounds.get(page);
  if (!cur) rec.bounds.set(page, b);
  else {
    // The record owns its bounds (made by transformBox above), so they grow in place.
    cur[0] = Math.min(cur[0], b[0]);
    cur[1] = Math.min(cur[1], b[1]);
    cur[2] = Math.max(cur[2], b[2]);
    cur[3] = Math.max(cur[3], b[3]);
  }
}

/** Text for /Contents and outline titles: a PdfText that never carries control characters. */
export function cleanText(s: string): PdfText {
  return new PdfText(s.replace(/[\u0000-\u001f]+/g, ' ').trim());
}
