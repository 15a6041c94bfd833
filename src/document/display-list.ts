/**
 * The boundary between layout and the output stages (pdf/ and raster/).
 *
 * Layout produces a `LaidOutDocument`: pages of drawing items in page coordinates, a structure
 * tree keyed by source node, and document metadata. The PDF writer and the raster renderer both
 * consume exactly this; neither looks back at HTML, CSS or templates.
 *
 * Units and axes: points (1/72 in), origin at the top-left corner of the page, y grows downwards.
 * The PDF writer flips the axis; the raster renderer scales points to pixels.
 */
import type { RgbaColor } from './color.js';
import type { DocumentMetadata } from './metadata.js';
import type { StructNode } from './structure.js';

/** 2D affine matrix [a b c d e f] in the same top-left, y-down space. */
export type Matrix = readonly [number, number, number, number, number, number];

export type PathOp =
  | { readonly op: 'moveTo'; readonly x: number; readonly y: number }
  | { readonly op: 'lineTo'; readonly x: number; readonly y: number }
  | {
      readonly op: 'curveTo';
      readonly x1: number;
      readonly y1: number;
      readonly x2: number;
      readonly y2: number;
      readonly x: number;
      readonly y: number;
    }
  | {
      readonly op: 'rect';
      readonly x: number;
      readonly y: number;
      readonly width: number;
      readonly height: number;
    }
  | { readonly op: 'close' };

/**
 * One colour stop of a gradient. Offsets run from 0 to 1 and never decrease; beyond the first
 * and the last stop the end colours extend. Stops may differ in alpha: whoever draws the
 * gradient honours that (the PDF writer with a soft mask).
 */
export interface GradientStop {
  readonly offset: number;
  readonly color: RgbaColor;
}

export interface LinearGradient {
  readonly kind: 'linear-gradient';
  /** Start and end of the gradient line, in page coordinates. */
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
  readonly stops: readonly GradientStop[];
}

/**
 * A radial gradient: colours from a start circle (the focal circle; by default the end
 * circle's centre with radius 0) out to an end circle, in the gradient's own space, which
 * `transform` maps to page coordinates (an ellipse is a circle there; absent: page space).
 */
export interface RadialGradient {
  readonly kind: 'radial-gradient';
  readonly cx: number;
  readonly cy: number;
  readonly radius: number;
  readonly fx?: number;
  readonly fy?: number;
  readonly focalRadius?: number;
  readonly transform?: Matrix;
  readonly stops: readonly GradientStop[];
}

export type Gradient = LinearGradient | RadialGradient;

export type Paint = RgbaColor | Gradient;

export interface StrokeStyle {
  readonly paint: RgbaColor;
  readonly width: number;
  readonly dash?: readonly number[];
  /** Where in the dash pattern the stroke starts, in points (0 when absent). */
  readonly dashOffset?: number;
  readonly cap?: 'butt' | 'round' | 'square';
  readonly join?: 'miter' | 'round' | 'bevel';
}

/**
 * A font the writer embeds (subset) and the raster renderer outlines. `program` is the raw
 * sfnt (TTF/OTF; WOFF/WOFF2 already decoded by text/). `id` is stable for the same bytes so
 * caches can key on it.
 */
export interface FontResource {
  readonly id: string;
  readonly postscriptName: string;
  readonly program: Uint8Array;
  /** Index inside a TrueType collection, when the program is one. */
  readonly collectionIndex?: number;
  /**
   * Design-axis coordinates of a variable font's instance (e.g. { wght: 700 }); absent means
   * the font's default instance. Whoever opens `program` applies them before drawing.
   */
  readonly variation?: Readonly<Record<string, number>>;
}

/**
 * One shaped glyph, as read from a GlyphList (glyphAt). `text` is the source text this glyph
 * stands for ('' for the 2nd..nth glyph of a cluster).
 */
export interface PositionedGlyph {
  readonly id: number;
  /** Advance in points (already scaled by font size; letter-spacing included). */
  readonly advance: number;
  /** Offsets from the pen position, in points (y down). */
  readonly dx?: number;
  readonly dy?: number;
  readonly text: string;
}

/**
 * Shaped glyphs in drawing order, entry i of each array describing glyph i: no object per glyph,
 * as a page of text has thousands of them.
 */
