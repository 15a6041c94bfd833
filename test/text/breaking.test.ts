import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  breakLines,
  createFontContext,
  measureIntrinsic,
  measureText,
  shapeParagraph,
} from '../../src/text/index.js';
import type { InlineRun } from '../../src/text/types.js';
import { glyphAt, glyphsOf } from '../../src/document/index.js';
import {
  glyphFragments,
  layout,
  lineGlyphText,
  lineRight,
  lineText,
  style,
  text,
} from './helpers.js';

const ctx = createFontContext();
const widthOf = (t: string, s = {}) => measureText(ctx, t, style(s)).width;

describe('line breaking (UAX #14)', () => {
  it('breaks after spaces and keeps words whole', () => {
    const w = widthOf('Hello world') + 1;
    const lines = layout(ctx, [text('Hello world again')], w);
    expect(lines.map(lineText)).toEqual(['Hello world', 'again']);
    for (const l of lines) expect(l.contentWidth).toBeLessThanOrEqual(w);
  });

  it('does not count trailing spaces when fitting a line', () => {
    const w = widthOf('Hello');
    const lines = layout(ctx, [text('Hello world')], w);
    expect(lines.map(lineText)).toEqual(['Hello', 'world']);
    expect(lines[0].contentWidth).toBeCloseTo(w, 6);
  });

  it('breaks after hyphens and slashes as UAX #14 allows', () => {
    const lines = layout(ctx, [text('well-known and/or')], widthOf('well-kn'));
    expect(lines.map(lineText)[0]).toBe('well-');
  });

  it('breaks between ideographs (CJK wraps without spaces)', () => {
    const para = shapeParagraph(ctx, [text('漢字漢字漢字')], { direction: 'ltr' });
    const oneChar = measureIntrinsic(para).minContent;
    const lines = breakLines(para, oneChar * 2.5, {
      textAlign: 'left',
      textIndent: 0,
      strut: style(),
    });
    expect(lines.map(lineText)).toEqual(['漢字', '漢字', '漢字']);
  });

  it('does not wrap white-space: nowrap, but wraps around it', () => {
    const lines = layout(
      ctx,
      [text('aaa '), text('bbb ccc ddd', { whiteSpace: 'nowrap' }), text(' eee')],
      widthOf('aaa bbb'),
    );
    expect(lines.map(lineText)).toEqual(['aaa', 'bbb ccc ddd', 'eee']);
  });

  it('lets an unbreakable word overflow, or breaks it with overflow-wrap', () => {
    const long = 'Supercalifragilistic';
    const w = widthOf('Supercali');
    const overflow = layout(ctx, [text(long)], w);
    expect(overflow.length).toBe(1);
    expect(overflow[0].contentWidth).toBeGreaterThan(w);
    const wrapped = layout(ctx, [text(long, { overflowWrap: 'anywhere' })], w);
    expect(wrapped.length).toBeGreaterThanOrEqual(2);
    expect(wrapped.map(lineText).join('')).toBe(long);
    for (const l of wrapped) expect(l.contentWidth).toBeLessThanOrEqual(w + 1e-6);
    const breakAll = layout(
      ctx,
      [text('aaaa bbbbbbbbbbbb', { wordBreak: 'break-all' })],
      widthOf('aaaa bbb'),
    );
    expect(lineText(breakAll[0]).startsWith('aaaa b')).toBe(true);
  });
});

