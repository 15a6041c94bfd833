/**
 * The box model: margins, padding, borders (widths, styles, colours, radii), box-sizing, the
 * sizes with their min and max, and aspect-ratio.
 */
import type { CssNode } from 'css-tree';
import { parseColor, type ColorSpec } from '../colors.js';
import * as kit from './kit.js';
import type { BorderStyle } from '../types.js';
import * as cssValues from '../values.js';

export const longhands: kit.Longhand[] = [];
export const shorthands: kit.Shorthand[] = [];

const SIDES = ['top', 'right', 'bottom', 'left'] as const;
const Side = { top: 'Top', right: 'Right', bottom: 'Bottom', left: 'Left' } as const;

function sidesShorthand(
  name: string,
  longs: readonly string[],
  parseOne: (n: CssNode) => unknown,
): kit.Shorthand {
  return {
    name,
    longhands: longs,
    expand(nodes) {
      const v = nodes.map(parseOne);
      if (v.some((x) => x === null)) return null;
      const s = kit.boxSides(v);
      return s && new Map(longs.map((l, i) => [l, s[i]]));
    },
  };
}

for (const s of SIDES) {
  longhands.push(
    kit.lengthProp(`margin-${s}`, `margin${Side[s]}`, false, 0, { pct: true }, ['auto']),
  );
  longhands.push(
    kit.lengthProp(`padding-${s}`, `padding${Side[s]}`, false, 0, { pct: true, nonNegative: true }),
  );
}
shorthands.push(
  sidesShorthand(
    'margin',
    SIDES.map((s) => `margin-${s}`),
    (n) => kit.lengthOrKeyword(n, { pct: true }, ['auto']),
  ),
  sidesShorthand(
    'padding',
    SIDES.map((s) => `padding-${s}`),
    (n) => cssValues.parseLength(n, { pct: true, nonNegative: true }),
  ),
);

export const BORDER_STYLES: readonly BorderStyle[] = [
  'none',
  'hidden',
  'solid',
  'dashed',
  'dotted',
  'double',
  'groove',
  'ridge',
  'inset',
  'outset',
];
export const parseBorderStyle = kit.keywordParser(BORDER_STYLES);
const BORDER_WIDTH_KW: Readonly<Record<string, cssValues.LenSpec>> = {
  thin: { t: 'dim', v: 1, unit: 'px' },
  medium: { t: 'dim', v: 3, unit: 'px' },
  thick: { t: 'dim', v: 5, unit: 'px' },
};
export function parseBorderWidth(n: CssNode): cssValues.LenSpec | null {
  const id = cssValues.ident(n);
  if (id !== null) return BORDER_WIDTH_KW[id] ?? null;
  return cssValues.parseLength(n, { nonNegative: true });
}

for (const s of SIDES) {
  longhands.push(
    kit.longhand<cssValues.LenSpec>({
      name: `border-${s}-width`,
      key: `border${Side[s]}Width`,
      inherited: false,
      initial: 3,
      parse: kit.single(parseBorderWidth),
      compute: (v, c) => cssValues.computeAbsolute(v, c.env),
    }),
    kit.keywordProp(`border-${s}-style`, `border${Side[s]}Style`, false, 'none', BORDER_STYLES),
    kit.colorProp(`border-${s}-color`, `border${Side[s]}Color`, false, 'currentcolor'),
  );
}

/** Splits `1px solid red` into width, style and colour in any order. */
export function parseBorderParts(
  nodes: readonly CssNode[],
): { w?: cssValues.LenSpec; s?: BorderStyle; c?: ColorSpec } | null {
  const out: { w?: cssValues.LenSpec; s?: BorderStyle; c?: ColorSpec } = {};
  if (nodes.length === 0 || nodes.length > 3) return null;
  for (const n of nodes) {
    const st = parseBorderStyle(n);
    if (st && !out.s) {
      out.s = st;
      continue;
    }
    const w = parseBorderWidth(n);
    if (w && !out.w) {
      out.w = w;
      continue;
    }
    const c = parseColor(n);
    if (c && !out.c) {
      out.c = c;
      continue;
    }
    return null;
  }
  return out;
}

function borderLonghands(sides: readonly string[]): string[] {
  return sides.flatMap((s) => [`border-${s}-width`, `border-${s}-style`, `border-${s}-color`]);
}

/** `resets`: longhands the shorthand sets to their initial values whatever it is given. */
export function borderShorthand(
  name: string,
  sides: readonly string[],
  resets: readonly string[] = [],
): kit.Shorthand {
  return {
    name,
    longhands: [...borderLonghands(sides), ...resets],
    expand(nodes) {
      const p = parseBorderParts(nodes);
      if (!p) return null;
      const m = new Map<string, unknown>(resets.map((r) => [r, kit.INITIAL]));
      for (const s of sides) {
        m.set(`border-${s}-width`, p.w ?? kit.INITIAL);
        m.set(`border-${s}-style`, p.s ?? kit.INITIAL);
        m.set(`border-${s}-color`, p.c ?? kit.INITIAL);
      }
      return m;
    },
  };
}

