/**
 * Compositing and masking: `mix-blend-mode`, `isolation`, `background-blend-mode`
 * (Compositing and Blending 1) and the mask layers of CSS Masking 1 (`mask-image` and its
 * sibling longhands, the `mask` shorthand, and their `-webkit-` names). Mask layers take the
 * values background layers take, so their parts are parsed by the background helpers.
 */
import type { CssNode } from 'css-tree';
import type { BlendMode } from '../../document/index.js';
import type { BackgroundBox, MaskClip, MaskComposite, MaskMode } from '../types.js';
import * as kit from './kit.js';
import * as cssValues from '../values.js';
import {
  REPEAT_KW,
  X_KW,
  Y_KW,
  computeBgSize,
  computeImage,
  computePosition,
  listProp,
  parseBgSize,
  parseImage,
  parsePosition,
  parseRepeat,
  type ImageSpec,
  type PosSpec,
  type RepeatSpec,
  type SizeSpec,
} from './backgrounds.js';

export const longhands: kit.Longhand[] = [];
export const shorthands: kit.Shorthand[] = [];

export const BLEND_MODES: readonly BlendMode[] = [
  'normal',
  'multiply',
  'screen',
  'overlay',
  'darken',
  'lighten',
  'color-dodge',
  'color-burn',
  'hard-light',
  'soft-light',
  'difference',
  'exclusion',
  'hue',
  'saturation',
  'color',
  'luminosity',
];

/** `<geometry-box>`: the SVG boxes stand for the CSS box an HTML element has in their place. */
const GEOMETRY: Readonly<Record<string, BackgroundBox>> = {
  'border-box': 'border-box',
  'padding-box': 'padding-box',
  'content-box': 'content-box',
  'margin-box': 'border-box',
  'fill-box': 'content-box',
  'stroke-box': 'border-box',
  'view-box': 'border-box',
};
const COMPOSITE: readonly MaskComposite[] = ['add', 'subtract', 'intersect', 'exclude'];
/** -webkit-mask-composite's Porter-Duff names for the same operators. */
const WEBKIT_COMPOSITE: Readonly<Record<string, MaskComposite>> = {
  'source-over': 'add',
  'source-in': 'intersect',
  'source-out': 'subtract',
  xor: 'exclude',
};
const MODES: readonly MaskMode[] = ['alpha', 'luminance', 'match-source'];

const blendMode = kit.keywordParser(BLEND_MODES);
const geometryBox = (n: CssNode): BackgroundBox | null =>
  GEOMETRY[cssValues.ident(n) ?? ''] ?? null;
const maskClip = (n: CssNode): MaskClip | null =>
  cssValues.ident(n) === 'no-clip' ? 'no-clip' : geometryBox(n);
const composite = kit.keywordParser(COMPOSITE, WEBKIT_COMPOSITE);
const mode = kit.keywordParser(MODES);

longhands.push(
  kit.keywordProp('mix-blend-mode', 'mixBlendMode', false, 'normal', BLEND_MODES),
  kit.keywordProp('isolation', 'isolation', false, 'auto', ['auto', 'isolate']),
  listProp<BlendMode>(
    'background-blend-mode',
    'backgroundBlendMode',
    ['normal'],
    kit.single(blendMode),
  ),
  listProp<ImageSpec>('mask-image', 'maskImage', ['none'], kit.single(parseImage), computeImage),
  listProp<PosSpec>(
    'mask-position',
    'maskPosition',
    [{ x: 0, y: 0 }],
    parsePosition,
    computePosition,
  ),
  listProp<SizeSpec>(
    'mask-size',
    'maskSize',
    [{ width: 'auto', height: 'auto' }],
    parseBgSize,
    computeBgSize,
  ),
  listProp<RepeatSpec>('mask-repeat', 'maskRepeat', [['repeat', 'repeat']], parseRepeat),
  listProp<BackgroundBox>('mask-origin', 'maskOrigin', ['border-box'], kit.single(geometryBox)),
  listProp<MaskClip>('mask-clip', 'maskClip', ['border-box'], kit.single(maskClip)),
  listProp<MaskComposite>('mask-composite', 'maskComposite', ['add'], kit.single(composite)),
  listProp<MaskMode>('mask-mode', 'maskMode', ['match-source'], kit.single(mode)),
);

const MASK_LONGHANDS = [
  'mask-image',
  'mask-position',
  'mask-size',
  'mask-repeat',
  'mask-origin',
  'mask-clip',
  'mask-composite',
  'mask-mode',
] as const;

