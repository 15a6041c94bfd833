/**
 * mask-image and its longhands (CSS Masking 1 §7). Mask layers are placed, sized, repeated and
 * clipped as background layers are, and drawn by the same code; what the display list keeps is
 * the luminance of the mask's items over black. So a layer read for its alpha (an image's
 * default, mask-mode: alpha) paints white with its alpha, whose luminance is that alpha; a layer
 * read for its luminance paints as it is (luminance times alpha). Layers add up (mask-composite:
 * add) as paint over paint does.
 */
import type {
  DisplayItem,
  Drawing,
  ImageItem,
  ImageResource,
  Paint,
  PathItem,
  RgbaColor,
} from '../../document/index.js';
import type { BackgroundLayer, ComputedStyle } from '../../style/index.js';
import {
  backgroundBoxes,
  backgroundLayerItems,
  warnOnce,
  type BoxGeometry,
  type LayoutContext,
} from '../context.js';
import { border, radii } from '../units.js';

export function hasMask(s: ComputedStyle): boolean {
  return s.maskImage.some((i) => i !== 'none');
}

function pick<T>(list: readonly T[], i: number): T {
  return list[i % list.length] as T;
}

/**
 * The mask of a box (its border box `g`, moved down by `shift` onto the page) as items whose
 * luminance over black is the mask, bottom layer first.
 */
export function maskItems(
  s: ComputedStyle,
  g: BoxGeometry,
  shift: number,
  ctx: LayoutContext,
): DisplayItem[] {
  const full = { x: g.x, y: g.top + shift, width: g.width, height: g.height };
  const b = border(s);
  const boxes = backgroundBoxes(s, full, radii(s, g.width, g.height), b.top, b.bottom);
  if (s.maskComposite.some((c) => c !== 'add'))
    warnOnce(
      ctx,
      'layout.mask-composite',
      'mask-composite: only add is drawn; the mask layers are added together',
    );
  const out: DisplayItem[] = [];
  for (let i = s.maskImage.length - 1; i >= 0; i--) {
    const image = s.maskImage[i];
    // none is a transparent layer: it adds nothing.
    if (image === undefined || image === 'none') continue;
    if (image.kind === 'url' && typeof (ctx.backgrounds.get(image.url) ?? 'missing') === 'string')
      warnOnce(
        ctx,
        'layout.mask-image-failed',
        `mask image ${image.url} could not be loaded; as CSS says, its layer masks out everything it would show`,
      );
    const clipBox = pick(s.maskClip, i);
    const [repeatX, repeatY] = pick(s.maskRepeat, i);
    const layer: BackgroundLayer = {
      image,
      position: pick(s.maskPosition, i),
      size: pick(s.maskSize, i),
      repeatX,
      repeatY,
      origin: pick(s.maskOrigin, i),
      clip: clipBox === 'no-clip' ? 'border-box' : clipBox,
    };
    // no-clip: the layer is not cut to a box; it reaches as far as a box's size beyond it.
    const clip =
      clipBox === 'no-clip'
        ? {
            rect: {
              x: full.x - full.width,
              y: full.y - full.height,
              width: full.width * 3,
              height: full.height * 3,
            },
            radii: undefined,
          }
        : boxes[clipBox];
    const items = backgroundLayerItems(
      layer,
      boxes[layer.origin].rect,
      clip.rect,
      clip.radii ?? NO_RADII,
      ctx,
      clip.rect,
      s.zoom,
    );
    out.push(...(pick(s.maskMode, i) === 'luminance' ? items : items.map(alphaAsLuminance)));
  }
  return out;
}

const NO_RADII = {
  tl: [0, 0],
  tr: [0, 0],
  br: [0, 0],
  bl: [0, 0],
} as const satisfies ReturnType<typeof radii>;

const white = (c: RgbaColor): RgbaColor => ({ r: 1, g: 1, b: 1, a: c.a });

function whitePaint(p: Paint): Paint {
  return 'kind' in p
    ? { ...p, stops: p.stops.map((s) => ({ ...s, color: white(s.color) })) }
    : white(p);
}

/** An item painted white with its own alpha: its luminance over black is its alpha. */
export function alphaAsLuminance(item: DisplayItem): DisplayItem {
  switch (item.kind) {
    case 'path':
      return {
        ...item,
        ...(item.fill ? { fill: whitePaint(item.fill) } : {}),
        ...(item.stroke ? { stroke: { ...item.stroke, paint: white(item.stroke.paint) } } : {}),
      };
    case 'glyphs':
      return {
        ...item,
        color: white(item.color),
        ...(item.stroke ? { stroke: { ...item.stroke, color: white(item.stroke.color) } } : {}),
      };
    case 'image': {
      const image = whiteImage(item.image);
      return image ? { ...item, image } : opaqueArea(item);
    }
    case 'pdf-page':
      return opaqueArea(item);
    case 'group':
      return { ...item, items: item.items.map(alphaAsLuminance) };
    case 'use': {
      // Each shared drawing is made white once, and its uses keep sharing it.
      let drawing = whiteDrawings.get(item.drawing);
      if (!drawing) {
        drawing = { items: item.drawing.items.map(alphaAsLuminance), bounds: item.drawing.bounds };
        whiteDrawings.set(item.drawing, drawing);
      }
      return { ...item, drawing };
    }
    case 'link':
      return item;
  }
}

const whiteDrawings = new WeakMap<Drawing, Drawing>();

/** The area of an image without alpha: opaque all over. */
function opaqueArea(item: Pick<ImageItem, 'x' | 'y' | 'width' | 'height' | 'tag'>): PathItem {
  return {
    kind: 'path',
    ops: [{ op: 'rect', x: item.x, y: item.y, width: item.width, height: item.height }],
    fill: { r: 1, g: 1, b: 1, a: 1 },
    tag: item.tag,
  };
}

/** Made once per image: every page slice of a masked box draws its mask again. */
const whiteImages = new WeakMap<ImageResource, ImageResource>();

/** White pixels with the image's alpha, or undefined when it has none (it is opaque). */
function whiteImage(image: ImageResource): ImageResource | undefined {
  const data = image.data;
  if (data.encoding !== 'raw' || !data.alpha) return undefined;
  const known = whiteImages.get(image);
  if (known) return known;
  const white: ImageResource = {
    id: `${image.id}~mask-alpha`,
    widthPx: image.widthPx,
    heightPx: image.heightPx,
    data: {
      encoding: 'raw',
      components: 1,
      pixels: new Uint8Array(image.widthPx * image.heightPx).fill(255),
      alpha: data.alpha,
    },
  };
  whiteImages.set(image, white);
  return white;
}
