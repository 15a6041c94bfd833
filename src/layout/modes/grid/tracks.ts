/**
 * The grid track sizing algorithm of one axis (CSS Grid §11.3–11.8): initialise base sizes and
 * growth limits from the sizing functions, resolve intrinsic sizes from the items (non-spanning
 * items first, then spanning items by increasing span, then items crossing flexible tracks),
 * maximise tracks, expand flexible tracks (`fr`, with their min-content floors), and stretch
 * `auto` tracks. Pure: sizes in, sizes out.
 */
import type { TrackBreadth, TrackSize } from '../../../style/index.js';

/** What the tracks are being sized for. */
export type SizingMode =
  /** Laying out the grid: `available` is the definite content-box size, or undefined. */
  | { readonly kind: 'layout'; readonly available: number | undefined; readonly minimum?: number }
  /** The grid container's own min-content or max-content size. */
  | { readonly kind: 'min-content' }
  | { readonly kind: 'max-content' };

/** An item's contributions in this axis (outer sizes: margins included). */
export interface SizingItem {
  /** Tracks [start, end). */
  readonly start: number;
  readonly end: number;
  readonly minContent: number;
  readonly maxContent: number;
  /** Outer size from its used minimum size (min-width/height, or auto's content minimum). */
  readonly minimum: number;
}

export interface AxisSizing {
  readonly tracks: readonly TrackSize[];
  /** Collapsed tracks (empty auto-fit repeats): size 0, no gaps beside them. */
  readonly collapsed?: ReadonlySet<number>;
  readonly items: readonly SizingItem[];
  readonly gap: number;
  /** Basis for percentage track sizes; undefined: percentages behave as auto. */
  readonly percentBasis: number | undefined;
  readonly mode: SizingMode;
  /** justify-/align-content is normal or stretch: leftover space goes to auto tracks. */
  readonly stretch: boolean;
}

interface Track {
  readonly min: TrackBreadth;
  readonly max: TrackBreadth;
  /** fit-content() argument, resolved. */
  readonly fitLimit: number | undefined;
  base: number;
  limit: number;
  infinitelyGrowable: boolean;
  planned: number;
  incurred: number;
}

const EPS = 1e-6;

const isFr = (b: TrackBreadth): b is { readonly fr: number } => typeof b === 'object' && 'fr' in b;
const isIntrinsic = (b: TrackBreadth): boolean =>
  b === 'auto' || b === 'min-content' || b === 'max-content';

function fixedValue(
  b: TrackBreadth,
  basis: number | undefined,
  px: (v: TrackBreadth, basis: number) => number,
): number | undefined {
  if (typeof b === 'string' || isFr(b)) return undefined;
  if (typeof b !== 'number' && basis === undefined) return undefined;
  return px(b, basis ?? 0);
}

