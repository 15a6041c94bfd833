/**
 * The colour spaces of CSS Color 4: conversions through CIE XYZ (D65), OKLCH gamut mapping to
 * sRGB (the PDF output intent is sRGB), and the interpolation color-mix() uses.
 */

export type ColorSpace =
  | 'srgb'
  | 'srgb-linear'
  | 'display-p3'
  | 'a98-rgb'
  | 'prophoto-rgb'
  | 'rec2020'
  | 'xyz-d50'
  | 'xyz-d65'
  | 'lab'
  | 'lch'
  | 'oklab'
  | 'oklch'
  | 'hsl'
  | 'hwb';

/** A channel value; null is CSS `none` (a missing component). */
export type Channel = number | null;

/** A colour in one space. Coordinates follow CSS: hsl/hwb and lab/lch L in 0–100, hues in degrees. */
export interface SpaceColor {
  readonly space: ColorSpace;
  readonly c: readonly [Channel, Channel, Channel];
  readonly alpha: Channel;
}

type Vec3 = readonly [number, number, number];
type Mat3 = readonly [Vec3, Vec3, Vec3];

const mul = (m: Mat3, v: Vec3): Vec3 => [
  m[0][0] * v[0] + m[0][1] * v[1] + m[0][2] * v[2],
  m[1][0] * v[0] + m[1][1] * v[1] + m[1][2] * v[2],
  m[2][0] * v[0] + m[2][1] * v[1] + m[2][2] * v[2],
];

const D50_TO_D65: Mat3 = [
  [0.955473421488075, -0.02309845494876471, 0.06325924320057072],
  [-0.0283697093338637, 1.0099953980813041, 0.021041441191917323],
  [0.012314014864481998, -0.020507649298898964, 1.330365926242124],
];
const D65_TO_D50: Mat3 = [
  [1.0479297925449969, 0.022946870601609652, -0.05019226628920524],
  [0.02962780877005599, 0.9904344267538799, -0.017073799063418826],
  [-0.009243040646204504, 0.015055191490298152, 0.7518742814281371],
];

/** An RGB space: linear-light primaries to XYZ (D65, or D50 for ProPhoto) and its transfer curve. */
interface RgbSpaceDef {
  readonly toXyz: Mat3;
  readonly d50: boolean;
  readonly toLinear: (v: number) => number;
  readonly fromLinear: (v: number) => number;
}

const signed =
  (f: (a: number) => number) =>
  (v: number): number =>
    v < 0 ? -f(-v) : f(v);

const srgbToLinear = signed((a) => (a <= 0.04045 ? a / 12.92 : ((a + 0.055) / 1.055) ** 2.4));
const srgbFromLinear = signed((a) => (a <= 0.0031308 ? a * 12.92 : 1.055 * a ** (1 / 2.4) - 0.055));

const REC2020_A = 1.09929682680944;
const REC2020_B = 0.018053968510807;

const RGB_SPACE_DEFS: Readonly<Record<string, RgbSpaceDef>> = {
  srgb: {
    toXyz: [
      [0.41239079926595934, 0.357584339383878, 0.1804807884018343],
      [0.21263900587151027, 0.715168678767756, 0.07219231536073371],
      [0.01933081871559182, 0.11919477979462598, 0.9505321522496607],
    ],
    d50: false,
    toLinear: srgbToLinear,
    fromLinear: srgbFromLinear,
  },
  'display-p3': {
    toXyz: [
      [0.4865709486482162, 0.26566769316909306, 0.1982172852343625],
      [0.2289745640697488, 0.6917385218365064, 0.079286914093745],
      [0, 0.04511338185890264, 1.043944368900976],
    ],
    d50: false,
    toLinear: srgbToLinear,
    fromLinear: srgbFromLinear,
  },
  'a98-rgb': {
    toXyz: [
      [0.5766690429101305, 0.1855582379065463, 0.1882286462349947],
      [0.29734497525053605, 0.6273635662554661, 0.07529145849399788],
      [0.02703136138641234, 0.07068885253582723, 0.9913375368376388],
    ],
    d50: false,
    toLinear: signed((a) => a ** (563 / 256)),
    fromLinear: signed((a) => a ** (256 / 563)),
  },
  'prophoto-rgb': {
    toXyz: [
      [0.7977604896723027, 0.13518583717574031, 0.0313493495815248],
      [0.2880711282292934, 0.7118432178101014, 0.00008565396060525902],
      [0, 0, 0.8251046025104601],
    ],
    d50: true,
    toLinear: signed((a) => (a <= 16 / 512 ? a / 16 : a ** 1.8)),
    fromLinear: signed((a) => (a >= 1 / 512 ? a ** (1 / 1.8) : 16 * a)),
  },
  rec2020: {
    toXyz: [
      [0.6369580483012914, 0.14461690358620832, 0.1688809751641721],
      [0.2627002120112671, 0.6779980715188708, 0.05930171646986196],
      [0, 0.028072693049087428, 1.060985057710791],
    ],
    d50: false,
    toLinear: signed((a) =>
      a < REC2020_B * 4.5 ? a / 4.5 : ((a + REC2020_A - 1) / REC2020_A) ** (1 / 0.45),
    ),
    fromLinear: signed((a) => (a >= REC2020_B ? REC2020_A * a ** 0.45 - (REC2020_A - 1) : 4.5 * a)),
  },
};

