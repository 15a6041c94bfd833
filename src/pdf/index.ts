/**
 * a11ypdf's PDF writer: one LaidOutDocument in, one PDF/A-3a + PDF/UA-1 file out (PDF/UA-1
 * only when settings.pdfa is false), plus typed warnings for whatever the input left open.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  DEFAULT_MAX_OUTPUT_BYTES,
  InputError,
  LimitError,
  type Deadline,
  type Warning,
} from '../diagnostics.js';
import type {
  BlendMode,
  DisplayItem,
  Drawing,
  FontResource,
  ImageResource,
  ImportedPage,
  Gradient,
  LaidOutDocument,
  Matrix,
  Page,
  StructNode,
  WriterSettings,
} from '../document/index.js';
import { preWriteCheck, structureDepth, walk } from './check.js';
import {
  drawable,
  drawDrawing,
  drawingBBox,
  drawPage,
  type DrawContext,
  type FormSlot,
  slotText,
  type SlotRecord,
  type StreamTarget,
} from './content.js';
import { PdfFile, deflate } from './file.js';
import { EmbeddedFont } from './fonts.js';
import { writeImage } from './images.js';
import { PdfDict, PdfRef, ascii, dict, name, text, type PdfValue } from './objects.js';
import { writeOutline, type OutlineEntry } from './outline.js';
import { writeStructure, type AnnotationLeaf } from './structure.js';
import { checkXmpSchemas, buildXmp } from './xmp.js';
import { checkAttachments, writeAttachments } from './attachments.js';
import { pdfDate } from './dates.js';
import { uuidFromSeed } from '../util/index.js';
import { shadingDict, type ShadingChannel } from './shading.js';
import { writeLinks, type PendingLink } from './links.js';

export { pdfDate };
export { clearWriterFontCaches } from './fonts.js';

export interface WritePdfOptions {
  /** Same input, same bytes: /ID and instance id from a content hash. */
  readonly deterministic?: boolean;
  /** Largest file, bytes (default DEFAULT_MAX_OUTPUT_BYTES); checked while streams are added. */
  readonly maxOutputBytes?: number;
  /** Checked once per page and before the file is assembled. */
  readonly deadline?: Pick<Deadline, 'check'>;
  /**
   * Copies an imported PDF page (template backgrounds) into the file. Needed only when the
   * document has `pdf-page` items; `loadPageImporter()` gives it. Kept out of the writer's own
   * imports because it brings the validator's parser and rules, which most documents never use.
   */
  readonly pageImporter?: PageImporter;
}

/** Writes an imported page's form XObject, or says why it cannot. */
export type PageImporter = (file: PdfFile, source: ImportedPage) => PdfRef | string;

export async function loadPageImporter(): Promise<PageImporter> {
  return (await import('./import-page.js')).importPage;
}

/**
 * The conformance gate for a page to import: its box, or why drawing it would make our output
 * fail PDF/A-3a or PDF/UA-1. Loaded on first use, like the importer, for the same reason.
 */
export type PageInspector = (typeof import('./import-page.js'))['inspectImportablePage'];

export async function loadPageInspector(): Promise<PageInspector> {
  return (await import('./import-page.js')).inspectImportablePage;
}

/** True when a laid-out document draws an imported PDF page anywhere. */
export function hasImportedPages(doc: LaidOutDocument): boolean {
  return doc.pages.some(pageDrawsImportedPage);
}

// Module-level, like the other functions of the writer run for every file: closures made anew
// per file lose their optimized code at each major garbage collection (Node 20).
function pageDrawsImportedPage(p: Page): boolean {
  return inItems(p.items);
}

function inItems(items: readonly DisplayItem[]): boolean {
  return items.some(drawsImportedPage);
}

function drawsImportedPage(i: DisplayItem): boolean {
  return (
    i.kind === 'pdf-page' ||
    (i.kind === 'group' && inItems(i.items)) ||
    (i.kind === 'use' && inItems(i.drawing.items))
  );
}

export interface WritePdfResult {
  readonly bytes: Uint8Array;
  readonly warnings: Warning[];
}

