/**
 * One laid-out page as SVG: glyphs as outline paths from the embedded font programs (so no
 * system font is involved and text matches the PDF), paths, images, clips, transforms and
 * opacity. Coordinates stay in points (the viewBox); the caller picks the pixel size.
 *
 * Every item is drawn the way src/pdf/content.ts writes it, including the writer's choices
 * where SVG would default differently: miter limit 10 (PDF's default, SVG's is 4), glyphs the
 * font lacks left out, a gradient's stop alphas averaged into one constant alpha (the writer has
 * no soft mask for it), negative dash lengths dropped, an empty clip ignored, non-finite
 * numbers written as 0 and colour components clamped to 0..1.
 */
import * as fontkit from 'fontkit';
import { parsedFont } from '../text/index.js';
import type {
  DisplayItem,
  Drawing,
  FontResource,
  GlyphRun,
  GroupItem,
  ImageItem,
  Gradient,
  Matrix,
  Page,
  PathItem,
  PathOp,
  RgbaColor,
  UseItem,
} from '../document/index.js';
import { pathBounds, unionBounds } from '../document/index.js';

/** Parsed font programs by FontResource.id; bounded so a stream of custom fonts cannot grow it. */
const fontCache = new Map<string, fontkit.Font | null>();
const FONT_CACHE_LIMIT = 64;

/** The font for a resource, or null when it cannot be read (the PDF writer leaves such text out). */
function parseFont(resource: FontResource): fontkit.Font | null {
  // The font text/ shaped with: a second parse would hold a second copy of its tables and
  // glyphs in every worker.
  const shaped = parsedFont(resource);
  if (shaped) return shaped;
  const hit = fontCache.get(resource.id);
  if (hit !== undefined) return hit;
  let font: fontkit.Font | null = null;
  try {
    const buf = Buffer.from(
      resource.program.buffer,
      resource.program.byteOffset,
      resource.program.byteLength,
    );
    const parsed = fontkit.create(buf);
    font =
      'fonts' in parsed
        ? ((parsed as fontkit.FontCollection).fonts[resource.collectionIndex ?? 0] ?? null)
        : (parsed as fontkit.Font);
  } catch {
    font = null;
  }
  if (fontCache.size >= FONT_CACHE_LIMIT) fontCache.delete(fontCache.keys().next().value as string);
  fontCache.set(resource.id, font);
  return font;
}

/**
 * Glyph outlines as SVG path data in font units, by font id and glyph id, shared across renders
 * (outlines never change for the same font bytes). Bounded: oldest entries go first.
 */
const outlineCache = new Map<string, string>();
const OUTLINE_CACHE_LIMIT = 20_000;
/** Also bounded by characters: a CJK or decorative outline runs to kilobytes of path data. */
const OUTLINE_CACHE_CHARS = 4 * 1024 * 1024;
let outlineCacheChars = 0;

function outline(resource: FontResource, font: fontkit.Font, gid: number): string {
  const key = `${resource.id}\u0000${gid}`;
  const hit = outlineCache.get(key);
  if (hit !== undefined) return hit;
  let d = '';
  try {
    d = font.getGlyph(gid).path.toSVG();
  } catch {
    d = ''; // a damaged glyph draws nothing rather than failing the page
  }
  while (
    outlineCache.size > 0 &&
    (outlineCache.size >= OUTLINE_CACHE_LIMIT || outlineCacheChars + d.length > OUTLINE_CACHE_CHARS)
  ) {
    const oldest = outlineCache.keys().next().value as string;
    outlineCacheChars -= outlineCache.get(oldest)?.length ?? 0;
    outlineCache.delete(oldest);
  }
  outlineCache.set(key, d);
  outlineCacheChars += d.length;
  return d;
}

/** Numbers as the PDF writer writes them: non-finite as 0, at most 4 decimals. */
export function num(n: number): string {
  if (Number.isInteger(n)) return String(n);
  if (!Number.isFinite(n)) return '0';
  const r = Math.round(Math.max(-1e9, Math.min(1e9, n)) * 10000) / 10000;
  return r === 0 ? '0' : String(r);
}

