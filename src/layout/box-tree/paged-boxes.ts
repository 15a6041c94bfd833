/**
 * What the box tree carries for paged media: the page marks of an element (named strings it
 * sets, its bookmark) and running elements (position: running(name)), which leave the flow and
 * are laid out again in page margin boxes.
 */
import type { ComputedStyle, StyledElement } from '../../style/index.js';
import type { PageMark } from '../paginate/fragments.js';
import type { Box } from './boxes.js';

/** The name of a running element, or undefined for any other position. */
export function runningName(s: ComputedStyle): string | undefined {
  const m = /^running\((.+)\)$/.exec(s.position);
  return m ? m[1] : undefined;
}

/** Page marks an element makes where it starts. */
export function elementMarks(el: StyledElement): PageMark[] {
  const out: PageMark[] = [];
  for (const s of el.stringSet ?? []) out.push({ kind: 'string', name: s.name, value: s.value });
  return out;
}

/** `box` with `marks` before its own. */
export function withMarks<T extends Box>(box: T, marks: readonly PageMark[]): T {
  if (marks.length === 0) return box;
  return { ...box, marks: [...marks, ...(box.marks ?? [])] };
}