export const PRODUCER = 'a11ypdf';
/**
 * Structure trees deeper than this are refused: no reader follows them (pdf.js stops at 40
 * levels) and the tree writer recurses once per level.
 */
export const MAX_STRUCTURE_DEPTH = 1000;
/** Warnings of one code beyond this many are summarised, so bad input cannot flood a response. */
const WARNINGS_PER_CODE = 20;

let iccProfile: Uint8Array | undefined;
/** Our own sRGB profile (see icc/README.md); read once, immutable. */
export function srgbProfile(): Uint8Array {
  iccProfile ??= readFileSync(new URL('../../icc/sRGB-a11ypdf-v2.icc', import.meta.url));
  return iccProfile;
}

let iccFlate: Uint8Array | undefined;
/** The output intent's profile compressed once per thread: the same bytes go in every file. */
function srgbProfileFlate(): Uint8Array {
  iccFlate ??= deflate(srgbProfile());
  return iccFlate;
}

/**
 * Writes `doc` as a tagged PDF/A-3a + PDF/UA-1 file (PDF/UA-1 only when settings.pdfa is false).
 * `settings` come from the caller, not from layout: the file's id, clock, conformance claim,
 * attachments and XMP schemas.
 */
export function writePdf(
  doc: LaidOutDocument,
  settings: WriterSettings,
  options: WritePdfOptions = {},
): WritePdfResult {
  const deterministic = options.deterministic === true;
  const meta = doc.metadata;
  checkXmpSchemas(settings.xmpSchemas);
  checkAttachments(settings.attachments);
  if (doc.pages.length === 0)
    throw new InputError('the document has no pages', [
      { pointer: '/pages', message: 'must contain at least one page' },
    ]);

  const depth = structureDepth(doc.structure);
  if (depth > MAX_STRUCTURE_DEPTH) {
    throw new LimitError(
      `the structure tree is ${depth} levels deep; the limit is ${MAX_STRUCTURE_DEPTH}`,
      'structure-depth',
    );
  }
  const warnings: Warning[] = [];
  const warn = (w: Warning): void => {
    warnings.push(w);
  };

  // Slot ownership from the structure tree.
  const slotOwner = new Map<number, StructNode>();
  walk(doc.structure, claimSlots, { slotOwner, warn });

  const file = new PdfFile(options.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES);
  const catalogRef = file.alloc();
  const pagesRef = file.alloc();
  const pageRefs = doc.pages.map(() => file.alloc());
  const ctx = new WriterContext(file, options, warn, slotOwner, doc.pages.length);
  const { slots, fonts, streams } = ctx;

  // Pages: content first, so fonts know their glyphs and the structure knows its leaves.
  const annotations: AnnotationLeaf[] = [];
  const pendingLinks: PendingLink[] = [];
  const pageAnnots: PdfRef[][] = doc.pages.map(() => []);
  const pageHeights: number[] = [];
  for (let i = 0; i < doc.pages.length; i++) {
    const page = doc.pages[i] as Page;
    options.deadline?.check('pdf');
    const width = boundedSize(page.width, i, 'width', warn);
    const height = boundedSize(page.height, i, 'height', warn);
    pageHeights.push(height);
    const drawing = drawPage({ ...page, width, height }, i, ctx);
    streams.push({ key: i, count: drawing.mcids.length });
    const resources = ctx.resourcesFor(drawing);
    const contents = file.addStream(new PdfDict(), Buffer.from(drawing.content, 'latin1'));
    for (const l of drawing.links) {
      const ref = file.alloc();
      const key = ctx.nextKey++;
      pendingLinks.push({ page: i, ref, rect: l.rect, item: l.item, key });
      annotations.push({ node: l.item.node, annot: ref, page: i, key });
      pageAnnots[i]?.push(ref);
    }
    file.put(
      pageRefs[i] as PdfRef,
      dict({
        Type: name('Page'),
        Parent: pagesRef,
        MediaBox: [0, 0, width, height],
        // A sheet with bleed: the trimmed page, and the bleed as the area production keeps.
        TrimBox: page.trim ? trimBox(page.trim, height) : undefined,
        BleedBox: page.trim ? [0, 0, width, height] : undefined,
        Resources: resources,
        Contents: contents,
        StructParents: i,
        Tabs: name('S'),
        Annots: (pageAnnots[i] as PdfRef[]).length > 0 ? (pageAnnots[i] as PdfRef[]) : undefined,
      }),
    );
  }

  const check = preWriteCheck(doc, (n) => nodeText(n, slots));
  warnings.unshift(...check.warnings);

  // Link annotations, now that all pages exist for internal destinations.
  writeLinks(file, pendingLinks, pageRefs, pageHeights, warn);

  for (const f of fonts.values()) {
    if (!f) continue;
    if (f.used) f.write(file, warnings);
    else file.put(f.ref, null);
  }

  const structure = writeStructure(
    file,
    {
      root: doc.structure,
      slots,
      pageRefs,
      pageHeights,
      streams,
      annotations,
      nextKey: ctx.nextKey,
    },
    warnings,
  );

  // The outline layout decided (bookmarks), else one from the headings, in document order.
  const outlineEntries: OutlineEntry[] = [];
  const places: OutlinePlaces = {
    entries: outlineEntries,
    slots,
    pageRefs,
    pageHeights,
    elements: structure.elements,
  };
  if (doc.outline) {
    for (const o of doc.outline) {
      if (o.title.trim() === '' || pageRefs[o.pageIndex] === undefined) continue;
      outlineEntries.push({
        level: o.level,
        title: o.title,
        open: o.open,
        dest: destination(places, o.pageIndex, o.y),
        ...elementOf(places, o.node),
      });
    }
  } else {
    walk(doc.structure, headingEntry, places);
  }
  const outlines = writeOutline(file, outlineEntries);

  // Attachments (associated files, PDF/A-3 6.8).
  const { fileSpecs, efNames } = writeAttachments(file, settings);

  // No entropy cache: see render.ts (start-up snapshots replay it).
  const instanceId = deterministic
    ? uuidFromSeed(`${settings.documentId}/instance`)
    : randomUUID({ disableEntropyCache: true });
  const xmp = buildXmp({
    metadata: meta,
    settings,
    title: check.title,
    producer: PRODUCER,
    instanceId,
  });
  const metadataRef = file.addStream(
    dict({ Type: name('Metadata'), Subtype: name('XML') }),
    Buffer.from(xmp, 'utf8'),
    false,
  );

  const info = file.add(
    dict({
      Title: text(check.title),
      Author: meta.author ? text(meta.author) : undefined,
      Subject: meta.subject ? text(meta.subject) : undefined,
      Keywords: meta.keywords ? text(meta.keywords) : undefined,
      Creator: meta.creator ? text(meta.creator) : undefined,
      Producer: text(PRODUCER),
      CreationDate: text(pdfDate(settings.creationDate)),
      ModDate: text(pdfDate(settings.modDate ?? settings.creationDate)),
    }),
  );

  file.put(pagesRef, dict({ Type: name('Pages'), Kids: pageRefs, Count: pageRefs.length }));
  const catalog = new PdfDict({
    Type: name('Catalog'),
    Pages: pagesRef,
    Lang: text(check.lang),
    MarkInfo: dict({ Marked: true }),
    ViewerPreferences: dict({ DisplayDocTitle: true }),
    StructTreeRoot: structure.root,
    Outlines: outlines,
    PageMode: outlines ? name('UseOutlines') : undefined,
    Metadata: metadataRef,
  });
  if (settings.pdfa) {
    const icc = file.addStream(dict({ N: 3, Filter: name('FlateDecode') }), srgbProfileFlate());
    catalog.set('OutputIntents', [
      dict({
        Type: name('OutputIntent'),
        S: name('GTS_PDFA1'),
        OutputConditionIdentifier: ascii('sRGB IEC61966-2.1'),
        Info: ascii('sRGB IEC61966-2.1'),
        DestOutputProfile: icc,
      }),
    ]);
  }
  if (fileSpecs.length > 0) {
    catalog.set(
      'Names',
      dict({
        EmbeddedFiles: dict({ Names: efNames.flatMap(([n, r]) => [text(n), r] as PdfValue[]) }),
      }),
    );
    catalog.set('AF', fileSpecs);
  }
  file.put(catalogRef, catalog);

  options.deadline?.check('pdf');
  return { bytes: file.finish(catalogRef, info, deterministic), warnings: capWarnings(warnings) };
}

