/**
 * Every supported CSS property, by family: each family module lists its longhands (parse →
 * specified value → computed value, side by side) and the shorthands that expand into them;
 * kit.ts holds the building blocks they share. This module puts the families together in one
 * registry, adds the logical properties (which alias the physical ones) and fixes the order in
 * which the cascade computes longhands. Anything not here is reported as unsupported.
 */
import type { CssNode } from 'css-tree';
import * as backgrounds from './backgrounds.js';
import * as borderImage from './border-image.js';
import * as box from './box.js';
import * as clipPath from './clip-path.js';
import * as columns from './columns.js';
import * as compositing from './compositing.js';
import * as containers from './containers.js';
import * as content from './content.js';
import * as display from './display.js';
import * as effects from './effects.js';
import * as filter from './filter.js';
import * as flex from './flex.js';
import * as fontFeatures from './font-features.js';
import * as fontSizeAdjust from './font-size-adjust.js';
import * as fonts from './fonts.js';
import * as forms from './forms.js';
import * as fragmentation from './fragmentation.js';
import * as grid from './grid.js';
import * as lineClamp from './line-clamp.js';
import * as outline from './outline.js';
import * as paged from './paged.js';
import * as shadows from './shadows.js';
import * as shapes from './shapes.js';
import { lengthOrKeyword, type Longhand, type ParseCtx, type Shorthand } from './kit.js';
import * as tables from './tables.js';
import * as text from './text.js';
import * as textStroke from './text-stroke.js';
import * as textEmphasis from './text-emphasis.js';
import * as transforms from './transforms.js';
import * as zoom from './zoom.js';
import * as writingModes from './writing-modes.js';
import { parseLength } from '../values.js';

/** The families in registration order (it decides the order of COMPUTE_ORDER's tail). */
const FAMILIES = [
  display,
  box,
  outline,
  backgrounds,
  shadows,
  borderImage,
  effects,
  clipPath,
  shapes,
  filter,
  compositing,
  transforms,
  fonts,
  fontFeatures,
  fontSizeAdjust,
  text,
  textStroke,
  textEmphasis,
  lineClamp,
  content,
  tables,
  flex,
  grid,
  columns,
  fragmentation,
  paged,
  forms,
  zoom,
  writingModes,
  containers,
];
const LONG: Longhand[] = FAMILIES.flatMap((f) => f.longhands);
const SHORT: Shorthand[] = FAMILIES.flatMap((f) => f.shorthands);
const { borderShorthand } = box;

// ---------------------------------------------------------------------------------------------
// Registry

/** Property names that are plain synonyms of another. */
export const PROPERTY_ALIASES: ReadonlyMap<string, string> = new Map([
  ['word-wrap', 'overflow-wrap'],
  ['-webkit-hyphens', 'hyphens'],
  ['-ms-hyphens', 'hyphens'],
  ['grid-gap', 'gap'],
  ['grid-row-gap', 'row-gap'],
  ['grid-column-gap', 'column-gap'],
  ['-webkit-box-sizing', 'box-sizing'],
  ['-moz-box-sizing', 'box-sizing'],
  // Sheets still switch off the platform look with the prefixed name alone; browsers read it
  // (Chromium the -webkit- one only, which sheets pair with -moz- values it must not see).
  ['-webkit-appearance', 'appearance'],
  ['-webkit-box-decoration-break', 'box-decoration-break'],
  ['-moz-tab-size', 'tab-size'],
  ...[
    'columns',
    'column-count',
    'column-gap',
    'column-rule',
    'column-width',
    'column-fill',
  ].flatMap((p): [string, string][] => [
    [`-webkit-${p}`, p],
    [`-moz-${p}`, p],
  ]),
  ['-webkit-column-span', 'column-span'],
  // Older sheets (and mail templates) still give some properties only under the prefixed
  // name; Chromium reads these -webkit- names as the standard property.
  ...[
    'transform',
    'transform-origin',
    'border-radius',
    'border-top-left-radius',
    'border-top-right-radius',
    'border-bottom-right-radius',
    'border-bottom-left-radius',
    'box-shadow',
    'background-size',
    'background-origin',
    'background-clip',
    'flex',
    'flex-direction',
    'flex-wrap',
    'flex-flow',
    'flex-grow',
    'flex-shrink',
    'flex-basis',
    'align-items',
    'align-self',
    'align-content',
    'justify-content',
    'order',
    'filter',
    'clip-path',
    'shape-outside',
    'shape-margin',
    'shape-image-threshold',
    'font-feature-settings',
    'text-decoration-line',
    'text-decoration-style',
    'text-decoration-color',
    'text-underline-position',
  ].map((p): [string, string] => [`-webkit-${p}`, p]),
  ...compositing.MASK_ALIASES,
  // Safari and older Chromium read emphasis marks only under the -webkit- names.
  ...['text-emphasis', 'text-emphasis-style', 'text-emphasis-color', 'text-emphasis-position'].map(
    (p): [string, string] => [`-webkit-${p}`, p],
  ),
]);

