/**
 * Presentational hints: HTML attributes that act as author-level style below every author rule
 * (width/height on images and tables, table border/cellpadding/cellspacing, align, valign,
 * bgcolor, nowrap, <font>). Returned as (property, value) pairs in CSS syntax.
 */
import type { DomElement } from '../html/index.js';

const SIZED = new Set([
  'img',
  'video',
  'canvas',
  'iframe',
  'embed',
  'object',
  'svg',
  'table',
  'td',
  'th',
  'col',
  'colgroup',
  'input',
]);
const HEIGHT_ONLY = new Set(['tr', 'thead', 'tbody', 'tfoot']);
const ALIGNABLE = new Set([
  'td',
  'th',
  'tr',
  'thead',
  'tbody',
  'tfoot',
  'p',
  'div',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'caption',
  'col',
  'colgroup',
]);
/**
 * Elements whose align attribute aligns as browsers' legacy keywords do: like the plain ones,
 * except that a table inside does not inherit them (captions and columns align plainly).
 */
const LEGACY_ALIGNED: ReadonlySet<string> = new Set(
  [...ALIGNABLE].filter((t) => t !== 'caption' && t !== 'col' && t !== 'colgroup'),
);
const BG = new Set(['body', 'table', 'tr', 'td', 'th', 'thead', 'tbody', 'tfoot']);
const FONT_SIZES = ['x-small', 'small', 'medium', 'large', 'x-large', 'xx-large', 'xxx-large'];

/** HTML's "rules for parsing dimension values": digits with an optional % (px otherwise). */
function dimension(v: string | undefined, allowPercent = true): string | null {
  if (v === undefined) return null;
  const m = /^\s*(\d+(?:\.\d+)?)\s*(%?)/.exec(v);
  if (!m) return null;
  if (m[2] === '%') return allowPercent ? `${m[1]}%` : null;
  return `${m[1]}px`;
}

function nonNegInt(v: string | undefined): number | null {
  if (v === undefined) return null;
  const m = /^\s*(\d+)/.exec(v);
  return m ? parseInt(m[1], 10) : null;
}

