/**
 * Script itemisation: the OpenType script tag of each character, with Common and Inherited
 * characters (spaces, punctuation, digits, combining marks) taking the script around them.
 */

const SCRIPTS: readonly (readonly [RegExp, string])[] = [
  [/\p{Script=Latin}/u, 'latn'],
  [/\p{Script=Arabic}/u, 'arab'],
  [/\p{Script=Hebrew}/u, 'hebr'],
  [/\p{Script=Cyrillic}/u, 'cyrl'],
  [/\p{Script=Greek}/u, 'grek'],
  [/\p{Script=Han}/u, 'hani'],
  [/\p{Script=Hiragana}/u, 'kana'],
  [/\p{Script=Katakana}/u, 'kana'],
  [/\p{Script=Hangul}/u, 'hang'],
  [/\p{Script=Devanagari}/u, 'deva'],
  [/\p{Script=Bengali}/u, 'beng'],
  [/\p{Script=Gurmukhi}/u, 'guru'],
  [/\p{Script=Gujarati}/u, 'gujr'],
  [/\p{Script=Oriya}/u, 'orya'],
  [/\p{Script=Tamil}/u, 'taml'],
  [/\p{Script=Telugu}/u, 'telu'],
  [/\p{Script=Kannada}/u, 'knda'],
  [/\p{Script=Malayalam}/u, 'mlym'],
  [/\p{Script=Sinhala}/u, 'sinh'],
  [/\p{Script=Thai}/u, 'thai'],
  [/\p{Script=Lao}/u, 'lao '],
  [/\p{Script=Tibetan}/u, 'tibt'],
  [/\p{Script=Myanmar}/u, 'mym2'],
  [/\p{Script=Khmer}/u, 'khmr'],
  [/\p{Script=Georgian}/u, 'geor'],
  [/\p{Script=Armenian}/u, 'armn'],
  [/\p{Script=Ethiopic}/u, 'ethi'],
  [/\p{Script=Syriac}/u, 'syrc'],
  [/\p{Script=Thaana}/u, 'thaa'],
  [/\p{Script=Mongolian}/u, 'mong'],
  [/\p{Script=Bopomofo}/u, 'bopo'],
  [/\p{Script=Nko}/u, 'nko '],
];

const COMMON = '';
const memo = new Map<number, string>();
const MEMO_LIMIT = 65536;

/** Names of the script tags, for messages. */
const SCRIPT_NAMES: ReadonlyMap<string, string> = new Map([
  ['latn', 'Latin'],
  ['arab', 'Arabic'],
  ['hebr', 'Hebrew'],
  ['cyrl', 'Cyrillic'],
  ['grek', 'Greek'],
  ['hani', 'Han'],
  ['kana', 'Japanese kana'],
  ['hang', 'Hangul'],
  ['deva', 'Devanagari'],
  ['beng', 'Bengali'],
  ['guru', 'Gurmukhi'],
  ['gujr', 'Gujarati'],
  ['orya', 'Oriya'],
  ['taml', 'Tamil'],
  ['telu', 'Telugu'],
  ['knda', 'Kannada'],
  ['mlym', 'Malayalam'],
  ['sinh', 'Sinhala'],
  ['thai', 'Thai'],
  ['lao ', 'Lao'],
  ['tibt', 'Tibetan'],
  ['mym2', 'Myanmar'],
  ['khmr', 'Khmer'],
  ['geor', 'Georgian'],
  ['armn', 'Armenian'],
  ['ethi', 'Ethiopic'],
  ['syrc', 'Syriac'],
  ['thaa', 'Thaana'],
  ['mong', 'Mongolian'],
  ['bopo', 'Bopomofo'],
  ['nko ', "N'Ko"],
]);

/** A script tag's name for people ('other' for characters of no one script). */
export function scriptName(tag: string): string {
  return tag === COMMON ? 'other' : (SCRIPT_NAMES.get(tag) ?? tag.trim());
}

/** Script tag of one code point; '' for Common/Inherited/unknown. */
export function scriptOf(cp: number): string {
  if (cp < 0x80) return (cp >= 0x41 && cp <= 0x5a) || (cp >= 0x61 && cp <= 0x7a) ? 'latn' : COMMON;
  const hit = memo.get(cp);
  if (hit !== undefined) return hit;
  const ch = String.fromCodePoint(cp);
  let tag = COMMON;
  for (const [re, t] of SCRIPTS)
    if (re.test(ch)) {
      tag = t;
      break;
    }
  if (memo.size < MEMO_LIMIT) memo.set(cp, tag);
  return tag;
}

/**
 * Script per UTF-16 index of `text` (low surrogates copy their high surrogate). Common
 * characters take the preceding script, or the following one at the start; all-common text
 * is 'latn' (the default shaper handles it).
 */
export function resolveScripts(text: string): string[] {
  const n = text.length;
  const out: string[] = new Array<string>(n);
  let current = COMMON;
  for (let i = 0; i < n;) {
    const cp = text.codePointAt(i)!;
    const width = cp > 0xffff ? 2 : 1;
    const s = scriptOf(cp);
    if (s !== COMMON) current = s;
    for (let k = 0; k < width; k++) out[i + k] = s === COMMON ? COMMON : s;
    i += width;
  }
  // Fill Common from the left neighbour, then leading Common from the right.
  let prev = COMMON;
  for (let i = 0; i < n; i++) {
    if (out[i] === COMMON) out[i] = prev;
    else prev = out[i];
  }
  let next = current === COMMON ? 'latn' : COMMON;
  for (let i = n - 1; i >= 0; i--) {
    if (out[i] === COMMON) out[i] = next === COMMON ? 'latn' : next;
    else next = out[i];
  }
  return out;
}