export function clamp01(v: number): number {
  return Number.isFinite(v) ? Math.max(0, Math.min(1, v)) : 0;
}

const escapeAttr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

function rgb(c: RgbaColor): string {
  const to = (v: number) => Math.round(clamp01(v) * 255);
  return `rgb(${to(c.r)},${to(c.g)},${to(c.b)})`;
}

export function pathData(ops: readonly PathOp[]): string {
  let s = '';
  for (const op of ops) {
    switch (op.op) {
      case 'moveTo':
        s += `M${num(op.x)} ${num(op.y)}`;
        break;
      case 'lineTo':
        s += `L${num(op.x)} ${num(op.y)}`;
        break;
      case 'curveTo':
        s += `C${num(op.x1)} ${num(op.y1)} ${num(op.x2)} ${num(op.y2)} ${num(op.x)} ${num(op.y)}`;
        break;
      case 'rect':
        s += `M${num(op.x)} ${num(op.y)}h${num(op.width)}v${num(op.height)}h${num(-op.width)}Z`;
        break;
      case 'close':
        s += 'Z';
        break;
    }
  }
  return s;
}

/** Accumulates <defs> (glyph outlines, gradients, clip paths) while the body is written. */
class SvgBuilder {
  readonly defs: string[] = [];
  readonly #glyphIds = new Map<string, string>();
  /** Shared drawings defined so far, by the Drawing object ('' when it draws nothing). */
  readonly #drawings = new Map<Drawing, string>();
  #next = 0;

  id(prefix: string): string {
    return `${prefix}${this.#next++}`;
  }

  /** A glyph outline in font units (y up), defined once per page, or null when it has no ink. */
  glyph(resource: FontResource, font: fontkit.Font, gid: number): string | null {
    const key = `${resource.id}\u0000${gid}`;
    const known = this.#glyphIds.get(key);
    if (known !== undefined) return known || null;
    const d = outline(resource, font, gid);
    if (!d) {
      this.#glyphIds.set(key, '');
      return null;
    }
    const id = this.id('g');
    this.defs.push(`<path id="${id}" d="${d}"/>`);
    this.#glyphIds.set(key, id);
    return id;
  }

  /**
   * As the writer's shadings: stops clamped and sorted, none = black, one = solid, ends
   * extended. Stops of one alpha draw with it as the fill's alpha; stops that differ in alpha
   * carry it each (the writer's soft mask).
   */
  gradient(g: Gradient): { id: string; alpha: number } {
    const stops = g.stops
      .map((s) => ({ offset: clamp01(s.offset), color: s.color }))
      .sort((a, b) => a.offset - b.offset);
    if (stops.length === 0) stops.push({ offset: 0, color: { r: 0, g: 0, b: 0, a: 1 } });
    const first = stops[0].color.a;
    const perStop = stops.some((s) => Math.abs(s.color.a - first) > 1e-3);
    const alpha = perStop
      ? 1
      : g.stops.reduce((a, s) => a + s.color.a, 0) / Math.max(1, g.stops.length) || 0;
    const body = stops
      .map(
        (s) =>
          `<stop offset="${num(s.offset)}" stop-color="${rgb(s.color)}"${perStop ? ` stop-opacity="${num(clamp01(s.color.a))}"` : ''}/>`,
      )
      .join('');
    if (g.kind === 'radial-gradient') {
      const id = this.id('rg');
      const t = g.transform ? ` gradientTransform="matrix(${g.transform.map(num).join(' ')})"` : '';
      const focus =
        g.fx !== undefined || g.fy !== undefined
          ? ` fx="${num(g.fx ?? g.cx)}" fy="${num(g.fy ?? g.cy)}"`
          : '';
      const fr = g.focalRadius ? ` fr="${num(g.focalRadius)}"` : '';
      this.defs.push(
        `<radialGradient id="${id}" gradientUnits="userSpaceOnUse" cx="${num(g.cx)}" cy="${num(g.cy)}" r="${num(g.radius)}"${focus}${fr}${t}>${body}</radialGradient>`,
      );
      return { id, alpha: clamp01(alpha) };
    }
    const id = this.id('lg');
    this.defs.push(
      `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="${num(g.x0)}" y1="${num(g.y0)}" x2="${num(g.x1)}" y2="${num(g.y1)}">${body}</linearGradient>`,
    );
    return { id, alpha: clamp01(alpha) };
  }