describe('hyphenation', () => {
  it('breaks at a soft hyphen and draws a hyphen there', () => {
    const lines = layout(ctx, [text('extra\u00adordinary things')], widthOf('extraordi'));
    expect(lines[0].hyphenated).toBe(true);
    const first = glyphFragments([lines[0]])[0];
    expect(first.text).toBe('extra');
    expect(lineGlyphText(lines[0])).toBe('extra\u00ad');
    // The font's own soft-hyphen glyph: visible, and distinct from '-' so its text maps to U+00AD.
    const hyphen = glyphAt(first.glyphs, first.glyphs.ids.length - 1);
    const minus = glyphAt(glyphFragments(layout(ctx, [text('-')], 100))[0].glyphs, 0);
    expect(hyphen.id).not.toBe(0);
    expect(hyphen.id).not.toBe(minus.id);
    expect(hyphen.advance).toBeCloseTo(minus.advance, 6);
    expect(first.actualText).toBe('extra\u00ad');
    expect(lineText(lines[1])).toBe('ordinary');
    // unbroken, the soft hyphen is invisible
    expect(lineGlyphText(layout(ctx, [text('extra\u00adordinary')], 1000)[0])).toBe(
      'extraordinary',
    );
  });

  it('ignores soft hyphens with hyphens: none', () => {
    const lines = layout(
      ctx,
      [text('extra\u00adordinary things', { hyphens: 'none' })],
      widthOf('extraordi'),
    );
    expect(lines[0].hyphenated).toBe(false);
    expect(lineText(lines[0])).toBe('extraordinary');
  });

  it('hyphenates English with hyphens: auto and patterns', () => {
    const t = 'The hyphenation algorithm works';
    const manual = layout(ctx, [text(t)], widthOf('The hyphenat'));
    expect(manual[0].hyphenated).toBe(false);
    const auto = layout(ctx, [text(t, { hyphens: 'auto', lang: 'en' })], widthOf('The hyphenat'));
    expect(auto[0].hyphenated).toBe(true);
    expect(lineText(auto[0])).toBe('The hyphen');
    expect(lineText(auto[1]).startsWith('ation')).toBe(true);
  });

  it('hyphenates German with German patterns', () => {
    const t = 'Die Silbentrennung';
    const lines = layout(
      ctx,
      [text(t, { hyphens: 'auto', lang: 'de-DE' })],
      widthOf('Die Silbentren'),
    );
    expect(lines[0].hyphenated).toBe(true);
    expect(lineText(lines[0])).toBe('Die Silben');
    expect(lines.map(lineText).join('')).toBe('Die Silbentrennung');
  });

  it('does not hyphenate without patterns for the language', () => {
    const lines = layout(
      ctx,
      [text('Silbentrennung', { hyphens: 'auto', lang: 'xx' })],
      widthOf('Silbentren'),
    );
    expect(lines.length).toBe(1);
  });
});

describe('alignment', () => {
  const para = 'The quick brown fox jumps over the lazy dog and keeps running far away';
  const w = 150;

  it('justifies every line but the last to the full width', () => {
    const lines = layout(ctx, [text(para)], w, { align: 'justify' });
    expect(lines.length).toBeGreaterThan(2);
    for (const l of lines.slice(0, -1)) expect(lineRight(l)).toBeCloseTo(w, 4);
    const last = lines[lines.length - 1];
    expect(lineRight(last)).toBeCloseTo(last.contentWidth, 4);
    // the space glyphs grew, the letters did not
    const plain = layout(ctx, [text(para)], w, { align: 'left' });
    expect(plain.map(lineText)).toEqual(lines.map(lineText));
  });

  it('aligns right and center, and honours text-indent on the first line', () => {
    const right = layout(ctx, [text('short')], 200, { align: 'right' })[0];
    expect(lineRight(right)).toBeCloseTo(200, 4);
    const center = layout(ctx, [text('short')], 200, { align: 'center' })[0];
    expect(center.fragments[0].x).toBeCloseTo((200 - center.contentWidth) / 2, 4);
    const indented = layout(ctx, [text(para)], w, { indent: 20 });
    expect(indented[0].fragments[0].x).toBeCloseTo(20, 6);
    expect(indented[1].fragments[0].x).toBeCloseTo(0, 6);
    expect(indented[0].contentWidth).toBeLessThanOrEqual(w - 20);
  });

  it('aligns start to the right in right-to-left paragraphs', () => {
    const line = layout(ctx, [text('שלום')], 200, { align: 'start', direction: 'rtl' })[0];
    expect(lineRight(line)).toBeCloseTo(200, 4);
  });

  it('supports a width per line (floats)', () => {
    const para2 = shapeParagraph(ctx, [text(para)], { direction: 'ltr' });
    const seen: number[] = [];
    const lines = breakLines(
      para2,
      ({ index, top }) => {
        seen.push(top);
        return index === 0 ? 60 : 300;
      },
      { textAlign: 'left', textIndent: 0, strut: style() },
    );
    expect(lines[0].contentWidth).toBeLessThanOrEqual(60);
    expect(lines[1].top).toBeCloseTo(lines[0].height, 6);
    expect(seen[1]).toBeCloseTo(lines[0].height, 6);
  });
});

