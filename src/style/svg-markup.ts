/**
 * An inline <svg> as a standalone SVG file (XML with the SVG namespace), the form the vector
 * drawing and the rasteriser read.
 */
import type { DomElement, DomNode } from '../html/index.js';

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';
/** Attribute names XML accepts; others (possible in HTML) are left out. */
const XML_NAME = /^[A-Za-z_:][\w:.-]*$/;

/** Whether `el` is an <svg> that starts an SVG drawing (not one nested inside another). */
export function isOutermostSvg(el: DomElement): boolean {
  return el.namespace === 'svg' && el.tag === 'svg' && el.parent?.namespace !== 'svg';
}

/**
 * The markup of `root` and its content. `styleOf` replaces an element's style attribute (the
 * page's cascade into the drawing); elements it returns undefined for keep theirs.
 */
export function svgMarkup(
  root: DomElement,
  styleOf: (el: DomElement) => string | undefined = () => undefined,
): string {
  const parts: string[] = [];
  const stack: (DomNode | { readonly close: string })[] = [root];
  while (stack.length) {
    const n = stack.pop() as DomNode | { readonly close: string };
    if ('close' in n) {
      parts.push(n.close);
      continue;
    }
    if (n.kind === 'text') {
      parts.push(xmlEscape(n.text, false));
      continue;
    }
    const tag = n.localName;
    parts.push(`<${tag}`);
    if (n === root) {
      if (!n.attrs.has('xmlns')) parts.push(` xmlns="${SVG_NS}"`);
      if (!n.attrs.has('xmlns:xlink') && usesXlink(n)) parts.push(` xmlns:xlink="${XLINK_NS}"`);
    }
    const style = styleOf(n);
    for (const [name, value] of n.attrs) {
      if (!XML_NAME.test(name)) continue;
      if (name === 'style' && style !== undefined) continue;
      parts.push(` ${name}="${xmlEscape(value, true)}"`);
    }
    if (style !== undefined && style !== '') parts.push(` style="${xmlEscape(style, true)}"`);
    if (n.children.length === 0) {
      parts.push('/>');
      continue;
    }
    parts.push('>');
    stack.push({ close: `</${tag}>` });
    for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]);
  }
  return parts.join('');
}

/** Whether any element of the drawing has an xlink: attribute (the root declares the prefix). */
function usesXlink(root: DomElement): boolean {
  const stack: DomElement[] = [root];
  while (stack.length) {
    const el = stack.pop() as DomElement;
    for (const name of el.attrs.keys()) if (name.startsWith('xlink:')) return true;
    stack.push(...el.elementChildren);
  }
  return false;
}

function xmlEscape(s: string, attr: boolean): string {
  let out = s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  if (attr) out = out.replace(/"/g, '&quot;');
  // Characters XML 1.0 forbids are dropped rather than producing an unreadable file.
  return out.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '');
}