function invert(m: Mat3): Mat3 {
  const [[a, b, c], [d, e, f], [g, h, i]] = m;
  const A = e * i - f * h;
  const B = -(d * i - f * g);
  const C = d * h - e * g;
  const det = a * A + b * B + c * C;
  return [
    [A / det, -(b * i - c * h) / det, (b * f - c * e) / det],
    [B / det, (a * i - c * g) / det, -(a * f - c * d) / det],
    [C / det, -(a * h - b * g) / det, (a * e - b * d) / det],
  ];
}

interface RgbSpace extends RgbSpaceDef {
  readonly fromXyz: Mat3;
}

const RGB_SPACES: Readonly<Record<string, RgbSpace>> = Object.fromEntries(
  Object.entries(RGB_SPACE_DEFS).map(([k, d]) => [k, { ...d, fromXyz: invert(d.toXyz) }]),
);

const D50_WHITE: Vec3 = [0.3457 / 0.3585, 1, (1 - 0.3457 - 0.3585) / 0.3585];
const LAB_K = 24389 / 27;
const LAB_E = 216 / 24389;

function xyzD50ToLab(xyz: Vec3): Vec3 {
  const f = xyz.map((v, i) => {
    const r = v / D50_WHITE[i];
    return r > LAB_E ? Math.cbrt(r) : (LAB_K * r + 16) / 116;
  });
  return [116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])];
}

function labToXyzD50(lab: Vec3): Vec3 {
  const f1 = (lab[0] + 16) / 116;
  const f0 = lab[1] / 500 + f1;
  const f2 = f1 - lab[2] / 200;
  const x = f0 ** 3 > LAB_E ? f0 ** 3 : (116 * f0 - 16) / LAB_K;
  const y = lab[0] > LAB_K * LAB_E ? f1 ** 3 : lab[0] / LAB_K;
  const z = f2 ** 3 > LAB_E ? f2 ** 3 : (116 * f2 - 16) / LAB_K;
  return [x * D50_WHITE[0], y * D50_WHITE[1], z * D50_WHITE[2]];
}

const XYZ_TO_LMS: Mat3 = [
  [0.819022437996703, 0.3619062600528904, -0.1288737815209879],
  [0.0329836539323885, 0.9292868615863434, 0.0361446663506424],
  [0.0481771893596242, 0.2642395317527308, 0.6335478284694309],
];
const LMS_TO_OKLAB: Mat3 = [
  [0.210454268309314, 0.7936177747023054, -0.0040720430116193],
  [1.9779985324311684, -2.42859224204858, 0.450593709617411],
  [0.0259040424655478, 0.7827717124575296, -0.8086757549230774],
];
const OKLAB_TO_LMS: Mat3 = [
  [1, 0.3963377773761749, 0.2158037573099136],
  [1, -0.1055613458156586, -0.0638541728258133],
  [1, -0.0894841775298119, -1.2914855480194092],
];
const LMS_TO_XYZ: Mat3 = [
  [1.2268798758459243, -0.5578149944602171, 0.2813910456659647],
  [-0.0405757452148008, 1.112286803280317, -0.0717110580655164],
  [-0.0763729366746601, -0.4214933324022432, 1.5869240198367816],
];

const xyzToOklab = (xyz: Vec3): Vec3 =>
  mul(LMS_TO_OKLAB, mul(XYZ_TO_LMS, xyz).map(Math.cbrt) as unknown as Vec3);
const oklabToXyz = (lab: Vec3): Vec3 =>
  mul(LMS_TO_XYZ, mul(OKLAB_TO_LMS, lab).map((v) => v ** 3) as unknown as Vec3);

function toPolar(v: Vec3): Vec3 {
  const h = (Math.atan2(v[2], v[1]) * 180) / Math.PI;
  return [v[0], Math.hypot(v[1], v[2]), h < 0 ? h + 360 : h];
}
function fromPolar(v: Vec3): Vec3 {
  const r = (v[2] * Math.PI) / 180;
  return [v[0], v[1] * Math.cos(r), v[1] * Math.sin(r)];
}

