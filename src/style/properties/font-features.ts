/**
 * The properties that choose OpenType features (CSS Fonts 4 §6-7): font-kerning,
 * font-variant-ligatures, -numeric and -position, and font-feature-settings. Each keeps its own
 * computed value; layout combines them (fontFeaturesOf) in the order CSS gives them precedence.
 */
import type { CssNode } from 'css-tree';
import * as kit from './kit.js';
import * as cssValues from '../values.js';
import type { FeatureSetting } from '../types.js';

export const longhands: kit.Longhand[] = [];
export const shorthands: kit.Shorthand[] = [];

/** Keyword groups: at most one keyword of each group, each naming features on or off. */
type Group = Readonly<Record<string, readonly FeatureSetting[]>>;

const LIGATURE_GROUPS: readonly Group[] = [
  {
    'common-ligatures': [
      ['liga', 1],
      ['clig', 1],
    ],
    'no-common-ligatures': [
      ['liga', 0],
      ['clig', 0],
    ],
  },
  { 'discretionary-ligatures': [['dlig', 1]], 'no-discretionary-ligatures': [['dlig', 0]] },
  { 'historical-ligatures': [['hlig', 1]], 'no-historical-ligatures': [['hlig', 0]] },
  { contextual: [['calt', 1]], 'no-contextual': [['calt', 0]] },
];
const NUMERIC_GROUPS: readonly Group[] = [
  { 'lining-nums': [['lnum', 1]], 'oldstyle-nums': [['onum', 1]] },
  { 'proportional-nums': [['pnum', 1]], 'tabular-nums': [['tnum', 1]] },
  { 'diagonal-fractions': [['frac', 1]], 'stacked-fractions': [['afrc', 1]] },
  { ordinal: [['ordn', 1]] },
  { 'slashed-zero': [['zero', 1]] },
];
const NO_LIGATURES: readonly FeatureSetting[] = [
  ['liga', 0],
  ['clig', 0],
  ['dlig', 0],
  ['hlig', 0],
  ['calt', 0],
];

/** `normal`, or keywords from distinct groups, as the features they set; null when invalid. */
function parseGroups(
  nodes: readonly CssNode[],
  groups: readonly Group[],
  none?: readonly FeatureSetting[],
): readonly FeatureSetting[] | null {
  const ids = nodes.map(cssValues.ident);
  if (ids.length === 1 && ids[0] === 'normal') return [];
  if (none && ids.length === 1 && ids[0] === 'none') return none;
  const used = new Set<number>();
  const out: FeatureSetting[] = [];
  for (const id of ids) {
    const g = id === null ? -1 : groups.findIndex((x) => Object.hasOwn(x, id));
    if (g < 0 || used.has(g)) return null;
    used.add(g);
    out.push(...groups[g][id as string]);
  }
  return out.length > 0 ? out : null;
}

/** `normal | [ <string> [ <integer [0,∞]> | on | off ]? ]#` */
function parseFeatureSettings(nodes: readonly CssNode[]): readonly FeatureSetting[] | null {
  if (nodes.length === 1 && cssValues.ident(nodes[0]) === 'normal') return [];
  const out: FeatureSetting[] = [];
  for (const part of cssValues.splitCommas(nodes)) {
    const [tagNode, valueNode, extra] = part;
    if (!tagNode || tagNode.type !== 'String' || extra) return null;
    const tag = tagNode.value;
    // Four printable ASCII characters (CSS Fonts 4 §7.2); anything else is invalid.
    if (!/^[\x20-\x7e]{4}$/.test(tag)) return null;
    let value = 1;
    if (valueNode) {
      const id = cssValues.ident(valueNode);
      if (id === 'on' || id === 'off') value = id === 'on' ? 1 : 0;
      else {
        const n = cssValues.parseInteger(valueNode);
        if (n === null || n < 0) return null;
        value = n;
      }
    }
    out.push([tag, value]);
  }
  return out;
}

longhands.push(
  kit.keywordProp('font-kerning', 'fontKerning', true, 'auto', ['auto', 'normal', 'none']),
  kit.longhand<readonly FeatureSetting[]>({
    name: 'font-variant-ligatures',
    key: 'fontVariantLigatures',
    inherited: true,
    initial: [],
    parse: (nodes) => parseGroups(nodes, LIGATURE_GROUPS, NO_LIGATURES),
  }),
  kit.longhand<readonly FeatureSetting[]>({
    name: 'font-variant-numeric',
    key: 'fontVariantNumeric',
    inherited: true,
    initial: [],
    parse: (nodes) => parseGroups(nodes, NUMERIC_GROUPS),
  }),
  kit.keywordProp('font-variant-position', 'fontVariantPosition', true, 'normal', [
    'normal',
    'sub',
    'super',
  ]),
  kit.longhand<readonly FeatureSetting[]>({
    name: 'font-feature-settings',
    key: 'fontFeatureSettings',
    inherited: true,
    initial: [],
    parse: parseFeatureSettings,
  }),
);

/** The font-variant shorthand's keywords that belong to the ligature and numeric longhands. */
export function variantSubvalues(nodes: readonly CssNode[]): {
  ligatures: CssNode[];
  numeric: CssNode[];
  position: CssNode[];
  rest: CssNode[];
} {
  const isIn = (groups: readonly Group[], id: string | null): boolean =>
    id !== null && groups.some((g) => Object.hasOwn(g, id));
  const out = {
    ligatures: [] as CssNode[],
    numeric: [] as CssNode[],
    position: [] as CssNode[],
    rest: [] as CssNode[],
  };
  for (const n of nodes) {
    const id = cssValues.ident(n);
    if (isIn(LIGATURE_GROUPS, id)) out.ligatures.push(n);
    else if (isIn(NUMERIC_GROUPS, id)) out.numeric.push(n);
    else if (id === 'sub' || id === 'super') out.position.push(n);
    else out.rest.push(n);
  }
  return out;
}

export const parseLigatures = (nodes: readonly CssNode[]) =>
  parseGroups(nodes, LIGATURE_GROUPS, NO_LIGATURES);
export const parseNumeric = (nodes: readonly CssNode[]) => parseGroups(nodes, NUMERIC_GROUPS);
