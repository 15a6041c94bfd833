/**
 * Line clamping (CSS Overflow 4 §5): a block container whose `continue` discards keeps its
 * first `max-lines` lines, counted through its block descendants in the same formatting
 * context; what follows the last of them is neither laid out nor drawn, and the box's height
 * ends with it. The last line takes the block ellipsis.
 *
 * What the clamp hides is still the document's content, and a browser still reads it out (it
 * stays in the accessibility tree). So it goes with the last kept line as actual text: on the
 * ellipsis (read, searched and copied in place of "…"), or on the line's last run when there is
 * no ellipsis. Hidden blocks after the clamp point are read as part of that line's element.
 */
import type { Box, InlineItem } from '../box-tree/boxes.js';
import type { LayoutContext } from '../context.js';
import { warnOnce } from '../context.js';

/** The lines a clamp container has left to give, shared by the boxes laid out inside it. */
export interface LineClamp {
  /** The clamp container. */
  readonly root: Box;
  /** Lines that may still be laid out; 0 once the clamp point is reached. */
  remaining: number;
}

/** A new clamp for `box` when it is a line-clamp container. */
export function lineClampOf(box: Box, ctx: LayoutContext): LineClamp | undefined {
  const s = box.style;
  if (s.continue !== 'discard') return undefined;
  if (s.maxLines === 'none') {
    warnOnce(
      ctx,
      'layout.continue-discard',
      'continue: discard without max-lines is not supported; the content is not cut',
    );
    return undefined;
  }
  return { root: box, remaining: s.maxLines };
}

/** The text the block ellipsis stands for; undefined for `block-ellipsis: none`. */
export function blockEllipsisOf(box: Box): string | undefined {
  const e = box.style.blockEllipsis;
  return e === 'none' ? undefined : e === 'auto' ? '\u2026' : e.string;
}

const SPACES = /\s+/gu;

/** The text of inline items as read (white space collapsed; a leading space kept). */
export function itemsText(items: readonly InlineItem[]): string {
  let out = '';
  for (const it of items) {
    if (it.kind === 'text' && !it.source.hidden && !it.source.leader) out += it.text;
    else if (it.kind === 'atomic') out += ` ${boxText(it.box)} `;
  }
  return out.replace(SPACES, ' ');
}

function children(box: Box): readonly Box[] {
  if (box.kind === 'table') {
    const cells = box.sections.flatMap((s) => s.rows.flatMap((r) => r.cells.map((c) => c.box)));
    return box.caption ? [box.caption, ...cells] : cells;
  }
  return box.kind === 'image' ? [] : box.children;
}

/** All the text of a box and its descendants, blocks apart by a space. */
function boxText(box: Box): string {
  if (box.kind === 'image') return box.alt;
  const own = box.kind === 'block' && box.inline ? itemsText(box.inline) : '';
  return [own, ...children(box).map(boxText)].join(' ').replace(SPACES, ' ').trim();
}

/**
 * The text of what follows `box` in the clamp container, in document order: the blocks after
 * it and after each of its ancestors inside the container.
 */
export function textAfter(root: Box, box: Box): string {
  const out: string[] = [];
  const walk = (b: Box): boolean => {
    if (b === box) return true;
    const kids = children(b);
    for (let i = 0; i < kids.length; i++) {
      if (!walk(kids[i])) continue;
      for (const k of kids.slice(i + 1)) out.push(boxText(k));
      return true;
    }
    return false;
  };
  walk(root);
  return out.join(' ').replace(SPACES, ' ').trim();
}

/**
 * What the clamp hides after a line: the rest of its paragraph (`rest`, which keeps the space
 * the line broke at) and the blocks after it. Empty when nothing is hidden.
 */
export function hiddenAfterLine(rest: string, after: string): string {
  const text = after === '' ? rest : `${rest.trimEnd()} ${after}`;
  return text.trim() === '' ? '' : text.replace(SPACES, ' ').trimEnd();
}