/**
 * What the page drawer needs from the file being written (DrawContext), and the resources it
 * collects. A class, so its methods are made once per process: as methods of an object made per
 * file they were closures that lost their optimized code at each major garbage collection.
 */
class WriterContext implements DrawContext {
  readonly slots = new Map<number, SlotRecord>();
  readonly fonts = new Map<string, EmbeddedFont | null>();
  private readonly images = new Map<string, { name: string } | null>();
  private readonly imageRefs = new Map<string, PdfRef>();
  private readonly importedPages = new Map<string, string | null>();
  private readonly gstates = new Map<string, { name: string; ref: PdfRef }>();
  private readonly shadings = new Map<string, { name: string; ref: PdfRef }>();
  private readonly resourceRefs = new Map<string, PdfRef>();
  /** Shared drawings' form XObjects by the Drawing object (null: nothing to draw). */
  private readonly drawings = new Map<Drawing, string | null>();

  readonly streams: { key: number; count: number }[] = [];
  /** Parent-tree keys after the pages' own, shared by annotations and transparency groups. */
  nextKey: number;
  private formCount = 0;

  private readonly file: PdfFile;
  private readonly options: WritePdfOptions;
  readonly warn: (w: Warning) => void;
  private readonly slotOwners: ReadonlyMap<number, StructNode>;

