/**
 * What the SVG modules share: the signal that a file is outside the vector subset (the caller
 * then rasterises it with librsvg) and lengths in CSS units.
 */
import { CSS_PX_PER_UNIT } from '../document/index.js';

/** Thrown while reading an SVG that the vector subset does not draw faithfully; never escapes. */
export class NotSimple extends Error {}

const LENGTH = /^([+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)([a-z]*|%)$/i;

/**
 * A length in user units (CSS px). A percentage takes `percentOf` as its base and is outside
 * the subset where there is none; font-relative units (em, ex) are outside it everywhere but
 * in text, which resolves them itself.
 */
export function svgLength(raw: string, percentOf?: number): number {
  const m = LENGTH.exec(raw.trim());
  if (!m) throw new NotSimple();
  const value = Number(m[1]);
  const unit = m[2].toLowerCase();
  if (unit === '%') {
    if (percentOf === undefined) throw new NotSimple();
    return (value * percentOf) / 100;
  }
  const factor = unit === '' ? 1 : CSS_PX_PER_UNIT[unit];
  if (factor === undefined) throw new NotSimple();
  return value * factor;
}

/**
 * A root width or height as browsers size an SVG image: CSS px for absolute lengths,
 * undefined for a percentage or anything else (the size then comes from the viewBox).
 */
export function absolutePx(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const m = LENGTH.exec(raw.trim());
  if (!m || m[2] === '%') return undefined;
  const unit = m[2].toLowerCase();
  const factor = unit === '' ? 1 : CSS_PX_PER_UNIT[unit];
  return factor === undefined ? undefined : Number(m[1]) * factor;
}
