/**
 * Page furniture of templates: header and footer rows and the page background.
 *
 * Header and footer are laid out first, on their own, at the width of the page's content area;
 * their heights are then reserved in the body's page margins, so the body is paginated once and
 * never overlaps them. Their items are placed on each page as Pagination artifacts (Header /
 * Footer); the background (an image, or a PDF's first page) goes under everything as a
 * Background artifact.
 */
import { InputError } from '../diagnostics.js';
import { createHash } from 'node:crypto';
import type {
  DisplayItem,
  ImageResource,
  ImportedPage,
  ItemTag,
  LaidOutDocument,
  Page,
} from '../document/index.js';
import { decodeImageCached } from '../images/index.js';
import { layoutHtml } from '../layout/index.js';
import type { LayoutOptions } from '../layout/index.js';
import { asArtifact, moveItem } from '../layout/index.js';
import { ResourceError } from '../resources/index.js';
import { DEFAULT_MARGINS_MM, PAGE_NUMBER_LINE_MM } from './defaults.js';
import type { PageConfig, Template } from './types.js';

const PT_PER_MM = 72 / 25.4;
const PX_PER_PT = 4 / 3;
/** Space between the header and the body, millimetres. */
export const FURNITURE_GAP_MM = 4;
/** Least space between a footer and what is around it in the bottom margin, millimetres. */
const FOOTER_CLEARANCE_MM = 2;

const PAGE_SIZES_MM: Record<string, [number, number]> = {
  A3: [297, 420],
  A4: [210, 297],
  A5: [148, 210],
  A6: [105, 148],
  Letter: [215.9, 279.4],
  Legal: [215.9, 355.6],
  Tabloid: [279.4, 431.8],
};

export interface PageBoxMm {
  readonly width: number;
  readonly height: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
  readonly left: number;
}

export function pageBoxMm(page: PageConfig | undefined): PageBoxMm {
  const size = page?.size;
  let [width, height] = PAGE_SIZES_MM.A4;
  if (size && 'width' in size) {
    ({ width, height } = size);
  } else if (size) {
    [width, height] = PAGE_SIZES_MM[size.format ?? 'A4'] ?? PAGE_SIZES_MM.A4;
    if (size.orientation === 'landscape') [width, height] = [height, width];
  }
  const m = page?.margins;
  return {
    width,
    height,
    top: m?.top ?? DEFAULT_MARGINS_MM.top,
    right: m?.right ?? DEFAULT_MARGINS_MM.right,
    bottom: m?.bottom ?? DEFAULT_MARGINS_MM.bottom,
    left: m?.left ?? DEFAULT_MARGINS_MM.left,
  };
}

export interface LaidFurniture {
  readonly items: readonly DisplayItem[];
  /** Height in points. */
  readonly height: number;
}

/** Lays out a header or footer fragment at the content width; its items start at (0, 0). */
export async function layoutFurniture(
  html: string,
  box: PageBoxMm,
  options: LayoutOptions,
): Promise<LaidFurniture> {
  const contentWidthPt = (box.width - box.left - box.right) * PT_PER_MM;
  const laid = await layoutHtml(
    { html },
    {
      ...options,
      mode: 'continuous',
      viewportWidthPx: Math.max(1, Math.round(contentWidthPt * PX_PER_PT)),
    },
  );
  const page = laid.document.pages[0];
  // The canvas of a fragment is transparent: drop page-sized backgrounds, keep what it draws.
  const items = page.items.filter(
    (i) => !(i.kind === 'path' && i.tag.kind === 'artifact' && i.tag.type === 'Background'),
  );
  return { items, height: page.height };
}

/** A page background: an image, or the first page of a PDF drawn as a form XObject. */
export type Background =
  | { readonly kind: 'image'; readonly image: ImageResource }
  | { readonly kind: 'pdf'; readonly page: ImportedPage };

export interface FurniturePlan {
  readonly header?: LaidFurniture & { readonly skipFirstPage: boolean; readonly repeat: boolean };
  /** `bottomMm`: distance from the paper's bottom edge to the footer's bottom (footerPlacement). */
  readonly footer?: LaidFurniture & { readonly repeat: boolean; readonly bottomMm: number };
  readonly background?: Background;
}

