import { describe, expect, it } from 'vitest';
import {
  breakLines,
  createFontContext,
  createParagraphMemo,
  shapeParagraph,
} from '../../src/text/index.js';
import { asParagraph } from '../../src/text/paragraph.js';
import type { InlineRun, ShapedParagraph } from '../../src/text/types.js';
import { glyphFragments, lineText, style, text } from './helpers.js';

const ctx = createFontContext();
const ltr = { direction: 'ltr' } as const;
const prose = 'The quick brown fox jumps over the lazy dog and keeps running far away.';

/** Whether two paragraphs share their shaped pieces (the second was not shaped again). */
const sharesShaping = <S>(a: ShapedParagraph<S>, b: ShapedParagraph<S>): boolean =>
  asParagraph(a).pieces[0] === asParagraph(b).pieces[0];

describe('paragraph memo (shaping kept across layout passes)', () => {
  it('reuses the shaping of equal runs and hands back the new sources', () => {
    const memo = createParagraphMemo();
    const first = memo.shape(ctx, [text(prose, {}, 1), text(' tail', { weight: 700 }, 2)], ltr);
    const again = memo.shape(ctx, [text(prose, {}, 10), text(' tail', { weight: 700 }, 20)], ltr);
    expect(sharesShaping(first, again)).toBe(true);
    expect(again.runs.map((r) => r.source)).toEqual([10, 20]);

    const fresh = shapeParagraph(
      ctx,
      [text(prose, {}, 10), text(' tail', { weight: 700 }, 20)],
      ltr,
    );
    const lines = breakLines(again, 150, { textAlign: 'justify', textIndent: 0, strut: style() });
    const expected = breakLines(fresh, 150, {
      textAlign: 'justify',
      textIndent: 0,
      strut: style(),
    });
    expect(lines.map(lineText)).toEqual(expected.map(lineText));
    expect(glyphFragments(lines).map((f) => [f.source, f.x, f.width])).toEqual(
      glyphFragments(expected).map((f) => [f.source, f.x, f.width]),
    );
  });

  it('shapes again when any style, text, inset or the direction differs', () => {
    const memo = createParagraphMemo();
    const base = memo.shape(ctx, [text(prose)], ltr);
    const bigger = memo.shape(ctx, [text(prose, { size: 14 })], ltr);
    expect(sharesShaping(base, bigger)).toBe(false);
    expect(sharesShaping(base, memo.shape(ctx, [text(prose, { letterSpacing: 1 })], ltr))).toBe(
      false,
    );
    expect(sharesShaping(base, memo.shape(ctx, [text(`${prose}!`)], ltr))).toBe(false);
    const inset: InlineRun<number> = { ...text(prose), insetStart: 4 };
    expect(sharesShaping(base, memo.shape(ctx, [inset], ltr))).toBe(false);
    expect(sharesShaping(base, memo.shape(ctx, [text(prose)], { direction: 'rtl' }))).toBe(false);
    // A style built afresh with the same values (decorated text) is the same style.
    const decorated = { lines: ['underline' as const] };
    const u1 = memo.shape(ctx, [text(prose, { textDecoration: decorated })], ltr);
    const u2 = memo.shape(ctx, [text(prose, { textDecoration: { lines: ['underline'] } })], ltr);
    expect(sharesShaping(u1, u2)).toBe(true);
    const strike = { lines: ['line-through' as const] };
    expect(sharesShaping(u1, memo.shape(ctx, [text(prose, { textDecoration: strike })], ltr))).toBe(
      false,
    );
  });

  it('gives anchors and atomic inlines the sources of the new runs', () => {
    const memo = createParagraphMemo();
    const runs = (s: number): InlineRun<number>[] => [
      text('before ', {}, s),
      { kind: 'anchor', source: s + 1 },
      { kind: 'object', width: 20, height: 10, baseline: 10, source: s + 2, style: style() },
      text(' after', {}, s + 3),
    ];
    memo.shape(ctx, runs(0), ltr);
    const again = memo.shape(ctx, runs(100), ltr);
    const lines = breakLines(again, 500, { textAlign: 'start', textIndent: 0, strut: style() });
    expect(lines[0].fragments.map((f) => f.source)).toEqual([100, 102, 103]);
    expect(asParagraph(again).anchors.map((a) => a.source)).toEqual([101]);
    // An atomic inline of another size is laid out anew.
    const wider = runs(200).map((r) => (r.kind === 'object' ? { ...r, width: 30 } : r));
    expect(sharesShaping(again, memo.shape(ctx, wider, ltr))).toBe(false);
  });

  it('keeps no more text than its bound, and starts over for another font context', () => {
    const memo = createParagraphMemo(prose.length);
    const a = memo.shape(ctx, [text(prose)], ltr);
    expect(sharesShaping(a, memo.shape(ctx, [text(prose)], ltr))).toBe(true);
    // Over the bound: shaped, not kept.
    const b = memo.shape(ctx, [text('another line of text')], ltr);
    expect(sharesShaping(b, memo.shape(ctx, [text('another line of text')], ltr))).toBe(false);
    const other = createFontContext();
    expect(sharesShaping(a, memo.shape(other, [text(prose)], ltr))).toBe(false);
  });
});