shorthands.push(
  // `border` also resets border-image (CSS Backgrounds 3 §4.4), which it cannot set.
  borderShorthand('border', SIDES, [
    'border-image-source',
    'border-image-slice',
    'border-image-width',
    'border-image-outset',
    'border-image-repeat',
  ]),
  ...SIDES.map((s) => borderShorthand(`border-${s}`, [s])),
  sidesShorthand(
    'border-width',
    SIDES.map((s) => `border-${s}-width`),
    parseBorderWidth,
  ),
  sidesShorthand(
    'border-style',
    SIDES.map((s) => `border-${s}-style`),
    parseBorderStyle,
  ),
  sidesShorthand(
    'border-color',
    SIDES.map((s) => `border-${s}-color`),
    parseColor,
  ),
);

const CORNERS = [
  ['top-left', 'TopLeft'],
  ['top-right', 'TopRight'],
  ['bottom-right', 'BottomRight'],
  ['bottom-left', 'BottomLeft'],
] as const;
interface RadiusSpec {
  readonly h: cssValues.LenSpec;
  readonly v: cssValues.LenSpec;
}
const parseRadiusLen = (n: CssNode): cssValues.LenSpec | null =>
  cssValues.parseLength(n, { pct: true, nonNegative: true });
for (const [c, k] of CORNERS) {
  longhands.push(
    kit.longhand<RadiusSpec>({
      name: `border-${c}-radius`,
      key: `border${k}Radius`,
      inherited: false,
      initial: { horizontal: 0, vertical: 0 },
      parse: (nodes) => {
        const v = nodes.map(parseRadiusLen);
        if (v.length < 1 || v.length > 2 || v.some((x) => x === null)) return null;
        return { h: v[0] as cssValues.LenSpec, v: (v[1] ?? v[0]) as cssValues.LenSpec };
      },
      compute: (s, ctx) => ({
        horizontal: cssValues.computeLength(s.h, ctx.env, true),
        vertical: cssValues.computeLength(s.v, ctx.env, true),
      }),
    }),
  );
}
shorthands.push({
  name: 'border-radius',
  longhands: CORNERS.map(([c]) => `border-${c}-radius`),
  expand(nodes) {
    const slash = nodes.findIndex(cssValues.isSlash);
    const hn = slash < 0 ? nodes : nodes.slice(0, slash);
    const vn = slash < 0 ? nodes : nodes.slice(slash + 1);
    const h = hn.map(parseRadiusLen);
    const v = vn.map(parseRadiusLen);
    if (h.some((x) => x === null) || v.some((x) => x === null)) return null;
    const hs = kit.boxSides(h as cssValues.LenSpec[]);
    const vs = kit.boxSides(v as cssValues.LenSpec[]);
    if (!hs || !vs) return null;
    return new Map(
      CORNERS.map(([c], i) => [`border-${c}-radius`, { h: hs[i], v: vs[i] } satisfies RadiusSpec]),
    );
  },
});

const SIZE_KW = ['auto', 'min-content', 'max-content', 'fit-content'];
function sizeProp(
  name: string,
  key: string,
  initial: string,
  keywords: readonly string[],
): kit.Longhand {
  return kit.longhand<kit.LenOrKeyword>({
    name,
    key,
    inherited: false,
    initial,
    parse: kit.single((n) => {
      if (n.type === 'Function' && n.name.toLowerCase() === 'fit-content')
        return { kw: 'fit-content' };
      const id = cssValues.ident(n);
      if (id === '-webkit-fill-available' || id === 'stretch') return { kw: 'auto' };
      return kit.lengthOrKeyword(n, { pct: true, nonNegative: true }, keywords);
    }),
    compute: (s, c) => kit.computeLenOrKeyword(s, c.env, true),
  });
}
longhands.push(
  kit.keywordProp('box-sizing', 'boxSizing', false, 'content-box', ['content-box', 'border-box']),
  sizeProp('width', 'width', 'auto', SIZE_KW),
  sizeProp('height', 'height', 'auto', SIZE_KW),
  sizeProp('min-width', 'minWidth', 'auto', SIZE_KW),
  sizeProp('min-height', 'minHeight', 'auto', SIZE_KW),
  sizeProp('max-width', 'maxWidth', 'none', ['none', 'min-content', 'max-content', 'fit-content']),
  sizeProp('max-height', 'maxHeight', 'none', [
    'none',
    'min-content',
    'max-content',
    'fit-content',
  ]),
  kit.longhand<number | 'auto'>({
    name: 'aspect-ratio',
    key: 'aspectRatio',
    inherited: false,
    initial: 'auto',
    parse: (nodes) => {
      const rest = nodes.filter((n) => cssValues.ident(n) !== 'auto');
      if (rest.length === 0) return nodes.length === 1 ? 'auto' : null;
      const a = cssValues.parseNumber(rest[0]);
      if (a === null || a <= 0) return null;
      if (rest.length === 1) return a;
      if (rest.length === 3 && cssValues.isSlash(rest[1])) {
        const b = cssValues.parseNumber(rest[2]);
        return b !== null && b > 0 ? a / b : null;
      }
      return null;
    },
  }),
);