/**
 * Properties that cannot affect a static PDF (interaction, animation, rendering hints): ignored
 * without a warning because nothing is lost.
 */
export const NO_EFFECT_PROPERTIES: ReadonlySet<string> = new Set([
  'cursor',
  'pointer-events',
  'user-select',
  'transition',
  'transition-property',
  'transition-duration',
  'transition-timing-function',
  'transition-delay',
  'animation',
  'animation-name',
  'animation-duration',
  'animation-timing-function',
  'animation-delay',
  'animation-iteration-count',
  'animation-direction',
  'animation-fill-mode',
  'animation-play-state',
  'will-change',
  'touch-action',
  'scroll-behavior',
  'scroll-margin',
  'scroll-margin-top',
  'scroll-margin-bottom',
  'scroll-margin-block',
  'scroll-padding',
  'scroll-padding-top',
  'scroll-padding-block',
  'scroll-snap-type',
  'scroll-snap-align',
  'scrollbar-gutter',
  'scrollbar-width',
  'scrollbar-color',
  'overscroll-behavior',
  'overscroll-behavior-x',
  'overscroll-behavior-y',
  // Only size containment and content-visibility read it, neither of which is drawn here.
  'contain-intrinsic-size',
  'caret-color',
  'resize',
  'text-rendering',
  'print-color-adjust',
  'color-adjust',
  'color-scheme',
  'font-display',
  'speak',
  'outline-offset',
  'font-optical-sizing',
  'text-size-adjust',
]);

// ---------------------------------------------------------------------------------------------
// Logical properties (horizontal writing only): block-axis ones are plain aliases of top/bottom
// and height; inline-start/end depend on `direction`, so they cascade as their own longhands and
// the cascade maps them onto left/right once the element's direction is known.

const PHYSICAL = new Map(LONG.map((l) => [l.name, l]));

function aliasOf(name: string, target: string): Shorthand {
  const t = PHYSICAL.get(target) as Longhand;
  return {
    name,
    longhands: [target],
    expand(nodes, ctx) {
      const v = t.parse(nodes, ctx);
      return v === null ? null : new Map([[target, v]]);
    },
  };
}

function pairOf(
  name: string,
  first: string,
  second: string,
  parseOne: (n: CssNode, ctx: ParseCtx) => unknown,
): Shorthand {
  return {
    name,
    longhands: [first, second],
    expand(nodes, ctx) {
      const v = nodes.map((n) => parseOne(n, ctx));
      if (v.length < 1 || v.length > 2 || v.some((x) => x === null)) return null;
      return new Map([
        [first, v[0]],
        [second, v[1] ?? v[0]],
      ]);
    },
  };
}

