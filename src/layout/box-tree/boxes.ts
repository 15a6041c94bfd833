/**
 * The box tree: every styled element becomes boxes of an explicit kind (block container with
 * either block children or one inline formatting context, flex container, table parts, replaced
 * image), with anonymous block wrappers where block and inline content mix. The structure tree
 * is built in the same DOM-order walk (see semantics.ts), and every piece of inline content
 * carries the structure slot it fills, or none for artifacts.
 */
import type { ComputedStyle, RgbaColor, StyledElement, StyledNode } from '../../style/index.js';
import type { TextDecoration } from '../../text/index.js';
import type { DraftNode } from './structure.js';
import type { DecodedImage } from '../../images/index.js';
import type { PageMark } from '../paginate/fragments.js';
import { WeakKeyedMemo } from '../../util/index.js';

/** Where an internal or external link goes; resolved to a LinkItem after pagination. */
export type LinkTargetRef =
  { readonly kind: 'uri'; readonly uri: string } | { readonly kind: 'anchor'; readonly id: string };

export interface LinkRef {
  readonly node: DraftNode;
  readonly target: LinkTargetRef;
  /** Annotation /Contents: aria-label, title or the link's text. */
  contents: string;
}

/**
 * An inline element with a background or border, one object per element: runs of the same
 * element paint one box per line, and siblings styled alike (sharing one ComputedStyle) do not.
 */
export interface PaintedInline {
  readonly style: ComputedStyle;
}

/** What every inline run carries back from line breaking. */
export interface InlineSource {
  /** Structure slot of the content; undefined = artifact. */
  readonly slot?: number;
  readonly link?: LinkRef;
  /** The atomic inline box of an ObjectRun. */
  readonly box?: Box;
  /** Inline box whose background is painted behind this run. */
  readonly background?: PaintedInline;
  /** visibility: hidden — takes space, draws nothing. */
  readonly hidden?: boolean;
  /** text-shadow of the text, when it has one. */
  readonly textShadow?: ComputedStyle['textShadow'];
  /** How the glyphs are filled and outlined, when not simply in the text colour. */
  readonly textPaint?: TextPaint;
  /** id of an inline element starting with this run (a link target). */
  readonly anchor?: string;
  /** leader(): an empty object that grows to fill its line with `fill` repeated (an artifact). */
  readonly leader?: { readonly fill: string; readonly style: ComputedStyle; readonly lang: string };
  /** Page marks of inline content starting with this run (string-set, running elements). */
  readonly marks?: readonly PageMark[];
  /** Bodies of the footnotes called here (float: footnote), for the page's footnote area. */
  readonly footnotes?: readonly BlockBox[];
  /**
   * Offset in points of the relatively positioned inline boxes around this run: it is drawn
   * there, while its line is laid out as if it had not moved (a raised `sup`).
   */
  readonly shift?: RelativeShift;
}

/** -webkit-text-fill-color and -webkit-text-stroke, resolved (stroke width in points). */
export interface TextPaint {
  readonly fill?: RgbaColor;
  readonly stroke?: { readonly width: number; readonly color: RgbaColor };
}

export interface RelativeShift {
  readonly x: number;
  readonly y: number;
  /** Part of the horizontal offset given as a fraction of the containing block's width. */
  readonly xOfWidth?: number;
}

