/** CSS colour parsing: named colours, hex, rgb()/rgba(), hsl()/hsla(), hwb(), transparent. */
import type { CssNode } from 'css-tree';
import type { RgbaColor } from './types.js';
import { parseAngle } from './values.js';

/** CSS Color 4 named colours as 0xRRGGBB. */
const NAMED: Readonly<Record<string, number>> = {
  aliceblue: 0xf0f8ff,
  antiquewhite: 0xfaebd7,
  aqua: 0x00ffff,
  aquamarine: 0x7fffd4,
  azure: 0xf0ffff,
  beige: 0xf5f5dc,
  bisque: 0xffe4c4,
  black: 0x000000,
  blanchedalmond: 0xffebcd,
  blue: 0x0000ff,
  blueviolet: 0x8a2be2,
  brown: 0xa52a2a,
  burlywood: 0xdeb887,
  cadetblue: 0x5f9ea0,
  chartreuse: 0x7fff00,
  chocolate: 0xd2691e,
  coral: 0xff7f50,
  cornflowerblue: 0x6495ed,
  cornsilk: 0xfff8dc,
  crimson: 0xdc143c,
  cyan: 0x00ffff,
  darkblue: 0x00008b,
  darkcyan: 0x008b8b,
  darkgoldenrod: 0xb8860b,
  darkgray: 0xa9a9a9,
  darkgreen: 0x006400,
  darkgrey: 0xa9a9a9,
  darkkhaki: 0xbdb76b,
  darkmagenta: 0x8b008b,
  darkolivegreen: 0x556b2f,
  darkorange: 0xff8c00,
  darkorchid: 0x9932cc,
  darkred: 0x8b0000,
  darksalmon: 0xe9967a,
  darkseagreen: 0x8fbc8f,
  darkslateblue: 0x483d8b,
  darkslategray: 0x2f4f4f,
  darkslategrey: 0x2f4f4f,
  darkturquoise: 0x00ced1,
  darkviolet: 0x9400d3,
  deeppink: 0xff1493,
  deepskyblue: 0x00bfff,
  dimgray: 0x696969,
  dimgrey: 0x696969,
  dodgerblue: 0x1e90ff,
  firebrick: 0xb22222,
  floralwhite: 0xfffaf0,
  forestgreen: 0x228b22,
  fuchsia: 0xff00ff,
  gainsboro: 0xdcdcdc,
  ghostwhite: 0xf8f8ff,
  gold: 0xffd700,
  goldenrod: 0xdaa520,
  gray: 0x808080,
  green: 0x008000,
  greenyellow: 0xadff2f,
  grey: 0x808080,
  honeydew: 0xf0fff0,
  hotpink: 0xff69b4,
  indianred: 0xcd5c5c,
  indigo: 0x4b0082,
  ivory: 0xfffff0,
  khaki: 0xf0e68c,
  lavender: 0xe6e6fa,
  lavenderblush: 0xfff0f5,
  lawngreen: 0x7cfc00,
  lemonchiffon: 0xfffacd,
  lightblue: 0xadd8e6,
  lightcoral: 0xf08080,
  lightcyan: 0xe0ffff,
  lightgoldenrodyellow: 0xfafad2,
  lightgray: 0xd3d3d3,
  lightgreen: 0x90ee90,
  lightgrey: 0xd3d3d3,
  lightpink: 0xffb6c1,
  lightsalmon: 0xffa07a,
  lightseagreen: 0x20b2aa,
  lightskyblue: 0x87cefa,
  lightslategray: 0x778899,
  lightslategrey: 0x778899,
  lightsteelblue: 0xb0c4de,
  lightyellow: 0xffffe0,
  lime: 0x00ff00,
  limegreen: 0x32cd32,
  linen: 0xfaf0e6,
  magenta: 0xff00ff,
  maroon: 0x800000,
  mediumaquamarine: 0x66cdaa,
  mediumblue: 0x0000cd,
  mediumorchid: 0xba55d3,
  mediumpurple: 0x9370db,
  mediumseagreen: 0x3cb371,
  mediumslateblue: 0x7b68ee,
  mediumspringgreen: 0x00fa9a,
  mediumturquoise: 0x48d1cc,
  mediumvioletred: 0xc71585,
  midnightblue: 0x191970,
  mintcream: 0xf5fffa,
  mistyrose: 0xffe4e1,
  moccasin: 0xffe4b5,
  navajowhite: 0xffdead,
  navy: 0x000080,
  oldlace: 0xfdf5e6,
  olive: 0x808000,
  olivedrab: 0x6b8e23,
  orange: 0xffa500,
  orangered: 0xff4500,
  orchid: 0xda70d6,
  palegoldenrod: 0xeee8aa,
  palegreen: 0x98fb98,
  paleturquoise: 0xafeeee,
  palevioletred: 0xdb7093,
  papayawhip: 0xffefd5,
  peachpuff: 0xffdab9,
  peru: 0xcd853f,
  pink: 0xffc0cb,
  plum: 0xdda0dd,
  powderblue: 0xb0e0e6,
  purple: 0x800080,
  rebeccapurple: 0x663399,
  red: 0xff0000,
  rosybrown: 0xbc8f8f,
  royalblue: 0x4169e1,
  saddlebrown: 0x8b4513,
  salmon: 0xfa8072,
  sandybrown: 0xf4a460,
  seagreen: 0x2e8b57,
  seashell: 0xfff5ee,
  sienna: 0xa0522d,
  silver: 0xc0c0c0,
  skyblue: 0x87ceeb,
  slateblue: 0x6a5acd,
  slategray: 0x708090,
  slategrey: 0x708090,
  snow: 0xfffafa,
  springgreen: 0x00ff7f,
  steelblue: 0x4682b4,
  tan: 0xd2b48c,
  teal: 0x008080,
  thistle: 0xd8bfd8,
  tomato: 0xff6347,
  turquoise: 0x40e0d0,
  violet: 0xee82ee,
  wheat: 0xf5deb3,
  white: 0xffffff,
  whitesmoke: 0xf5f5f5,
  yellow: 0xffff00,
  yellowgreen: 0x9acd32,
};