  constructor(
    file: PdfFile,
    options: WritePdfOptions,
    warn: (w: Warning) => void,
    slotOwners: ReadonlyMap<number, StructNode>,
    pageCount: number,
  ) {
    this.file = file;
    this.options = options;
    this.warn = warn;
    this.slotOwners = slotOwners;
    this.nextKey = pageCount;
  }

  resourcesFor(t: StreamTarget): PdfDict {
    const resources = new PdfDict();
    const refs = this.resourceRefs;
    resources.set('Font', resourceGroup(t.fonts, refs));
    resources.set('XObject', resourceGroup(new Set([...t.images, ...t.xobjects]), refs));
    resources.set('ExtGState', resourceGroup(t.extGStates, refs));
    resources.set('Shading', resourceGroup(t.shadings, refs));
    return resources;
  }

  font(res: FontResource): EmbeddedFont | undefined {
    const fonts = this.fonts;
    const known = fonts.get(res.id);
    if (known !== undefined) return known ?? undefined;
    let f: EmbeddedFont;
    const ref = this.file.alloc();
    try {
      f = new EmbeddedFont(res, ref, `F${fonts.size + 1}`);
    } catch (e) {
      this.file.put(ref, null);
      // Text in a font we cannot read is left out rather than shown with a non-embedded font.
      fonts.set(res.id, null);
      this.warn({
        code: 'pdf.font-invalid',
        message: `font ${res.postscriptName} could not be read (${(e as Error).message}); text in it was left out`,
        source: res.postscriptName,
      });
      return undefined;
    }
    fonts.set(res.id, f);
    this.resourceRefs.set(f.resourceName, f.ref);
    return f;
  }

  image(res: ImageResource): string | undefined {
    const images = this.images;
    const known = images.get(res.id);
    if (known !== undefined) return known?.name;
    const ref = writeImage(this.file, res, this.warn);
    if (!ref) {
      images.set(res.id, null);
      return undefined;
    }
    const n = `Im${this.imageRefs.size + 1}`;
    this.imageRefs.set(n, ref);
    this.resourceRefs.set(n, ref);
    images.set(res.id, { name: n });
    return n;
  }

  importedPage(src: ImportedPage): string | undefined {
    const importedPages = this.importedPages;
    const known = importedPages.get(src.id);
    if (known !== undefined) return known ?? undefined;
    if (!this.options.pageImporter)
      throw new Error(
        'writePdf: the document draws an imported PDF page; pass options.pageImporter (loadPageImporter())',
      );
    const ref = this.options.pageImporter(this.file, src);
    if (typeof ref === 'string') {
      importedPages.set(src.id, null);
      this.warn({
        code: 'pdf.page-import-failed',
        message: `an imported PDF page was left out: ${ref}`,
        source: src.id,
      });
      return undefined;
    }
    const n = `Pg${importedPages.size + 1}`;
    this.resourceRefs.set(n, ref);
    importedPages.set(src.id, n);
    return n;
  }

