/**
 * A box's border image as artifact items (CSS Backgrounds 3 §6): the image (a bitmap, an SVG
 * drawn as vectors, or a gradient the size of the border image area) cut in nine slices by
 * border-image-geometry.ts, each tile mapping its slice onto its place, clipped to the slice: a
 * bitmap's tiles draw cuts of one image resource, and an SVG's or a gradient's tiles are uses
 * of one shared drawing, however many tiles there are.
 */
import type {
  ArtifactTag,
  DisplayItem,
  Drawing,
  ImageResource,
  Matrix,
  Paint,
  PathOp,
} from '../../document/index.js';
import type { DecodedImage } from '../../images/index.js';
import type { ComputedStyle, CssGradient } from '../../style/index.js';
import { pt, type Edges } from '../units.js';
import {
  grow,
  imageWidths,
  nineSliceParts,
  outsetWidths,
  overlapSeams,
  sliceOffsets,
  tilesCapped,
  MAX_BORDER_IMAGE_TILES,
  type SliceTile,
} from './border-image-geometry.js';
import { drawGradient, type DrawnGradient } from './css-gradient.js';
import { layoutTag, rectPath, type Rect } from './decoration.js';
import { cropImage, wholePixels, type PixelBox } from './image-crop.js';
import { useOf } from './shared-drawing.js';

/**
 * An SVG image's vectors as a shared drawing over (0, 0)-(width, height), or undefined when
 * they draw nothing.
 */
export type SvgDrawer = (
  image: DecodedImage,
  size: { readonly width: number; readonly height: number },
) => Drawing | undefined;

/** What a border image draws: a decoded image, or a gradient. */
export type BorderImageSource =
  | { readonly kind: 'gradient'; readonly gradient: CssGradient }
  | { readonly kind: 'image'; readonly image: DecodedImage; readonly svg: SvgDrawer };

/**
 * The image a box's border-image-source names, ready to draw; undefined when it has none, or
 * when its image failed or has nothing to draw with (the border styles are drawn then).
 */
export function borderImageSource(
  s: ComputedStyle,
  images: ReadonlyMap<string, DecodedImage | string>,
  svg: SvgDrawer,
): BorderImageSource | undefined {
  const src = s.borderImageSource;
  if (src === 'none') return undefined;
  if (src.kind !== 'url') return { kind: 'gradient', gradient: src };
  const image = images.get(src.url);
  if (!image || typeof image === 'string') return undefined;
  if (!image.vector && !image.resource) return undefined;
  if (!(image.intrinsicWidth > 0 && image.intrinsicHeight > 0)) return undefined;
  return { kind: 'image', image, svg };
}

/** Where a border image goes. */
export interface BorderImagePlace {
  /** The border box, page coordinates; for a piece of a box broken across pages, the whole box. */
  readonly box: Rect;
  /** The border widths, points. */
  readonly borders: Edges;
  /** Where a piece of a broken box is cut: nothing is drawn above `top` or below `bottom`. */
  readonly cut?: { readonly top?: number; readonly bottom?: number };
}

