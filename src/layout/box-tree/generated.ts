/**
 * Generated content (::before, ::after) as elements of the box tree: each pseudo-element becomes
 * an element with the pseudo-element's style whose children are its text and, for each url()
 * in `content`, an anonymous image. It then goes through the same paths as any element, so it
 * takes any display (block, inline-block, a flex or table item, a table cell), size, box
 * decoration, position and float.
 *
 * What assistive technology gets: generated text is part of its element's content, in the
 * same structure element and in source order. `content: ... / "alt"` replaces it by the
 * alternative text (ActualText), and `/ ""` marks it decorative. Content without text (bars,
 * badges drawn with backgrounds), icon-font glyphs (Private Use Area characters, which read as
 * nothing meaningful) and images without alternative text are artifacts.
 */
import type { StyledElement, StyledNode, StyledPseudo } from '../../style/index.js';
import { anonymousStyle } from './boxes.js';
import type { Semantic } from './semantics.js';

/** An element made from a pseudo-element. */
export interface GeneratedElement extends StyledElement {
  readonly generated: {
    readonly pseudo: 'before' | 'after';
    /** Alternative text from `content: ... / "alt"` ('' = decorative). */
    readonly alt?: string;
    /** Nothing in it is worth reading: no text, only icon-font glyphs, images without alt. */
    readonly decorative: boolean;
  };
}

export function isGenerated(el: StyledElement): el is GeneratedElement {
  return 'generated' in el;
}

const NO_ATTRS: ReadonlyMap<string, string> = new Map();

/** Private Use Area code points: icon fonts put their pictograms there. */
const PRIVATE_USE = /[\uE000-\uF8FF\u{F0000}-\u{FFFFD}\u{100000}-\u{10FFFD}]/u;

function isIconText(text: string): boolean {
  const visible = [...text.replace(/\s+/g, '')];
  return visible.length > 0 && visible.every((c) => PRIVATE_USE.test(c));
}

/**
 * The element for a ::before or ::after pseudo-element. `originId` is the id attribute of the
 * element it belongs to: the generated box is recorded as `<id>::before` for layout tests and
 * is a link target under that name.
 */
export function generatedElement(p: StyledPseudo, originId: string | undefined): GeneratedElement {
  const texts = p.content.filter((c) => c.kind === 'text').map((c) => c.text);
  const hasText = texts.some((t) => t.trim() !== '');
  const images = p.content.filter((c) => c.kind === 'image').length;
  const onlyImage = images === 1 && !hasText;
  // The author's alternative text goes to the image itself when that is all there is.
  const imageAlt = onlyImage && p.alt !== undefined ? p.alt : '';
  const children: StyledNode[] = [];
  const imageStyle = images > 0 ? anonymousStyle(p.style, 'inline') : p.style;
  for (const c of p.content) {
    if (c.kind === 'text') {
      children.push({ kind: 'text', nodeId: p.nodeId, style: p.style, text: c.text });
    } else if (c.kind === 'image') {
      children.push(generatedImage(p, c.url, imageAlt, imageStyle));
    } else if (c.kind === 'leader') {
      // The box tree draws it as inline generated content: a space-filling artifact.
      children.push({ ...p, content: [c] });
    }
  }
  const meaningfulImage = onlyImage && imageAlt !== '';
  const decorative =
    p.alt === '' ||
    (hasText ? p.alt === undefined && isIconText(texts.join('')) : !meaningfulImage);
  return {
    kind: 'element',
    nodeId: p.nodeId,
    style: p.style,
    tag: `::${p.pseudo}`,
    namespace: 'html',
    attrs: originId ? new Map([['id', `${originId}::${p.pseudo}`]]) : NO_ATTRS,
    lang: p.lang,
    children,
    generated: {
      pseudo: p.pseudo === 'after' ? 'after' : 'before',
      ...(p.alt !== undefined && !onlyImage ? { alt: p.alt } : {}),
      decorative,
    },
  };
}

/** An image of generated content: an anonymous replaced element with alt text `alt`. */
export function generatedImage(
  p: StyledPseudo,
  url: string,
  alt: string,
  style = anonymousStyle(p.style, 'inline'),
): StyledElement {
  return {
    kind: 'element',
    nodeId: p.nodeId,
    style,
    tag: 'img',
    namespace: 'html',
    attrs: new Map([
      ['src', url],
      ['alt', alt],
    ]),
    lang: p.lang,
    children: [],
  };
}

/**
 * What generated content is in the structure tree: an artifact when decorative, a Span whose
 * ActualText is the alternative text when it has one, else part of its element's content.
 */
export function generatedSemantic(el: GeneratedElement): Semantic {
  const g = el.generated;
  if (g.decorative) return { kind: 'artifact' };
  if (g.alt !== undefined && g.alt !== '') return { kind: 'node', type: 'Span', actualText: g.alt };
  return { kind: 'transparent' };
}

/** A <details> without `open`: browsers show its summary alone, on screen and in print. */
function closedDetails(el: StyledElement): boolean {
  return el.tag === 'details' && el.namespace === 'html' && !el.attrs.has('open');
}

/** The first <summary> child and the generated content; the rest stays folded away. */
function summaryOnly(kids: readonly StyledNode[]): readonly StyledNode[] {
  let seen = false;
  return kids.filter((c) => {
    if (c.kind === 'pseudo') return true;
    if (c.kind !== 'element' || c.tag !== 'summary' || seen) return false;
    seen = true;
    return true;
  });
}

/**
 * The children of an element in box order, with ::before and ::after as elements (::marker
 * stays a pseudo-element: the list item draws it). `content: ""` still makes a box (bars and
 * badges are drawn that way); display: none makes none.
 */
export function boxChildren(el: StyledElement): readonly StyledNode[] {
  const kids = closedDetails(el) ? summaryOnly(el.children) : el.children;
  // A generated element's pseudo children are its own inline content (leaders), drawn as is.
  if (isGenerated(el)) return kids;
  let any = false;
  for (const c of kids) {
    if (c.kind === 'pseudo' && c.pseudo !== 'marker') {
      any = true;
      break;
    }
  }
  if (!any) return kids;
  const id = el.attrs.get('id') || undefined;
  const out: StyledNode[] = [];
  for (const c of kids) {
    if (c.kind !== 'pseudo' || c.pseudo === 'marker') out.push(c);
    else if (c.style.display !== 'none') out.push(generatedElement(c, id));
  }
  return out;
}
