/**
 * Image decoding for every stage that draws images: bitmaps through sharp (upright, sRGB or
 * gray, 8 bits), simple SVGs as vector paths, the rest of SVG through librsvg; decoded images
 * kept across documents by content hash.
 */
export {
  MAX_INPUT_PIXELS,
  decodeImage,
  decodeImageForDrawing,
  objectFit,
  type DecodedImage,
  type FitResult,
  type PixelImage,
  type VectorImage,
} from './decode.js';
export { decodeImageCached, decodeImageForDrawingCached } from './cache.js';
export { jpegFrame } from './jpeg.js';
export { loadSharp, type Sharp } from './sharp.js';
export {
  parsePathData,
  parseSimpleSvg,
  svgVectorItems,
  transformOps,
  type SvgVector,
  type SvgVectorNode,
} from './svg-vector.js';
export {
  UA_TEXT_HOST,
  type ShapedSvgText,
  type SvgTextFont,
  type SvgTextHost,
  type SvgTextShaper,
} from './svg-text.js';