  /**
   * A shared drawing defined once, as a <g> in <defs> that each use refers to; null when it
   * draws nothing. `write` draws its items; it runs on first use only.
   */
  drawing(d: Drawing, write: (out: string[]) => void): string | null {
    const known = this.#drawings.get(d);
    if (known !== undefined) return known || null;
    this.#drawings.set(d, '');
    const body: string[] = [];
    write(body);
    if (body.length === 0) return null;
    const id = this.id('u');
    this.defs.push(`<g id="${id}">${body.join('')}</g>`);
    this.#drawings.set(d, id);
    return id;
  }

  clip(ops: readonly PathOp[], rule?: 'evenodd'): string {
    const id = this.id('c');
    const attr = rule ? ` clip-rule="${rule}"` : '';
    this.defs.push(`<clipPath id="${id}"><path d="${pathData(ops)}"${attr}/></clipPath>`);
    return id;
  }
}

function writePath(b: SvgBuilder, item: PathItem, out: string[]): void {
  const d = pathData(item.ops);
  if (d === '') return;
  const attrs: string[] = [];
  const fill = item.fill;
  let filled = false;
  if (fill && 'kind' in fill) {
    const g = b.gradient(fill);
    attrs.push(`fill="url(#${g.id})"`);
    if (g.alpha < 0.999) attrs.push(`fill-opacity="${num(g.alpha)}"`);
    filled = true;
  } else if (fill && fill.a > 0) {
    attrs.push(`fill="${rgb(fill)}"`);
    if (fill.a < 0.999) attrs.push(`fill-opacity="${num(clamp01(fill.a))}"`);
    filled = true;
  } else {
    attrs.push('fill="none"');
  }
  if (filled && item.fillRule === 'evenodd') attrs.push('fill-rule="evenodd"');
  const s = item.stroke;
  const stroked = s !== undefined && s.width > 0;
  if (stroked) {
    attrs.push(`stroke="${rgb(s.paint)}"`, `stroke-width="${num(s.width)}"`);
    if (!(s.paint.a >= 0.999)) attrs.push(`stroke-opacity="${num(clamp01(s.paint.a))}"`);
    const dash = (s.dash ?? []).filter((v) => Number.isFinite(v) && v >= 0);
    if (dash.length > 0 && dash.some((v) => v > 0))
      attrs.push(`stroke-dasharray="${dash.map(num).join(' ')}"`);
    if (dash.length > 0 && s.dashOffset && Number.isFinite(s.dashOffset))
      attrs.push(`stroke-dashoffset="${num(s.dashOffset)}"`);
    if (s.cap && s.cap !== 'butt') attrs.push(`stroke-linecap="${s.cap}"`);
    if (s.join && s.join !== 'miter') attrs.push(`stroke-linejoin="${s.join}"`);
    else attrs.push('stroke-miterlimit="10"');
  }
  if (!filled && !stroked) return;
  out.push(`<path d="${d}" ${attrs.join(' ')}/>`);
}

