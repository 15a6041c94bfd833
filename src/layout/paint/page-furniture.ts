/**
 * Page furniture: page geometry from the @page cascade and the page margin boxes
 * (@top-left … @bottom-right) with counter(page) and counter(pages). Margin boxes are measured
 * before pagination (their height does not depend on the number they show) so the body area can
 * be shrunk when they need more room than the page margin; they are drawn after pagination, when
 * the page count is known, as Pagination artifacts (Header/Footer).
 */
import type {
  ListStyleType,
  PageMarginBox,
  PageMarginBoxName,
  PageStyle,
} from '../../style/index.js';
import type { LayoutContext } from '../context.js';
import type { DisplayItem, ItemTag } from '../../document/index.js';
import { textLine } from '../modes/inline.js';
import { backgroundItem, NO_RADII } from './decoration.js';
import { PX, textStyle } from '../units.js';

export interface PageGeometry {
  readonly width: number;
  readonly height: number;
  readonly marginTop: number;
  readonly marginRight: number;
  readonly marginBottom: number;
  readonly marginLeft: number;
  /** Body area after margin boxes that need more room than the margin. */
  readonly bodyTop: number;
  readonly bodyHeight: number;
  readonly style: PageStyle;
}

/** Top/bottom/left/right margin rectangles for a margin box name, and its default alignment. */
function areaOf(
  name: PageMarginBoxName,
  g: Omit<PageGeometry, 'bodyTop' | 'bodyHeight' | 'style'>,
): {
  x: number;
  y: number;
  width: number;
  height: number;
  align: 'left' | 'center' | 'right';
  vAlign: 'top' | 'middle' | 'bottom';
} {
  const {
    width: W,
    height: H,
    marginTop: mt,
    marginRight: mr,
    marginBottom: mb,
    marginLeft: ml,
  } = g;
  const cw = W - ml - mr;
  const ch = H - mt - mb;
  switch (name) {
    case 'top-left-corner':
      return { x: 0, y: 0, width: ml, height: mt, align: 'right', vAlign: 'middle' };
    case 'top-left':
      return { x: ml, y: 0, width: cw, height: mt, align: 'left', vAlign: 'middle' };
    case 'top-center':
      return { x: ml, y: 0, width: cw, height: mt, align: 'center', vAlign: 'middle' };
    case 'top-right':
      return { x: ml, y: 0, width: cw, height: mt, align: 'right', vAlign: 'middle' };
    case 'top-right-corner':
      return { x: W - mr, y: 0, width: mr, height: mt, align: 'left', vAlign: 'middle' };
    case 'bottom-left-corner':
      return { x: 0, y: H - mb, width: ml, height: mb, align: 'right', vAlign: 'middle' };
    case 'bottom-left':
      return { x: ml, y: H - mb, width: cw, height: mb, align: 'left', vAlign: 'middle' };
    case 'bottom-center':
      return { x: ml, y: H - mb, width: cw, height: mb, align: 'center', vAlign: 'middle' };
    case 'bottom-right':
      return { x: ml, y: H - mb, width: cw, height: mb, align: 'right', vAlign: 'middle' };
    case 'bottom-right-corner':
      return { x: W - mr, y: H - mb, width: mr, height: mb, align: 'left', vAlign: 'middle' };
    case 'left-top':
      return { x: 0, y: mt, width: ml, height: ch, align: 'center', vAlign: 'top' };
    case 'left-middle':
      return { x: 0, y: mt, width: ml, height: ch, align: 'center', vAlign: 'middle' };
    case 'left-bottom':
      return { x: 0, y: mt, width: ml, height: ch, align: 'center', vAlign: 'bottom' };
    case 'right-top':
      return { x: W - mr, y: mt, width: mr, height: ch, align: 'center', vAlign: 'top' };
    case 'right-middle':
      return { x: W - mr, y: mt, width: mr, height: ch, align: 'center', vAlign: 'middle' };
    case 'right-bottom':
      return { x: W - mr, y: mt, width: mr, height: ch, align: 'center', vAlign: 'bottom' };
  }
}

function alignOf(
  box: PageMarginBox,
  fallback: 'left' | 'center' | 'right',
): 'left' | 'center' | 'right' {
  const t = box.style.textAlign;
  if (t === 'left' || t === 'right' || t === 'center') return t;
  return fallback;
}