/** sRGB (0–1) from hue (degrees), saturation and lightness (0–1). */
function hslToSrgb(h: number, s: number, l: number): Vec3 {
  const hh = (((h % 360) + 360) % 360) / 30;
  const f = (n: number): number => {
    const k = (n + hh) % 12;
    const a = s * Math.min(l, 1 - l);
    return l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return [f(0), f(8), f(4)];
}

function srgbToHsl(rgb: Vec3): Vec3 {
  const [r, g, b] = rgb;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  let h = 0;
  let s = 0;
  if (d !== 0) {
    s = l === 0 || l === 1 ? 0 : (max - l) / Math.min(l, 1 - l);
    if (max === r) h = (g - b) / d + (g < b ? 6 : 0);
    else if (max === g) h = (b - r) / d + 2;
    else h = (r - g) / d + 4;
    h *= 60;
  }
  // Negative saturation (out-of-gamut input) flips the hue, as CSS Color 4's sample code does.
  if (s < 0) {
    h += 180;
    s = -s;
  }
  return [h % 360, s * 100, l * 100];
}

function hwbToSrgb(h: number, w: number, b: number): Vec3 {
  if (w + b >= 1) {
    const grey = w / (w + b);
    return [grey, grey, grey];
  }
  const k = 1 - w - b;
  return hslToSrgb(h, 1, 0.5).map((v) => v * k + w) as unknown as Vec3;
}

function srgbToHwb(rgb: Vec3): Vec3 {
  const hsl = srgbToHsl(rgb);
  return [hsl[0], Math.min(...rgb) * 100, (1 - Math.max(...rgb)) * 100];
}

const num = (c: readonly Channel[]): Vec3 => [c[0] ?? 0, c[1] ?? 0, c[2] ?? 0];

/** CIE XYZ (D65) of a colour; missing components count as zero. */
export function toXyz(color: SpaceColor): Vec3 {
  const v = num(color.c);
  switch (color.space) {
    case 'xyz-d65':
      return v;
    case 'xyz-d50':
      return mul(D50_TO_D65, v);
    case 'srgb-linear':
      return mul(RGB_SPACES.srgb.toXyz, v);
    case 'lab':
      return mul(D50_TO_D65, labToXyzD50(v));
    case 'lch':
      return mul(D50_TO_D65, labToXyzD50(fromPolar(v)));
    case 'oklab':
      return oklabToXyz(v);
    case 'oklch':
      return oklabToXyz(fromPolar(v));
    case 'hsl':
      return toXyz({ space: 'srgb', c: hslToSrgb(v[0], v[1] / 100, v[2] / 100), alpha: 1 });
    case 'hwb':
      return toXyz({ space: 'srgb', c: hwbToSrgb(v[0], v[1] / 100, v[2] / 100), alpha: 1 });
    default: {
      const s = RGB_SPACES[color.space];
      const xyz = mul(s.toXyz, v.map(s.toLinear) as unknown as Vec3);
      return s.d50 ? mul(D50_TO_D65, xyz) : xyz;
    }
  }
}

/** Coordinates of CIE XYZ (D65) in `space`, unclipped. */
export function fromXyz(xyz: Vec3, space: ColorSpace): Vec3 {
  switch (space) {
    case 'xyz-d65':
      return xyz;
    case 'xyz-d50':
      return mul(D65_TO_D50, xyz);
    case 'srgb-linear':
      return mul(RGB_SPACES.srgb.fromXyz, xyz);
    case 'lab':
      return xyzD50ToLab(mul(D65_TO_D50, xyz));
    case 'lch':
      return toPolar(xyzD50ToLab(mul(D65_TO_D50, xyz)));
    case 'oklab':
      return xyzToOklab(xyz);
    case 'oklch':
      return toPolar(xyzToOklab(xyz));
    case 'hsl':
      return srgbToHsl(fromXyz(xyz, 'srgb'));
    case 'hwb':
      return srgbToHwb(fromXyz(xyz, 'srgb'));
    default: {
      const s = RGB_SPACES[space];
      return mul(s.fromXyz, s.d50 ? mul(D65_TO_D50, xyz) : xyz).map(
        s.fromLinear,
      ) as unknown as Vec3;
    }
  }
}

/** Index of the hue channel of a polar space, or -1. */
export function hueIndex(space: ColorSpace): number {
  if (space === 'hsl' || space === 'hwb') return 0;
  if (space === 'lch' || space === 'oklch') return 2;
  return -1;
}

/** Hue is powerless (CSS Color 4 §4.4) for achromatic colours: it becomes a missing component. */
function withPowerlessHue(space: ColorSpace, v: Vec3): readonly [Channel, Channel, Channel] {
  const achromatic =
    ((space === 'lch' || space === 'oklch') &&
      Math.abs(v[1]) < (space === 'lch' ? 0.0015 : 4e-6)) ||
    (space === 'hsl' && (Math.abs(v[1]) < 1e-9 || v[2] <= 0 || v[2] >= 100)) ||
    (space === 'hwb' && v[1] + v[2] >= 100 - 1e-9);
  return achromatic ? (hueIndex(space) === 0 ? [null, v[1], v[2]] : [v[0], v[1], null]) : v;
}

/** The colour converted to `space` (same colour, unclipped). */
export function convert(color: SpaceColor, space: ColorSpace): SpaceColor {
  if (color.space === space) return color;
  return { space, c: withPowerlessHue(space, fromXyz(toXyz(color), space)), alpha: color.alpha };
}

const inUnit = (v: number): boolean => v >= -1e-6 && v <= 1 + 1e-6;

function deltaEOk(a: Vec3, b: Vec3): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}