function writeGlyphs(b: SvgBuilder, run: GlyphRun, out: string[]): void {
  if (!(run.size > 0)) return;
  // Invisible text (kept in the PDF for reading) draws nothing.
  if (!(run.color.a > 0) && !(run.stroke && run.stroke.width > 0 && run.stroke.color.a > 0)) return;
  const font = parseFont(run.font);
  if (!font) return;
  const scale = run.size / font.unitsPerEm;
  const a = num(scale);
  const d = num(-scale);
  let uses = '';
  let x = run.x;
  const { ids, advances, offsets } = run.glyphs;
  for (let i = 0; i < ids.length; i++) {
    const gid = ids[i];
    // The writer never shows .notdef or a glyph id the font lacks (PDF/UA-1 7.21.8).
    if (gid > 0 && gid < font.numGlyphs) {
      const id = b.glyph(run.font, font, gid);
      if (id) {
        const gx = x + (offsets ? offsets.dx[i] : 0);
        const gy = run.y + (offsets ? offsets.dy[i] : 0);
        uses += `<use href="#${id}" transform="matrix(${a} 0 0 ${d} ${num(gx)} ${num(gy)})"/>`;
      }
    }
    x += advances[i];
  }
  if (uses === '') return;
  const outline = run.stroke && run.stroke.width > 0 && run.stroke.color.a > 0 ? run.stroke : null;
  const alpha = clamp01(run.color.a);
  const fill =
    alpha > 0 || !outline
      ? `fill="${rgb(run.color)}"${alpha < 0.999 ? ` fill-opacity="${num(alpha)}"` : ''}`
      : 'fill="none"';
  // The stroke is drawn in each glyph's em units, which its transform scales to the run's size.
  const strokeAlpha = outline ? clamp01(outline.color.a) : 1;
  const stroke = outline
    ? ` stroke="${rgb(outline.color)}" stroke-width="${num(outline.width / scale)}" stroke-miterlimit="10"${strokeAlpha < 0.999 ? ` stroke-opacity="${num(strokeAlpha)}"` : ''}`
    : '';
  out.push(`<g ${fill}${stroke}>${uses}</g>`);
}

/**
 * The href of an image (a data URI prepared by the caller), or undefined when the image cannot
 * be drawn: the PDF writer leaves out images it cannot write, and so must the raster.
 */
export type ImageHref = (item: ImageItem) => string | undefined;

/** Page-space rectangle [x0, y0, x1, y1] that limits what is written (items outside are culled). */
export type Window = readonly [number, number, number, number];

interface Ctx {
  readonly b: SvgBuilder;
  readonly imageHref: ImageHref;
  /** Culling window in the current user space, or undefined inside transformed groups. */
  readonly window: Window | undefined;
}

function writeItems(ctx: Ctx, items: readonly DisplayItem[], out: string[]): void {
  for (const item of items) {
    if (ctx.window && item.kind !== 'group' && !overlaps(itemBounds(item), ctx.window)) continue;
    switch (item.kind) {
      case 'path':
        writePath(ctx.b, item, out);
        break;
      case 'glyphs':
        writeGlyphs(ctx.b, item, out);
        break;
      case 'image': {
        const href = ctx.imageHref(item);
        if (href !== undefined)
          out.push(
            `<image x="${num(item.x)}" y="${num(item.y)}" width="${num(item.width)}" height="${num(item.height)}" preserveAspectRatio="none" href="${escapeAttr(href)}"/>`,
          );
        break;
      }
      case 'group':
        writeGroup(ctx, item, out);
        break;
      case 'use':
        writeUse(ctx, item, out);
        break;
      case 'pdf-page':
        break; // imported PDF pages (template backgrounds) are not rasterised yet
      case 'link':
        break; // interactive only; nothing to draw
    }
  }
}

function writeGroup(ctx: Ctx, group: GroupItem, out: string[]): void {
  const clip = group.clip && group.clip.length > 0 ? group.clip : undefined;
  let window = ctx.window;
  if (window) {
    const bounds = groupBounds(group);
    if (bounds && !overlaps(bounds, window)) return;
    // Children of a transformed group live in another space; they are not culled one by one.
    if (group.transform) window = undefined;
  }
  const attrs: string[] = [];
  if (group.transform) attrs.push(`transform="matrix(${group.transform.map(num).join(' ')})"`);
  const opacity = group.opacity === undefined ? 1 : clamp01(group.opacity);
  if (opacity < 0.999) attrs.push(`opacity="${num(opacity)}"`);
  const style: string[] = [];
  if (group.blend && group.blend !== 'normal') style.push(`mix-blend-mode:${group.blend}`);
  if (group.isolate) style.push('isolation:isolate');
  if (style.length > 0) attrs.push(`style="${style.join(';')}"`);
  // The writer sets the transform first and then clips, so the clip path (and the mask) is in
  // the group's own (transformed) space: it goes on an inner group.
  let innerAttrs = clip ? ` clip-path="url(#${ctx.b.clip(clip, group.clipRule)})"` : '';
  if (group.mask) {
    const id = writeMask(ctx, group.mask);
    // As the writer: a mask that paints nothing hides the group.
    if (id === null) return;
    innerAttrs += ` mask="url(#${id})"`;
  }
  const inner: string[] = [];
  writeItems({ ...ctx, window }, group.items, inner);
  if (inner.length === 0) return;
  out.push(
    `<g${attrs.length ? ' ' + attrs.join(' ') : ''}>${innerAttrs ? `<g${innerAttrs}>` : ''}`,
    ...inner,
    innerAttrs ? '</g></g>' : '</g>',
  );
}

