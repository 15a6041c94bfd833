/**
 * Which characters stand upright in vertical text set with text-orientation: mixed: those
 * whose Unicode Vertical_Orientation (UAX #50) is U or Tu, by block. Characters of the Tr
 * class (brackets, the long vowel mark, wave dashes) turn sideways with the Latin text, which
 * looks as their vertical forms do; the rest of the U class outside these blocks (a few
 * symbols) is set sideways too.
 */

/** [first, last] code point ranges set upright, sorted. */
const UPRIGHT: readonly (readonly [number, number])[] = [
  [0x00a7, 0x00a7],
  [0x00a9, 0x00a9],
  [0x00ae, 0x00ae],
  [0x00b1, 0x00b1],
  [0x00bc, 0x00be],
  [0x00d7, 0x00d7],
  [0x00f7, 0x00f7],
  [0x1100, 0x11ff], // Hangul Jamo
  [0x2e80, 0x2fff], // CJK radicals, Kangxi radicals, ideographic description
  [0x3000, 0x3007], // ideographic space, comma, full stop, marks
  [0x3012, 0x3013],
  [0x301d, 0x302f],
  [0x3031, 0x303f],
  [0x3040, 0x30fb], // Hiragana, Katakana (up to the middle dot)
  [0x30fd, 0x4dbf], // Katakana iteration marks, Bopomofo, Hangul compatibility, CJK ext. A
  [0x4dc0, 0x9fff], // Yijing hexagrams, CJK unified ideographs
  [0xa000, 0xa4cf], // Yi
  [0xa960, 0xa97f], // Hangul Jamo extended A
  [0xac00, 0xd7ff], // Hangul syllables, Jamo extended B
  [0xf900, 0xfaff], // CJK compatibility ideographs
  [0xfe10, 0xfe1f], // vertical forms
  [0xfe30, 0xfe4f], // CJK compatibility forms
  [0xff01, 0xff07], // fullwidth forms, less brackets and the like
  [0xff0a, 0xff19],
  [0xff1f, 0xff3a],
  [0xff3c, 0xff3c],
  [0xff3e, 0xff3e],
  [0xff40, 0xff5a],
  [0xffe0, 0xffe7],
  [0x1f000, 0x1faff], // mahjong, dominoes, cards, enclosed forms, emoji
  [0x20000, 0x3fffd], // CJK ideographs, supplementary planes
];

export function isUprightInMixed(cp: number): boolean {
  let lo = 0;
  let hi = UPRIGHT.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const [a, b] = UPRIGHT[mid];
    if (cp < a) hi = mid - 1;
    else if (cp > b) lo = mid + 1;
    else return true;
  }
  return false;
}
