/**
 * Outlines (CSS UI 4 §4): a border drawn around the border box, `outline-offset` away from
 * it, taking no room. Rounded corners follow the box's radii grown by the offset and width, as
 * browsers draw them; an edge cut by a page break has no outline, as it has no border.
 */
import type { DisplayItem } from '../../document/index.js';
import type { ComputedStyle } from '../../style/index.js';
import { pt } from '../units.js';
import { borderItems, type Radii, type Rect } from './decoration.js';

export function hasOutline(s: ComputedStyle): boolean {
  return s.outlineStyle !== 'none' && s.outlineWidth > 0 && s.outlineColor.a > 0;
}

/** The outline of a box (slice) whose border box is `box` with radii `rad`. */
export function outlineItems(
  s: ComputedStyle,
  box: Rect,
  rad: Radii,
  cut: { readonly above: boolean; readonly below: boolean },
): DisplayItem[] {
  const w = pt(s.outlineWidth);
  const grow = pt(s.outlineOffset) + w;
  const rect: Rect = {
    x: box.x - grow,
    y: box.y - (cut.above ? 0 : grow),
    width: box.width + 2 * grow,
    height: box.height + (cut.above ? 0 : grow) + (cut.below ? 0 : grow),
  };
  if (!(rect.width > 0 && rect.height > 0)) return [];
  const corner = (r: readonly [number, number]): [number, number] =>
    r[0] > 0 && r[1] > 0 ? [Math.max(0, r[0] + grow), Math.max(0, r[1] + grow)] : [0, 0];
  const radii: Radii = {
    tl: corner(rad.tl),
    tr: corner(rad.tr),
    br: corner(rad.br),
    bl: corner(rad.bl),
  };
  const side = { width: w, style: s.outlineStyle, color: s.outlineColor };
  const none = { width: 0, style: 'none' as const, color: s.outlineColor };
  return borderItems(
    rect,
    { top: cut.above ? none : side, right: side, bottom: cut.below ? none : side, left: side },
    radii,
  );
}
