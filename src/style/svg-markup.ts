/**
 * An inline <svg> as a standalone SVG file (XML with the SVG namespace), the form the vector
 * drawing and the rasteriser read.
 */
import type { DomElement, DomNode } from '../html/index.js';

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';
/** Attribute names XML accepts; others (possible in HTML) are left out. */
const XML_NAME = /^[A-Za-z_:][\w:.-]*$/;
const XLINK_ATTRIBUTE = /\sxlink:[\w.-]+="/;
const URL_REF = /url\(\s*['"]?#([^'")\s]+)['"]?\s*\)/g;
/**
 * Bounds on what one drawing copies from elsewhere in the page: a sprite sheet of icons is a
 * few hundred elements, and a chain of references that keeps pulling in more is cut here.
 */
const MAX_BORROWED_ELEMENTS = 256;
const MAX_BORROWED_CHARS = 1 << 20;

/** Whether `el` is an <svg> that starts an SVG drawing (not one nested inside another). */
export function isOutermostSvg(el: DomElement): boolean {
  return el.namespace === 'svg' && el.tag === 'svg' && el.parent?.namespace !== 'svg';
}

export interface SvgMarkupOptions {
  /** A style attribute replacing the element's own (the page's cascade into the drawing). */
  readonly styleOf?: (el: DomElement) => string | undefined;
  /** An SVG element elsewhere in the page by id: what `<use href="#id">` and `url(#id)` reach. */
  readonly elementById?: (id: string) => DomElement | undefined;
  /**
   * The content size (CSS px) the page's style gives the <svg> box, when definite: written as
   * the root's width and height where it has none, since the drawing's viewport is that box.
   */
  readonly size?: { readonly width: number; readonly height: number };
}

/**
 * The markup of `root` and its content. References to ids the drawing does not hold (an icon
 * sprite's <symbol>, a gradient defined in another <svg> of the page) resolve in the page, as
 * in browsers: the referenced elements are copied into a <defs> of this drawing.
 */
export function svgMarkup(root: DomElement, opts: SvgMarkupOptions = {}): string {
  const own = serialise(root, opts, true);
  const borrowed = borrowReferences(root, own, opts);
  let markup = own.markup;
  if (borrowed !== '') {
    const at = own.openTagEnd;
    // A self-closing root (<svg .../>) gains content, so its tag is reopened.
    markup =
      markup.endsWith('/>') && at === markup.length
        ? `${markup.slice(0, -2)}><defs>${borrowed}</defs></${root.localName}>`
        : `${markup.slice(0, at)}<defs>${borrowed}</defs>${markup.slice(at)}`;
  }
  // The xlink: prefix, wherever the drawing uses it, is declared once on the root.
  if (!root.attrs.has('xmlns:xlink') && XLINK_ATTRIBUTE.test(markup))
    markup = `<${root.localName} xmlns:xlink="${XLINK_NS}"${markup.slice(root.localName.length + 1)}`;
  return markup;
}

interface Serialised {
  readonly markup: string;
  /** Offset just past the root's start tag. */
  readonly openTagEnd: number;
  readonly ids: ReadonlySet<string>;
  readonly refs: ReadonlySet<string>;
}

function serialise(top: DomElement, opts: SvgMarkupOptions, root: boolean): Serialised {
  const parts: string[] = [];
  const ids = new Set<string>();
  const refs = new Set<string>();
  let openTagEnd = -1;
  let length = 0;
  const push = (s: string): void => {
    parts.push(s);
    length += s.length;
  };
  const stack: (DomNode | { readonly close: string })[] = [top];
  while (stack.length) {
    const n = stack.pop() as DomNode | { readonly close: string };
    if ('close' in n) {
      push(n.close);
      continue;
    }
    if (n.kind === 'text') {
      push(xmlEscape(n.text, false));
      continue;
    }
    const tag = n.localName;
    push(`<${tag}`);
    if (root && n === top) {
      if (!n.attrs.has('xmlns')) push(` xmlns="${SVG_NS}"`);
      if (opts.size && !n.attrs.has('width')) push(` width="${round(opts.size.width)}"`);
      if (opts.size && !n.attrs.has('height')) push(` height="${round(opts.size.height)}"`);
    }
    const style = opts.styleOf?.(n);
    for (const [name, value] of n.attrs) {
      if (!XML_NAME.test(name)) continue;
      if (name === 'id') ids.add(value);
      collectRefs(name, value, refs);
      if (name === 'style' && style !== undefined) continue;
      push(` ${name}="${xmlEscape(value, true)}"`);
    }
    if (style !== undefined && style !== '') {
      collectRefs('style', style, refs);
      push(` style="${xmlEscape(style, true)}"`);
    }
    if (n.children.length === 0) {
      push('/>');
      if (n === top) openTagEnd = length;
      continue;
    }
    push('>');
    if (n === top) openTagEnd = length;
    stack.push({ close: `</${tag}>` });
    for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]);
  }
  return { markup: parts.join(''), openTagEnd, ids, refs };
}

/** The ids an attribute points to: `href="#id"` and `url(#id)` in any value. */
function collectRefs(name: string, value: string, refs: Set<string>): void {
  if ((name === 'href' || name === 'xlink:href') && value.startsWith('#')) {
    refs.add(value.slice(1));
    return;
  }
  if (!value.includes('url(')) return;
  for (const m of value.matchAll(URL_REF)) refs.add(m[1]);
}

/** The markup of the page's elements this drawing references but does not hold. */
function borrowReferences(root: DomElement, own: Serialised, opts: SvgMarkupOptions): string {
  const lookup = opts.elementById;
  if (!lookup) return '';
  const known = new Set(own.ids);
  const wanted = [...own.refs].filter((id) => !known.has(id));
  const parts: string[] = [];
  let chars = 0;
  let count = 0;
  while (wanted.length > 0 && count < MAX_BORROWED_ELEMENTS) {
    const id = wanted.shift() as string;
    if (known.has(id)) continue;
    known.add(id);
    const el = lookup(id);
    if (!el || el.namespace !== 'svg' || isInside(el, root)) continue;
    const copy = serialise(el, opts, false);
    if (chars + copy.markup.length > MAX_BORROWED_CHARS) break;
    chars += copy.markup.length;
    count++;
    parts.push(copy.markup);
    for (const i of copy.ids) known.add(i);
    for (const r of copy.refs) if (!known.has(r)) wanted.push(r);
  }
  return parts.join('');
}

function isInside(el: DomElement, ancestor: DomElement): boolean {
  for (let at: DomElement | null = el; at; at = at.parent) if (at === ancestor) return true;
  return false;
}

function round(px: number): string {
  return String(Math.round(px * 1000) / 1000);
}

function xmlEscape(s: string, attr: boolean): string {
  let out = s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  if (attr) out = out.replace(/"/g, '&quot;');
  // Characters XML 1.0 forbids are dropped rather than producing an unreadable file.
  return out.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '');
}