/** The border image of style `s` over `place`. `warn` hears of what could not be drawn. */
export function borderImageItems(
  s: ComputedStyle,
  source: BorderImageSource,
  place: BorderImagePlace,
  warn: (code: string, message: string) => void,
): DisplayItem[] {
  const area = grow(place.box, outsetWidths(s.borderImageOutset, place.borders));
  if (!(area.width > 0 && area.height > 0)) return [];
  const { size, pxScale, natural } = imageSize(source, area);
  if (!(size.width > 0 && size.height > 0)) return [];
  const slices = sliceOffsets(s.borderImageSlice.sides, size, pxScale);
  const widths = imageWidths(s.borderImageWidth, place.borders, area, natural ? slices : undefined);
  const top = place.cut?.top ?? -Infinity;
  const bottom = place.cut?.bottom ?? Infinity;
  const range: Rect = {
    x: area.x,
    y: Math.max(area.y, top),
    width: area.width,
    height: Math.min(area.y + area.height, bottom) - Math.max(area.y, top),
  };
  if (!(range.height > 0)) return [];
  const sliced = nineSliceParts(
    {
      area,
      image: size,
      slices,
      widths,
      repeat: s.borderImageRepeat,
      fill: s.borderImageSlice.fill,
    },
    range,
  );
  const draw = sliceDrawer(source, size, layoutTag(area), warn);
  const parts = draw.opaque ? overlapSeams(sliced) : sliced;
  if (tilesCapped(parts))
    warn(
      'layout.border-image-tiles',
      `a border image of too many tiles is drawn with its first ${MAX_BORDER_IMAGE_TILES}`,
    );
  const out: DisplayItem[] = [];
  for (const p of parts) {
    const tiles: DisplayItem[] = [];
    for (const t of p.tiles) {
      const item = draw.tile(t);
      if (item) tiles.push(item);
    }
    if (tiles.length === 0) continue;
    if (p.overflows) out.push({ kind: 'group', clip: rectPath(p.region), items: tiles });
    else out.push(...tiles);
  }
  if (out.length === 0) return [];
  return place.cut ? [{ kind: 'group', clip: rectPath(range), items: out }] : out;
}

/**
 * The image's size as drawn, in points (§6.1: its natural size; failing that, fitted in the
 * border image area, as a gradient fills it); how many points one of its pixels is, which
 * slice numbers count in; whether it has a natural size (`auto` widths need one).
 */
function imageSize(
  source: BorderImageSource,
  area: Rect,
): { size: { width: number; height: number }; pxScale: number; natural: boolean } {
  if (source.kind === 'gradient')
    return { size: { width: area.width, height: area.height }, pxScale: pt(1), natural: false };
  const dec = source.image;
  const w = pt(dec.intrinsicWidth);
  const h = pt(dec.intrinsicHeight);
  if (!dec.ratioOnly) return { size: { width: w, height: h }, pxScale: pt(1), natural: true };
  const f = Math.min(area.width / w, area.height / h);
  return { size: { width: w * f, height: h * f }, pxScale: pt(1) * f, natural: false };
}

/**
 * Draws one tile (undefined: nothing to draw): the image, in its own space, moved and scaled
 * onto the tile, clipped to the slice; and whether the image is opaque all over. An SVG's or a
 * gradient's tiles are uses of one drawing of the whole image, marked with `tag`.
 */
function sliceDrawer(
  source: BorderImageSource,
  size: { width: number; height: number },
  tag: ArtifactTag,
  warn: (code: string, message: string) => void,
): { readonly tile: (tile: SliceTile) => DisplayItem | undefined; readonly opaque: boolean } {
  const whole: Rect = { x: 0, y: 0, ...size };
  const useOn = (drawing: Drawing) => (tile: SliceTile) =>
    useOf(drawing, sliceMatrix(tile), tag, rectPath(tile.src));
  if (source.kind === 'gradient') {
    const drawn = drawGradient(source.gradient, whole, () =>
      warn(
        'layout.gradient-too-fine',
        'a repeating gradient too fine to draw (its stops would repeat too often) is painted in its average colour',
      ),
    );
    return {
      tile: useOn({ items: gradientSlice(drawn, whole), bounds: [0, 0, size.width, size.height] }),
      opaque:
        drawn.kind === 'paint'
          ? isOpaque(drawn.paint)
          : drawn.opacity >= 1 && drawn.wedges.every((w) => w.color.a >= 1),
    };
  }
  const dec = source.image;
  // An SVG (an opaque one included) may leave parts transparent.
  const drawing = dec.vector ? source.svg(dec, size) : undefined;
  if (drawing) return { tile: useOn(drawing), opaque: false };
  if (dec.vector && !dec.resource) return { tile: () => undefined, opaque: false };
  const cut = dec.vector ? undefined : croppedSlices(dec.resource, size);
  return {
    tile: (tile) =>
      cut?.(tile) ??
      (dec.resource && {
        kind: 'group',
        transform: sliceMatrix(tile),
        clip: rectPath(tile.src),
        items: [{ kind: 'image', image: dec.resource, ...whole, tag: layoutTag(tile.src) }],
      }),
    // A bitmap says whether it is opaque with its alpha plane.
    opaque: !!dec.resource && opaquePixels(dec.resource),
  };
}