describe('intrinsic sizes', () => {
  it('min-content is the widest word, max-content the whole line', () => {
    const p = shapeParagraph(ctx, [text('a bb internationalisation cc')], { direction: 'ltr' });
    const { minContent, maxContent } = measureIntrinsic(p);
    expect(minContent).toBeCloseTo(widthOf('internationalisation'), 6);
    expect(maxContent).toBeCloseTo(widthOf('a bb internationalisation cc'), 6);
    // laying out at max-content gives one line, at min-content no line overflows
    expect(
      breakLines(p, maxContent, { textAlign: 'left', textIndent: 0, strut: style() }).length,
    ).toBe(1);
    for (const l of breakLines(p, minContent, { textAlign: 'left', textIndent: 0, strut: style() }))
      expect(l.contentWidth).toBeLessThanOrEqual(minContent + 1e-6);
  });

  it('takes hyphenation, overflow-wrap and forced breaks into account', () => {
    const auto = measureIntrinsic(
      shapeParagraph(ctx, [text('internationalisation', { hyphens: 'auto', lang: 'en' })], {
        direction: 'ltr',
      }),
    );
    expect(auto.minContent).toBeLessThan(widthOf('internationalisation') / 2);
    const anywhere = measureIntrinsic(
      shapeParagraph(ctx, [text('wwww', { overflowWrap: 'anywhere' })], { direction: 'ltr' }),
    );
    expect(anywhere.minContent).toBeCloseTo(widthOf('w'), 6);
    const lines = measureIntrinsic(
      shapeParagraph(ctx, [text('short\u2028much longer line')], { direction: 'ltr' }),
    );
    expect(lines.maxContent).toBeCloseTo(widthOf('much longer line'), 6);
    expect(
      measureIntrinsic(shapeParagraph(ctx, [text('ab')], { direction: 'ltr' }), 10).maxContent,
    ).toBeCloseTo(widthOf('ab') + 10, 6);
  });
});

describe('line boxes', () => {
  it('uses line-height: normal from the font and factors/lengths as given', () => {
    const normal = layout(ctx, [text('x')], 100)[0];
    expect(normal.height).toBeCloseTo((12 * (1854 + 434 + 67)) / 2048, 4);
    const factor = layout(ctx, [text('x', { lineHeight: { kind: 'factor', value: 1.5 } })], 100)[0];
    expect(factor.height).toBeCloseTo(18, 6);
    const length = layout(ctx, [text('x', { lineHeight: { kind: 'length', value: 30 } })], 100)[0];
    expect(length.height).toBeCloseTo(30, 6);
    expect(length.baseline).toBeCloseTo(
      (30 - (12 * (1854 + 434)) / 2048) / 2 + (12 * 1854) / 2048,
      4,
    );
  });

  it('raises super and lowers sub, growing the line box', () => {
    const lh = { kind: 'factor' as const, value: 1.2 };
    const base = layout(ctx, [text('x', { lineHeight: lh })], 100)[0];
    const lines = layout(
      ctx,
      [
        text('x', { lineHeight: lh }),
        text('2', { size: 8, verticalAlign: 'super', lineHeight: lh }),
        text('i', { size: 8, verticalAlign: 'sub', lineHeight: lh }),
      ],
      100,
    );
    const [x, sup, sub] = glyphFragments(lines);
    expect(sup.baseline).toBeLessThan(x.baseline);
    expect(sub.baseline).toBeGreaterThan(x.baseline);
    // A third and a fifth of the parent's 12pt, plus one CSS pixel (0.75pt), as browsers do.
    expect(x.baseline - sup.baseline).toBeCloseTo(4 + 0.75, 6);
    expect(sub.baseline - x.baseline).toBeCloseTo(12 / 5 + 0.75, 6);
    expect(lines[0].height).toBeGreaterThan(base.height);
  });

  it('places atomic inlines on the baseline and lets them grow the line', () => {
    const runs: InlineRun<number>[] = [
      text('a '),
      { kind: 'object', width: 20, height: 40, baseline: 40, source: 7, style: style() },
      text(' b'),
    ];
    const [line] = layout(ctx, runs, 500);
    const obj = line.fragments.find((f) => f.kind === 'object')!;
    const a = glyphFragments([line])[0];
    expect(obj.y + obj.height).toBeCloseTo(a.baseline, 6);
    expect(obj.source).toBe(7);
    expect(line.height).toBeGreaterThan(40);
    const b = glyphFragments([line])[1];
    expect(b.x).toBeGreaterThan(obj.x + obj.width - 1e-6);
  });

  it('reserves inline-box insets (padding/border) next to their text', () => {
    const plain = layout(ctx, [text('a'), text('b'), text('c')], 500)[0];
    const inset = layout(
      ctx,
      [text('a'), { ...text('b'), insetStart: 5, insetEnd: 7 }, text('c')],
      500,
    )[0];
    expect(inset.contentWidth - plain.contentWidth).toBeCloseTo(12, 6);
    const [, b, c] = glyphFragments([inset]);
    const [, pb, pc] = glyphFragments([plain]);
    expect(b.x - pb.x).toBeCloseTo(5, 6);
    expect(c.x - pc.x).toBeCloseTo(12, 6);
  });

  it('reports decorations from the font metrics', () => {
    const [f] = glyphFragments(
      layout(ctx, [text('u', { textDecoration: { lines: ['underline', 'line-through'] } })], 100),
    );
    const [under, through] = f.decorations;
    expect(under.y).toBeGreaterThan(0);
    expect(through.y).toBeLessThan(0);
    expect(under.thickness).toBeGreaterThan(0);
    expect(under.color).toEqual(f.color);
  });
});

