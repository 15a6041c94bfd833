/**
 * The explicit grid of one axis: grid-template-columns/rows with repeat() expanded (auto-fill
 * and auto-fit repeat as often as the container allows, CSS Grid §7.2.3.2), the line names of
 * every explicit line, and the area edges of grid-template-areas as implicit `<area>-start` /
 * `<area>-end` line names (§7.3.2).
 */
import type {
  GridTemplate,
  GridTemplateAreas,
  TrackBreadth,
  TrackSize,
} from '../../../style/index.js';

/** More explicit tracks than this are not made (Chromium's limit is about as large). */
export const MAX_TRACKS = 10_000;

export interface AxisTemplate {
  /** Sizing functions of the explicit tracks. */
  readonly tracks: readonly TrackSize[];
  /** Names of each explicit line: tracks.length + 1 lists. */
  readonly lineNames: readonly (readonly string[])[];
  /** Tracks made by an auto-fit repetition: they collapse when no item is placed in them. */
  readonly autoFit: ReadonlySet<number>;
}

/** Resolves a definite breadth to points (percentages against `basis`); undefined otherwise. */
export type BreadthResolver = (b: TrackBreadth) => number | undefined;

/**
 * How many times an auto-fill/auto-fit repetition repeats: as many as fit `space` (the
 * content-box size, or the max size), at least once; with only a minimum size, as few as fill
 * it; with neither, once.
 */
export function autoRepeatCount(
  template: GridTemplate,
  space: number | undefined,
  minSpace: number | undefined,
  gap: number,
  resolve: BreadthResolver,
): number {
  const auto = template.entries.find((e) => e.kind === 'repeat' && typeof e.count !== 'number');
  if (!auto || auto.kind !== 'repeat') return 0;
  const target = space ?? minSpace;
  if (target === undefined) return 1;
  const sizeOf = (t: TrackSize): number => resolve(t.max) ?? resolve(t.min) ?? 0;
  let fixed = 0;
  let fixedTracks = 0;
  for (const e of template.entries) {
    if (e.kind === 'track') {
      fixed += sizeOf(e.size);
      fixedTracks++;
    } else if (e !== auto) {
      for (const t of e.tracks) fixed += sizeOf(t) * (e.count as number);
      fixedTracks += e.tracks.length * (e.count as number);
    }
  }
  // One repetition's size with the gaps inside it and the one that joins it to the rest.
  const unit = auto.tracks.reduce((a, t) => a + sizeOf(t), 0) + gap * auto.tracks.length;
  const rest = fixed + gap * Math.max(0, fixedTracks - 1);
  const free = target - rest + (fixedTracks > 0 ? 0 : gap);
  if (unit <= 0) return 1;
  const fits = Math.floor((free + 1e-6) / unit);
  const count = space !== undefined ? Math.max(1, fits) : Math.max(1, Math.ceil(free / unit));
  return Math.min(count, Math.max(1, Math.floor(MAX_TRACKS / auto.tracks.length)));
}

/** Expands the template, giving an auto repetition `autoCount` repeats. */
export function expandTemplate(template: GridTemplate | 'none', autoCount: number): AxisTemplate {
  if (template === 'none') return { tracks: [], lineNames: [[]], autoFit: new Set() };
  const tracks: TrackSize[] = [];
  const lineNames: string[][] = [[...template.lines[0]]];
  const autoFit = new Set<number>();
  const addNames = (names: readonly string[]): void => {
    lineNames[lineNames.length - 1].push(...names);
  };
  template.entries.forEach((e, i) => {
    if (e.kind === 'track') {
      if (tracks.length < MAX_TRACKS) {
        tracks.push(e.size);
        lineNames.push([]);
      }
    } else {
      const times = typeof e.count === 'number' ? e.count : autoCount;
      for (let k = 0; k < times && tracks.length < MAX_TRACKS; k++) {
        e.tracks.forEach((t, j) => {
          if (tracks.length >= MAX_TRACKS) return;
          addNames(e.lines[j]);
          if (e.count === 'auto-fit') autoFit.add(tracks.length);
          tracks.push(t);
          lineNames.push([]);
        });
        addNames(e.lines[e.tracks.length]);
      }
    }
    addNames(template.lines[i + 1]);
  });
  return { tracks, lineNames, autoFit };
}

/**
 * Adds the area edges as line names (`a-start`, `a-end`) and grows the explicit grid to the
 * areas' size; tracks the template does not size take `auto` (the caller sizes them as
 * implicit tracks).
 */
export function withAreas(
  t: AxisTemplate,
  areas: GridTemplateAreas | 'none',
  axis: 'row' | 'column',
): { template: AxisTemplate; unsized: number } {
  if (areas === 'none') return { template: t, unsized: 0 };
  const count = axis === 'row' ? areas.rows : areas.columns;
  const lineNames = t.lineNames.map((l) => [...l]);
  while (lineNames.length < count + 1) lineNames.push([]);
  for (const [name, a] of areas.areas) {
    const start = axis === 'row' ? a.rowStart : a.columnStart;
    const end = axis === 'row' ? a.rowEnd : a.columnEnd;
    lineNames[start].push(`${name}-start`);
    lineNames[end].push(`${name}-end`);
  }
  const unsized = Math.max(0, count - t.tracks.length);
  return { template: { ...t, lineNames }, unsized };
}
