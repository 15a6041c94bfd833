/**
 * Grid alignment (CSS Box Alignment as grid uses it): content distribution of the tracks in
 * the container (justify-content, align-content) and self alignment of an item in its area
 * (justify-self, align-self, auto margins).
 */
import type { ComputedStyle } from '../../../style/index.js';

/** Where each track of an axis starts and ends, from the sizes, gaps and content distribution. */
export interface TrackPositions {
  readonly start: readonly number[];
  readonly end: readonly number[];
}

export function trackPositions(
  sizes: readonly number[],
  gap: number,
  collapsed: ReadonlySet<number>,
  free: number,
  distribution: ComputedStyle['justifyContent'] | ComputedStyle['alignContent'],
): TrackPositions {
  const open = sizes.filter((_, i) => !collapsed.has(i)).length;
  let offset = 0;
  let between = 0;
  if (free > 0 && open > 0) {
    switch (distribution) {
      case 'flex-end':
        offset = free;
        break;
      case 'center':
        offset = free / 2;
        break;
      case 'space-between':
        between = open > 1 ? free / (open - 1) : 0;
        break;
      case 'space-around':
        between = free / open;
        offset = between / 2;
        break;
      case 'space-evenly':
        between = free / (open + 1);
        offset = between;
        break;
    }
  } else if (free < 0 && distribution === 'center') {
    // Overflowing tracks are centred too (unsafe alignment, the default).
    offset = free / 2;
  } else if (free < 0 && distribution === 'flex-end') offset = free;
  const start: number[] = [];
  const end: number[] = [];
  let pos = offset;
  // A gap follows a track only when an open track comes after it (collapsed gutters).
  let openAfter = open;
  sizes.forEach((size, i) => {
    start.push(pos);
    pos += size;
    end.push(pos);
    if (!collapsed.has(i)) {
      openAfter--;
      if (openAfter > 0) pos += gap + between;
    }
  });
  return { start, end };
}

/** The extent [from, to) of tracks [a, b) (an empty grid axis is 0 long). */
export function spanOf(p: TrackPositions, a: number, b: number): { from: number; size: number } {
  if (b <= a || a >= p.start.length) return { from: p.start[a] ?? 0, size: 0 };
  return { from: p.start[a], size: Math.max(0, p.end[b - 1] - p.start[a]) };
}

/** The used self-alignment keyword in one axis, folded to start/end/center/stretch/baseline. */
export type SelfAlign = 'start' | 'end' | 'center' | 'stretch' | 'baseline';

export function justifySelf(item: ComputedStyle, container: ComputedStyle): SelfAlign {
  const v = item.justifySelf === 'auto' ? container.justifyItems : item.justifySelf;
  const rtl = container.direction === 'rtl';
  switch (v) {
    case 'legacy':
    case 'normal':
    case 'stretch':
      return 'stretch';
    case 'left':
      return rtl ? 'end' : 'start';
    case 'right':
      return rtl ? 'start' : 'end';
    case 'baseline':
      return 'start';
    default:
      return v;
  }
}

export function alignSelf(item: ComputedStyle, container: ComputedStyle): SelfAlign {
  const v = item.alignSelf === 'auto' ? container.alignItems : item.alignSelf;
  switch (v) {
    case 'flex-start':
      return 'start';
    case 'flex-end':
      return 'end';
    default:
      return v;
  }
}

/**
 * Offset of an item's margin box in its area of size `area` when the margin box is `outer`
 * long; `autoStart`/`autoEnd` say which margins are auto (they take the free space first).
 */
export function selfOffset(
  align: SelfAlign,
  area: number,
  outer: number,
  autoStart: boolean,
  autoEnd: boolean,
): number {
  const free = area - outer;
  if (autoStart || autoEnd) {
    if (free <= 0) return 0;
    if (autoStart && autoEnd) return free / 2;
    return autoStart ? free : 0;
  }
  switch (align) {
    case 'end':
      return free;
    case 'center':
      return free / 2;
    default:
      return 0;
  }
}