/** Sizes of the tracks, in points. `px` resolves a length-percentage breadth to points. */
export function sizeTracks(
  a: AxisSizing,
  px: (v: TrackBreadth, basis: number) => number,
): number[] {
  const basis = a.percentBasis;
  const tracks: Track[] = a.tracks.map((t, i) => {
    if (a.collapsed?.has(i))
      return {
        min: 0,
        max: 0,
        fitLimit: undefined,
        base: 0,
        limit: 0,
        infinitelyGrowable: false,
        planned: 0,
        incurred: 0,
      };
    // A percentage against an indefinite size behaves as auto.
    const min =
      fixedValue(t.min, basis, px) !== undefined || typeof t.min === 'string' ? t.min : 'auto';
    const max =
      fixedValue(t.max, basis, px) !== undefined || typeof t.max === 'string' || isFr(t.max)
        ? t.max
        : 'auto';
    const fitLimit = t.fitContent !== undefined ? fixedValue(t.fitContent, basis, px) : undefined;
    const base = fixedValue(min, basis, px) ?? 0;
    const fixedMax = fixedValue(max, basis, px);
    const limit = fixedMax !== undefined ? Math.max(fixedMax, base) : Infinity;
    return {
      min,
      // fit-content() without a resolvable argument behaves as max-content (auto).
      max: t.fitContent !== undefined && fitLimit === undefined ? 'auto' : max,
      fitLimit,
      base,
      limit,
      infinitelyGrowable: false,
      planned: 0,
      incurred: 0,
    };
  });
  const mode = a.mode;
  const underConstraint = mode.kind !== 'layout';

  resolveIntrinsic(tracks, a.items, a.gap, mode, basis, px);

  // 11.6 Maximise tracks.
  const content = (): number => tracks.reduce((s, t) => s + t.base, 0) + gapsOf(a);
  if (mode.kind === 'max-content' || (mode.kind === 'layout' && mode.available === undefined)) {
    for (const t of tracks)
      if (Number.isFinite(t.limit) && !isFr(t.max)) t.base = Math.max(t.base, t.limit);
  } else if (mode.kind === 'layout' && mode.available !== undefined) {
    const free = mode.available - content();
    if (free > EPS) growToLimits(tracks, free);
  }

  // 11.7 Expand flexible tracks.
  const flex = tracks.filter((t) => isFr(t.max));
  if (flex.length > 0 && mode.kind !== 'min-content') {
    let fr: number;
    if (mode.kind === 'layout' && mode.available !== undefined) {
      fr = findFrSize(
        tracks,
        tracks.map((_, i) => i),
        mode.available - gapsOf(a),
      );
    } else {
      fr = 0;
      for (const t of flex) {
        const f = (t.max as { fr: number }).fr;
        fr = Math.max(fr, f > 1 ? t.base / f : t.base);
      }
      for (const item of a.items) {
        const spanned = range(item.start, item.end);
        if (!spanned.some((i) => isFr(tracks[i].max))) continue;
        const gaps = a.gap * (spanned.length - 1);
        fr = Math.max(fr, findFrSize(tracks, spanned, item.maxContent - gaps));
      }
      // A minimum size (min-height) the tracks would not fill: size the fr to fill it.
      if (mode.kind === 'layout' && mode.minimum !== undefined) {
        const total =
          tracks.reduce(
            (s, t) =>
              s + (isFr(t.max) ? Math.max(t.base, fr * (t.max as { fr: number }).fr) : t.base),
            0,
          ) + gapsOf(a);
        if (total < mode.minimum - EPS)
          fr = findFrSize(
            tracks,
            tracks.map((_, i) => i),
            mode.minimum - gapsOf(a),
          );
      }
    }
    for (const t of flex) t.base = Math.max(t.base, fr * (t.max as { fr: number }).fr);
  }

  // 11.8 Stretch auto tracks.
  if (a.stretch && !underConstraint) {
    const room = mode.kind === 'layout' ? (mode.available ?? mode.minimum) : undefined;
    if (room !== undefined) {
      const free = room - content();
      const autos = tracks.filter((t) => t.max === 'auto');
      if (free > EPS && autos.length > 0) for (const t of autos) t.base += free / autos.length;
    }
  }
  return tracks.map((t) => t.base);
}

function gapsOf(a: AxisSizing): number {
  let open = 0;
  a.tracks.forEach((_, i) => {
    if (!a.collapsed?.has(i)) open++;
  });
  return a.gap * Math.max(0, open - 1);
}

function range(start: number, end: number): number[] {
  const out: number[] = [];
  for (let i = start; i < end; i++) out.push(i);
  return out;
}

/** 11.7.1 Find the size of an fr, treating tracks whose base exceeds their share as fixed. */
function findFrSize(tracks: readonly Track[], indices: readonly number[], space: number): number {
  const inflexible = new Set<number>();
  for (let guard = 0; guard <= indices.length; guard++) {
    let leftover = space;
    let factors = 0;
    for (const i of indices) {
      const t = tracks[i];
      if (isFr(t.max) && !inflexible.has(i)) factors += t.max.fr;
      else leftover -= t.base;
    }
    const fr = leftover / Math.max(factors, 1);
    let changed = false;
    for (const i of indices) {
      const t = tracks[i];
      if (isFr(t.max) && !inflexible.has(i) && t.base > fr * t.max.fr + EPS) {
        inflexible.add(i);
        changed = true;
      }
    }
    if (!changed) return Math.max(0, fr);
  }
  return 0;
}

/** 11.6: distribute `free` equally to base sizes, freezing tracks at their growth limits. */
function growToLimits(tracks: Track[], free: number): void {
  let open = tracks.filter((t) => t.limit > t.base + EPS);
  let left = free;
  while (left > EPS && open.length > 0) {
    const share = left / open.length;
    const next: Track[] = [];
    for (const t of open) {
      const add = Math.min(share, t.limit - t.base);
      t.base += add;
      left -= add;
      if (t.limit > t.base + EPS) next.push(t);
    }
    open = next;
  }
}

