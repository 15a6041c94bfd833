/**
 * Layout tests in WeasyPrint's manner: lay out an HTML snippet with some CSS through the real
 * pipeline (parse5, the cascade, layout, pagination), then ask where an element's border box
 * landed by its id attribute.
 *
 *   const r = await layoutSnippet('<div id="a" style="width: 100px">x</div>', '@page { margin: 0 }');
 *   expect(r.box('a')).toEqual([{ page: 0, x: 0, y: 0, width: 100, height: 18.4 }]);
 *
 * Geometry is in CSS px (1px = 0.75pt, as the CSS in the test is written), relative to the
 * page's top-left corner (page margins included), one rect per page the box is on. Recorded:
 * block-level and atomic boxes with an id (blocks, table cells, flex items, images); not inline
 * elements. The ::before and ::after boxes of an element with an id are found as
 * `box('<id>::before')` when they are block-level or atomic. Lines of text are read back from
 * the glyph runs: `lines(page)` gives each baseline's left and right ink edges and its text
 * (transformed groups are not followed).
 */
import type { Warning } from '../../src/diagnostics.js';
import type {
  DisplayItem,
  GlyphRun,
  LaidOutDocument,
  Page,
  StructNode,
} from '../../src/document/index.js';
import { layoutHtml, type LayoutOptions, type PlacedBox } from '../../src/layout/index.js';
import { glyphRuns, testOptions } from './harness.js';

const PT_PER_PX = 0.75;

export interface BoxRect {
  /** 0-based page index. */
  readonly page: number;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** One line of text on a page: glyph runs sharing a baseline, in CSS px. */
export interface TextLine {
  /** Pen start of the leftmost run. */
  readonly x: number;
  /** Pen end of the rightmost run. */
  readonly right: number;
  readonly baseline: number;
  readonly text: string;
}

export interface SnippetLayout {
  /** Border box of the element with this id, per page; throws when there is none. */
  box(id: string): BoxRect[];
  /** Number of pages. */
  readonly pages: number;
  /** The text drawn on page `page` (0-based), glyph runs in drawing order, spaces collapsed. */
  text(page: number): string;
  /** Page size in CSS px. */
  pageSize(page: number): { width: number; height: number };
  /** Lines of text on page `page`, top to bottom (runs within 1px of a baseline join it). */
  lines(page: number): TextLine[];
  /** The page's display items, in painting order. */
  items(page: number): readonly DisplayItem[];
  /** The structure tree the layout made. */
  readonly structure: StructNode;
  /** Text of page furniture (margin boxes: Pagination artifacts) on page `page`. */
  furniture(page: number): string;
  /** Text of the flow (content of the structure tree, no artifacts) on page `page`. */
  flowText(page: number): string;
  /** The whole laid-out document, for what the helpers above do not cover. */
  readonly document: LaidOutDocument;
  /** Warnings of the layout. */
  readonly warnings: readonly Warning[];
}

/** Glyph runs tagged as page furniture (Pagination artifacts). */
export function furnitureRuns(items: readonly DisplayItem[]): GlyphRun[] {
  return glyphRuns(items).filter((r) => r.tag.kind === 'artifact' && r.tag.type === 'Pagination');
}

/** Rounded to 1/100 px so tests compare against CSS numbers, not float noise. */
const px = (pt: number): number => Math.round((pt / PT_PER_PX) * 100) / 100;

function untransformedRuns(items: readonly DisplayItem[]): GlyphRun[] {
  return items.flatMap((i) =>
    i.kind === 'glyphs'
      ? [i]
      : i.kind === 'group' && !i.transform
        ? untransformedRuns(i.items)
        : [],
  );
}

function textLines(items: readonly DisplayItem[]): TextLine[] {
  const rows: { baseline: number; runs: GlyphRun[] }[] = [];
  for (const r of untransformedRuns(items)) {
    const row = rows.find((l) => Math.abs(l.baseline - r.y) < PT_PER_PX);
    if (row) row.runs.push(r);
    else rows.push({ baseline: r.y, runs: [r] });
  }
  rows.sort((a, b) => a.baseline - b.baseline);
  return rows.map((row) => {
    const runs = [...row.runs].sort((a, b) => a.x - b.x);
    const end = (r: GlyphRun): number => r.x + r.glyphs.advances.reduce((w, a) => w + a, 0);
    return {
      x: px(runs[0].x),
      right: px(Math.max(...runs.map(end))),
      baseline: px(row.baseline),
      text: runs
        .map((r) => r.glyphs.texts.join(''))
        .join(' ')
        .replace(/\s+/g, ' ')
        .trim(),
    };
  });
}

function runsText(items: readonly DisplayItem[] | GlyphRun[]): string {
  const runs = items.every((i) => i.kind === 'glyphs') ? (items as GlyphRun[]) : glyphRuns(items);
  return runs
    .map((r) => r.glyphs.texts.join(''))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Lays out `html` (a body fragment, or a whole document when it starts with `<!DOCTYPE` or
 * `<html`) with `css` in a <style> element, in paged mode unless `options` says otherwise.
 */
export async function layoutSnippet(
  html: string,
  css = '',
  options: Partial<LayoutOptions> = {},
): Promise<SnippetLayout> {
  const whole = /^\s*(<!doctype|<html)/i.test(html);
  const source = whole
    ? html
    : `<!DOCTYPE html><html lang="en"><head><title>Layout test</title><style>${css}</style></head><body>${html}</body></html>`;
  const boxes = new Map<string, PlacedBox[]>();
  const { document, warnings } = await layoutHtml(
    { html: source },
    { ...testOptions, ...options, boxes },
  );
  const page = (n: number): Page => {
    const p = document.pages[n];
    if (!p) throw new Error(`page ${n} does not exist; there are ${document.pages.length}`);
    return p;
  };
  return {
    document,
    warnings,
    furniture: (n) => runsText(furnitureRuns(page(n).items)),
    flowText: (n) => runsText(glyphRuns(page(n).items).filter((r) => r.tag.kind === 'content')),
    pages: document.pages.length,
    structure: document.structure,
    box(id) {
      const placed = boxes.get(id);
      if (!placed) throw new Error(`no box with id '${id}' was laid out`);
      return placed.map((b) => ({
        page: b.pageIndex,
        x: px(b.x),
        y: px(b.y),
        width: px(b.width),
        height: px(b.height),
      }));
    },
    text(page) {
      const p = document.pages[page];
      if (!p) throw new Error(`page ${page} does not exist; there are ${document.pages.length}`);
      return runsText(p.items);
    },
    lines(page) {
      const p = document.pages[page];
      if (!p) throw new Error(`page ${page} does not exist; there are ${document.pages.length}`);
      return textLines(p.items);
    },
    items(page) {
      const p = document.pages[page];
      if (!p) throw new Error(`page ${page} does not exist; there are ${document.pages.length}`);
      return p.items;
    },
    pageSize(page) {
      const p = document.pages[page];
      if (!p) throw new Error(`page ${page} does not exist; there are ${document.pages.length}`);
      return { width: px(p.width), height: px(p.height) };
    },
  };
}
