/**
 * The page box: its geometry from the @page cascade (size, margins, border and padding of the
 * page area, bleed), its background (painted over the whole sheet and the bleed, positioned in
 * the page area, as WeasyPrint does), its border, and printer's marks in the bleed area. The
 * margin boxes are laid out by margin-boxes.ts once the page's content is known.
 */
import type { PageStyle } from '../../style/index.js';
import type { LayoutContext } from '../context.js';
import { backgroundLayerItems, borderImageOf, warnOnce } from '../context.js';
import { borderImageItems } from './border-image.js';
import type { DisplayItem, ItemTag, PathOp } from '../../document/index.js';
import { backgroundItem, borderItems, NO_RADII } from './decoration.js';
import { border, borderSides, padding, PX, radii } from '../units.js';

export interface PageGeometry {
  /** The page box (trim size), points. */
  readonly width: number;
  readonly height: number;
  readonly marginTop: number;
  readonly marginRight: number;
  readonly marginBottom: number;
  readonly marginLeft: number;
  /** The page area (inside margins, border and padding of the page box): the body. */
  readonly bodyTop: number;
  readonly bodyHeight: number;
  readonly bodyLeft: number;
  readonly bodyWidth: number;
  /** Bleed around the page box, points. */
  readonly bleed: {
    readonly top: number;
    readonly right: number;
    readonly bottom: number;
    readonly left: number;
  };
  readonly style: PageStyle;
}

/** Page geometry in points. */
export function pageGeometry(style: PageStyle): PageGeometry {
  const width = style.width * PX;
  const height = style.height * PX;
  const m = {
    marginTop: style.marginTop * PX,
    marginRight: style.marginRight * PX,
    marginBottom: style.marginBottom * PX,
    marginLeft: style.marginLeft * PX,
  };
  const boxWidth = Math.max(0, width - m.marginLeft - m.marginRight);
  const b = border(style.context);
  const p = padding(style.context, boxWidth);
  const bodyLeft = m.marginLeft + b.left + p.left;
  const bodyTop = m.marginTop + b.top + p.top;
  return {
    width,
    height,
    ...m,
    bodyLeft,
    bodyTop,
    bodyWidth: Math.max(1, width - bodyLeft - m.marginRight - b.right - p.right),
    bodyHeight: Math.max(10, height - bodyTop - m.marginBottom - b.bottom - p.bottom),
    bleed: {
      top: style.bleed.top * PX,
      right: style.bleed.right * PX,
      bottom: style.bleed.bottom * PX,
      left: style.bleed.left * PX,
    },
    style,
  };
}

/**
 * The page's background and border, under everything else. The colour and images paint the
 * whole sheet including the bleed; images are positioned in the page box's padding box (or
 * the box their background-origin names).
 */
export function pageBackground(g: PageGeometry, ctx: LayoutContext): DisplayItem[] {
  const s = g.style.context;
  const out: DisplayItem[] = [];
  const sheet = {
    x: -g.bleed.left,
    y: -g.bleed.top,
    width: g.width + g.bleed.left + g.bleed.right,
    height: g.height + g.bleed.top + g.bleed.bottom,
  };
  const bg = s.backgroundColor.a > 0 ? s.backgroundColor : g.style.backgroundColor;
  if (bg.a > 0) out.push(backgroundItem(sheet, bg, NO_RADII));
  const box = {
    x: g.marginLeft,
    y: g.marginTop,
    width: Math.max(0, g.width - g.marginLeft - g.marginRight),
    height: Math.max(0, g.height - g.marginTop - g.marginBottom),
  };
  const b = border(s);
  const p = padding(s, box.width);
  for (let i = s.backgroundLayers.length - 1; i >= 0; i--) {
    const layer = s.backgroundLayers[i];
    const inset =
      layer.origin === 'border-box'
        ? { t: 0, r: 0, b: 0, l: 0 }
        : layer.origin === 'content-box'
          ? { t: b.top + p.top, r: b.right + p.right, b: b.bottom + p.bottom, l: b.left + p.left }
          : { t: b.top, r: b.right, b: b.bottom, l: b.left };
    const area = {
      x: box.x + inset.l,
      y: box.y + inset.t,
      width: box.width - inset.l - inset.r,
      height: box.height - inset.t - inset.b,
    };
    out.push(...backgroundLayerItems(layer, area, sheet, NO_RADII, ctx));
  }
  const image = borderImageOf(s, ctx);
  if (image)
    out.push(
      ...borderImageItems(s, image, { box, borders: b }, (code, message) =>
        warnOnce(ctx, code, message),
      ),
    );
  else if (b.top + b.right + b.bottom + b.left > 0)
    out.push(...borderItems(box, borderSides(s), radii(s, box.width, box.height)));
  return out;
}

