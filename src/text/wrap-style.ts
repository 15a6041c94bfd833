/**
 * text-wrap-style (CSS Text 4 §6.2): where lines are filled to a narrower width than the one
 * they are aligned in. `balance` fills every line of a short paragraph (six lines at most, as
 * Chromium does) to the narrowest width that keeps its line count, so its lines come out
 * nearly equal; `pretty` avoids a last line of one word by filling the line before it (or
 * up to the last four lines) a little narrower, just enough to bring a word down to it. Both search widths by bisection,
 * breaking the paragraph again for each; neither changes the number of lines.
 */
import { createLineBreaker } from './break.js';
import type { BreakOptions, LineBox, LineBreaker, ShapedParagraph } from './types.js';

/** Lines from `from` on are filled to `fill` instead of the full width. */
export interface WrapFill {
  readonly from: number;
  readonly fill: number;
}

/** Paragraphs longer than this are not balanced (Chromium's limit). */
const BALANCE_MAX_LINES = 6;
/** The lines `pretty` may re-break at the paragraph's end (Chromium's). */
const PRETTY_LINES = 4;
/** How close the bisection gets, in points. */
const PRECISION = 0.25;
const EPS = 1e-6;

/** Up to `count` lines broken greedily at `width`. */
function breakAhead<S>(breaker: LineBreaker<S>, width: number, count: number): LineBox<S>[] {
  const lines: LineBox<S>[] = [];
  let top = 0;
  while (lines.length < count && !breaker.done) {
    const line = breaker.next(width, top);
    if (!line) break;
    lines.push(line);
    top += line.height;
  }
  return lines;
}

/**
 * Breaks `para` at `width` with the lines from `from` on filled to a width given each time:
 * the lines before `from` are broken once, and each try starts again after them. A try gives
 * every line, or undefined when a filled line is wider than it was filled to (a word that fits
 * nowhere).
 */
function triesFrom<S>(
  para: ShapedParagraph<S>,
  width: number,
  options: BreakOptions,
  from: number,
): (fill: number) => LineBox<S>[] | undefined {
  const breaker = createLineBreaker(para, options);
  const head = breakAhead(breaker, width, from);
  const headTop = head.reduce((t, l) => t + l.height, 0);
  const start = breaker.save();
  return (fill) => {
    breaker.restore(start);
    const lines = head.slice();
    let top = headTop;
    while (!breaker.done) {
      const line = breaker.next(width, top, undefined, fill);
      if (!line) break;
      const room = fill - (lines.length === 0 ? options.textIndent : 0);
      if (line.contentWidth > room + EPS) return undefined;
      lines.push(line);
      top += line.height;
    }
    return lines;
  };
}

/**
 * Bisects [0, hi] between the widths where `narrow` holds (0 does) and those where it does not
 * (`hi` does not); returns the bracket [lo, hi] around the change, PRECISION wide.
 */
function bracket(hi: number, narrow: (w: number) => boolean): [number, number] {
  let lo = 0;
  while (hi - lo > PRECISION) {
    const mid = (lo + hi) / 2;
    if (narrow(mid)) lo = mid;
    else hi = mid;
  }
  return [lo, hi];
}

/**
 * The lines as wrapping makes them (the first `max`), where a finite width leaves anything to
 * balance.
 */
function greedyLines<S>(
  para: ShapedParagraph<S>,
  width: number,
  options: BreakOptions,
  max = Infinity,
): LineBox<S>[] | undefined {
  if (para.isEmpty || !(width > 0) || !Number.isFinite(width)) return undefined;
  return breakAhead(createLineBreaker(para, options), width, max);
}

/** The narrowest fill keeping the paragraph's line count, for `text-wrap: balance`. */
export function balanceFill<S>(
  para: ShapedParagraph<S>,
  width: number,
  options: BreakOptions,
): WrapFill | undefined {
  // One line more than may be balanced tells a paragraph too long.
  const count = greedyLines(para, width, options, BALANCE_MAX_LINES + 1)?.length ?? 0;
  if (count < 2 || count > BALANCE_MAX_LINES) return undefined;
  // Narrower fills keep the count until they push a word onto a new line (or cannot hold one).
  const tryFill = triesFrom(para, width, options, 0);
  const [, fill] = bracket(width, (w) => tryFill(w)?.length !== count);
  return fill < width - PRECISION ? { from: 0, fill } : undefined;
}

/** Text of a line as read, white space collapsed. */
function lineText<S>(line: LineBox<S>): string {
  let t = '';
  for (const f of line.fragments) if (f.kind === 'glyphs') t += f.text;
  return t.replace(/\s+/gu, ' ').trim();
}

/** A last line of one word (no space inside it): the orphan `pretty` avoids. */
function isOrphan<S>(line: LineBox<S>): boolean {
  const t = lineText(line);
  return t !== '' && !t.includes(' ');
}

/**
 * For `text-wrap: pretty`: the fill of the last lines that brings a second word down to a last
 * line of one, as wide as can be; undefined when the paragraph has no such line or no fill
 * keeps its line count.
 */
export function prettyFill<S>(
  para: ShapedParagraph<S>,
  width: number,
  options: BreakOptions,
): WrapFill | undefined {
  const lines = greedyLines(para, width, options);
  if (!lines || lines.length < 2 || !isOrphan(lines[lines.length - 1])) return undefined;
  const count = lines.length;
  // The fewest lines that can do it are re-broken: the one before the orphan first.
  for (let from = count - 2; from >= Math.max(0, count - PRETTY_LINES); from--) {
    // Narrower fills push more down; the widest that brings a word down is wanted.
    const tryFill = triesFrom(para, width, options, from);
    const pushes = (w: number): boolean => {
      const tried = tryFill(w);
      return !tried || tried.length !== count || !isOrphan(tried[count - 1]);
    };
    const [fill] = bracket(width, pushes);
    const result = tryFill(fill);
    if (result && result.length === count && !isOrphan(result[count - 1])) return { from, fill };
  }
  return undefined;
}
