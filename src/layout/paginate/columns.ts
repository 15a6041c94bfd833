/**
 * What multi-column content needs beside the paginator: where each column sits, the search
 * for the balanced column height, and the column rules. The paginator fills columns with a
 * nested pass of itself (`ColumnFlow` marks such a pass), so every fragmentation rule applies
 * inside a column as it does on a page.
 */
import type { DisplayItem } from '../../document/index.js';
import { borderItems } from '../paint/decoration.js';
import type { BoxFragment, ColumnSpec, Fragment } from './fragments.js';

/** A nested pagination whose pages are columns, `perPage` of them side by side on a page. */
export interface ColumnFlow {
  /** Flow y where the column content starts. */
  readonly flowStart: number;
  readonly perPage: number;
}

/** The content of a run as one fragment, or undefined when it is empty. */
export function contentOf(run: BoxFragment, spec: ColumnSpec): BoxFragment | undefined {
  if (spec.content.length === 0) return undefined;
  let bottom = run.top;
  for (const f of spec.content) bottom = Math.max(bottom, f.bottom);
  return { kind: 'box', top: run.top, bottom, children: spec.content };
}

/**
 * What of `content` lies at or below flow y `y` (where a set of columns starts), for probing
 * that set's height alone: leaves above it are dropped, boxes cut around it keep only their
 * children below it. Undefined when a box that cannot be cut this way (nested columns, a
 * repeated table header) straddles `y`.
 */
export function contentBelow(content: BoxFragment, y: number): BoxFragment | undefined {
  const cut = below(content, y);
  return cut === null ? undefined : (cut as BoxFragment | undefined);
}

const EPS = 0.01;

function below(f: Fragment, y: number): Fragment | undefined | null {
  if (f.top >= y - EPS) return f;
  if (f.kind === 'leaf' || f.bottom <= y + EPS || f.children.length === 0) return undefined;
  if (f.columns || f.repeat) return null;
  const kids: Fragment[] = [];
  for (const c of f.children) {
    const k = below(c, y);
    if (k === null) return null;
    if (k) kids.push(k);
  }
  return kids.length > 0 ? { ...f, children: kids } : undefined;
}

/** Horizontal offset of column `j` of a set from where the content was laid out. */
export function columnOffset(spec: ColumnSpec, j: number): number {
  const k = spec.rtl ? spec.count - 1 - j : j;
  return k * (spec.width + spec.gap);
}

/** Balancing stops when the search interval is this small (points). */
const PRECISION = 0.25;

/**
 * The smallest column height up to `cap` for which `fits` holds (the content fits the set's
 * columns): `fits` is monotonic in the height. With `share` (the content's height over the
 * column count, which the answer is seldom far above) the search starts there and widens in
 * doubling steps before it bisects, so a tall content needs few passes, not one per halving
 * of its whole height.
 */
export function balancedHeight(cap: number, fits: (height: number) => boolean, share = 0): number {
  let lo = 0;
  let hi = cap;
  if (hi <= PRECISION || !fits(hi)) return hi;
  if (share > PRECISION && share < hi) {
    if (fits(share)) hi = share;
    else {
      lo = share;
      for (let step = 8; lo + step < hi; step *= 2) {
        if (fits(lo + step)) {
          hi = lo + step;
          break;
        }
        lo += step;
      }
    }
  }
  while (hi - lo > PRECISION) {
    const mid = (lo + hi) / 2;
    if (fits(mid)) hi = mid;
    else lo = mid;
  }
  return hi;
}

/**
 * Column rules of one set: between neighbouring columns that both hold content, as tall as
 * the set, drawn as artifacts. `x0` is where the content was laid out (column 0's place).
 */
export function ruleItems(
  spec: ColumnSpec,
  x0: number,
  top: number,
  height: number,
  filled: readonly boolean[],
): DisplayItem[] {
  const rule = spec.rule;
  if (!rule || rule.width <= 0 || height <= 0) return [];
  const out: DisplayItem[] = [];
  const none = { width: 0, style: 'none', color: rule.color };
  for (let j = 0; j + 1 < filled.length; j++) {
    if (!filled[j] || !filled[j + 1]) continue;
    const a = x0 + columnOffset(spec, j);
    const b = x0 + columnOffset(spec, j + 1);
    const mid = (a + b + spec.width) / 2;
    out.push(
      ...borderItems(
        { x: mid - rule.width / 2, y: top, width: rule.width, height },
        {
          top: none,
          right: none,
          bottom: none,
          left: { width: rule.width, style: rule.style, color: rule.color },
        },
        { tl: [0, 0], tr: [0, 0], br: [0, 0], bl: [0, 0] },
      ),
    );
  }
  return out;
}
