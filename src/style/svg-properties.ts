/** Properties of SVG content in the page's style sheets. */

/**
 * Properties only SVG content reads. Every sheet keeps them (they style inline SVG); on an
 * HTML box they have no effect, and no warning is due.
 */
export const SVG_ONLY_PROPERTIES: ReadonlySet<string> = new Set([
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'clip-rule',
  'stop-color',
  'stop-opacity',
  'text-anchor',
  'dominant-baseline',
  'alignment-baseline',
  'baseline-shift',
  'shape-rendering',
  'paint-order',
  'vector-effect',
  'marker',
  'marker-start',
  'marker-mid',
  'marker-end',
  'color-interpolation',
  'color-interpolation-filters',
  'flood-color',
  'flood-opacity',
  'lighting-color',
]);