  extGState(fill: number, stroke: number): string {
    const gstates = this.gstates;
    const key = `${fill.toFixed(3)}/${stroke.toFixed(3)}`;
    let g = gstates.get(key);
    if (!g) {
      g = {
        name: `GS${gstates.size + 1}`,
        ref: this.file.add(
          dict({
            Type: name('ExtGState'),
            ca: Number(fill.toFixed(3)),
            CA: Number(stroke.toFixed(3)),
          }),
        ),
      };
      gstates.set(key, g);
      this.resourceRefs.set(g.name, g.ref);
    }
    return g.name;
  }

  shading(g: Gradient, pageHeight: number): string {
    return this.shadingOf(g, pageHeight, 'color');
  }

  private shadingOf(g: Gradient, pageHeight: number, channel: ShadingChannel): string {
    const shadings = this.shadings;
    const key = JSON.stringify([g, pageHeight, channel]);
    let s = shadings.get(key);
    if (!s) {
      s = {
        name: `Sh${shadings.size + 1}`,
        ref: this.file.add(shadingDict(g, pageHeight, channel)),
      };
      shadings.set(key, s);
      this.resourceRefs.set(s.name, s.ref);
    }
    return s.name;
  }

  gradientMask(
    g: Gradient,
    pageHeight: number,
    bbox: readonly number[],
    setup: string,
    alpha: number,
  ): string {
    const key = JSON.stringify(['mask', g, pageHeight, bbox, alpha]);
    let state = this.gstates.get(key);
    if (state) return state.name;
    const sh = this.shadingOf(g, pageHeight, 'alpha');
    const group = this.file.alloc();
    // The mask's group: the gray shading's levels are the alphas. It is not page content, but
    // marked as an artifact so that no checker takes its drawing for untagged content.
    this.file.putStream(
      group,
      dict({
        Type: name('XObject'),
        Subtype: name('Form'),
        BBox: [...bbox],
        Group: dict({ S: name('Transparency'), CS: name('DeviceGray'), I: true, K: false }),
        Resources: dict({ Shading: dict({ [sh]: this.resourceRefs.get(sh) as PdfRef }) }),
      }),
      Buffer.from(`/Artifact BMC\nq\n${setup}/${sh} sh\nQ\nEMC\n`, 'latin1'),
    );
    state = {
      name: `GS${this.gstates.size + 1}`,
      ref: this.file.add(
        dict({
          Type: name('ExtGState'),
          SMask: dict({ Type: name('Mask'), S: name('Luminosity'), G: group }),
          ca: Number(Math.max(0, Math.min(1, alpha)).toFixed(3)),
          CA: 1,
        }),
      ),
    };
    this.gstates.set(key, state);
    this.resourceRefs.set(state.name, state.ref);
    return state.name;
  }

  compositeState(alpha: number, blend: BlendMode | undefined, mask: PdfRef | undefined): string {
    const a = Number(Math.max(0, Math.min(1, alpha)).toFixed(3));
    // A mask is written for its one group, so its state is not shared.
    const key = mask ? undefined : `composite/${a}/${blend ?? ''}`;
    const known = key === undefined ? undefined : this.gstates.get(key);
    if (known) return known.name;
    const state = {
      name: `GS${this.gstates.size + 1}`,
      ref: this.file.add(
        dict({
          Type: name('ExtGState'),
          ca: a,
          CA: a,
          BM: blend ? name(PDF_BLEND_MODES[blend]) : undefined,
          SMask: mask ? dict({ Type: name('Mask'), S: name('Luminosity'), G: mask }) : undefined,
        }),
      ),
    };
    this.gstates.set(key ?? `mask/${state.name}`, state);
    this.resourceRefs.set(state.name, state.ref);
    return state.name;
  }

