/**
 * ::first-line (CSS Pseudo-Elements 4 §2.2): the first formatted line of a block container
 * takes the pseudo-element's style. Its text inherits from ::first-line where the inline
 * elements around it do not set the property themselves, so a property is taken over by the
 * line wherever the run still has the value of the element that owns the pseudo-element.
 * The line is broken in that style; the content it does not take continues in its own style.
 */
import type { ComputedStyle } from '../../style/index.js';
import type { LineBox } from '../../text/index.js';
import type { InlineItem, InlineSource } from '../box-tree/boxes.js';

/** The ::first-line style and the style of the element it belongs to. */
export interface FirstLine {
  readonly owner: ComputedStyle;
  readonly style: ComputedStyle;
}

/** The properties ::first-line may set that change how text is drawn and measured. */
const LINE_PROPERTIES = [
  'color',
  'fontFamily',
  'fontSize',
  'fontStyle',
  'fontWeight',
  'fontVariantCaps',
  'fontVariantLigatures',
  'fontVariantNumeric',
  'fontVariantPosition',
  'fontKerning',
  'fontFeatureSettings',
  'letterSpacing',
  'wordSpacing',
  'textTransform',
  'lineHeight',
] as const satisfies readonly (keyof ComputedStyle)[];

function same(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/** The properties where the pseudo-element differs from its element. */
function changed(fl: FirstLine): (keyof ComputedStyle)[] {
  return LINE_PROPERTIES.filter((k) => k in fl.style && !same(fl.style[k], fl.owner[k]));
}

/** `style` with the line's values for the properties it still inherits from the owner. */
function restyle(style: ComputedStyle, fl: FirstLine, keys: readonly (keyof ComputedStyle)[]) {
  let out: Record<string, unknown> | undefined;
  for (const k of keys) {
    if (!same(style[k], fl.owner[k])) continue;
    out ??= { ...style };
    out[k] = fl.style[k];
  }
  return (out as ComputedStyle | undefined) ?? style;
}

/** The inline content with the first line's style applied, for breaking and drawing line one. */
export function firstLineItems(items: readonly InlineItem[], fl: FirstLine): InlineItem[] {
  const keys = changed(fl);
  const lines = fl.style.textDecorationLine;
  const decorated = lines.length > 0 && !same(lines, fl.owner.textDecorationLine);
  const cache = new Map<ComputedStyle, ComputedStyle>();
  const map = (s: ComputedStyle): ComputedStyle => {
    let r = cache.get(s);
    if (!r) cache.set(s, (r = restyle(s, fl, keys)));
    return r;
  };
  return items.map((it) => {
    if (it.kind !== 'text') return { ...it, style: map(it.style) };
    const decoration = decorated
      ? {
          lines: [...new Set([...(it.decoration?.lines ?? []), ...lines])],
          style: fl.style.textDecorationStyle,
          color: fl.style.textDecorationColor,
        }
      : it.decoration;
    return { ...it, style: map(it.style), ...(decoration ? { decoration } : {}) };
  });
}

const SPACE = /\s/u;
/** Characters the line breaker adds that are not in the source (inserted hyphen, objects). */
const ADDED = /[\u00ad\ufffc]/gu;

/**
 * The items after what `line` holds: the line's text is matched against the items by its
 * characters other than white space (collapsing and trimming change only white space), its
 * objects one item each; the item where the line ends is cut there.
 */
export function splitAfterLine(
  items: readonly InlineItem[],
  line: LineBox<InlineSource>,
): InlineItem[] {
  let chars = 0;
  let objects = 0;
  for (const f of line.fragments) {
    if (f.kind === 'object') objects++;
    else for (const c of f.text.replace(ADDED, '')) if (!SPACE.test(c)) chars++;
  }
  for (let i = 0; i < items.length; i++) {
    const it = items[i];
    if (it.kind === 'atomic' || it.kind === 'mark' || (it.kind === 'text' && it.source.leader)) {
      if (objects === 0 && chars === 0) return items.slice(i);
      objects = Math.max(0, objects - 1);
      continue;
    }
    if (it.kind !== 'text') continue;
    if (chars === 0 && objects === 0) return items.slice(i);
    let at = 0;
    for (const c of it.text) {
      if (chars === 0) break;
      if (!SPACE.test(c)) chars--;
      at += c.length;
    }
    if (chars === 0 && objects === 0) {
      const tail = it.text.slice(at);
      return tail === '' ? items.slice(i + 1) : [{ ...it, text: tail }, ...items.slice(i + 1)];
    }
  }
  return [];
}
