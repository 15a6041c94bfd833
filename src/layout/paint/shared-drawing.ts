/**
 * Drawings made once and placed many times (display list `use` items): an SVG image's vectors
 * at one size, shared by every tile of a border image or a repeated background that draws it.
 */
import type { Drawing, Matrix, PathOp, UseItem, ArtifactTag } from '../../document/index.js';
import type { DecodedImage, SvgTextShaper } from '../../images/index.js';
import { svgVectorItems } from '../../images/index.js';
import { layoutTag, type Rect } from './decoration.js';

/** One SVG image's drawings made so far in a render, by the size drawn at (null: empty). */
export type SvgDrawingSizes = Map<string, Drawing | null>;

/**
 * The vectors of `dec` drawn over (0, 0)-(width, height), made once per render and size;
 * undefined when the image has no vectors or they draw nothing.
 */
export function svgDrawing(
  made: Map<DecodedImage, SvgDrawingSizes>,
  dec: DecodedImage,
  size: { readonly width: number; readonly height: number },
  svgText: () => SvgTextShaper,
): Drawing | undefined {
  if (!dec.vector || !(size.width > 0 && size.height > 0)) return undefined;
  let bySize = made.get(dec);
  if (!bySize) {
    bySize = new Map();
    made.set(dec, bySize);
  }
  const key = `${size.width},${size.height}`;
  let d = bySize.get(key);
  if (d === undefined) {
    const whole: Rect = { x: 0, y: 0, width: size.width, height: size.height };
    const intrinsic = dec.userUnits ?? { width: dec.intrinsicWidth, height: dec.intrinsicHeight };
    const items = svgVectorItems(dec.vector, whole, whole, intrinsic, layoutTag(whole), svgText());
    d = items.length > 0 ? { items, bounds: [0, 0, size.width, size.height] } : null;
    bySize.set(key, d);
  }
  return d ?? undefined;
}

/** A use of `drawing` placed by `transform`, clipped to `clip` (in the drawing's space). */
export function useOf(
  drawing: Drawing,
  transform: Matrix,
  tag: ArtifactTag,
  clip?: readonly PathOp[],
): UseItem {
  return clip
    ? { kind: 'use', drawing, transform, clip, tag }
    : { kind: 'use', drawing, transform, tag };
}
