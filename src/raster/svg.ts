/**
 * One laid-out page as SVG: glyphs as outline paths from the embedded font programs (so no
 * system font is involved and text matches the PDF), paths, images, clips, transforms and
 * opacity. Coordinates stay in points (the viewBox); the caller picks the pixel size.
 */
import * as fontkit from 'fontkit';
import type {
  DisplayItem,
  FontResource,
  GlyphRun,
  GroupItem,
  ImageItem,
  LinearGradient,
  Page,
  Paint,
  PathItem,
  PathOp,
  RgbaColor,
} from '../layout/display-list.js';

/** Parsed font programs by FontResource.id; bounded so a stream of custom fonts cannot grow it. */
const fontCache = new Map<string, fontkit.Font>();
const FONT_CACHE_LIMIT = 64;

function parseFont(resource: FontResource): fontkit.Font {
  const hit = fontCache.get(resource.id);
  if (hit) return hit;
  const parsed = fontkit.create(Buffer.from(resource.program));
  const font =
    'fonts' in parsed
      ? (parsed as fontkit.FontCollection).fonts[resource.collectionIndex ?? 0]
      : (parsed as fontkit.Font);
  if (fontCache.size >= FONT_CACHE_LIMIT) fontCache.delete(fontCache.keys().next().value as string);
  fontCache.set(resource.id, font);
  return font;
}

const num = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(3).replace(/\.?0+$/, ''));

const escapeAttr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

function rgb(c: RgbaColor): string {
  const to = (v: number) => Math.round(Math.min(1, Math.max(0, v)) * 255);
  return `rgb(${to(c.r)},${to(c.g)},${to(c.b)})`;
}

export function pathData(ops: readonly PathOp[]): string {
  const out: string[] = [];
  for (const op of ops) {
    switch (op.op) {
      case 'moveTo':
        out.push(`M${num(op.x)} ${num(op.y)}`);
        break;
      case 'lineTo':
        out.push(`L${num(op.x)} ${num(op.y)}`);
        break;
      case 'curveTo':
        out.push(
          `C${num(op.x1)} ${num(op.y1)} ${num(op.x2)} ${num(op.y2)} ${num(op.x)} ${num(op.y)}`,
        );
        break;
      case 'rect':
        out.push(
          `M${num(op.x)} ${num(op.y)}h${num(op.width)}v${num(op.height)}h${num(-op.width)}Z`,
        );
        break;
      case 'close':
        out.push('Z');
        break;
    }
  }
  return out.join('');
}

/** Accumulates <defs> (glyph outlines, gradients, clip paths) while the body is written. */
class SvgBuilder {
  readonly defs: string[] = [];
  readonly body: string[] = [];
  readonly #glyphIds = new Map<string, string>();
  #next = 0;

  id(prefix: string): string {
    return `${prefix}${this.#next++}`;
  }

  /** A glyph outline in font units (y up), defined once per font and glyph. */
  glyph(resource: FontResource, font: fontkit.Font, gid: number): string | null {
    const key = `${resource.id}:${gid}`;
    const known = this.#glyphIds.get(key);
    if (known !== undefined) return known || null;
    const d = font.getGlyph(gid).path.toSVG();
    if (!d) {
      this.#glyphIds.set(key, '');
      return null;
    }
    const id = this.id('g');
    this.defs.push(`<path id="${id}" d="${d}"/>`);
    this.#glyphIds.set(key, id);
    return id;
  }

  paint(p: Paint): { value: string; opacity: number } {
    if ('kind' in p) return { value: `url(#${this.gradient(p)})`, opacity: 1 };
    return { value: rgb(p), opacity: p.a };
  }

  gradient(g: LinearGradient): string {
    const id = this.id('lg');
    const stops = g.stops
      .map(
        (s) =>
          `<stop offset="${num(s.offset)}" stop-color="${rgb(s.color)}"${s.color.a < 1 ? ` stop-opacity="${num(s.color.a)}"` : ''}/>`,
      )
      .join('');
    this.defs.push(
      `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="${num(g.x0)}" y1="${num(g.y0)}" x2="${num(g.x1)}" y2="${num(g.y1)}">${stops}</linearGradient>`,
    );
    return id;
  }

  clip(ops: readonly PathOp[]): string {
    const id = this.id('c');
    this.defs.push(`<clipPath id="${id}"><path d="${pathData(ops)}"/></clipPath>`);
    return id;
  }
}