export type InlineItem =
  | {
      readonly kind: 'text';
      readonly text: string;
      readonly style: ComputedStyle;
      readonly lang: string;
      readonly decoration?: TextDecoration;
      /**
       * The inline ancestor whose vertical-align (sub, super, a length) moves this text, which
       * itself sits on its parent's baseline: the text rides with it.
       */
      readonly raisedBy?: ComputedStyle;
      readonly source: InlineSource;
      readonly insetStart?: number;
      readonly insetEnd?: number;
    }
  | {
      readonly kind: 'atomic';
      readonly box: Box;
      /** Style of the surrounding inline content. */
      readonly style: ComputedStyle;
      readonly lang: string;
      readonly source: InlineSource;
    }
  /** Nothing drawn, no room taken: where page marks of content removed from the line were. */
  | {
      readonly kind: 'mark';
      readonly style: ComputedStyle;
      readonly lang: string;
      readonly source: InlineSource;
    }
  | {
      /**
       * A float or an absolutely positioned box met in inline content: it takes no room on
       * the line; a float is placed beside the line where it stands, a positioned box takes
       * that place as its static position.
       */
      readonly kind: 'out-of-flow';
      readonly box: Box;
      readonly style: ComputedStyle;
      readonly lang: string;
      readonly source: InlineSource;
    };

interface BoxCommon {
  /** Source node id (styled node) or a negative id for anonymous boxes. */
  readonly id: number;
  readonly style: ComputedStyle;
  readonly el?: StyledElement;
  /** id attribute, for internal link targets. */
  readonly anchor?: string;
  readonly lang: string;
  /** Page marks: named strings it sets, a bookmark (recorded where the box starts). */
  readonly marks?: readonly PageMark[];
}

export interface MarkerBox {
  readonly text: string;
  readonly style: ComputedStyle;
  readonly slot?: number;
  /** list-style-image or `::marker { content: url() }`: drawn instead of the text. */
  readonly image?: DecodedImage;
}

export interface BlockBox extends BoxCommon {
  readonly kind: 'block';
  /** Block-level children, or empty when `inline` holds this box's inline formatting context. */
  readonly children: readonly Box[];
  readonly inline?: readonly InlineItem[];
  /** Outside list marker, drawn beside the first line. */
  readonly marker?: MarkerBox;
  /** Structure node owning this box (Figure bbox, Table). */
  readonly struct?: DraftNode;
}

export interface FlexBox extends BoxCommon {
  readonly kind: 'flex';
  readonly children: readonly Box[];
}

/** A grid container; its children are the grid items (blockified, text runs wrapped). */
export interface GridBox extends BoxCommon {
  readonly kind: 'grid';
  readonly children: readonly Box[];
}

export interface TableCellBox {
  readonly box: BlockBox;
  readonly colspan: number;
  readonly rowspan: number;
}

export interface TableRowBox {
  readonly style: ComputedStyle;
  /** The TR structure node (for padding irregular rows). */
  readonly struct?: DraftNode;
  readonly cells: readonly TableCellBox[];
}

export interface TableSectionBox {
  readonly kind: 'head' | 'body' | 'foot';
  readonly style?: ComputedStyle;
  readonly rows: readonly TableRowBox[];
}

export interface TableBox extends BoxCommon {
  readonly kind: 'table';
  readonly caption?: BlockBox;
  readonly sections: readonly TableSectionBox[];
  /** Widths from <col>/<colgroup> (style width), one per column. */
  readonly columns: readonly { readonly style: ComputedStyle }[];
}

export interface ImageBox extends BoxCommon {
  readonly kind: 'image';
  /** Undefined when loading failed: a placeholder box with the alt text is drawn. */
  readonly image?: DecodedImage;
  readonly alt: string;
  /** Content slot (of the Figure); undefined = decorative (artifact). */
  readonly slot?: number;
  /** width/height attributes in points (presentational size hints). */
  readonly attrWidth?: number;
  readonly attrHeight?: number;
}

export type Box = BlockBox | FlexBox | GridBox | TableBox | ImageBox;

/** Is this styled child whitespace-only text that collapses away between blocks? */
export function isCollapsibleWhitespace(n: StyledNode): boolean {
  if (n.kind !== 'text') return false;
  const ws = n.style.whiteSpace;
  if (ws === 'pre' || ws === 'pre-wrap' || ws === 'break-spaces') return false;
  return onlySpaces(n.text, ws === 'pre-line' || ws === 'pre-line-nowrap');
}

