/**
 * background-clip: text. The box's decoration marks the background layers clipped to text with
 * a group whose clip is empty (a clip path of nothing, which nothing else makes, and which
 * survives the items being moved); when the box is painted with its content, that clip becomes
 * the outlines of the glyphs the box draws (the page's slice of them), so a gradient or an
 * image shows through the letters. The text itself stays real text above it (transparent when
 * the author made it so), found by search and read by assistive technology.
 */
import type { DisplayItem, GroupItem, PathOp } from '../../document/index.js';
import type { ComputedStyle } from '../../style/index.js';
import { moveOps } from './decoration.js';
import { runOutline } from './text-shadow.js';

/** Whether a box paints part of its background through its text. */
export function clipsToText(s: ComputedStyle): boolean {
  return s.backgroundClip === 'text' || s.backgroundLayers.some((l) => l.clip === 'text');
}

/** A group of background items to be clipped to the box's text. */
export function textClipped(items: DisplayItem[]): GroupItem {
  return { kind: 'group', clip: [], items };
}

/**
 * `deco` with its text-clipped groups given the outlines of the glyph runs in `content` as
 * their clip (dropped when the content draws no glyphs). Runs inside transformed groups are
 * left out: their outlines would need the transform applied.
 */
export function resolveTextClips(
  deco: readonly DisplayItem[],
  content: () => readonly DisplayItem[],
): readonly DisplayItem[] {
  if (!deco.some(isTextClipped)) return deco;
  const ops: PathOp[] = [];
  collectOutlines(content(), ops);
  const out: DisplayItem[] = [];
  for (const it of deco) {
    if (!isTextClipped(it)) out.push(it);
    else if (ops.length > 0) out.push({ ...it, clip: ops });
  }
  return out;
}

function isTextClipped(it: DisplayItem): it is GroupItem {
  return it.kind === 'group' && it.clip !== undefined && it.clip.length === 0;
}

function collectOutlines(items: readonly DisplayItem[], into: PathOp[]): void {
  for (const it of items) {
    if (it.kind === 'glyphs') {
      const outline = runOutline(it);
      if (outline) for (const o of moveOps(outline, it.x, it.y)) into.push(o);
    } else if (it.kind === 'group' && !it.transform) collectOutlines(it.items, into);
  }
}