  maskGroup(t: StreamTarget, bbox: readonly number[], matrix: Matrix | undefined): PdfRef {
    // The luminosity of the content composited over black (the default backdrop) is the mask.
    return this.file.addStream(
      dict({
        Type: name('XObject'),
        Subtype: name('Form'),
        BBox: [...bbox],
        Matrix: matrix ? [...matrix] : undefined,
        Group: dict({ S: name('Transparency'), CS: name('DeviceRGB'), I: true, K: false }),
        Resources: this.resourcesFor(t),
      }),
      Buffer.from(t.out.join(''), 'latin1'),
    );
  }

  beginForm(): FormSlot {
    const form = { ref: this.file.alloc(), name: `Fm${++this.formCount}`, key: this.nextKey++ };
    this.resourceRefs.set(form.name, form.ref);
    return form;
  }

  endForm(form: FormSlot, t: StreamTarget, bbox: readonly number[]): void {
    if (t.mcids.length > 0) this.streams.push({ key: form.key, count: t.mcids.length });
    this.file.putStream(
      form.ref,
      dict({
        Type: name('XObject'),
        Subtype: name('Form'),
        BBox: [...bbox],
        // An isolated, non-knockout transparency group: the children composite first, then
        // the group's opacity applies to the result.
        Group: dict({ S: name('Transparency'), I: true, K: false }),
        Resources: this.resourcesFor(t),
        StructParents: t.mcids.length > 0 ? form.key : undefined,
      }),
      Buffer.from(t.out.join(''), 'latin1'),
    );
  }

  drawing(d: Drawing): string | undefined {
    const known = this.drawings.get(d);
    if (known !== undefined) return known ?? undefined;
    if (!drawable(d)) {
      this.drawings.set(d, null);
      return undefined;
    }
    const ref = this.file.alloc();
    const n = `Dw${this.drawings.size + 1}`;
    this.drawings.set(d, n);
    this.resourceRefs.set(n, ref);
    const t = drawDrawing(d, this);
    this.file.putStream(
      ref,
      dict({
        Type: name('XObject'),
        Subtype: name('Form'),
        BBox: drawingBBox(d),
        Resources: this.resourcesFor(t),
      }),
      Buffer.from(t.out.join(''), 'latin1'),
    );
    return n;
  }

  slotOwner(slot: number): StructNode | undefined {
    return this.slotOwners.get(slot);
  }

  slot(slot: number): SlotRecord {
    let r = this.slots.get(slot);
    if (!r) {
      r = { leaves: [], texts: [], bounds: new Map() };
      this.slots.set(slot, r);
    }
    return r;
  }
}

/** PDF's names of the standard blend modes (ISO 32000-1 Tables 136 and 137; PDF/A 6.2.10). */
const PDF_BLEND_MODES: Readonly<Record<BlendMode, string>> = {
  normal: 'Normal',
  multiply: 'Multiply',
  screen: 'Screen',
  overlay: 'Overlay',
  darken: 'Darken',
  lighten: 'Lighten',
  'color-dodge': 'ColorDodge',
  'color-burn': 'ColorBurn',
  'hard-light': 'HardLight',
  'soft-light': 'SoftLight',
  difference: 'Difference',
  exclusion: 'Exclusion',
  hue: 'Hue',
  saturation: 'Saturation',
  color: 'Color',
  luminosity: 'Luminosity',
};

function resourceGroup(names: Set<string>, refs: ReadonlyMap<string, PdfRef>): PdfDict | undefined {
  if (names.size === 0) return undefined;
  const d = new PdfDict();
  for (const n of [...names].sort()) d.set(n, refs.get(n) as PdfRef);
  return d;
}

/** One node's content slots claimed for it (the first owner of a slot keeps it). */
function claimSlots(
  n: StructNode,
  _parent: StructNode | undefined,
  cx: { readonly slotOwner: Map<number, StructNode>; readonly warn: (w: Warning) => void },
): void {
  for (const c of n.children) {
    if (c.kind !== 'content') continue;
    if (cx.slotOwner.has(c.slot))
      cx.warn({
        code: 'pdf.duplicate-slot',
        message: `content slot ${c.slot} appears twice in the structure tree; the first owner keeps it`,
        source: `structure node ${n.id}`,
      });
    else cx.slotOwner.set(c.slot, n);
  }
}

