/**
 * Values for paged media that the cascade resolves per element (CSS GCPM): named strings
 * (string-set), bookmark labels, and what cross-references read of their target (its counters
 * and its text). Counters and attributes are read when the element starts; content() and
 * target-text() need the element's text, known once its children are built.
 */
import type { DomElement } from '../html/index.js';
import { formatCounter } from './counters.js';
import type { CounterStyleDefs } from './counter-styles.js';
import type { ContentItem, StyledElement, StyledNode, TargetRef, TextPart } from './types.js';

/** A content list with counters and attributes resolved, content() left for the element's end. */
export type PartialContent = readonly (string | { readonly part: TextPart | 'marker' })[];

export interface CounterReader {
  value(name: string): number;
  values(name: string): number[];
}

/** Ids that an attribute of some element points to ('#id'): the possible cross-reference targets. */
export function referencedIds(root: DomElement): Set<string> {
  const out = new Set<string>();
  const stack: DomElement[] = [root];
  while (stack.length > 0) {
    const el = stack.pop()!;
    for (const v of el.attrs.values()) {
      const id = fragmentId(v);
      if (id !== undefined) out.add(id);
    }
    for (let i = el.elementChildren.length - 1; i >= 0; i--) stack.push(el.elementChildren[i]);
  }
  return out;
}

/** The id a same-document URL ('#id') names, or undefined for any other URL. */
export function fragmentId(url: string): string | undefined {
  const t = url.trim();
  if (!t.startsWith('#') || t.length < 2) return undefined;
  try {
    return decodeURIComponent(t.slice(1));
  } catch {
    return t.slice(1);
  }
}

/** The id a cross-reference of `el` points to, or undefined when it names no local element. */
export function targetId(
  target: TargetRef,
  attrs: ReadonlyMap<string, string>,
): string | undefined {
  const url = target.kind === 'attr' ? attrs.get(target.name) : target.url;
  return url === undefined ? undefined : fragmentId(url);
}

/** Resolves what is known when the element starts: strings, counters, attributes. */
export function partialContent(
  items: readonly ContentItem[],
  attrs: ReadonlyMap<string, string>,
  counters: CounterReader,
  defs?: CounterStyleDefs,
): PartialContent {
  const out: (string | { part: TextPart | 'marker' })[] = [];
  for (const it of items) {
    switch (it.kind) {
      case 'string':
        out.push(it.text);
        break;
      case 'attr':
        out.push(attrs.get(it.name) ?? '');
        break;
      case 'counter':
        out.push(formatCounter(counters.value(it.name), it.style, defs));
        break;
      case 'counters':
        out.push(
          counters
            .values(it.name)
            .map((v) => formatCounter(v, it.style, defs))
            .join(it.separator),
        );
        break;
      case 'content':
        out.push({ part: it.part });
        break;
      default:
        // Cross-references and page-based values have no meaning in a named string or a
        // bookmark label here.
        break;
    }
  }
  return out;
}

/** The text of a partially resolved content list, given the element's texts. */
export function finishContent(
  parts: PartialContent,
  texts: { readonly [P in TextPart | 'marker']: string },
): string {
  return parts.map((p) => (typeof p === 'string' ? p : texts[p.part])).join('');
}

const collapse = (s: string): string => s.replace(/[ \t\n\r\f]+/g, ' ');

/**
 * The texts of an element as content() reads them: its own text (white-space: normal, without
 * generated content), its ::before, ::after and ::marker text, and its first letter (with the
 * punctuation around it, as ::first-letter takes it).
 */
export function elementTexts(el: StyledElement): { readonly [P in TextPart | 'marker']: string } {
  let text = '';
  const own = (pseudo: string): string =>
    collapse(
      el.children
        .filter((c) => c.kind === 'pseudo' && c.pseudo === pseudo)
        .flatMap((c) => (c.kind === 'pseudo' ? c.content : []))
        .map((g) => (g.kind === 'text' ? g.text : ''))
        .join(''),
    );
  const stack: StyledNode[] = [...el.children].reverse();
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n.kind === 'text') text += n.text;
    else if (n.kind === 'element')
      for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]);
  }
  // The element's own text loses the spaces at its ends (as at the ends of a line); generated
  // text keeps them, so content(before) content(text) reads as the element does.
  const content = collapse(text).trim();
  return {
    text: content,
    before: own('before'),
    after: own('after'),
    marker: own('marker'),
    'first-letter': firstLetter(content),
  };
}

/** Leading punctuation, the first letter and the punctuation right after it. */
function firstLetter(s: string): string {
  const chars = [...s];
  let i = 0;
  const punct = (c: string | undefined): boolean => c !== undefined && /^\p{P}$/u.test(c);
  while (punct(chars[i])) i++;
  if (i >= chars.length) return chars.join('');
  i++;
  while (punct(chars[i])) i++;
  return chars.slice(0, i).join('');
}