type Phase = 'intrinsicMin' | 'contentMin' | 'maxContentMin' | 'intrinsicMax' | 'maxContentMax';

/** 11.5 Resolve intrinsic track sizes. */
function resolveIntrinsic(
  tracks: Track[],
  items: readonly SizingItem[],
  gap: number,
  mode: SizingMode,
  basis: number | undefined,
  px: (v: TrackBreadth, basis: number) => number,
): void {
  const crossesFlex = (it: SizingItem): boolean => {
    for (let i = it.start; i < it.end; i++) if (isFr(tracks[i].max)) return true;
    return false;
  };
  const underMin = mode.kind === 'min-content';
  const underMax = mode.kind === 'max-content';
  // The content-based minimum never exceeds what fixed max sizing functions allow.
  const limited = (it: SizingItem, v: number): number => {
    let cap = gap * (it.end - it.start - 1);
    for (let i = it.start; i < it.end; i++) {
      const m = fixedValue(tracks[i].max, basis, px);
      if (m === undefined) return v;
      cap += m;
    }
    return Math.min(v, cap);
  };
  const contribution = (it: SizingItem, phase: Phase): number => {
    switch (phase) {
      case 'intrinsicMin':
        if (underMin || underMax)
          return Math.max(it.minimum, limited(it, underMax ? it.maxContent : it.minContent));
        return it.minimum;
      case 'contentMin':
      case 'intrinsicMax':
        return it.minContent;
      default:
        return it.maxContent;
    }
  };
  const affected: Record<Phase, (t: Track) => boolean> = {
    intrinsicMin: (t) => isIntrinsic(t.min),
    contentMin: (t) => t.min === 'min-content' || t.min === 'max-content',
    maxContentMin: (t) => t.min === 'max-content' || (t.min === 'auto' && underMax),
    intrinsicMax: (t) => isIntrinsic(t.max),
    maxContentMax: (t) => t.max === 'max-content' || t.max === 'auto',
  };

  // Non-flex items grouped by span, ascending; then every item that crosses a flexible track.
  const bySpan = new Map<number, SizingItem[]>();
  const flexItems: SizingItem[] = [];
  for (const it of items) {
    if (it.end <= it.start) continue;
    if (crossesFlex(it)) flexItems.push(it);
    else {
      const s = it.end - it.start;
      const list = bySpan.get(s);
      if (list) list.push(it);
      else bySpan.set(s, [it]);
    }
  }
  const spans = [...bySpan.keys()].sort((x, y) => x - y);
  for (const span of spans) {
    const group = bySpan.get(span)!;
    for (const phase of ['intrinsicMin', 'contentMin', 'maxContentMin'] as const) {
      for (const it of group)
        distributeToBase(tracks, it, gap, contribution(it, phase), affected[phase], phase, false);
      commitBase(tracks);
    }
    for (const t of tracks) if (t.limit < t.base) t.limit = t.base;
    for (const phase of ['intrinsicMax', 'maxContentMax'] as const) {
      for (const it of group)
        distributeToLimit(tracks, it, gap, contribution(it, phase), affected[phase]);
      commitLimit(tracks, phase === 'intrinsicMax');
    }
  }
  if (flexItems.length > 0) {
    // Only flexible tracks grow, in proportion to their flex factors (CSS Grid 2 §11.5 step 4).
    for (const phase of ['intrinsicMin', 'contentMin', 'maxContentMin'] as const) {
      const isAffected = (t: Track): boolean => isFr(t.max) && affected[phase](t);
      for (const it of flexItems)
        distributeToBase(tracks, it, gap, contribution(it, phase), isAffected, phase, true);
      commitBase(tracks);
    }
    for (const t of tracks) if (t.limit < t.base) t.limit = t.base;
  }
  for (const t of tracks) {
    if (!Number.isFinite(t.limit)) t.limit = t.base;
    if (t.fitLimit !== undefined) t.limit = Math.max(t.base, Math.min(t.limit, t.fitLimit));
  }
}

/** The growth limit as capped by fit-content(). */
const fitCapped = (t: Track): number =>
  t.fitLimit !== undefined ? Math.max(t.base, Math.min(t.limit, t.fitLimit)) : t.limit;

