/**
 * Shaped paragraphs kept across the layout passes of one document. A document whose page
 * numbers feed back into its content (a table of contents with target-counter) is laid out
 * again with the numbers of the previous pass; everything but those numbers is the same text
 * in the same styles, and shaping it again (bidi, fonts, scripts, break opportunities, glyphs)
 * cost as much as shaping it the first time. A paragraph is reused only when every run equals the
 * earlier one apart from its `source` (which belongs to the pass); the reused paragraph carries
 * the new runs and sources.
 */
import type { FontContext, InlineRun, ParagraphOptions, ShapedParagraph } from './types.js';
import { asParagraph, ParagraphImpl, type Piece } from './paragraph.js';
import { shapeParagraph } from './shape.js';

/** Text kept by one memo, in UTF-16 code units: bounds its memory on a very long document. */
export const DEFAULT_MEMO_CHARS = 4_000_000;

interface Entry {
  readonly runs: readonly InlineRun<unknown>[];
  readonly direction: ParagraphOptions['direction'];
  readonly para: ParagraphImpl<unknown>;
}

export interface ParagraphMemo {
  /** shapeParagraph, answered from an earlier pass when the runs are the same. */
  shape<S>(
    fonts: FontContext,
    runs: readonly InlineRun<S>[],
    options: ParagraphOptions,
  ): ShapedParagraph<S>;
}

export function createParagraphMemo(maxChars = DEFAULT_MEMO_CHARS): ParagraphMemo {
  const entries = new Map<string, Entry[]>();
  let fontsOf: FontContext | undefined;
  let chars = 0;
  return {
    shape<S>(
      fonts: FontContext,
      runs: readonly InlineRun<S>[],
      options: ParagraphOptions,
    ): ShapedParagraph<S> {
      // Faces and fallback chains belong to one font context.
      if (fontsOf !== fonts) {
        entries.clear();
        chars = 0;
        fontsOf = fonts;
      }
      const key = keyOf(runs);
      const list = entries.get(key);
      if (list)
        for (const e of list)
          if (e.direction === options.direction && sameRuns(e.runs, runs))
            return rebind(e.para, runs);
      const para = shapeParagraph(fonts, runs, options);
      if (chars + key.length <= maxChars) {
        chars += key.length;
        const entry: Entry = { runs, direction: options.direction, para: asParagraph(para) };
        if (list) list.push(entry);
        else entries.set(key, [entry]);
      }
      return para;
    },
  };
}

/** The runs' text, with a mark for each object and anchor: equal runs give equal keys. */
function keyOf(runs: readonly InlineRun<unknown>[]): string {
  let key = '';
  for (const r of runs)
    key += r.kind === 'text' ? r.text : r.kind === 'object' ? '\u0002' : '\u0001';
  return key;
}

function sameRuns(a: readonly InlineRun<unknown>[], b: readonly InlineRun<unknown>[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!sameExceptSource(a[i], b[i])) return false;
  return true;
}

function sameExceptSource(a: InlineRun<unknown>, b: InlineRun<unknown>): boolean {
  if (a === b) return true;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) {
    if (k === 'source') continue;
    if (!samePlain((a as never)[k], (b as never)[k])) return false;
  }
  return true;
}

/** Deep equality of plain data (styles are built afresh for decorated text on every pass). */
function samePlain(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!samePlain(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b) || Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) {
    if (!Object.prototype.hasOwnProperty.call(b, k)) return false;
    if (!samePlain((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
      return false;
  }
  return true;
}

/** The shaped paragraph with the new runs (and their sources) in place of the old ones. */
function rebind<S>(
  old: ParagraphImpl<unknown>,
  allRuns: readonly InlineRun<S>[],
): ShapedParagraph<S> {
  const runs: Exclude<InlineRun<S>, { kind: 'anchor' }>[] = [];
  const anchorSources: S[] = [];
  for (const r of allRuns) {
    if (r.kind === 'anchor') anchorSources.push(r.source);
    else runs.push(r);
  }
  const pieces = old.pieces.map((p): Piece =>
    p.object ? { ...p, object: runs[p.run] as never } : p,
  );
  return new ParagraphImpl<S>(
    old.ctx,
    old.text,
    old.shapingText,
    old.direction,
    old.isEmpty,
    runs,
    old.anchors.map((a, i) => ({ offset: a.offset, source: anchorSources[i] })),
    pieces,
    old.primaryFaces,
    old.runStart,
    old.runEnd,
  );
}
