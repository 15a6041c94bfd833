/**
 * A title for a document that has none. PDF/UA needs a title, not a refusal: the first heading
 * when there is one, else the first block of text, else a fixed default. Templates and HTML use
 * the same rule.
 */
import type { StyledElement, StyledNode } from '../style/index.js';

/** The title of a document that has neither a title, a heading nor any text. */
export const DEFAULT_TITLE = 'Untitled document';

/** Longest fallback title, in characters; a first paragraph is cut at a word boundary. */
const MAX_TITLE_LENGTH = 80;

/** Text as a title: white space collapsed, cut at a word boundary past MAX_TITLE_LENGTH. */
export function titleFromText(text: string): string | undefined {
  const collapsed = text.replace(/\s+/g, ' ').trim();
  if (collapsed === '') return undefined;
  const chars = [...collapsed];
  if (chars.length <= MAX_TITLE_LENGTH) return collapsed;
  const head = chars.slice(0, MAX_TITLE_LENGTH).join('');
  const space = head.lastIndexOf(' ');
  return `${(space > MAX_TITLE_LENGTH / 2 ? head.slice(0, space) : head).trimEnd()}…`;
}

const isInlineLevel = (el: StyledElement) =>
  el.style.display === 'inline' || el.style.display.startsWith('inline-');

const isHidden = (el: StyledElement) =>
  el.style.display === 'none' || el.attrs.get('aria-hidden') === 'true';

/** The visible text inside a node (pseudo-element content included), uncollapsed. */
function textOf(node: StyledNode): string {
  if (node.kind === 'text') return node.text;
  if (node.kind === 'pseudo')
    return node.pseudo === 'marker'
      ? ''
      : node.content.map((c) => (c.kind === 'text' ? c.text : '')).join('');
  if (isHidden(node) || node.namespace !== 'html') return '';
  // Block-level children are separate words; inline ones run on.
  return node.children
    .map((c) => (c.kind === 'element' && !isInlineLevel(c) ? ` ${textOf(c)} ` : textOf(c)))
    .join('');
}

/**
 * The text of the first block that holds visible text (a paragraph, a list item, a table
 * cell...), as a title; undefined when the document shows no text at all.
 */
export function firstTextBlockTitle(root: StyledElement): string | undefined {
  const search = (el: StyledElement, block: StyledElement): string | undefined => {
    if (isHidden(el) || el.namespace !== 'html') return undefined;
    const container = isInlineLevel(el) ? block : el;
    for (const child of el.children) {
      if (child.kind === 'element') {
        const found = search(child, container);
        if (found !== undefined) return found;
      } else if (child.kind === 'text' && child.text.trim() !== '') {
        return titleFromText(textOf(container));
      }
    }
    return undefined;
  };
  return search(root, root);
}
