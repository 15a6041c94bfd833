/**
 * CSS font matching within one family (CSS Fonts 4, §5.2): narrow by style first, then pick the
 * weight by the spec's direction rules. No synthesis: a missing bold or italic falls back to the
 * closest real face.
 */
import type { FontStyle } from './types.js';

export interface MatchCandidate {
  readonly style: FontStyle;
  /** Inclusive weight range; a static face has min === max. */
  readonly weightRange: readonly [number, number];
}

const STYLE_ORDER: Record<FontStyle, readonly FontStyle[]> = {
  italic: ['italic', 'oblique', 'normal'],
  oblique: ['oblique', 'italic', 'normal'],
  normal: ['normal', 'oblique', 'italic'],
};

/**
 * Ranks candidate weights for a desired weight: 0 for an exact (in-range) match, then in the
 * order the spec searches. Lower is better.
 */
function weightRank(desired: number, range: readonly [number, number]): number {
  const [min, max] = range;
  if (desired >= min && desired <= max) return 0;
  const below = max < desired; // candidate lies entirely below the desired weight
  const distance = below ? desired - max : min - desired;
  if (desired >= 400 && desired <= 500) {
    // Up to 500 first, then downwards, then above 500.
    if (!below && min <= 500) return 1 + distance;
    if (below) return 2000 + distance;
    return 4000 + distance;
  }
  if (desired < 400) return below ? 1 + distance : 2000 + distance;
  return below ? 2000 + distance : 1 + distance;
}

/** Indices of the best candidates (all that tie, so unicode-range subsets stay together). */
export function bestMatches<C extends MatchCandidate>(
  candidates: readonly C[],
  weight: number,
  style: FontStyle,
): C[] {
  if (candidates.length === 0) return [];
  let pool: C[] = [];
  for (const s of STYLE_ORDER[style]) {
    pool = candidates.filter((c) => c.style === s);
    if (pool.length > 0) break;
  }
  let bestRank = Infinity;
  for (const c of pool) bestRank = Math.min(bestRank, weightRank(weight, c.weightRange));
  return pool.filter((c) => weightRank(weight, c.weightRange) === bestRank);
}
