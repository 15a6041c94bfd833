/**
 * Hand-built styled trees for layout unit tests, so each formatting context can be tested
 * without the cascade: `el('p', { fontSize: 12 }, 'text')`.
 */
import type {
  ComputedStyle,
  StyledElement,
  StyledNode,
  StyledPseudo,
} from '../../src/style/types.js';

const black = { r: 0, g: 0, b: 0, a: 1 };
const none = { r: 0, g: 0, b: 0, a: 0 };
const zr = { horizontal: 0, vertical: 0 };

export function baseStyle(): ComputedStyle {
  return {
    display: 'block',
    position: 'static',
    top: 'auto',
    right: 'auto',
    bottom: 'auto',
    left: 'auto',
    zIndex: 'auto',
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
    borderTopColor: black,
    borderRightColor: black,
    borderBottomColor: black,
    borderLeftColor: black,
    borderTopLeftRadius: zr,
    borderTopRightRadius: zr,
    borderBottomRightRadius: zr,
    borderBottomLeftRadius: zr,
    boxSizing: 'content-box',
    width: 'auto',
    height: 'auto',
    minWidth: 'auto',
    minHeight: 'auto',
    maxWidth: 'none',
    maxHeight: 'none',
    aspectRatio: 'auto',
    backgroundColor: none,
    backgroundLayers: [],
    overflowX: 'visible',
    overflowY: 'visible',
    opacity: 1,
    visibility: 'visible',
    color: black,
    fontFamily: ['Liberation Sans'],
    fontSize: 16,
    fontWeight: 400,
    fontStyle: 'normal',
    fontVariantCaps: 'normal',
    lineHeight: { kind: 'number', value: 1.25 },
    textAlign: 'start',
    textAlignLast: 'auto',
    textIndent: 0,
    textTransform: 'none',
    textDecorationLine: [],
    textDecorationColor: black,
    textDecorationStyle: 'solid',
    letterSpacing: 0,
    wordSpacing: 0,
    whiteSpace: 'normal',
    wordBreak: 'normal',
    overflowWrap: 'normal',
    tabSize: 8,
    verticalAlign: 'baseline',
    direction: 'ltr',
    unicodeBidi: 'normal',
    hyphens: 'manual',
    listStyleType: 'disc',
    listStylePosition: 'outside',
    listStyleImage: 'none',
    tableLayout: 'auto',
    borderCollapse: 'separate',
    borderSpacingH: 0,
    borderSpacingV: 0,
    captionSide: 'top',
    emptyCells: 'show',
    flexDirection: 'row',
    flexWrap: 'nowrap',
    flexGrow: 0,
    flexShrink: 1,
    flexBasis: 'auto',
    justifyContent: 'flex-start',
    alignItems: 'stretch',
    alignSelf: 'auto',
    alignContent: 'stretch',
    rowGap: 0,
    columnGap: 0,
    order: 0,
    objectFit: 'fill',
    objectPosition: { x: { percent: 50, px: 0 }, y: { percent: 50, px: 0 } },
    breakBefore: 'auto',
    breakAfter: 'auto',
    breakInside: 'auto',
    orphans: 2,
    widows: 2,
    page: 'auto',
    content: 'normal',
    counterReset: [],
    counterIncrement: [],
    counterSet: [],
    quotes: 'auto',
    boxDecorationBreak: 'slice',
    stringSet: 'none',
    bookmarkLevel: 'none',
    bookmarkLabel: [{ kind: 'content', part: 'text' }],
    bookmarkState: 'open',
    footnoteDisplay: 'block',
    footnotePolicy: 'auto',
    appearance: 'auto',
    accentColor: 'auto',
  };
}

let nextId = 1;

const INLINE = new Set(['span', 'a', 'em', 'strong', 'b', 'i', 'code', 'q', 'abbr', 'img', 'br']);
const DISPLAY: Record<string, ComputedStyle['display']> = {
  li: 'list-item',
  table: 'table',
  thead: 'table-header-group',
  tbody: 'table-row-group',
  tfoot: 'table-footer-group',
  tr: 'table-row',
  td: 'table-cell',
  th: 'table-cell',
  caption: 'table-caption',
};

type Child = StyledNode | string;

/** An element; text children inherit its style. Attributes go in `attrs`. */
export function el(
  tag: string,
  style: Partial<ComputedStyle> = {},
  children: Child[] = [],
  attrs: Record<string, string> = {},
  parent: ComputedStyle = baseStyle(),
): StyledElement {
  const s: ComputedStyle = {
    ...parent,
    display: INLINE.has(tag) ? (tag === 'img' ? 'inline' : 'inline') : (DISPLAY[tag] ?? 'block'),
    ...style,
  };
  const kids: StyledNode[] = children.map((c) =>
    typeof c === 'string' ? { kind: 'text', nodeId: nextId++, style: s, text: c } : c,
  );
  return {
    kind: 'element',
    nodeId: nextId++,
    style: s,
    tag,
    namespace: 'html',
    attrs: new Map(Object.entries(attrs)),
    lang: attrs.lang ?? '',
    children: kids,
  };
}

export function marker(text: string, style: Partial<ComputedStyle> = {}): StyledPseudo {
  return {
    kind: 'pseudo',
    pseudo: 'marker',
    parentNodeId: 0,
    lang: '',
    nodeId: nextId++,
    style: { ...baseStyle(), display: 'inline', ...style },
    content: [{ kind: 'text', text }],
  };
}