/** 11.5.1 for base sizes: one item's increases, kept as the tracks' planned increase. */
function distributeToBase(
  tracks: Track[],
  it: SizingItem,
  gap: number,
  size: number,
  isAffected: (t: Track) => boolean,
  phase: Phase,
  byFlex: boolean,
): void {
  const spanned = tracks.slice(it.start, it.end);
  const targets = spanned.filter(isAffected);
  if (targets.length === 0) return;
  let space = size - gap * (spanned.length - 1) - spanned.reduce((s, t) => s + t.base, 0);
  if (space <= EPS) return;
  for (const t of targets) t.incurred = 0;
  const weight = (t: Track): number => (byFlex && isFr(t.max) ? t.max.fr : 1);
  const limitOf = (t: Track): number =>
    phase === 'maxContentMin' && t.min === 'max-content' ? Infinity : fitCapped(t);
  space = shareOut(targets, space, (t) => t.base, limitOf, weight);
  if (space > EPS) {
    // Beyond the limits: tracks whose max sizing can absorb it, or every affected track.
    const beyond =
      phase === 'intrinsicMin' || phase === 'contentMin'
        ? targets.filter((t) => isIntrinsic(t.max) || t.max === 'auto')
        : targets.filter(
            (t) => t.min === 'max-content' || t.max === 'max-content' || t.max === 'auto',
          );
    const to = beyond.length > 0 ? beyond : targets;
    shareOut(
      to,
      space,
      (t) => t.base,
      (t) =>
        t.fitLimit !== undefined && phase !== 'intrinsicMin' && phase !== 'contentMin'
          ? Math.max(t.fitLimit, t.base)
          : Infinity,
      weight,
    );
  }
  for (const t of targets) t.planned = Math.max(t.planned, t.incurred);
}

/** 11.5.1 for growth limits. */
function distributeToLimit(
  tracks: Track[],
  it: SizingItem,
  gap: number,
  size: number,
  isAffected: (t: Track) => boolean,
): void {
  const spanned = tracks.slice(it.start, it.end);
  const targets = spanned.filter(isAffected);
  if (targets.length === 0) return;
  const current = (t: Track): number => (Number.isFinite(t.limit) ? t.limit : t.base);
  let space = size - gap * (spanned.length - 1) - spanned.reduce((s, t) => s + current(t), 0);
  if (space <= EPS) return;
  for (const t of targets) t.incurred = 0;
  const growable = targets.filter(
    (t) => t.infinitelyGrowable || (!Number.isFinite(t.limit) && t.fitLimit === undefined),
  );
  if (growable.length > 0) {
    for (const t of growable) t.incurred = space / growable.length;
  } else {
    space = shareOut(
      targets,
      space,
      current,
      (t) => (t.fitLimit !== undefined ? Math.max(t.fitLimit, t.base) : Infinity),
      () => 1,
    );
  }
  for (const t of targets) t.planned = Math.max(t.planned, t.incurred);
}

/**
 * Shares `space` among `targets` in proportion to `weight`, each up to `limit` (in terms of
 * `current` + its incurred increase); returns what is left.
 */
function shareOut(
  targets: readonly Track[],
  space: number,
  current: (t: Track) => number,
  limit: (t: Track) => number,
  weight: (t: Track) => number,
): number {
  let open = targets.filter((t) => limit(t) > current(t) + t.incurred + EPS);
  let left = space;
  while (left > EPS && open.length > 0) {
    const total = open.reduce((s, t) => s + weight(t), 0);
    if (total <= 0) break;
    const next: Track[] = [];
    let used = 0;
    for (const t of open) {
      const share = (left * weight(t)) / total;
      const room = limit(t) - current(t) - t.incurred;
      const add = Math.min(share, room);
      t.incurred += add;
      used += add;
      if (room - add > EPS) next.push(t);
    }
    left -= used;
    if (next.length === open.length) break;
    open = next;
  }
  return left;
}

function commitBase(tracks: Track[]): void {
  for (const t of tracks) {
    if (t.planned > 0) {
      t.base += t.planned;
      if (t.limit < t.base) t.limit = t.base;
    }
    t.planned = 0;
    t.incurred = 0;
  }
}

function commitLimit(tracks: Track[], markGrowable: boolean): void {
  for (const t of tracks) {
    if (t.planned > 0) {
      if (!Number.isFinite(t.limit)) {
        t.limit = t.base + t.planned;
        if (markGrowable) t.infinitelyGrowable = true;
      } else {
        t.limit += t.planned;
        t.infinitelyGrowable = false;
      }
    } else if (!markGrowable) t.infinitelyGrowable = false;
    t.planned = 0;
    t.incurred = 0;
  }
}