describe('properties', () => {
  it('keeps every character in order and never exceeds the width unless a word is too long', () => {
    const word = fc.stringMatching(/^[a-zA-Z]{1,12}$/);
    fc.assert(
      fc.property(
        fc.array(word, { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 20, max: 400 }),
        (words, width) => {
          const source = words.join(' ');
          const p = shapeParagraph(ctx, [text(source)], { direction: 'ltr' });
          const lines = breakLines(p, width, {
            textAlign: 'justify',
            textIndent: 0,
            strut: style(),
          });
          expect(lines.map(lineText).join(' ')).toBe(source);
          for (const l of lines) {
            const single = !lineText(l).includes(' ');
            if (!single) expect(l.contentWidth).toBeLessThanOrEqual(width + 1e-6);
            for (const f of glyphFragments([l]))
              for (const g of glyphsOf(f.glyphs)) expect(g.id).not.toBe(0);
          }
          const { minContent, maxContent } = measureIntrinsic(p);
          expect(minContent).toBeLessThanOrEqual(maxContent + 1e-6);
          expect(
            breakLines(p, maxContent, { textAlign: 'left', textIndent: 0, strut: style() }).length,
          ).toBe(1);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('robustness', () => {
  it('handles a very long unbreakable word in bounded pieces', () => {
    const long = 'x'.repeat(5000);
    const p = shapeParagraph(ctx, [text(long, { overflowWrap: 'anywhere' })], { direction: 'ltr' });
    const lines = breakLines(p, 300, { textAlign: 'left', textIndent: 0, strut: style() });
    expect(lines.length).toBeGreaterThan(25);
    expect(lines.map(lineText).join('')).toBe(long);
    for (const l of lines) expect(l.contentWidth).toBeLessThanOrEqual(300 + 1e-6);
    const { maxContent } = measureIntrinsic(p);
    expect(maxContent).toBeCloseTo(widthOf('x') * 5000, 2);
  });

  it('drops control characters instead of drawing .notdef', () => {
    const lines = layout(ctx, [text('a\u0000b\u0007c\ufeffd')], 500);
    expect(lineText(lines[0])).toBe('abcd');
  });

  it('maps text-transform: full-width', () => {
    expect(lineText(layout(ctx, [text('AB 12', { textTransform: 'full-width' })], 500)[0])).toBe(
      'ＡＢ\u3000１２',
    );
  });
});

describe('tabs', () => {
  it('advance preserved tabs to the next tab stop', () => {
    const mono = { families: ['monospace'], whiteSpace: 'pre' as const, tabSize: 4 };
    const space = widthOf(' ', mono);
    for (const prefix of ['', 'a', 'ab', 'abc']) {
      const [line] = layout(ctx, [text(`${prefix}\tX`, mono)], 1000);
      const f = glyphFragments([line])[0];
      let x = f.x;
      for (const g of glyphsOf(f.glyphs)) {
        if (g.text === 'X') expect(x).toBeCloseTo(4 * space, 6);
        x += g.advance;
      }
      expect(line.contentWidth).toBeCloseTo(5 * space, 6);
    }
  });
});

describe('hyphenation across inline elements and min-content of overflow-wrap', () => {
  it('hyphenates a word split over two runs', () => {
    const runs = [
      text('The hyph', { hyphens: 'auto' }),
      text('enation test', { hyphens: 'auto', weight: 700 }),
    ];
    const lines = layout(ctx, runs, widthOf('The hyphenat'));
    expect(lines[0].hyphenated).toBe(true);
    expect(lineText(lines[0])).toBe('The hyphen');
  });

  it('break-word does not lower min-content, anywhere does', () => {
    const m = (s: object) =>
      measureIntrinsic(shapeParagraph(ctx, [text('wwww', s)], { direction: 'ltr' })).minContent;
    expect(m({ overflowWrap: 'break-word' })).toBeCloseTo(widthOf('wwww'), 6);
    expect(m({ overflowWrap: 'anywhere' })).toBeCloseTo(widthOf('w'), 6);
  });
});

describe('fuzz', () => {
  const pieces = [
    'a', 'Z', ' ', '  ', '\n', '\t', '\u00ad', '\u2028', '-', '/', '(', ')', '1', '٣', 'é', 'e\u0301', 'ﬁ', 'office',
    'שלום', 'مرحبا', 'لا', '\u200d', '\u200f', '\u202e', '😀', '👍🏽', '\ud83d', '漢', '✓', '\u0000', '\ufeff', 'ß', 'İ',
  ]; // prettier-ignore
  it('never throws, never draws .notdef and keeps the non-space text in order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...pieces), { minLength: 0, maxLength: 30 }),
        fc.constantFrom('normal', 'pre', 'pre-wrap', 'pre-line', 'nowrap', 'break-spaces'),
        fc.constantFrom('ltr', 'rtl', 'auto'),
        fc.integer({ min: 1, max: 200 }),
        fc.constantFrom('left', 'justify', 'center', 'end'),
        (parts, whiteSpace, direction, width, align) => {
          const source = parts.join('');
          const c = createFontContext();
          const p = shapeParagraph(
            c,
            [
              text(source, {
                whiteSpace: whiteSpace as never,
                hyphens: 'auto',
                overflowWrap: 'anywhere',
              }),
            ],
            {
              direction: direction as 'ltr',
            },
          );
          const lines = breakLines(p, width, {
            textAlign: align as 'left',
            textIndent: 0,
            strut: style(),
          });
          const strip = (s: string) => s.replace(/[\s\u00ad\u0000\ufeff\u2028]/g, '');
          const logical = lines
            .map((l) => l.fragments.map((f) => (f.kind === 'glyphs' ? f.text : '')).join(''))
            .join('');
          for (const f of glyphFragments(lines))
            for (const g of glyphsOf(f.glyphs)) expect(g.id).not.toBe(0);
          // Every visible character survives (order is visual across bidi runs, so compare sorted).
          expect([...strip(logical)].sort().join('')).toBe([...strip(p.text)].sort().join(''));
          const { minContent, maxContent } = measureIntrinsic(p);
          expect(Number.isFinite(minContent) && Number.isFinite(maxContent)).toBe(true);
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('unusual widths', () => {
  it('lays out at an infinite width as one line per forced break, whatever the alignment', () => {
    for (const align of ['left', 'right', 'center', 'justify'] as const) {
      const p = shapeParagraph(ctx, [text('one two\u2028three four')], { direction: 'ltr' });
      const lines = breakLines(p, Infinity, {
        textAlign: align,
        textAlignLast: align,
        textIndent: 0,
        strut: style(),
      });
      expect(lines.map(lineText)).toEqual(['one two', 'three four']);
      for (const l of lines)
        for (const f of l.fragments)
          expect(Number.isFinite(f.x) && Number.isFinite(f.width)).toBe(true);
    }
  });

  it('treats negative and NaN widths as zero: one word per line', () => {
    for (const w of [-10, Number.NaN])
      expect(layout(ctx, [text('a b c')], w).map(lineText)).toEqual(['a', 'b', 'c']);
  });
});

describe('atomic inlines and white-space', () => {
  it('allows breaks around images in normal text but not inside nowrap', () => {
    const img = (ws: 'normal' | 'nowrap'): InlineRun<number> => ({
      kind: 'object',
      width: 30,
      height: 10,
      baseline: 10,
      source: 1,
      style: style({ whiteSpace: ws }),
    });
    const normal = layout(ctx, [text('ab'), img('normal'), text('cd')], 35);
    expect(normal.length).toBe(3);
    const nowrap = layout(
      ctx,
      [text('ab', { whiteSpace: 'nowrap' }), img('nowrap'), text('cd', { whiteSpace: 'nowrap' })],
      35,
    );
    expect(nowrap.length).toBe(1);
  });
});
