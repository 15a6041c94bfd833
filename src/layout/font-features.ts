/**
 * The OpenType features a computed style asks for, combined in CSS's order of precedence
 * (CSS Fonts 4 §7.2): font-kerning, then the font-variant longhands, then
 * font-feature-settings, each overriding what came before for the same tag.
 */
import type { ComputedStyle, FeatureSetting } from '../style/index.js';

const CAPS: Readonly<Record<ComputedStyle['fontVariantCaps'], readonly FeatureSetting[]>> = {
  normal: [],
  'small-caps': [['smcp', 1]],
  'all-small-caps': [
    ['smcp', 1],
    ['c2sc', 1],
  ],
  'petite-caps': [['pcap', 1]],
  'all-petite-caps': [
    ['pcap', 1],
    ['c2pc', 1],
  ],
  unicase: [['unic', 1]],
  'titling-caps': [['titl', 1]],
};

/** The features, tag → on; undefined when the style keeps the font's defaults. */
export function fontFeaturesOf(s: ComputedStyle): Readonly<Record<string, boolean>> | undefined {
  if (
    s.fontVariantCaps === 'normal' &&
    s.fontKerning !== 'none' &&
    s.fontVariantPosition === 'normal' &&
    s.fontVariantLigatures.length === 0 &&
    s.fontVariantNumeric.length === 0 &&
    s.fontFeatureSettings.length === 0
  )
    return undefined;
  const settings: FeatureSetting[] = [];
  if (s.fontKerning === 'none') settings.push(['kern', 0]);
  settings.push(...s.fontVariantLigatures, ...CAPS[s.fontVariantCaps], ...s.fontVariantNumeric);
  if (s.fontVariantPosition !== 'normal')
    settings.push([s.fontVariantPosition === 'sub' ? 'subs' : 'sups', 1]);
  settings.push(...s.fontFeatureSettings);
  const features: Record<string, boolean> = {};
  for (const [tag, value] of settings) features[tag] = value > 0;
  return features;
}
