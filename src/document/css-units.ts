/**
 * CSS measures shared by the style stage and the SVG reader, so that a unit or a keyword means
 * the same in a style sheet and inside an image.
 */

/**
 * A look-up table without a prototype: a unit or keyword read from a document ("constructor",
 * "toString") must find nothing rather than an Object method.
 */
export function lookupTable<T>(
  entries: Record<string, T>,
): Readonly<Record<string, T | undefined>> {
  return Object.freeze(Object.assign(Object.create(null) as Record<string, T>, entries));
}

/** CSS px per absolute unit (96 px to the inch, as CSS and SVG define them). */
export const CSS_PX_PER_UNIT = lookupTable({
  px: 1,
  pt: 96 / 72,
  pc: 16,
  in: 96,
  cm: 96 / 2.54,
  mm: 96 / 25.4,
  q: 96 / 101.6,
});

/** The absolute-size keywords of font-size, in px (CSS Fonts 4, medium = 16px). */
export const CSS_FONT_SIZE_KEYWORDS = lookupTable({
  'xx-small': 9,
  'x-small': 10,
  small: 13,
  medium: 16,
  large: 18,
  'x-large': 24,
  'xx-large': 32,
  'xxx-large': 48,
});

/** The keywords of font-stretch other than normal, narrowest first. */
export const CSS_FONT_STRETCH_KEYWORDS: readonly string[] = [
  'ultra-condensed',
  'extra-condensed',
  'condensed',
  'semi-condensed',
  'semi-expanded',
  'expanded',
  'extra-expanded',
  'ultra-expanded',
];
