/**
 * The content box of a grid or multi-column container: its padding and borders, and its
 * height limits in content-box terms (box-sizing applied), shared so both modes read the
 * specified sizes alike.
 */
import type { ComputedStyle } from '../../style/index.js';
import { border, maxSize, padding, size, type Edges } from '../units.js';
import type { LayoutOptions } from './block.js';

export interface ContentBox {
  readonly pad: Edges;
  readonly bord: Edges;
  /** Padding and borders above and below. */
  readonly edgesV: number;
  readonly width: number;
  readonly minHeight?: number;
  readonly maxHeight?: number;
  /** The definite height (forced by the parent, or specified), within min- and max-height. */
  readonly height?: number;
}

/** The content box of a container whose border box is `width` wide. */
export function contentBox(
  s: ComputedStyle,
  width: number,
  opts: Pick<LayoutOptions, 'cbHeight' | 'forcedHeight'>,
): ContentBox {
  const pad = padding(s, width);
  const bord = border(s);
  const edgesV = pad.top + pad.bottom + bord.top + bord.bottom;
  const inner = Math.max(0, width - pad.left - pad.right - bord.left - bord.right);
  const borderBox = s.boxSizing === 'border-box';
  const toContent = (v: number | undefined): number | undefined =>
    v === undefined ? undefined : Math.max(0, borderBox ? v - edgesV : v);
  const minHeight = toContent(size(s.minHeight, opts.cbHeight));
  const maxHeight = toContent(maxSize(s.maxHeight, opts.cbHeight));
  let height =
    opts.forcedHeight !== undefined
      ? Math.max(0, opts.forcedHeight - edgesV)
      : toContent(size(s.height, opts.cbHeight));
  if (height !== undefined && maxHeight !== undefined) height = Math.min(height, maxHeight);
  if (height !== undefined && minHeight !== undefined) height = Math.max(height, minHeight);
  return {
    pad,
    bord,
    edgesV,
    width: inner,
    ...(minHeight !== undefined ? { minHeight } : {}),
    ...(maxHeight !== undefined ? { maxHeight } : {}),
    ...(height !== undefined ? { height } : {}),
  };
}