const opaqueImages = new WeakMap<ImageResource, boolean>();

/** Whether a bitmap has no pixel that is even partly transparent (looked at once per image). */
function opaquePixels(res: ImageResource): boolean {
  const data = res.data;
  if (data.encoding !== 'raw' || !data.alpha) return true;
  let known = opaqueImages.get(res);
  if (known === undefined) {
    known = data.alpha.every((a) => a === 255);
    opaqueImages.set(res, known);
  }
  return known;
}

function isOpaque(p: Paint): boolean {
  return 'kind' in p ? p.stops.every((s) => s.color.a >= 1) : p.a >= 1;
}

/**
 * The cuts made of each bitmap, by pixel box: every box (and every page) with the same border
 * image draws the same cuts, made once while the decoded image lives.
 */
const cutsOf = new WeakMap<ImageResource, Map<string, ImageResource | undefined>>();

/**
 * Tiles of a bitmap drawn from the slice's own pixels (cut once per slice): a slice on whole
 * pixels is its cut scaled onto the tile; one whose edges fall inside pixels is the cut of the
 * pixels it touches, moved and scaled as the whole image would be and clipped to the slice.
 * Undefined for a JPEG kept as it is, whose tiles are drawn from the whole image.
 */
function croppedSlices(
  res: ImageResource | undefined,
  size: { width: number; height: number },
): ((tile: SliceTile) => DisplayItem | undefined) | undefined {
  if (!res || res.data.encoding !== 'raw') return undefined;
  let cuts = cutsOf.get(res);
  if (!cuts) {
    cuts = new Map();
    cutsOf.set(res, cuts);
  }
  const known = cuts;
  const sx = res.widthPx / size.width;
  const sy = res.heightPx / size.height;
  const cut = (box: PixelBox): ImageResource | undefined => {
    const key = box.join(',');
    if (!known.has(key)) known.set(key, cropImage(res, box));
    return known.get(key);
  };
  return (tile) => {
    const whole = wholePixels(tile.src, sx, sy);
    if (whole) {
      const image = cut(whole);
      return image && { kind: 'image', image, ...tile.dest, tag: layoutTag(tile.dest) };
    }
    const { x, y, width, height } = tile.src;
    const box: PixelBox = [
      Math.max(0, Math.floor(x * sx + 1e-6)),
      Math.max(0, Math.floor(y * sy + 1e-6)),
      Math.min(res.widthPx, Math.ceil((x + width) * sx - 1e-6)),
      Math.min(res.heightPx, Math.ceil((y + height) * sy - 1e-6)),
    ];
    const image = cut(box);
    if (!image) return undefined;
    const at: Rect = {
      x: box[0] / sx,
      y: box[1] / sy,
      width: (box[2] - box[0]) / sx,
      height: (box[3] - box[1]) / sy,
    };
    return {
      kind: 'group',
      transform: sliceMatrix(tile),
      clip: rectPath(tile.src),
      items: [{ kind: 'image', image, ...at, tag: layoutTag(at) }],
    };
  };
}

/** The slice of a drawn gradient: one path over it, or its wedges clipped to it. */
function gradientSlice(drawn: DrawnGradient, src: Rect): DisplayItem[] {
  const tag = layoutTag(src);
  const ops: PathOp[] = rectPath(src);
  if (drawn.kind === 'paint') return [{ kind: 'path', ops, fill: drawn.paint, tag }];
  return [
    {
      kind: 'group',
      clip: ops,
      ...(drawn.opacity < 1 ? { opacity: drawn.opacity } : {}),
      items: drawn.wedges.map((w) => ({ kind: 'path', ops: w.ops, fill: w.color, tag })),
    },
  ];
}

/** The matrix that takes a tile's slice of the image onto the tile. */
export function sliceMatrix(t: SliceTile): Matrix {
  const a = t.dest.width / t.src.width;
  const d = t.dest.height / t.src.height;
  return [a, 0, 0, d, t.dest.x - t.src.x * a, t.dest.y - t.src.y * d];
}