/** The `-webkit-` names of the mask properties, which sheets still write for Safari. */
export const MASK_ALIASES: readonly (readonly [string, string])[] = [
  ['-webkit-mask', 'mask'],
  ...MASK_LONGHANDS.map((p) => [`-webkit-${p}`, p] as const),
];

/** Whether a node can start a `<position>`. */
function isPositionPart(n: CssNode | undefined): boolean {
  if (!n) return false;
  const id = cssValues.ident(n);
  if (id !== null) return id in X_KW || id in Y_KW;
  return cssValues.parseLength(n, { pct: true }) !== null;
}

function isSizePart(n: CssNode | undefined): boolean {
  if (!n) return false;
  const id = cssValues.ident(n);
  if (id !== null) return id === 'auto' || id === 'cover' || id === 'contain';
  return cssValues.parseLength(n, { pct: true }) !== null;
}

interface MaskLayerSpec {
  image: ImageSpec;
  position: PosSpec | null;
  size: SizeSpec | null;
  repeat: RepeatSpec | null;
  origin: BackgroundBox | null;
  clip: MaskClip | null;
  composite: MaskComposite | null;
  mode: MaskMode | null;
}

/** One layer of the `mask` shorthand (CSS Masking 1 §7.1), or null when invalid. */
function parseMaskLayer(layer: readonly CssNode[], ctx: kit.ParseCtx): MaskLayerSpec | null {
  const l: MaskLayerSpec = {
    image: 'none',
    position: null,
    size: null,
    repeat: null,
    origin: null,
    clip: null,
    composite: null,
    mode: null,
  };
  let imageSeen = false;
  let i = 0;
  while (i < layer.length) {
    const n = layer[i];
    const id = cssValues.ident(n);
    if (!imageSeen && (n.type === 'Url' || n.type === 'Function' || id === 'none')) {
      const image = parseImage(n, ctx);
      if (!image) return null;
      l.image = image;
      imageSeen = true;
      i++;
    } else if (
      !l.repeat &&
      id !== null &&
      (REPEAT_KW.includes(id as never) || id.startsWith('repeat-'))
    ) {
      const two = REPEAT_KW.includes(cssValues.ident(layer[i + 1]) as never) ? 2 : 1;
      l.repeat = parseRepeat(layer.slice(i, i + two));
      if (!l.repeat) return null;
      i += two;
    } else if (id !== null && (id in GEOMETRY || id === 'no-clip') && l.clip === null) {
      // The first box is the origin, a second the clip; one alone is both.
      if (l.origin === null && id !== 'no-clip') l.origin = GEOMETRY[id];
      else l.clip = maskClip(n);
      i++;
    } else if (!l.composite && composite(n)) {
      l.composite = composite(n);
      i++;
    } else if (!l.mode && mode(n)) {
      l.mode = mode(n);
      i++;
    } else if (!l.position && isPositionPart(n)) {
      let j = i;
      while (j < layer.length && j - i < 4 && isPositionPart(layer[j])) j++;
      l.position = parsePosition(layer.slice(i, j));
      if (!l.position) return null;
      i = j;
      if (cssValues.isSlash(layer[i])) {
        let k = i + 1;
        while (k < layer.length && k - i - 1 < 2 && isSizePart(layer[k])) k++;
        l.size = parseBgSize(layer.slice(i + 1, k));
        if (!l.size) return null;
        i = k;
      }
    } else return null;
  }
  return l;
}

const ZERO_POSITION: PosSpec = {
  x: { edgePct: 0, fromEnd: false, off: null },
  y: { edgePct: 0, fromEnd: false, off: null },
};

shorthands.push({
  name: 'mask',
  longhands: MASK_LONGHANDS,
  expand(nodes, ctx) {
    const layers: MaskLayerSpec[] = [];
    for (const part of cssValues.splitCommas(nodes)) {
      const l = parseMaskLayer(part, ctx);
      if (!l) return null;
      layers.push(l);
    }
    if (layers.length === 0) return null;
    return new Map<string, unknown>([
      ['mask-image', layers.map((l) => l.image)],
      ['mask-position', layers.map((l) => l.position ?? ZERO_POSITION)],
      ['mask-size', layers.map((l) => l.size ?? { w: { kw: 'auto' }, h: { kw: 'auto' } })],
      ['mask-repeat', layers.map((l) => l.repeat ?? ['repeat', 'repeat'])],
      ['mask-origin', layers.map((l) => l.origin ?? 'border-box')],
      ['mask-clip', layers.map((l) => l.clip ?? l.origin ?? 'border-box')],
      ['mask-composite', layers.map((l) => l.composite ?? 'add')],
      ['mask-mode', layers.map((l) => l.mode ?? 'match-source')],
    ]);
  },
});
