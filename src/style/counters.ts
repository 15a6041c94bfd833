/** Counter styles (list markers, counter()) and quote characters by language. */
import type { ListStyleType, Quotes } from './types.js';
import { customCounter, markerAffixes, type CounterStyleDefs } from './counter-styles.js';

const NO_DEFS: CounterStyleDefs = new Map();

function roman(n: number, upper: boolean): string | null {
  if (n < 1 || n > 3999) return null;
  const table: [number, string][] = [
    [1000, 'm'],
    [900, 'cm'],
    [500, 'd'],
    [400, 'cd'],
    [100, 'c'],
    [90, 'xc'],
    [50, 'l'],
    [40, 'xl'],
    [10, 'x'],
    [9, 'ix'],
    [5, 'v'],
    [4, 'iv'],
    [1, 'i'],
  ];
  let out = '';
  let v = n;
  for (const [val, sym] of table) {
    while (v >= val) {
      out += sym;
      v -= val;
    }
  }
  return upper ? out.toUpperCase() : out;
}

/** Bijective numbering over an alphabet: a, b, …, z, aa, ab, … */
function alphabetic(n: number, alphabet: readonly string[]): string | null {
  if (n < 1) return null;
  let v = n;
  let out = '';
  while (v > 0) {
    v--;
    out = alphabet[v % alphabet.length] + out;
    v = Math.floor(v / alphabet.length);
  }
  return out;
}

const LATIN = 'abcdefghijklmnopqrstuvwxyz'.split('');
const GREEK = 'αβγδεζηθικλμνξοπρστυφχψω'.split('');
const ARABIC_INDIC = '٠١٢٣٤٥٦٧٨٩';

/** Hebrew additive numbering for 1..999 (15 and 16 written as 9+6 and 9+7, as is customary). */
function hebrew(n: number): string | null {
  if (n < 1 || n > 999) return null;
  const hundreds = ['', 'ק', 'ר', 'ש', 'ת', 'תק', 'תר', 'תש', 'תת', 'תתק'];
  const tens = ['', 'י', 'כ', 'ל', 'מ', 'נ', 'ס', 'ע', 'פ', 'צ'];
  const ones = ['', 'א', 'ב', 'ג', 'ד', 'ה', 'ו', 'ז', 'ח', 'ט'];
  const h = Math.floor(n / 100);
  const rest = n % 100;
  if (rest === 15) return hundreds[h] + 'טו';
  if (rest === 16) return hundreds[h] + 'טז';
  return hundreds[h] + tens[Math.floor(rest / 10)] + ones[rest % 10];
}

const BULLETS: Readonly<Record<string, string>> = {
  disc: '•',
  circle: '◦',
  square: '▪',
  'disclosure-open': '▾',
  'disclosure-closed': '▸',
};

/**
 * Text of a counter value in a counter style (the representation only, no suffix); `defs` are
 * the document's @counter-style rules.
 */
export function formatCounter(
  value: number,
  style: ListStyleType,
  defs: CounterStyleDefs = NO_DEFS,
): string {
  if (style === 'none') return '';
  if (typeof style === 'object')
    return 'string' in style ? style.string : customCounter(value, style.name, defs, formatCounter);
  const bullet = BULLETS[style];
  if (bullet) return bullet;
  let r: string | null = null;
  switch (style) {
    case 'decimal-leading-zero':
      r = value >= 0 && value < 10 ? '0' + value : String(value);
      break;
    case 'lower-roman':
      r = roman(value, false);
      break;
    case 'upper-roman':
      r = roman(value, true);
      break;
    case 'lower-alpha':
    case 'lower-latin':
      r = alphabetic(value, LATIN);
      break;
    case 'upper-alpha':
    case 'upper-latin':
      r = alphabetic(value, LATIN)?.toUpperCase() ?? null;
      break;
    case 'lower-greek':
      r = alphabetic(value, GREEK);
      break;
    case 'arabic-indic':
      r = String(Math.abs(value))
        .split('')
        .map((d) => ARABIC_INDIC[Number(d)])
        .join('');
      if (value < 0) r = '-' + r;
      break;
    case 'hebrew':
      r = hebrew(value);
      break;
  }
  // Out of the style's range: decimal, as CSS's fallback style.
  return r ?? String(value);
}

/** The default marker text for a list item: bullet plus space, or number plus ". ". */
export function markerText(
  value: number,
  style: ListStyleType,
  defs: CounterStyleDefs = NO_DEFS,
): string {
  if (style === 'none') return '';
  if (typeof style === 'object') {
    if ('string' in style) return style.string;
    const [prefix, suffix] = markerAffixes(style.name, defs);
    return prefix + formatCounter(value, style, defs) + suffix;
  }
  const text = formatCounter(value, style);
  return style in BULLETS ? text + ' ' : text + '. ';
}

const QUOTES_BY_LANG: Readonly<Record<string, readonly (readonly [string, string])[]>> = {
  en: [
    ['“', '”'],
    ['‘', '’'],
  ],
  de: [
    ['„', '“'],
    ['‚', '‘'],
  ],
  fr: [
    ['« ', ' »'],
    ['“', '”'],
  ],
  es: [
    ['«', '»'],
    ['“', '”'],
  ],
  it: [
    ['«', '»'],
    ['“', '”'],
  ],
  nl: [
    ['“', '”'],
    ['‘', '’'],
  ],
  pl: [
    ['„', '”'],
    ['«', '»'],
  ],
  ru: [
    ['«', '»'],
    ['„', '“'],
  ],
  ja: [
    ['「', '」'],
    ['『', '』'],
  ],
  zh: [
    ['“', '”'],
    ['‘', '’'],
  ],
  he: [
    ['”', '”'],
    ['’', '’'],
  ],
  ar: [
    ['«', '»'],
    ['“', '”'],
  ],
  sv: [
    ['”', '”'],
    ['’', '’'],
  ],
  da: [
    ['»', '«'],
    ['›', '‹'],
  ],
  cs: [
    ['„', '“'],
    ['‚', '‘'],
  ],
};

/** Quote pairs for `quotes` as computed and the element's language. */
export function quotePairs(q: Quotes, lang: string): readonly (readonly [string, string])[] {
  if (q === 'none') return [];
  if (q !== 'auto') return q;
  const primary = lang.toLowerCase().split('-')[0];
  return QUOTES_BY_LANG[primary] ?? QUOTES_BY_LANG.en;
}