/** A luminance mask of `items` (the writer's luminosity soft mask); null when it paints nothing. */
function writeMask(ctx: Ctx, items: readonly DisplayItem[]): string | null {
  const body: string[] = [];
  writeItems({ ...ctx, window: undefined }, items, body);
  if (body.length === 0) return null;
  const id = ctx.b.id('m');
  // The region is the whole plane: the mask's items say where it shows.
  ctx.b.defs.push(
    `<mask id="${id}" mask-type="luminance" maskUnits="userSpaceOnUse" maskContentUnits="userSpaceOnUse" x="-100000" y="-100000" width="200000" height="200000">${body.join('')}</mask>`,
  );
  return id;
}

/** A shared drawing placed: a <use> of its definition, as the PDF writer's `Do` of its form. */
function writeUse(ctx: Ctx, use: UseItem, out: string[]): void {
  const d = use.drawing;
  const [x0, y0, x1, y1] = d.bounds;
  if (!(Number.isFinite(x0 + y0 + x1 + y1) && x1 > x0 && y1 > y0)) return;
  // Links are interactive only and never drawn, so a drawing holding one loses nothing here.
  const id = ctx.b.drawing(d, (body) => writeItems({ ...ctx, window: undefined }, d.items, body));
  if (!id) return;
  const clip = use.clip && use.clip.length > 0 ? use.clip : undefined;
  const ref = `<use href="#${id}"/>`;
  out.push(
    `<g transform="matrix(${use.transform.map(num).join(' ')})">`,
    clip ? `<g clip-path="url(#${ctx.b.clip(clip)})">${ref}</g>` : ref,
    '</g>',
  );
}

export interface SvgOptions {
  /** Pixels per point (CSS px are 0.75 pt, so 4/3 at device pixel ratio 1). */
  readonly pixelsPerPoint: number;
  readonly imageHref: ImageHref;
  /** Paint this colour under everything (JPEG needs an opaque background). */
  readonly background?: RgbaColor;
  /**
   * Draw only device-pixel rows [top, top + rows) of the page: the SVG is that band, and items
   * that cannot reach it are left out (librsvg walks every element for every tile it renders).
   */
  readonly band?: { readonly top: number; readonly rows: number };
}

export function pageSizePx(page: Page, pixelsPerPoint: number): { width: number; height: number } {
  return {
    width: Math.max(1, Math.round(page.width * pixelsPerPoint)),
    height: Math.max(1, Math.round(page.height * pixelsPerPoint)),
  };
}

export function pageToSvg(
  page: Page,
  opts: SvgOptions,
): { svg: string; width: number; height: number } {
  const size = pageSizePx(page, opts.pixelsPerPoint);
  const ppp = opts.pixelsPerPoint;
  // viewBox in points matching the pixel size exactly, so a band's rows are the page's rows.
  const vbW = size.width / ppp;
  const top = opts.band ? opts.band.top : 0;
  const rows = opts.band ? opts.band.rows : size.height;
  const vbY = top / ppp;
  const vbH = rows / ppp;
  const b = new SvgBuilder();
  const body: string[] = [];
  if (opts.background)
    body.push(
      `<rect x="0" y="${num(vbY)}" width="${num(vbW)}" height="${num(vbH)}" fill="${rgb(opts.background)}"/>`,
    );
  const window: Window | undefined = opts.band ? [-Infinity, vbY, Infinity, vbY + vbH] : undefined;
  writeItems({ b, imageHref: opts.imageHref, window }, page.items, body);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${rows}" viewBox="0 ${num(vbY)} ${num(vbW)} ${num(vbH)}">` +
    (b.defs.length ? `<defs>${b.defs.join('')}</defs>` : '') +
    body.join('') +
    '</svg>';
  return { svg, width: size.width, height: rows };
}

