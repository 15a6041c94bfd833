/**
 * Intrinsic inline sizes of a shaped paragraph (CSS Sizing 3): min-content is the widest piece
 * that cannot be broken (hyphenation and overflow-wrap: anywhere taken into account), max-content
 * the widest line when breaking only at forced breaks. One linear pass each.
 */
import { hyphenWidth, trailingSpaceWidth, widthBetween } from './break.js';
import { asParagraph, BREAK_MANDATORY, BREAK_NONE, type Piece } from './paragraph.js';
import type { IntrinsicSizes, ShapedParagraph } from './types.js';

/** Widest cluster of a piece (overflow-wrap: anywhere lets min-content go down to it). */
function widestCluster(piece: Piece): number {
  let widest = 0;
  let current = piece.insetStart;
  for (let g = 0; g < piece.ids.length; g++) {
    if (g > 0 && piece.rel[g] !== piece.rel[g - 1]) {
      widest = Math.max(widest, current);
      current = 0;
    }
    current += piece.advances[g];
  }
  return Math.max(widest, current + piece.insetEnd);
}

export function measureIntrinsic<S>(paragraph: ShapedParagraph<S>, textIndent = 0): IntrinsicSizes {
  const para = asParagraph(paragraph);
  if (para.isEmpty) return { minContent: 0, maxContent: 0 };
  let maxContent = 0;
  let line = textIndent;
  let minContent = 0;
  let word = 0;
  let firstWord = true;
  for (const piece of para.pieces) {
    line += piece.width;
    if (piece.breakAnywhere) {
      minContent = Math.max(minContent, widestCluster(piece));
      word = 0;
    } else if (piece.hyphenPoints.length > 0) {
      const hw = hyphenWidth(piece);
      let from = piece.start;
      for (const at of piece.hyphenPoints) {
        minContent = Math.max(
          minContent,
          word + widthBetween(piece, from, at) + hw + (firstWord ? textIndent : 0),
        );
        word = 0;
        firstWord = false;
        from = at;
      }
      word += widthBetween(piece, from, piece.end) + piece.insetEnd;
    } else word += piece.width;
    if (piece.breakAfter !== BREAK_NONE) {
      const hang = trailingSpaceWidth(piece);
      minContent = Math.max(minContent, word - hang + (firstWord ? textIndent : 0));
      word = 0;
      firstWord = false;
      if (piece.breakAfter === BREAK_MANDATORY) {
        maxContent = Math.max(maxContent, line - hang);
        line = 0;
      }
    }
  }
  maxContent = Math.max(maxContent, line);
  minContent = Math.max(minContent, word);
  return { minContent, maxContent: Math.max(maxContent, minContent) };
}