/** Inline-direction longhand → [physical in ltr, physical in rtl]. */
export const LOGICAL_INLINE: ReadonlyMap<string, readonly [string, string]> = (() => {
  const m = new Map<string, readonly [string, string]>();
  for (const p of ['margin', 'padding']) {
    m.set(`${p}-inline-start`, [`${p}-left`, `${p}-right`]);
    m.set(`${p}-inline-end`, [`${p}-right`, `${p}-left`]);
  }
  for (const part of ['width', 'style', 'color']) {
    m.set(`border-inline-start-${part}`, [`border-left-${part}`, `border-right-${part}`]);
    m.set(`border-inline-end-${part}`, [`border-right-${part}`, `border-left-${part}`]);
  }
  m.set('inset-inline-start', ['left', 'right']);
  m.set('inset-inline-end', ['right', 'left']);
  return m;
})();

for (const [name, [ltr]] of LOGICAL_INLINE) {
  const phys = PHYSICAL.get(ltr) as Longhand;
  // Same parser as the physical property; `key` marks it as never computed on its own.
  LONG.push({ ...phys, name, key: '_logical', inherited: false });
}
const lengthAuto = (n: CssNode): unknown => lengthOrKeyword(n, { pct: true }, ['auto']);
const padLen = (n: CssNode): unknown => parseLength(n, { pct: true, nonNegative: true });
SHORT.push(
  aliasOf('margin-block-start', 'margin-top'),
  aliasOf('margin-block-end', 'margin-bottom'),
  aliasOf('padding-block-start', 'padding-top'),
  aliasOf('padding-block-end', 'padding-bottom'),
  aliasOf('inset-block-start', 'top'),
  aliasOf('inset-block-end', 'bottom'),
  aliasOf('inline-size', 'width'),
  aliasOf('block-size', 'height'),
  aliasOf('min-inline-size', 'min-width'),
  aliasOf('min-block-size', 'min-height'),
  aliasOf('max-inline-size', 'max-width'),
  aliasOf('max-block-size', 'max-height'),
  ...['width', 'style', 'color'].flatMap((part) => [
    aliasOf(`border-block-start-${part}`, `border-top-${part}`),
    aliasOf(`border-block-end-${part}`, `border-bottom-${part}`),
  ]),
  pairOf('margin-block', 'margin-top', 'margin-bottom', lengthAuto),
  pairOf('margin-inline', 'margin-inline-start', 'margin-inline-end', lengthAuto),
  pairOf('padding-block', 'padding-top', 'padding-bottom', padLen),
  pairOf('padding-inline', 'padding-inline-start', 'padding-inline-end', padLen),
  pairOf('inset-block', 'top', 'bottom', lengthAuto),
  pairOf('inset-inline', 'inset-inline-start', 'inset-inline-end', lengthAuto),
  borderShorthand('border-block', ['top', 'bottom']),
  borderShorthand('border-block-start', ['top']),
  borderShorthand('border-block-end', ['bottom']),
  borderShorthand('border-inline', ['inline-start', 'inline-end']),
  borderShorthand('border-inline-start', ['inline-start']),
  borderShorthand('border-inline-end', ['inline-end']),
);

// `all` takes only CSS-wide keywords (handled before shorthand expansion) and covers every
// longhand except direction and unicode-bidi.
SHORT.push({
  name: 'all',
  longhands: LONG.filter((l) => l.name !== 'direction' && l.name !== 'unicode-bidi').map(
    (l) => l.name,
  ),
  expand: () => null,
});

export const LONGHANDS: ReadonlyMap<string, Longhand> = new Map(LONG.map((l) => [l.name, l]));
export const SHORTHANDS: ReadonlyMap<string, Shorthand> = new Map(SHORT.map((s) => [s.name, s]));
/**
 * Longhands in computation order: zoom, fonts, colour, line-height, display and direction before the
 * rest (lengths need the font size; logical properties need the direction).
 */
export const COMPUTE_ORDER: readonly Longhand[] = (() => {
  // zoom first: every length below is multiplied by it.
  const first = [
    'zoom',
    'font-family',
    'font-style',
    'font-weight',
    'font-size',
    'color',
    'line-height',
    'display',
    'direction',
  ];
  return [
    ...first.map((n) => LONGHANDS.get(n) as Longhand),
    ...LONG.filter((l) => !first.includes(l.name) && l.key !== '_logical'),
  ];
})();