/** The text of a node's content, as drawn, for heading titles. */
function nodeText(n: StructNode, slots: ReadonlyMap<number, SlotRecord>): string {
  const st = { s: '', slots };
  walk(n, appendText, st);
  return st.s.replace(/\s+/g, ' ').trim();
}

function appendText(
  m: StructNode,
  _parent: StructNode | undefined,
  st: { s: string; readonly slots: ReadonlyMap<number, SlotRecord> },
): void {
  for (const c of m.children) {
    if (c.kind !== 'content') continue;
    const rec = st.slots.get(c.slot);
    const t = rec ? slotText(rec) : '';
    if (st.s !== '' && t !== '' && !/\s$/.test(st.s) && !/^\s/.test(t)) st.s += ' ';
    st.s += t;
  }
}

/** What outline entries are made with. */
interface OutlinePlaces {
  readonly entries: OutlineEntry[];
  readonly slots: ReadonlyMap<number, SlotRecord>;
  readonly pageRefs: readonly PdfRef[];
  readonly pageHeights: readonly number[];
  readonly elements: ReadonlyMap<number, PdfRef>;
}

function destination(places: OutlinePlaces, page: number, y: number): PdfValue {
  return [
    places.pageRefs[page] as PdfRef,
    name('XYZ'),
    0,
    (places.pageHeights[page] as number) - y,
    null,
  ];
}

function elementOf(places: OutlinePlaces, node: number | undefined): { element?: PdfRef } {
  const element = node === undefined ? undefined : places.elements.get(node);
  return element ? { element } : {};
}

/** A heading's outline entry, when it has text and was drawn. */
function headingEntry(n: StructNode, _parent: StructNode | undefined, places: OutlinePlaces): void {
  const m = /^H([1-6])?$/.exec(n.type);
  if (!m) return;
  const title = nodeText(n, places.slots);
  const first = firstPosition(n, places.slots);
  if (title === '' || !first) return;
  places.entries.push({
    level: m[1] ? Number(m[1]) : 1,
    title,
    open: true,
    dest: destination(places, first.page, first.y),
    ...elementOf(places, n.id),
  });
}

/** The first WARNINGS_PER_CODE warnings of each code, then one line per code saying how many more. */
export function capWarnings(list: readonly Warning[]): Warning[] {
  const seen = new Map<string, number>();
  const out: Warning[] = [];
  for (const w of list) {
    const n = (seen.get(w.code) ?? 0) + 1;
    seen.set(w.code, n);
    if (n <= WARNINGS_PER_CODE) out.push(w);
  }
  for (const [code, n] of seen) {
    if (n > WARNINGS_PER_CODE) {
      out.push({
        code,
        message: `${n - WARNINGS_PER_CODE} more warnings of this kind were left out`,
      });
    }
  }
  return out;
}

function boundedSize(v: number, page: number, what: string, warn: (w: Warning) => void): number {
  // PDF/A implementation limit (ISO 19005-2, 6.1.13): page boundaries between 3 and 14400 units.
  const ok = Number.isFinite(v) ? Math.min(14400, Math.max(3, v)) : 612;
  if (ok !== v)
    warn({
      code: 'pdf.page-size-clamped',
      message: `page ${page + 1} ${what} ${v} was clamped to ${ok}`,
    });
  return ok;
}

function firstPosition(
  n: StructNode,
  slots: ReadonlyMap<number, SlotRecord>,
): { page: number; y: number } | undefined {
  for (const c of n.children) {
    if (c.kind === 'node') {
      const p = firstPosition(c, slots);
      if (p) return p;
    } else {
      const f = slots.get(c.slot)?.first;
      if (f) return f;
    }
  }
  return undefined;
}

/** A top-left, y-down rectangle as a PDF box (bottom-left origin). */
function trimBox(
  r: { readonly x: number; readonly y: number; readonly width: number; readonly height: number },
  pageHeight: number,
): number[] {
  return [r.x, pageHeight - r.y - r.height, r.x + r.width, pageHeight - r.y];
}