/** A safe CSS colour token from an HTML colour attribute (names and hex only). */
function colorToken(v: string | undefined): string | null {
  if (!v) return null;
  const t = v.trim();
  if (/^#?[0-9a-f]{6}$/i.test(t)) return t.startsWith('#') ? t : `#${t}`;
  if (/^#[0-9a-f]{3}$/i.test(t)) return t;
  if (/^[a-z]+$/i.test(t)) return t.toLowerCase();
  return null;
}

function closestTable(el: DomElement): DomElement | null {
  for (let p = el.parent; p; p = p.parent) if (p.tag === 'table') return p;
  return null;
}

/** Embedded content whose align, hspace and vspace attributes still carry layout. */
const REPLACED_ALIGN = new Set(['img', 'object', 'embed', 'iframe', 'input']);

/** HTML's table for align on embedded content: left and right float, the rest align vertically. */
const ALIGN_HINT: Readonly<Record<string, [string, string]>> = {
  left: ['float', 'left'],
  right: ['float', 'right'],
  top: ['vertical-align', 'top'],
  texttop: ['vertical-align', 'text-top'],
  absmiddle: ['vertical-align', 'middle'],
  abscenter: ['vertical-align', 'middle'],
  // Browsers centre the image on the baseline; middle (on the x-height) is the nearest here.
  middle: ['vertical-align', 'middle'],
  center: ['vertical-align', 'middle'],
  bottom: ['vertical-align', 'baseline'],
  baseline: ['vertical-align', 'baseline'],
  absbottom: ['vertical-align', 'bottom'],
};

/**
 * align, hspace and vspace on images and other embedded content: office suites place wrapped
 * pictures with <img align=left hspace=12>.
 */
function replacedAlign(a: ReadonlyMap<string, string>): [string, string][] {
  const out: [string, string][] = [];
  const hint = ALIGN_HINT[a.get('align')?.trim().toLowerCase() ?? ''];
  if (hint) out.push(hint);
  const h = dimension(a.get('hspace'), false);
  if (h) out.push(['margin-left', h], ['margin-right', h]);
  const v = dimension(a.get('vspace'), false);
  if (v) out.push(['margin-top', v], ['margin-bottom', v]);
  return out;
}

/** Whether `el` centres the blocks inside it: <center>, or align=center on a div or cell. */
function centresDescendants(el: DomElement | null | undefined): boolean {
  if (!el || el.namespace !== 'html') return false;
  if (el.tag === 'center') return true;
  if (el.tag !== 'div' && el.tag !== 'td' && el.tag !== 'th') return false;
  const al = el.attrs.get('align')?.trim().toLowerCase();
  return al === 'center' || al === 'middle';
}

export function presentationalHints(el: DomElement): [string, string][] {
  if (el.namespace !== 'html' && el.tag !== 'svg') return [];
  const out: [string, string][] = [];
  const a = el.attrs;
  const tag = el.tag;
  if (SIZED.has(tag)) {
    const w = dimension(a.get('width'));
    if (w) out.push(['width', w]);
    if (tag !== 'col' && tag !== 'colgroup') {
      const h = dimension(a.get('height'));
      if (h) out.push(['height', h]);
    }
  } else if (HEIGHT_ONLY.has(tag)) {
    const h = dimension(a.get('height'));
    if (h) out.push(['height', h]);
  }
  if (ALIGNABLE.has(tag)) {
    const al = a.get('align')?.trim().toLowerCase();
    const legacy = LEGACY_ALIGNED.has(tag);
    if (al === 'justify') out.push(['text-align', al]);
    else if (al === 'left' || al === 'right' || al === 'center')
      out.push(['text-align', legacy ? `-webkit-${al}` : al]);
    else if (al === 'middle' || al === 'absmiddle')
      out.push(['text-align', legacy ? '-webkit-center' : 'center']);
    const va = a.get('valign')?.trim().toLowerCase();
    if (va && ['top', 'middle', 'bottom', 'baseline'].includes(va))
      out.push(['vertical-align', va]);
  }
  if (BG.has(tag)) {
    const c = colorToken(a.get('bgcolor'));
    if (c) out.push(['background-color', c]);
  }
  if (tag === 'body') {
    const c = colorToken(a.get('text'));
    if (c) out.push(['color', c]);
  }
  if (tag === 'table') {
    const border = a.has('border') ? (nonNegInt(a.get('border')) ?? 1) : null;
    if (border !== null && border > 0) out.push(['border', `${border}px outset #808080`]);
    const sp = nonNegInt(a.get('cellspacing'));
    if (sp !== null) out.push(['border-spacing', `${sp}px`]);
    const al = a.get('align')?.trim().toLowerCase();
    // <center> and align=center on a div or cell centre the tables inside them too (browsers
    // align descendants, not only text): LibreOffice wraps centred tables in <center>, Word in
    // <div align=center>.
    if (al === 'center' || (al === undefined && centresDescendants(el.parent))) {
      out.push(['margin-left', 'auto'], ['margin-right', 'auto']);
    }
  }
  if (tag === 'td' || tag === 'th') {
    const table = closestTable(el);
    if (table) {
      const border = table.attrs.has('border') ? (nonNegInt(table.attrs.get('border')) ?? 1) : null;
      if (border !== null && border > 0) out.push(['border', '1px inset #808080']);
      const pad = nonNegInt(table.attrs.get('cellpadding'));
      if (pad !== null) out.push(['padding', `${pad}px`]);
    }
    if (a.has('nowrap')) out.push(['white-space', 'nowrap']);
  }
  if (
    REPLACED_ALIGN.has(tag) &&
    (tag !== 'input' || a.get('type')?.trim().toLowerCase() === 'image')
  )
    out.push(...replacedAlign(a));
  if (tag === 'img' && a.has('border')) {
    const b = nonNegInt(a.get('border'));
    if (b !== null) out.push(['border', `${b}px solid`]);
  }
  if (tag === 'hr') {
    const c = colorToken(a.get('color'));
    if (c) out.push(['color', c], ['background-color', c]);
    const w = dimension(a.get('width'));
    if (w) out.push(['width', w]);
    const size = nonNegInt(a.get('size'));
    if (size !== null && size > 0) out.push(['height', `${Math.max(0, size - 2)}px`]);
  }
  if (tag === 'font') {
    const c = colorToken(a.get('color'));
    if (c) out.push(['color', c]);
    const face = a.get('face');
    if (face && /^[\w\s,-]+$/.test(face)) out.push(['font-family', face]);
    const size = a.get('size')?.trim();
    if (size) {
      const m = /^([+-]?)(\d)$/.exec(size);
      if (m) {
        let n = parseInt(m[2], 10);
        if (m[1] === '+') n = 3 + n;
        else if (m[1] === '-') n = 3 - n;
        n = Math.min(7, Math.max(1, n));
        out.push(['font-size', FONT_SIZES[n - 1]]);
      }
    }
  }
  return out;
}