export interface GlyphList {
  readonly ids: readonly number[];
  /** Advances in points (already scaled by font size; letter-spacing included). */
  readonly advances: readonly number[];
  /** Source text per glyph: its cluster's text on the cluster's first glyph, '' on the others. */
  readonly texts: readonly string[];
  /** Offsets from the pen position in points (y down); absent when no glyph is offset. */
  readonly offsets?: { readonly dx: readonly number[]; readonly dy: readonly number[] };
}

/** A run of glyphs of one font, size and colour on one baseline. */
export interface GlyphRun {
  readonly kind: 'glyphs';
  readonly font: FontResource;
  readonly size: number;
  readonly color: RgbaColor;
  /** Pen start on the baseline. */
  readonly x: number;
  readonly y: number;
  readonly glyphs: GlyphList;
  /**
   * A line drawn along the glyph outlines, centred on them, over the fill (outlined text).
   * With a transparent `color` the glyphs are hollow.
   */
  readonly stroke?: { readonly width: number; readonly color: RgbaColor };
  /**
   * Set when the glyphs do not map one-to-one, in order, to the source text (RTL reordering,
   * shaping that changed the text, private-use glyphs): the writer wraps the run in a Span
   * with this ActualText.
   */
  readonly actualText?: string;
  readonly tag: ItemTag;
}

export interface PathItem {
  readonly kind: 'path';
  readonly ops: readonly PathOp[];
  readonly fill?: Paint;
  readonly fillRule?: 'nonzero' | 'evenodd';
  readonly stroke?: StrokeStyle;
  readonly tag: ItemTag;
}

/** Pixel data already normalised by sharp: sRGB or gray, 8 bits, optional separate alpha. */
export type ImageData =
  | {
      readonly encoding: 'jpeg';
      readonly bytes: Uint8Array;
      readonly components: 1 | 3;
    }
  | {
      readonly encoding: 'raw';
      /** Interleaved samples, 8 bits per component, row-major, no padding. */
      readonly pixels: Uint8Array;
      readonly components: 1 | 3;
      /** Optional alpha plane (one byte per pixel); becomes an SMask in PDF. */
      readonly alpha?: Uint8Array;
    };

export interface ImageResource {
  /** Stable per image content so the same image drawn twice is written once. */
  readonly id: string;
  readonly widthPx: number;
  readonly heightPx: number;
  readonly data: ImageData;
}

export interface ImageItem {
  readonly kind: 'image';
  readonly image: ImageResource;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly tag: ItemTag;
}

/**
 * The first page of another PDF, imported as a form XObject (template backgrounds). The source
 * has passed the conformance gate before it gets here; the writer strips its marked content.
 */
export interface ImportedPage {
  /** Stable per source content so the page is written once however often it is drawn. */
  readonly id: string;
  readonly bytes: Uint8Array;
  /** 0-based page of `bytes` to import. */
  readonly pageIndex: number;
  /** Size of the source page box, points. */
  readonly width: number;
  readonly height: number;
}

export interface PdfPageItem {
  readonly kind: 'pdf-page';
  readonly source: ImportedPage;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly tag: ItemTag;
}

/**
 * How a group's composite is mixed with what lies behind it: the separable and non-separable
 * blend modes of Compositing and Blending 1, which are also PDF's standard blend modes.
 */
export type BlendMode =
  | 'normal'
  | 'multiply'
  | 'screen'
  | 'overlay'
  | 'darken'
  | 'lighten'
  | 'color-dodge'
  | 'color-burn'
  | 'hard-light'
  | 'soft-light'
  | 'difference'
  | 'exclusion'
  | 'hue'
  | 'saturation'
  | 'color'
  | 'luminosity';

/** Clip, transform and opacity applied to a group of items. Groups nest; keep nesting shallow. */
export interface GroupItem {
  readonly kind: 'group';
  readonly clip?: readonly PathOp[];
  /** How the clip path's inside is decided; absent, nonzero winding. */
  readonly clipRule?: 'evenodd';
  readonly transform?: Matrix;
  readonly opacity?: number;
  /**
   * The children are composited on their own first (an isolated group, a new backdrop), so
   * blend modes inside mix only with what the group itself draws.
   */
  readonly isolate?: boolean;
  /** How the composite of the children meets what lies behind the group; absent: normal. */
  readonly blend?: BlendMode;
  /**
   * A soft mask: the group shows as much as the luminance of these items, composited over
   * black, at each point (outside them, nothing). In the children's space (inside the
   * transform); the items are artifacts, never content.
   */
  readonly mask?: readonly DisplayItem[];
  readonly items: readonly DisplayItem[];
}

