/**
 * An independent check that embedded fonts draw at the right size: pdf.js renders a page of
 * our PDF onto a canvas (@napi-rs/canvas; in Node pdf.js draws glyphs as paths taken from the
 * embedded font program, with the program's own font matrices), and the ink found in the
 * pixels is compared with the glyph's outline box read from the source font with fontkit.
 */
import { createCanvas } from '@napi-rs/canvas';
import * as fontkit from 'fontkit';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** A box in PDF page space (points, y up). */
export interface Box {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

export interface PageRaster {
  readonly width: number;
  readonly height: number;
  /** Pixels per point. */
  readonly scale: number;
  /** Page height in points. */
  readonly pageHeight: number;
  /** Darkness per pixel, 0 (white) to 255 (black). */
  readonly ink: Uint8Array;
  /** The pixels themselves, RGBA row by row, over white. */
  readonly rgba: Uint8ClampedArray;
}

/** Renders one page with pdf.js on a white canvas at `scale` pixels per point. */
export async function renderPage(
  bytes: Uint8Array,
  pageNo: number,
  scale: number,
): Promise<PageRaster> {
  const pdf = await getDocument({
    data: new Uint8Array(bytes),
    verbosity: 0,
    isEvalSupported: false,
    // Glyphs as paths from the embedded program (pdf.js' default in Node, stated here).
    disableFontFace: true,
  }).promise;
  try {
    const page = await pdf.getPage(pageNo);
    const viewport = page.getViewport({ scale });
    const width = Math.ceil(viewport.width);
    const height = Math.ceil(viewport.height);
    const canvas = createCanvas(width, height);
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, width, height);
    await page.render({ canvasContext: ctx, canvas, viewport } as unknown as Parameters<
      typeof page.render
    >[0]).promise;
    const rgba = ctx.getImageData(0, 0, width, height).data;
    const ink = new Uint8Array(width * height);
    for (let i = 0; i < ink.length; i++) {
      const lum =
        (rgba[i * 4] as number) * 0.299 +
        (rgba[i * 4 + 1] as number) * 0.587 +
        (rgba[i * 4 + 2] as number) * 0.114;
      ink[i] = 255 - Math.round(lum);
    }
    return { width, height, scale, pageHeight: viewport.height / scale, ink, rgba };
  } finally {
    await pdf.destroy();
  }
}

/**
 * The box of pixels at least half inked inside `within` (page space), or undefined when there
 * are none. A pixel counts by its centre, so edges are exact to half a pixel.
 */
export function inkBox(r: PageRaster, within: Box): Box | undefined {
  const px0 = Math.max(0, Math.floor(within.x0 * r.scale));
  const px1 = Math.min(r.width, Math.ceil(within.x1 * r.scale));
  const py0 = Math.max(0, Math.floor((r.pageHeight - within.y1) * r.scale));
  const py1 = Math.min(r.height, Math.ceil((r.pageHeight - within.y0) * r.scale));
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (let y = py0; y < py1; y++)
    for (let x = px0; x < px1; x++)
      if ((r.ink[y * r.width + x] as number) >= 128) {
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
      }
  if (minX === Infinity) return undefined;
  return {
    x0: minX / r.scale,
    x1: (maxX + 1) / r.scale,
    y0: r.pageHeight - (maxY + 1) / r.scale,
    y1: r.pageHeight - minY / r.scale,
  };
}

/** Share of the pixels inside `within` that are at least half inked. */
export function inkShare(r: PageRaster, within: Box): number {
  const px0 = Math.max(0, Math.floor(within.x0 * r.scale));
  const px1 = Math.min(r.width, Math.ceil(within.x1 * r.scale));
  const py0 = Math.max(0, Math.floor((r.pageHeight - within.y1) * r.scale));
  const py1 = Math.min(r.height, Math.ceil((r.pageHeight - within.y0) * r.scale));
  let inked = 0;
  for (let y = py0; y < py1; y++)
    for (let x = px0; x < px1; x++) if ((r.ink[y * r.width + x] as number) >= 128) inked++;
  return inked / Math.max(1, (px1 - px0) * (py1 - py0));
}

/**
 * Where the glyph's outline lands in page space when drawn at `size` points with its origin
 * at (x, baseline) (PDF y up): the tight box of the outline from the font itself.
 */
export function outlineBox(
  font: fontkit.Font,
  gid: number,
  size: number,
  x: number,
  baseline: number,
): Box {
  const b = font.getGlyph(gid).path.bbox;
  const s = size / font.unitsPerEm;
  return {
    x0: x + b.minX * s,
    x1: x + b.maxX * s,
    y0: baseline + b.minY * s,
    y1: baseline + b.maxY * s,
  };
}

/** Largest distance between corresponding edges of two boxes. */
export function boxDistance(a: Box, b: Box): number {
  return Math.max(
    Math.abs(a.x0 - b.x0),
    Math.abs(a.x1 - b.x1),
    Math.abs(a.y0 - b.y0),
    Math.abs(a.y1 - b.y1),
  );
}