export function formatCounter(n: number, style: ListStyleType): string {
  const t = typeof style === 'string' ? style : 'decimal';
  switch (t) {
    case 'lower-roman':
      return roman(n).toLowerCase();
    case 'upper-roman':
      return roman(n);
    case 'lower-alpha':
    case 'lower-latin':
      return alpha(n).toLowerCase();
    case 'upper-alpha':
    case 'upper-latin':
      return alpha(n);
    case 'decimal-leading-zero':
      return n < 10 ? `0${n}` : String(n);
    default:
      return String(n);
  }
}

function roman(n: number): string {
  if (n <= 0 || n >= 4000) return String(n);
  const table: [number, string][] = [
    [1000, 'M'],
    [900, 'CM'],
    [500, 'D'],
    [400, 'CD'],
    [100, 'C'],
    [90, 'XC'],
    [50, 'L'],
    [40, 'XL'],
    [10, 'X'],
    [9, 'IX'],
    [5, 'V'],
    [4, 'IV'],
    [1, 'I'],
  ];
  let out = '';
  for (const [v, s] of table)
    while (n >= v) {
      out += s;
      n -= v;
    }
  return out;
}

function alpha(n: number): string {
  let out = '';
  while (n > 0) {
    n--;
    out = String.fromCharCode(65 + (n % 26)) + out;
    n = Math.floor(n / 26);
  }
  return out;
}

function contentText(box: PageMarginBox, page: number, pages: number): string {
  return box.content
    .map((c) =>
      c.kind === 'text'
        ? c.text
        : c.kind === 'counter'
          ? formatCounter(c.name === 'page' ? page : pages, c.style)
          : '',
    )
    .join('');
}

function tagFor(name: PageMarginBoxName): ItemTag {
  if (name.startsWith('top')) return { kind: 'artifact', type: 'Pagination', subtype: 'Header' };
  if (name.startsWith('bottom')) return { kind: 'artifact', type: 'Pagination', subtype: 'Footer' };
  return { kind: 'artifact', type: 'Pagination' };
}

/** Page geometry in points, with the body shrunk where margin boxes need more than the margin. */
export function pageGeometry(style: PageStyle, lang: string, ctx: LayoutContext): PageGeometry {
  const g = {
    width: style.width * PX,
    height: style.height * PX,
    marginTop: style.marginTop * PX,
    marginRight: style.marginRight * PX,
    marginBottom: style.marginBottom * PX,
    marginLeft: style.marginLeft * PX,
  };
  let top = g.marginTop;
  let bottom = g.marginBottom;
  for (const mb of style.marginBoxes) {
    const a = areaOf(mb.name, g);
    // Counters are measured with a wide stand-in: the height does not depend on the digits.
    const text = contentText(mb, 888, 888);
    if (text.trim() === '') continue;
    const t = textLine(
      text,
      textStyle(mb.style, lang),
      0,
      0,
      Math.max(1, a.width),
      'left',
      tagFor(mb.name),
      ctx,
    );
    if (mb.name.startsWith('top') && t.height > top) top = t.height;
    if (mb.name.startsWith('bottom') && t.height > bottom) bottom = t.height;
  }
  return { ...g, bodyTop: top, bodyHeight: Math.max(10, g.height - top - bottom), style };
}

/** Page background and margin boxes for page `index` (0-based) of `pages`. */
export function pageFurniture(
  g: PageGeometry,
  index: number,
  pages: number,
  lang: string,
  ctx: LayoutContext,
): { under: DisplayItem[]; over: DisplayItem[] } {
  const under: DisplayItem[] = [];
  if (g.style.backgroundColor.a > 0)
    under.push(
      backgroundItem(
        { x: 0, y: 0, width: g.width, height: g.height },
        g.style.backgroundColor,
        NO_RADII,
      ),
    );
  const over: DisplayItem[] = [];
  for (const mb of g.style.marginBoxes) {
    const text = contentText(mb, index + 1, pages);
    if (text.trim() === '') continue;
    const a = areaOf(mb.name, g);
    const style = textStyle(mb.style, lang);
    const probe = textLine(
      text,
      style,
      0,
      0,
      Math.max(1, a.width),
      alignOf(mb, a.align),
      tagFor(mb.name),
      ctx,
    );
    const h = probe.height;
    const y =
      a.vAlign === 'top'
        ? a.y
        : a.vAlign === 'bottom'
          ? a.y + a.height - h
          : a.y + (a.height - h) / 2;
    const line = textLine(
      text,
      style,
      a.x,
      Math.max(0, y),
      Math.max(1, a.width),
      alignOf(mb, a.align),
      tagFor(mb.name),
      ctx,
    );
    over.push(...line.items);
  }
  return { under, over };
}
