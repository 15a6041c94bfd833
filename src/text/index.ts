/**
 * text/: fonts, shaping, bidi, line breaking and measurement for inline content.
 * See types.ts for the contract and the intended call sequence.
 */
import type {
  BreakLines,
  CreateFontContext,
  CreateLineBreaker,
  MeasureIntrinsic,
  MeasureText,
  ShapeParagraph,
} from './types.js';
import { createFontContext as createContext } from './context.js';
import { shapeParagraph as shape } from './shape.js';
import { breakLines as breakIntoLines, createLineBreaker as lineBreaker } from './break.js';
import { measureIntrinsic as intrinsic } from './intrinsic.js';
import { measureText as measure } from './measure.js';

export const createFontContext: CreateFontContext = createContext;
export const shapeParagraph: ShapeParagraph = shape;
export const breakLines: BreakLines = breakIntoLines;
export const createLineBreaker: CreateLineBreaker = lineBreaker;
export const measureIntrinsic: MeasureIntrinsic = intrinsic;
export const measureText: MeasureText = measure;
export { toSfnt, detectFormat, FontFormatError } from './sfnt.js';
export { fontDirectory, bundledFamily, BUNDLED_FACES, FAMILY_ALIASES } from './bundled.js';
export type * from './types.js';
export { warmUpText } from './warmup.js';
export { balanceFill, prettyFill, type WrapFill } from './wrap-style.js';
export { createParagraphMemo, type ParagraphMemo } from './paragraph-memo.js';
export { clearShapeCaches, parsedFont, postHeader, type PostHeader } from './face.js';