export const BLACK: RgbaColor = Object.freeze({ r: 0, g: 0, b: 0, a: 1 });
export const TRANSPARENT: RgbaColor = Object.freeze({ r: 0, g: 0, b: 0, a: 0 });

/** A specified colour: a concrete value or currentcolor (resolved against `color` at compute). */
export type ColorSpec = RgbaColor | 'currentcolor';

const clamp01 = (v: number): number => (v < 0 ? 0 : v > 1 ? 1 : Number.isFinite(v) ? v : 0);

function fromHex(hex: string): RgbaColor | null {
  if (!/^[0-9a-f]+$/i.test(hex)) return null;
  const n = hex.length;
  if (n === 3 || n === 4) {
    const d = [...hex].map((c) => parseInt(c + c, 16) / 255);
    return { r: d[0], g: d[1], b: d[2], a: n === 4 ? d[3] : 1 };
  }
  if (n === 6 || n === 8) {
    const d = [0, 2, 4, 6].slice(0, n / 2).map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
    return { r: d[0], g: d[1], b: d[2], a: n === 8 ? d[3] : 1 };
  }
  return null;
}

/** Arguments of a colour function: numbers/percentages/angles split on commas, spaces and '/'. */
function colorArgs(fn: CssNode): { args: CssNode[]; alpha: CssNode | null } | null {
  if (fn.type !== 'Function') return null;
  const args: CssNode[] = [];
  let alpha: CssNode | null = null;
  let afterSlash = false;
  for (const c of fn.children.toArray()) {
    if (c.type === 'Operator') {
      if (c.value.trim() === '/') afterSlash = true;
      else if (c.value.trim() !== ',') return null;
      continue;
    }
    if (c.type === 'WhiteSpace') continue;
    if (afterSlash) {
      if (alpha) return null;
      alpha = c;
    } else args.push(c);
  }
  if (!alpha && args.length === 4) alpha = args.pop() ?? null;
  return { args, alpha };
}

function channel(n: CssNode, scale: number): number | null {
  if (n.type === 'Number') return clamp01(parseFloat(n.value) / scale);
  if (n.type === 'Percentage') return clamp01(parseFloat(n.value) / 100);
  if (n.type === 'Identifier' && n.name.toLowerCase() === 'none') return 0;
  return null;
}

/** A hue: a plain number is degrees, otherwise any CSS angle. */
function hue(n: CssNode): number | null {
  return n.type === 'Number' ? parseFloat(n.value) : parseAngle(n);
}

function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const hh = (((h % 360) + 360) % 360) / 360;
  const f = (n: number): number => {
    const k = (n + hh * 12) % 12;
    const a = s * Math.min(l, 1 - l);
    return l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return [f(0), f(8), f(4)];
}

/** Parses one colour node; null when it is not a colour we understand. */
export function parseColor(node: CssNode): ColorSpec | null {
  if (node.type === 'Hash') return fromHex(node.value);
  if (node.type === 'Identifier') {
    const name = node.name.toLowerCase();
    if (name === 'currentcolor') return 'currentcolor';
    if (name === 'transparent') return TRANSPARENT;
    const v = NAMED[name];
    if (v === undefined) return null;
    return { r: ((v >> 16) & 255) / 255, g: ((v >> 8) & 255) / 255, b: (v & 255) / 255, a: 1 };
  }
  if (node.type !== 'Function') return null;
  const fn = node.name.toLowerCase();
  const parsed = colorArgs(node);
  if (!parsed || parsed.args.length !== 3) return null;
  const { args, alpha } = parsed;
  let a = 1;
  if (alpha) {
    const av = channel(alpha, 1);
    if (av === null) return null;
    a = av;
  }
  if (fn === 'rgb' || fn === 'rgba') {
    const rgb = args.map((x) => channel(x, 255));
    if (rgb.some((x) => x === null)) return null;
    return { r: rgb[0] as number, g: rgb[1] as number, b: rgb[2] as number, a };
  }
  if (fn === 'hsl' || fn === 'hsla' || fn === 'hwb') {
    const h = hue(args[0]);
    const p = args
      .slice(1)
      .map((x) => (x.type === 'Number' ? clamp01(parseFloat(x.value) / 100) : channel(x, 100)));
    if (h === null || p[0] === null || p[1] === null) return null;
    if (fn === 'hwb') {
      const w = p[0] as number;
      const bl = p[1] as number;
      if (w + bl >= 1) {
        const grey = w / (w + bl);
        return { r: grey, g: grey, b: grey, a };
      }
      const [r, g, b] = hslToRgb(h, 1, 0.5);
      const k = 1 - w - bl;
      return { r: r * k + w, g: g * k + w, b: b * k + w, a };
    }
    const [r, g, b] = hslToRgb(h, p[0] as number, p[1] as number);
    return { r, g, b, a };
  }
  return null;
}