function writePath(b: SvgBuilder, item: PathItem, out: string[]): void {
  const attrs: string[] = [`d="${pathData(item.ops)}"`];
  if (item.fill) {
    const f = b.paint(item.fill);
    attrs.push(`fill="${f.value}"`);
    if (f.opacity < 1) attrs.push(`fill-opacity="${num(f.opacity)}"`);
    if (item.fillRule === 'evenodd') attrs.push('fill-rule="evenodd"');
  } else {
    attrs.push('fill="none"');
  }
  if (item.stroke) {
    const s = item.stroke;
    attrs.push(`stroke="${rgb(s.paint)}"`, `stroke-width="${num(s.width)}"`);
    if (s.paint.a < 1) attrs.push(`stroke-opacity="${num(s.paint.a)}"`);
    if (s.dash && s.dash.length > 0) attrs.push(`stroke-dasharray="${s.dash.map(num).join(' ')}"`);
    if (s.cap && s.cap !== 'butt') attrs.push(`stroke-linecap="${s.cap}"`);
    if (s.join && s.join !== 'miter') attrs.push(`stroke-linejoin="${s.join}"`);
  }
  out.push(`<path ${attrs.join(' ')}/>`);
}

function writeGlyphs(b: SvgBuilder, run: GlyphRun, out: string[]): void {
  const font = parseFont(run.font);
  const scale = run.size / font.unitsPerEm;
  const uses: string[] = [];
  let x = run.x;
  for (const g of run.glyphs) {
    const id = b.glyph(run.font, font, g.id);
    if (id) {
      const gx = x + (g.dx ?? 0);
      const gy = run.y + (g.dy ?? 0);
      uses.push(
        `<use href="#${id}" transform="matrix(${num(scale)} 0 0 ${num(-scale)} ${num(gx)} ${num(gy)})"/>`,
      );
    }
    x += g.advance;
  }
  if (uses.length === 0) return;
  const opacity = run.color.a < 1 ? ` fill-opacity="${num(run.color.a)}"` : '';
  out.push(`<g fill="${rgb(run.color)}"${opacity}>${uses.join('')}</g>`);
}

/** Images arrive as data URIs prepared by the caller (raw pixels must be encoded first). */
export type ImageHref = (item: ImageItem) => string;

function writeItems(
  b: SvgBuilder,
  items: readonly DisplayItem[],
  imageHref: ImageHref,
  out: string[],
): void {
  for (const item of items) {
    switch (item.kind) {
      case 'path':
        writePath(b, item, out);
        break;
      case 'glyphs':
        writeGlyphs(b, item, out);
        break;
      case 'image':
        out.push(
          `<image x="${num(item.x)}" y="${num(item.y)}" width="${num(item.width)}" height="${num(item.height)}" preserveAspectRatio="none" href="${escapeAttr(imageHref(item))}"/>`,
        );
        break;
      case 'group':
        writeGroup(b, item, imageHref, out);
        break;
      case 'link':
        break; // interactive only; nothing to draw
    }
  }
}

function writeGroup(b: SvgBuilder, group: GroupItem, imageHref: ImageHref, out: string[]): void {
  const attrs: string[] = [];
  if (group.transform) attrs.push(`transform="matrix(${group.transform.map(num).join(' ')})"`);
  if (group.opacity !== undefined && group.opacity < 1)
    attrs.push(`opacity="${num(group.opacity)}"`);
  // The clip is in the group's own coordinates, so it goes on an inner group after the transform.
  const clip = group.clip ? ` clip-path="url(#${b.clip(group.clip)})"` : '';
  out.push(`<g${attrs.length ? ' ' + attrs.join(' ') : ''}>${clip ? `<g${clip}>` : ''}`);
  writeItems(b, group.items, imageHref, out);
  out.push(clip ? '</g></g>' : '</g>');
}

export interface SvgOptions {
  /** Pixels per point (CSS px are 0.75 pt, so 4/3 at device pixel ratio 1). */
  readonly pixelsPerPoint: number;
  readonly imageHref: ImageHref;
  /** Paint this colour under everything (JPEG needs an opaque background). */
  readonly background?: RgbaColor;
}

export function pageToSvg(
  page: Page,
  opts: SvgOptions,
): { svg: string; width: number; height: number } {
  const width = Math.max(1, Math.round(page.width * opts.pixelsPerPoint));
  const height = Math.max(1, Math.round(page.height * opts.pixelsPerPoint));
  const b = new SvgBuilder();
  const body: string[] = [];
  if (opts.background)
    body.push(
      `<rect width="${num(page.width)}" height="${num(page.height)}" fill="${rgb(opts.background)}"/>`,
    );
  writeItems(b, page.items, opts.imageHref, body);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" height="${height}" viewBox="0 0 ${num(page.width)} ${num(page.height)}">` +
    (b.defs.length ? `<defs>${b.defs.join('')}</defs>` : '') +
    body.join('') +
    '</svg>';
  return { svg, width, height };
}