/**
 * sRGB coordinates (0–1) of a colour, gamut mapped as CSS Color 4 §13 asks: reduce OKLCH chroma
 * (binary search) until clipping the result is no longer perceptibly different.
 */
export function toSrgbGamut(color: SpaceColor): Vec3 {
  const xyz = toXyz(color);
  const rgb = fromXyz(xyz, 'srgb');
  if (rgb.every(inUnit)) return rgb.map(clamp01) as unknown as Vec3;
  const [l, c, h] = toPolar(xyzToOklab(xyz));
  if (l >= 1) return [1, 1, 1];
  if (l <= 0) return [0, 0, 0];
  const clip = (v: Vec3): Vec3 => v.map(clamp01) as unknown as Vec3;
  const srgbOf = (chroma: number): Vec3 => fromXyz(oklabToXyz(fromPolar([l, chroma, h])), 'srgb');
  const oklabOfSrgb = (v: Vec3): Vec3 => xyzToOklab(toXyz({ space: 'srgb', c: v, alpha: 1 }));
  const JND = 0.02;
  const EPS = 0.0001;
  let current = srgbOf(c);
  let clipped = clip(current);
  if (deltaEOk(oklabOfSrgb(clipped), fromPolar([l, c, h])) < JND) return clipped;
  let min = 0;
  let max = c;
  let minInGamut = true;
  while (max - min > EPS) {
    const chroma = (min + max) / 2;
    current = srgbOf(chroma);
    if (minInGamut && current.every(inUnit)) {
      min = chroma;
      continue;
    }
    clipped = clip(current);
    const e = deltaEOk(oklabOfSrgb(clipped), fromPolar([l, chroma, h]));
    if (e < JND) {
      if (JND - e < EPS) return clipped;
      minInGamut = false;
      min = chroma;
    } else max = chroma;
  }
  return clipped;
}

function clamp01(v: number): number {
  return v < 0 ? 0 : v > 1 ? 1 : Number.isFinite(v) ? v : 0;
}

/** How hues are interpolated (CSS Color 4 §12.4). */
export type HueMethod = 'shorter' | 'longer' | 'increasing' | 'decreasing';

function fixHues(a: number, b: number, method: HueMethod): [number, number] {
  a = ((a % 360) + 360) % 360;
  b = ((b % 360) + 360) % 360;
  const d = b - a;
  switch (method) {
    case 'shorter':
      if (d > 180) a += 360;
      else if (d < -180) b += 360;
      break;
    case 'longer':
      if (d > 0 && d < 180) a += 360;
      else if (d > -180 && d <= 0) b += 360;
      break;
    case 'increasing':
      if (d < 0) b += 360;
      break;
    case 'decreasing':
      if (d > 0) a += 360;
      break;
  }
  return [a, b];
}

/**
 * Interpolates two colours at `t` (0 = a, 1 = b) in `space` with premultiplied alpha; a missing
 * component takes the other colour's value (CSS Color 4 §12).
 */
export function interpolate(
  a0: SpaceColor,
  b0: SpaceColor,
  t: number,
  space: ColorSpace,
  hue: HueMethod,
): SpaceColor {
  const a = convert(a0, space);
  const b = convert(b0, space);
  const hi = hueIndex(space);
  const pick = (x: Channel, y: Channel): [Channel, Channel] => [x ?? y, y ?? x];
  const [aa, ba] = pick(a.alpha, b.alpha);
  const alphaA = aa ?? 1;
  const alphaB = ba ?? 1;
  const alpha = aa === null && ba === null ? null : alphaA + (alphaB - alphaA) * t;
  const out: Channel[] = [];
  for (let i = 0; i < 3; i++) {
    let [x, y] = pick(a.c[i], b.c[i]);
    if (x === null || y === null) {
      out.push(null);
      continue;
    }
    if (i === hi) {
      [x, y] = fixHues(x, y, hue);
      out.push(x + (y - x) * t);
      continue;
    }
    const px = x * alphaA;
    const py = y * alphaB;
    const v = px + (py - px) * t;
    const al = alpha ?? 1;
    out.push(al === 0 ? v : v / al);
  }
  return { space, c: [out[0], out[1], out[2]], alpha };
}