/**
 * Whether `text` is only spaces and tabs, and line feeds, returns and form feeds unless
 * `keepLines`. A loop rather than a regular expression: it runs for every text node between
 * blocks.
 */
function onlySpaces(text: string, keepLines: boolean): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x20 || c === 0x09) continue;
    if (!keepLines && (c === 0x0a || c === 0x0d || c === 0x0c)) continue;
    return false;
  }
  return true;
}

const AUTO_LINE = { kind: 'auto' } as const;

/**
 * Anonymous styles by parent style and display. Computed styles are immutable and shared, so
 * one anonymous style per parent serves every anonymous box under it (before, each box copied
 * the whole style, and caches keyed by style, such as text styles, missed for each).
 */
const anonymousStyles = new WeakKeyedMemo<ComputedStyle, ComputedStyle['display'], ComputedStyle>();

/** A style for anonymous boxes: inherited properties from the parent, box properties reset. */
export function anonymousStyle(
  parent: ComputedStyle,
  display: ComputedStyle['display'] = 'block',
): ComputedStyle {
  return anonymousStyles.get(parent, display, buildAnonymousStyle);
}

function buildAnonymousStyle(
  parent: ComputedStyle,
  display: ComputedStyle['display'],
): ComputedStyle {
  const transparent = { r: 0, g: 0, b: 0, a: 0 };
  const zeroRadius = { horizontal: 0, vertical: 0 };
  const hundred = { percent: 100, px: 0 };
  return {
    ...parent,
    display,
    position: 'static',
    top: 'auto',
    right: 'auto',
    bottom: 'auto',
    left: 'auto',
    float: 'none',
    clear: 'none',
    marginTop: 0,
    marginRight: 0,
    marginBottom: 0,
    marginLeft: 0,
    paddingTop: 0,
    paddingRight: 0,
    paddingBottom: 0,
    paddingLeft: 0,
    borderTopWidth: 0,
    borderRightWidth: 0,
    borderBottomWidth: 0,
    borderLeftWidth: 0,
    borderTopStyle: 'none',
    borderRightStyle: 'none',
    borderBottomStyle: 'none',
    borderLeftStyle: 'none',
    borderTopLeftRadius: zeroRadius,
    borderTopRightRadius: zeroRadius,
    borderBottomRightRadius: zeroRadius,
    borderBottomLeftRadius: zeroRadius,
    borderImageSource: 'none',
    borderImageSlice: { sides: [hundred, hundred, hundred, hundred], fill: false },
    borderImageWidth: [{ factor: 1 }, { factor: 1 }, { factor: 1 }, { factor: 1 }],
    borderImageOutset: [0, 0, 0, 0],
    borderImageRepeat: ['stretch', 'stretch'],
    boxSizing: 'content-box',
    width: 'auto',
    height: 'auto',
    minWidth: 'auto',
    minHeight: 'auto',
    maxWidth: 'none',
    maxHeight: 'none',
    aspectRatio: 'auto',
    backgroundColor: transparent,
    backgroundLayers: [],
    backgroundClip: 'border-box',
    boxShadow: [],
    overflowX: 'visible',
    overflowY: 'visible',
    opacity: 1,
    clip: 'auto',
    transform: [],
    translate: [],
    rotate: [],
    scale: [],
    textDecorationLine: [],
    flexGrow: 0,
    flexShrink: 1,
    flexBasis: 'auto',
    alignSelf: 'auto',
    order: 0,
    gridRowStart: AUTO_LINE,
    gridRowEnd: AUTO_LINE,
    gridColumnStart: AUTO_LINE,
    gridColumnEnd: AUTO_LINE,
    justifySelf: 'auto',
    columnCount: 'auto',
    columnWidth: 'auto',
    columnSpan: 'none',
    breakBefore: 'auto',
    breakAfter: 'auto',
    breakInside: 'auto',
    verticalAlign: 'baseline',
    maxLines: 'none',
    continue: 'auto',
    containerType: 'normal',
    containerName: [],
    initialLetter: 'normal',
  };
}