export type LinkTarget =
  | { readonly kind: 'uri'; readonly uri: string }
  | { readonly kind: 'internal'; readonly pageIndex: number; readonly y: number };

/** A clickable area. Becomes a Link annotation bound to the structure element `node`. */
export interface LinkItem {
  readonly kind: 'link';
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly target: LinkTarget;
  /** Structure node (of type Link) that owns the annotation. */
  readonly node: number;
  /** Text alternative for the annotation's /Contents (never empty). */
  readonly contents: string;
}

/**
 * A drawing made once and placed any number of times by `use` items (the tiles of a border
 * image, a repeated background): writers write it once (the PDF writer as one form XObject, the
 * raster as one SVG definition) and refer to it at each use. Its identity is the object: the
 * uses of one Drawing draw the same thing, and a changed copy is another Drawing.
 *
 * Only artifacts may be shared, since tagged content needs a marked-content id of its own
 * wherever it is drawn: a drawing's items are drawn unmarked and each use is marked with the
 * use's tag. Its items must all be artifacts and not links (a writer draws content it finds
 * there as the use's artifact, with a warning, and leaves links out).
 */
export interface Drawing {
  /** Items in the drawing's own space (units and axes as a page's). */
  readonly items: readonly DisplayItem[];
  /** [x0, y0, x1, y1] in the drawing's space, enclosing all it paints: nothing outside is drawn. */
  readonly bounds: readonly [number, number, number, number];
}

/** A Drawing placed: `transform` maps its space into the current one; `clip` is in its space. */
export interface UseItem {
  readonly kind: 'use';
  readonly drawing: Drawing;
  readonly transform: Matrix;
  /** Clip path in the drawing's space (after the transform, as a group's clip). */
  readonly clip?: readonly PathOp[];
  readonly tag: ArtifactTag;
}

export type DisplayItem =
  GlyphRun | PathItem | ImageItem | PdfPageItem | GroupItem | LinkItem | UseItem;

/**
 * Every drawn item is either content of exactly one structure slot or an artifact.
 * A slot is a position in some structure node's children (see StructChild) owned by that node;
 * several items (one paragraph over many lines and pages) may share one slot, in reading order.
 */
export type ItemTag = { readonly kind: 'content'; readonly slot: number } | ArtifactTag;

/** Drawing that is not content: page furniture, decoration, backgrounds. */
export interface ArtifactTag {
  readonly kind: 'artifact';
  readonly type: 'Pagination' | 'Layout' | 'Background';
  readonly subtype?: 'Header' | 'Footer' | 'Watermark';
  /** Bounding box (x, y, width, height), used for Background and Layout artifacts. */
  readonly bbox?: readonly [number, number, number, number];
}

export interface Page {
  /** Page box size in points (the whole sheet, bleed included). */
  readonly width: number;
  readonly height: number;
  /**
   * The trimmed page inside a sheet with bleed (CSS `bleed`), in the page's coordinates: the
   * writer sets it as TrimBox. Absent: the page is not trimmed.
   */
  readonly trim?: {
    readonly x: number;
    readonly y: number;
    readonly width: number;
    readonly height: number;
  };
  /** Items in painting order. */
  readonly items: readonly DisplayItem[];
}

/** One PDF outline (bookmark) entry, in document order; `level` 1 is the top. */
export interface OutlineItem {
  readonly level: number;
  readonly title: string;
  /** Shown expanded (bookmark-state: open). */
  readonly open: boolean;
  readonly pageIndex: number;
  /** Top of the element on its page. */
  readonly y: number;
  /** Id of the element's structure node (StructNode.id), when it has one. */
  readonly node?: number;
}

export interface LaidOutDocument {
  readonly pages: readonly Page[];
  /**
   * The outline, when layout decides it (CSS bookmark-level); absent: the writer makes one from
   * the headings of the structure tree.
   */
  readonly outline?: readonly OutlineItem[];
  /** Root of the structure tree, of type Document. */
  readonly structure: StructNode;
  readonly metadata: DocumentMetadata;
}
