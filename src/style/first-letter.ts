/**
 * ::first-letter (CSS Pseudo-Elements 4 §2.3): the first typographic letter unit of a block
 * container's first formatted line, with the punctuation around it, becomes an element of its
 * own, so it takes the pseudo-element's style (a drop cap floats, grows, takes a colour) while
 * its text stays the element's content, read in place.
 *
 * The first line is looked for the way layout makes it: through inline elements and into the
 * first in-flow block child, past floats, positioned boxes and empty text; an atomic inline, a
 * line break or generated text ends the search with no first letter.
 */
import type { ComputedStyle, StyledElement, StyledNode, StyledText } from './types.js';

const PUNCTUATION = /[\p{Ps}\p{Pe}\p{Pi}\p{Pf}\p{Po}]/u;
const LETTER = /[\p{L}\p{N}\p{S}]/u;
const MARK = /\p{M}/u;
/** Whitespace a line collapses away before its first letter. */
const COLLAPSIBLE = /[ \t\n\r\f]/;

/**
 * Where the first letter of `text` is: [start, end) in UTF-16 units, leading collapsible
 * whitespace excluded; undefined when the text starts with no letter, number or symbol after
 * its punctuation (nothing is a first letter then).
 */
export function firstLetterRange(text: string): readonly [number, number] | undefined {
  const chars = [...text];
  let i = 0;
  let at = 0;
  while (i < chars.length && COLLAPSIBLE.test(chars[i] as string))
    at += (chars[i++] as string).length;
  const start = at;
  while (i < chars.length && PUNCTUATION.test(chars[i] as string))
    at += (chars[i++] as string).length;
  if (i >= chars.length || !LETTER.test(chars[i] as string)) return undefined;
  at += (chars[i++] as string).length;
  while (i < chars.length && MARK.test(chars[i] as string)) at += (chars[i++] as string).length;
  while (i < chars.length && PUNCTUATION.test(chars[i] as string))
    at += (chars[i++] as string).length;
  return [start, at];
}

/** Makes the ::first-letter element holding `letter`, styled from the text's own style. */
export type FirstLetterMaker = (letter: StyledText) => StyledElement;

type Search = readonly StyledNode[] | 'stop' | undefined;

/**
 * The children of a block container with their first letter wrapped by `make`, or undefined
 * when the container's first line has no first letter.
 */
export function withFirstLetter(
  children: readonly StyledNode[],
  make: FirstLetterMaker,
): readonly StyledNode[] | undefined {
  const found = search(children, make);
  return found === 'stop' ? undefined : found;
}

function search(nodes: readonly StyledNode[], make: FirstLetterMaker): Search {
  for (let i = 0; i < nodes.length; i++) {
    const n = nodes[i] as StyledNode;
    const replaced = inNode(n, make);
    if (replaced === undefined) continue;
    if (replaced === 'stop') return 'stop';
    return [...nodes.slice(0, i), ...replaced, ...nodes.slice(i + 1)];
  }
  return undefined;
}

/** The node's replacement when it holds the first letter, 'stop' when it ends the search. */
function inNode(n: StyledNode, make: FirstLetterMaker): Search {
  if (n.kind === 'text') return inText(n, make);
  if (n.kind === 'pseudo') {
    // Generated text would come first on the line; it is not split.
    if (n.pseudo === 'marker') return undefined;
    return n.content.some((c) => c.kind !== 'text' || c.text.trim() !== '') ? 'stop' : undefined;
  }
  const s = n.style;
  if (s.display === 'none' || s.float !== 'none') return undefined;
  if (s.position === 'absolute' || s.position === 'fixed') return undefined;
  if (n.namespace !== 'html' || n.tag === 'br') return 'stop';
  if (s.display === 'inline' || s.display === 'block' || s.display === 'list-item') {
    const inner = search(n.children, make);
    if (inner === undefined || inner === 'stop') return inner;
    return [{ ...n, children: inner }];
  }
  // An atomic inline (replaced element, inline-block, inline table or flex) or another
  // formatting context: the line's first thing is not a letter.
  return 'stop';
}

function inText(t: StyledText, make: FirstLetterMaker): Search {
  if (t.text.trim() === '') return undefined;
  const range = firstLetterRange(t.text);
  if (!range) return 'stop';
  const [start, end] = range;
  const out: StyledNode[] = [];
  if (start > 0) out.push({ ...t, text: t.text.slice(0, start) });
  out.push(make({ ...t, text: t.text.slice(start, end) }));
  if (end < t.text.length) out.push({ ...t, text: t.text.slice(end) });
  return out;
}

/** Block containers that have a first line of their own. */
export function hasFirstLine(style: ComputedStyle): boolean {
  return (
    style.display === 'block' ||
    style.display === 'list-item' ||
    style.display === 'inline-block' ||
    style.display === 'flow-root' ||
    style.display === 'table-cell' ||
    style.display === 'table-caption'
  );
}
