/**
 * Colours as SVG files write them: CSS named colours, hex with or without alpha, rgb()/rgba()
 * and hsl()/hsla() in both the comma and the space syntax, currentColor and none. Colour
 * functions beyond these (lab(), color(), var()) are outside the vector subset.
 */
import { CSS_NAMED_COLORS, type RgbaColor } from '../document/index.js';
import { NotSimple } from './svg-subset.js';

const NUM = String.raw`[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?`;
const FUNCTION = new RegExp(String.raw`^(rgba?|hsla?)\(\s*(.*?)\s*\)$`, 'i');
const CHANNEL = new RegExp(String.raw`^(${NUM})(%|deg)?$`, 'i');

/** A colour, or null for none. `current` is what currentColor stands for. */
export function parseSvgColor(raw: string, current: RgbaColor): RgbaColor | null {
  const v = raw.trim().toLowerCase();
  if (v === 'none') return null;
  if (v === 'transparent') return { r: 0, g: 0, b: 0, a: 0 };
  if (v === 'currentcolor') return current;
  const named = CSS_NAMED_COLORS[v];
  if (named !== undefined) return fromInt(named, 1);
  if (v.startsWith('#')) return fromHex(v.slice(1));
  const f = FUNCTION.exec(v);
  if (!f) throw new NotSimple();
  const parts = splitArgs(f[2]);
  const alpha = parts.length === 4 ? alphaOf(parts[3]) : 1;
  if (parts.length !== 3 && parts.length !== 4) throw new NotSimple();
  return f[1].startsWith('rgb') ? rgbOf(parts, alpha) : hslOf(parts, alpha);
}

function fromInt(v: number, a: number): RgbaColor {
  return { r: ((v >> 16) & 255) / 255, g: ((v >> 8) & 255) / 255, b: (v & 255) / 255, a };
}

function fromHex(h: string): RgbaColor {
  if (!/^[0-9a-f]+$/.test(h)) throw new NotSimple();
  const x = (s: string): number => parseInt(s, 16);
  if (h.length === 3 || h.length === 4) {
    const c = [...h].map((d) => x(d + d) / 255);
    return { r: c[0], g: c[1], b: c[2], a: c[3] ?? 1 };
  }
  if (h.length === 6 || h.length === 8) {
    const c = [0, 2, 4, 6].map((i) => (i < h.length ? x(h.slice(i, i + 2)) / 255 : 1));
    return { r: c[0], g: c[1], b: c[2], a: c[3] };
  }
  throw new NotSimple();
}

/** Arguments of rgb()/hsl(): commas, or spaces with the alpha after a slash. */
function splitArgs(inner: string): string[] {
  if (inner.includes(',')) return inner.split(',').map((s) => s.trim());
  const [main, alpha, extra] = inner.split('/');
  if (extra !== undefined) throw new NotSimple();
  const parts = main.trim().split(/\s+/);
  return alpha === undefined ? parts : [...parts, alpha.trim()];
}

function channel(raw: string): { value: number; unit: string } {
  const m = CHANNEL.exec(raw);
  if (!m) throw new NotSimple();
  return { value: Number(m[1]), unit: (m[2] ?? '').toLowerCase() };
}

const clamp01 = (v: number): number => Math.min(1, Math.max(0, v));

function alphaOf(raw: string): number {
  const c = channel(raw);
  if (c.unit === 'deg') throw new NotSimple();
  return clamp01(c.unit === '%' ? c.value / 100 : c.value);
}

function rgbOf(parts: readonly string[], a: number): RgbaColor {
  const [r, g, b] = parts.slice(0, 3).map((p) => {
    const c = channel(p);
    if (c.unit === 'deg') throw new NotSimple();
    return clamp01(c.unit === '%' ? c.value / 100 : c.value / 255);
  });
  return { r, g, b, a };
}

function hslOf(parts: readonly string[], a: number): RgbaColor {
  const hue = channel(parts[0]);
  if (hue.unit === '%') throw new NotSimple();
  const sat = channel(parts[1]);
  const light = channel(parts[2]);
  if (sat.unit === 'deg' || light.unit === 'deg') throw new NotSimple();
  const h = (((hue.value % 360) + 360) % 360) / 360;
  const s = clamp01(sat.value / 100);
  const l = clamp01(light.value / 100);
  // CSS Color 4's hsl-to-rgb.
  const k = (n: number): number => (n + h * 12) % 12;
  const f = (n: number): number =>
    l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1));
  return { r: clamp01(f(0)), g: clamp01(f(8)), b: clamp01(f(4)), a };
}