const MARK: ItemTag = { kind: 'artifact', type: 'Pagination' };

/**
 * Crop marks (lines in the bleed along the trim edges) and cross marks (registration targets
 * centred on each side), drawn in the bleed area as WeasyPrint draws them.
 */
export function printerMarks(g: PageGeometry): DisplayItem[] {
  const { crop, cross } = g.style.marks;
  const bl = g.bleed;
  if ((!crop && !cross) || bl.top + bl.right + bl.bottom + bl.left <= 0) return [];
  const ops: PathOp[] = [];
  const line = (x0: number, y0: number, x1: number, y1: number): void => {
    ops.push({ op: 'moveTo', x: x0, y: y0 }, { op: 'lineTo', x: x1, y: y1 });
  };
  const W = g.width;
  const H = g.height;
  if (crop) {
    // Each corner: two short lines in the bleed, continuing the trim edges outwards.
    line(-bl.left, 0, -bl.left / 2, 0);
    line(0, -bl.top, 0, -bl.top / 2);
    line(W + bl.right / 2, 0, W + bl.right, 0);
    line(W, -bl.top, W, -bl.top / 2);
    line(-bl.left, H, -bl.left / 2, H);
    line(0, H + bl.bottom / 2, 0, H + bl.bottom);
    line(W + bl.right / 2, H, W + bl.right, H);
    line(W, H + bl.bottom / 2, W, H + bl.bottom);
  }
  if (cross) {
    const target = (cx: number, cy: number, r: number): void => {
      line(cx - r, cy, cx + r, cy);
      line(cx, cy - r, cx, cy + r);
      ops.push(...circle(cx, cy, r / 2));
    };
    if (bl.top > 0) target(W / 2, -bl.top / 2, bl.top / 2);
    if (bl.bottom > 0) target(W / 2, H + bl.bottom / 2, bl.bottom / 2);
    if (bl.left > 0) target(-bl.left / 2, H / 2, bl.left / 2);
    if (bl.right > 0) target(W + bl.right / 2, H / 2, bl.right / 2);
  }
  return [
    {
      kind: 'path',
      ops,
      stroke: { paint: { r: 0, g: 0, b: 0, a: 1 }, width: 0.5 },
      tag: MARK,
    },
  ];
}

function circle(cx: number, cy: number, r: number): PathOp[] {
  const k = 0.5523 * r;
  return [
    { op: 'moveTo', x: cx + r, y: cy },
    { op: 'curveTo', x1: cx + r, y1: cy + k, x2: cx + k, y2: cy + r, x: cx, y: cy + r },
    { op: 'curveTo', x1: cx - k, y1: cy + r, x2: cx - r, y2: cy + k, x: cx - r, y: cy },
    { op: 'curveTo', x1: cx - r, y1: cy - k, x2: cx - k, y2: cy - r, x: cx, y: cy - r },
    { op: 'curveTo', x1: cx + k, y1: cy - r, x2: cx + r, y2: cy - k, x: cx + r, y: cy },
    { op: 'close' },
  ];
}