type Box = [number, number, number, number];

function overlaps(a: Box | null, w: Window): boolean {
  return a === null || (a[0] <= w[2] && a[2] >= w[0] && a[1] <= w[3] && a[3] >= w[1]);
}

/** Conservative bounds of a drawing item, or null when unknown (never culled). */
function itemBounds(item: Exclude<DisplayItem, GroupItem>): Box | null {
  switch (item.kind) {
    case 'path': {
      const b = pathBounds(item.ops);
      if (!b) return null;
      // Miter joins reach limit × width / 2 = 5 × width out; round/square caps less.
      const m = item.stroke && item.stroke.width > 0 ? item.stroke.width * 5 + 1 : 1;
      return [b[0] - m, b[1] - m, b[2] + m, b[3] + m];
    }
    case 'glyphs': {
      let x = item.x;
      let lo = 0;
      let hi = 0;
      let left = item.x;
      let right = item.x;
      const { advances, offsets } = item.glyphs;
      for (let i = 0; i < advances.length; i++) {
        const dy = offsets ? offsets.dy[i] : 0;
        const gx = x + (offsets ? offsets.dx[i] : 0);
        if (dy < lo) lo = dy;
        if (dy > hi) hi = dy;
        if (gx < left) left = gx;
        if (gx > right) right = gx;
        x += advances[i];
      }
      // Glyphs may reach well outside the em box (stacked marks, swashes): allow two ems.
      const m = Math.abs(item.size) * 2 + 1;
      const box: Box = [
        Math.min(left, x) - m,
        item.y + lo - m,
        Math.max(right, x) + m,
        item.y + hi + m,
      ];
      return Number.isFinite(box[0] + box[1] + box[2] + box[3]) ? box : null;
    }
    case 'image': {
      const box: Box = [
        Math.min(item.x, item.x + item.width) - 1,
        Math.min(item.y, item.y + item.height) - 1,
        Math.max(item.x, item.x + item.width) + 1,
        Math.max(item.y, item.y + item.height) + 1,
      ];
      return Number.isFinite(box[0] + box[1] + box[2] + box[3]) ? box : null;
    }
    case 'pdf-page':
    case 'link':
      return [0, 0, 0, 0]; // nothing drawn for either
    case 'use': {
      const [x0, y0, x1, y1] = item.drawing.bounds;
      return transformBox([x0, y0, x1, y1], item.transform);
    }
  }
}

/** Bounds of a group in its parent's space, or null when unknown. */
function groupBounds(group: GroupItem): Box | null {
  let box: Box | null = null;
  for (const it of group.items) {
    if (it.kind === 'link') continue;
    const b = it.kind === 'group' ? groupBounds(it) : itemBounds(it);
    if (!b) return null;
    box = unionBounds(box, b);
  }
  if (!box) return [0, 0, 0, 0];
  if (group.clip && group.clip.length > 0) {
    const c = pathBounds(group.clip);
    if (c)
      box = [
        Math.max(box[0], c[0]),
        Math.max(box[1], c[1]),
        Math.min(box[2], c[2]),
        Math.min(box[3], c[3]),
      ];
  }
  return group.transform ? transformBox(box, group.transform) : box;
}

function transformBox(b: Box, m: Matrix): Box | null {
  const pts = [
    [b[0], b[1]],
    [b[2], b[1]],
    [b[0], b[3]],
    [b[2], b[3]],
  ].map(([x, y]) => [m[0] * x! + m[2] * y! + m[4], m[1] * x! + m[3] * y! + m[5]] as const);
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  const out: Box = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
  return Number.isFinite(out[0] + out[1] + out[2] + out[3]) ? out : null;
}
