/**
 * What the page's style sheets say about the drawing of an inline SVG. Browsers cascade page
 * rules into inline SVG content (`.chart .bar { fill: steelblue }`); the SVG renderer reads
 * only the SVG markup, so the winning declarations of the properties that style a drawing are
 * handed to it as the element's style attribute.
 */
import { authorRank } from './cascade.js';
import { substituteVars } from './declarations.js';
import type { Declaration, StyleRule } from './sheet.js';
import { SVG_ONLY_PROPERTIES } from './svg-properties.js';

const FONT_PROPERTIES: ReadonlySet<string> = new Set([
  'font',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'font-stretch',
  'font-variant',
]);

/**
 * Properties of a shape, group or text inside the SVG: the SVG-only ones, and those HTML
 * shares that change what is drawn.
 */
const CONTENT_PROPERTIES: ReadonlySet<string> = new Set([
  ...SVG_ONLY_PROPERTIES,
  ...FONT_PROPERTIES,
  'color',
  'opacity',
  'display',
  'visibility',
  'letter-spacing',
  'word-spacing',
  'text-decoration',
  'clip-path',
  'mask',
  'filter',
  'transform',
  'writing-mode',
  'direction',
]);

/**
 * Properties of the outermost <svg> handed to the drawing. Its font and colour already reach
 * the drawing as the host's (the <svg> element's computed style), and its box properties
 * (opacity, transform, display, ...) act on the replaced box in the page.
 */
const ROOT_PROPERTIES: ReadonlySet<string> = new Set([
  ...SVG_ONLY_PROPERTIES,
  'letter-spacing',
  'word-spacing',
]);

/** Properties the SVG drawing does not inherit: `unset` means their initial value. */
const NOT_INHERITED: ReadonlySet<string> = new Set([
  'opacity',
  'display',
  'clip-path',
  'mask',
  'filter',
  'transform',
  'stop-color',
  'stop-opacity',
  'flood-color',
  'flood-opacity',
  'lighting-color',
]);

interface Winner {
  readonly rank: number;
  readonly seq: number;
  readonly value: string;
  readonly fromSheet: boolean;
}

/**
 * The style attribute to give an SVG element in its serialised markup, or undefined when no
 * style sheet rule sets anything for its drawing (its markup then stays as written).
 *
 * `rules` are the element's matched rules in cascade order, `inline` its style attribute's
 * declarations, `custom` its custom properties (for var()). The result lists the winning
 * declarations in cascade order (a shorthand before the longhands that beat it), then the
 * style attribute's other declarations. For the outermost <svg> its font declarations are
 * left out: the host font already holds them, and the drawing would apply relative sizes twice.
 */
export function svgStyleAttribute(
  rules: readonly StyleRule[],
  inline: readonly Declaration[],
  custom: ReadonlyMap<string, string>,
  root: boolean,
  styleAttribute: string | undefined,
): string | undefined {
  const relevant = root ? ROOT_PROPERTIES : CONTENT_PROPERTIES;
  const winners = new Map<string, Winner>();
  let seq = 0;
  let fromSheets = false;
  const consider = (d: Declaration, rank: number, fromSheet: boolean): void => {
    if (!relevant.has(d.property)) return;
    const value = declaredValue(d, custom);
    if (value === undefined) return;
    const cur = winners.get(d.property);
    if (cur && cur.rank > rank) return;
    winners.set(d.property, { rank, seq: seq++, value, fromSheet });
  };
  for (const r of rules) {
    if (r.origin !== 'author') continue;
    const layer = r.layer ?? 'unlayered';
    for (const d of r.declarations) consider(d, authorRank(d.important, layer), true);
  }
  for (const d of inline) consider(d, authorRank(d.important, 'inline'), false);
  for (const w of winners.values()) if (w.fromSheet) fromSheets = true;
  const ownFont = root && inline.some((d) => FONT_PROPERTIES.has(d.property));
  if (!fromSheets && !ownFont) return undefined;

  const parts = [...winners.entries()]
    .sort(([, a], [, b]) => a.rank - b.rank || a.seq - b.seq)
    .map(([property, w]) => `${property}:${w.value}`);
  // The style attribute's other declarations (box properties of the root, for one) stay.
  for (const [property, value] of attributeDeclarations(styleAttribute ?? '')) {
    if (relevant.has(property)) continue;
    if (root && (FONT_PROPERTIES.has(property) || property === 'color')) continue;
    parts.push(`${property}:${value}`);
  }
  return parts.join(';');
}

/** A declaration's value as the SVG drawing should read it; undefined when it sets nothing. */
function declaredValue(d: Declaration, custom: ReadonlyMap<string, string>): string | undefined {
  let raw = d.raw;
  if (raw.includes('var(')) {
    const sub = substituteVars(raw, (n) => custom.get(n) ?? null);
    if (sub === null) return undefined;
    raw = sub;
  }
  raw = raw.trim();
  const keyword = raw.toLowerCase();
  if (keyword === 'revert' || keyword === 'revert-layer') return undefined;
  if (keyword === 'unset') return NOT_INHERITED.has(d.property) ? undefined : 'inherit';
  // A value the drawing's own parser would split on: never hand it on.
  if (raw === '' || /[;{}]/.test(raw)) return undefined;
  return raw;
}

/** `prop: value` pairs of a style attribute, split as the SVG drawing splits them. */
function attributeDeclarations(text: string): [string, string][] {
  const out: [string, string][] = [];
  for (const part of text.split(';')) {
    const colon = part.indexOf(':');
    if (colon < 0) continue;
    const property = part.slice(0, colon).trim().toLowerCase();
    const value = part.slice(colon + 1).trim();
    if (property !== '' && value !== '') out.push([property, value]);
  }
  return out;
}