/** Loads and decodes the page background; any failure is the caller's error, with its pointer. */
export async function loadBackground(
  template: Template,
  options: LayoutOptions,
): Promise<Background | undefined> {
  const bg = template.config?.page?.background;
  if (!bg) return undefined;
  const pointer = '/template/config/page/background';
  let loaded;
  try {
    loaded = await options.loader.load(bg.src, bg.type === 'pdf' ? 'pdf' : 'image');
  } catch (err) {
    const reason = err instanceof ResourceError ? err.message : String(err);
    throw new InputError(`the page background could not be loaded: ${reason}`, [
      { pointer: `${pointer}/src`, message: `cannot be loaded: ${reason}` },
    ]);
  }
  const isPdf =
    loaded.contentType === 'application/pdf' ||
    Buffer.from(loaded.bytes.subarray(0, 5)).toString('latin1') === '%PDF-';
  if (bg.type === 'pdf' || isPdf) {
    // The gate: the page must keep our output PDF/A-3a + PDF/UA-1 once drawn as an artifact.
    // Loaded here, not at start-up: it brings the validator's parser and rules.
    const { loadPageInspector } = await import('../pdf/index.js');
    const inspectImportablePage = await loadPageInspector();
    const checked = inspectImportablePage(loaded.bytes, 0);
    if ('problem' in checked) {
      throw new InputError(`the PDF page background cannot be used: ${checked.problem}`, [
        { pointer: `${pointer}/src`, message: `cannot be used: ${checked.problem}` },
      ]);
    }
    const id = createHash('sha256').update(loaded.bytes).digest('hex');
    return {
      kind: 'pdf',
      page: {
        id,
        bytes: loaded.bytes,
        pageIndex: 0,
        width: checked.box.width,
        height: checked.box.height,
      },
    };
  }
  try {
    return {
      kind: 'image',
      image: (await decodeImageCached(loaded.bytes, loaded.contentType)).resource,
    };
  } catch (err) {
    throw new InputError(`the page background is not a readable image: ${(err as Error).message}`, [
      { pointer: `${pointer}/src`, message: 'is not a readable image' },
    ]);
  }
}

/** Places header, footer and background on every page they belong to. */
export function applyFurniture(
  doc: LaidOutDocument,
  plan: FurniturePlan,
  box: PageBoxMm,
): LaidOutDocument {
  if (!plan.header && !plan.footer && !plan.background) return doc;
  const left = box.left * PT_PER_MM;
  const top = box.top * PT_PER_MM;
  const pages: Page[] = doc.pages.map((page, index) => {
    const under: DisplayItem[] = [];
    const over: DisplayItem[] = [];
    const bg = plan.background;
    if (bg) {
      const place = {
        x: 0,
        y: 0,
        width: page.width,
        height: page.height,
        tag: {
          kind: 'artifact',
          type: 'Background',
          bbox: [0, 0, page.width, page.height],
        } satisfies ItemTag,
      };
      under.push(
        bg.kind === 'image'
          ? { kind: 'image', image: bg.image, ...place }
          : { kind: 'pdf-page', source: bg.page, ...place },
      );
    }
    const first = index === 0;
    const h = plan.header;
    if (h && (h.repeat ? !(first && h.skipFirstPage) : first)) {
      over.push(
        ...asArtifact(
          h.items.map((i) => moveItem(i, left, top)),
          'Header',
        ),
      );
    }
    const f = plan.footer;
    if (f && (f.repeat || first)) {
      over.push(
        ...asArtifact(
          f.items.map((i) => moveItem(i, left, page.height - f.bottomMm * PT_PER_MM - f.height)),
          'Footer',
        ),
      );
    }
    return { ...page, items: [...under, ...page.items, ...over] };
  });
  return { ...doc, pages };
}

/** Extra page margin (mm) the body must leave for a header of this height (points). */
export function reservedMm(heightPt: number): number {
  return heightPt / PT_PER_MM + FURNITURE_GAP_MM;
}

export interface FooterPlacement {
  /** Extra bottom margin (mm) the body leaves so the footer fits in the bottom margin. */
  readonly reserveMm: number;
  /** Distance from the paper's bottom edge to the footer's bottom, mm. */
  readonly bottomMm: number;
}

/**
 * Where a footer of `heightPt` goes: centred in the bottom margin, or, when page numbers are
 * shown (a line centred in that margin), centred in the part of the margin between the body and
 * the page numbers. A footer that does not fit widens the margin just enough, so it never
 * overlaps the body or the page numbers.
 */
export function footerPlacement(
  marginMm: number,
  heightPt: number,
  pageNumbers: boolean,
): FooterPlacement {
  const height = heightPt / PT_PER_MM;
  const gap = FOOTER_CLEARANCE_MM;
  // Page numbers sit centred in the margin; the footer's band starts above them.
  const needed = pageNumbers ? 2 * (height + 2 * gap) + PAGE_NUMBER_LINE_MM : height + 2 * gap;
  const margin = Math.max(marginMm, needed);
  const bandLow = pageNumbers ? margin / 2 + PAGE_NUMBER_LINE_MM / 2 + gap : gap;
  const bandHigh = margin - gap;
  return {
    reserveMm: margin - marginMm,
    bottomMm: (bandLow + bandHigh) / 2 - height / 2,
  };
}
