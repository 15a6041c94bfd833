import { describe, expect, it } from 'vitest';
import { glyphAt, glyphsOf } from '../../src/document/index.js';
import { createFontContext, shapeParagraph } from '../../src/text/index.js';
import { glyphFragments, layout, lineGlyphText, lineText, style, text } from './helpers.js';

describe('per-character font fallback', () => {
  it('never draws .notdef: characters the first font lacks come from a fallback', () => {
    const ctx = createFontContext();
    // Liberation Sans has Latin, Greek, Cyrillic and Hebrew but no Arabic, Devanagari-free symbols etc.
    const sample = 'Latin Ελληνικά Кириллица עברית العربية → ✓ ★ ☎ ∑ ∞ € ₹ 😀 🚀';
    const lines = layout(ctx, [text(sample)], 2000);
    const frags = glyphFragments(lines);
    for (const f of frags) for (const g of glyphsOf(f.glyphs)) expect(g.id).not.toBe(0);
    const byFont = (ch: string) => frags.find((f) => f.text.includes(ch))!.font.postscriptName;
    expect(byFont('Latin')).toBe('LiberationSans');
    expect(byFont('العربية')).toBe('NotoSansArabic-Regular');
    expect(byFont('✓')).toBe('DejaVuSans');
    expect(byFont('🚀')).toBe('Symbola');
    expect(ctx.warnings).toEqual([]);
  });

  it('keeps the requested font when it has the character (Hebrew in Liberation Sans)', () => {
    const ctx = createFontContext();
    const frags = glyphFragments(layout(ctx, [text('שלום')], 500));
    expect(frags[0].font.postscriptName).toBe('LiberationSans');
    expect(frags[0].glyphs.ids.every((g) => g !== 0)).toBe(true);
  });

  it('substitutes a visible replacement glyph and warns when no font has the character', () => {
    const ctx = createFontContext();
    const frags = glyphFragments(layout(ctx, [text('漢字 ok')], 500));
    const cjk = frags.find((f) => f.text.includes('漢'))!;
    expect(cjk.glyphs.texts).toEqual(['漢', '字']);
    expect(cjk.glyphs.ids[0]).not.toBe(0);
    expect(cjk.glyphs.ids[0]).toBe(cjk.glyphs.ids[1]); // both the replacement glyph
    expect(cjk.actualText).toBe('漢字');
    expect(ctx.warnings.map((w) => w.code)).toEqual(['text.missing-glyph']);
    expect(ctx.warnings[0].message).toContain('2 Han characters (U+6F22, U+5B57)');
  });

  it('keeps combining marks and variation selectors with their base', () => {
    const ctx = createFontContext();
    const frags = glyphFragments(layout(ctx, [text('e\u0301 \u2764\ufe0f')], 500));
    const heart = frags.find((f) => f.text.includes('\u2764'))!;
    expect(heart.text).toContain('\ufe0f');
    for (const f of frags) for (const g of glyphsOf(f.glyphs)) expect(g.id).not.toBe(0);
    const e = frags.find((f) => f.text.startsWith('e'))!;
    expect(e.glyphs.texts.join('')).toBe(e.text);
  });
});

describe('shaping', () => {
  it('applies kerning', () => {
    const ctx = createFontContext();
    const kerned = glyphFragments(layout(ctx, [text('AV')], 500))[0];
    const a = glyphFragments(layout(ctx, [text('A')], 500))[0];
    const v = glyphFragments(layout(ctx, [text('V')], 500))[0];
    expect(kerned.width).toBeLessThan(a.width + v.width - 0.1);
  });

  it('forms ligatures and maps the ligature glyph to all its characters', () => {
    const ctx = createFontContext();
    const frag = glyphFragments(layout(ctx, [text('office', { families: ['Noto Sans'] })], 500))[0];
    expect(frag.glyphs.ids.length).toBeLessThan(6);
    expect(frag.glyphs.texts).toEqual(['o', 'ffi', 'c', 'e']);
    // letter-spacing turns optional ligatures off
    const spaced = glyphFragments(
      layout(ctx, [text('office', { families: ['Noto Sans'], letterSpacing: 1 })], 500),
    )[0];
    expect(spaced.glyphs.ids.length).toBe(6);
  });

  it('joins Arabic letters and reorders them visually with ActualText', () => {
    const ctx = createFontContext();
    const word = 'بيت';
    const joined = glyphFragments(layout(ctx, [text(word)], 500, { direction: 'rtl' }))[0];
    const isolated = ['ب', 'ي', 'ت'].map(
      (c) => glyphFragments(layout(ctx, [text(c)], 500))[0].glyphs.ids[0],
    );
    const ids = joined.glyphs.ids;
    // visual order: last letter first; initial and medial forms differ from isolated ones
    expect(joined.glyphs.texts).toEqual(['ت', 'ي', 'ب']);
    expect(ids[2]).not.toBe(isolated[0]);
    expect(ids[1]).not.toBe(isolated[1]);
    expect(joined.actualText).toBe(word);
    expect(joined.text).toBe(word);
    expect(joined.bidiLevel % 2).toBe(1);
  });

  it('forms the lam-alef ligature', () => {
    const ctx = createFontContext();
    const frag = glyphFragments(layout(ctx, [text('سلام')], 500, { direction: 'rtl' }))[0];
    expect(frag.glyphs.texts.some((g) => g === 'لا')).toBe(true);
    expect(frag.actualText).toBe('سلام');
  });

  it('mirrors brackets inside right-to-left text', () => {
    const ctx = createFontContext();
    const [line] = layout(ctx, [text('שלום (עולם)')], 1000, { direction: 'rtl' });
    // Visually the closing bracket comes first and is drawn as an opening one.
    const frag = line.fragments[0];
    expect(frag.kind === 'glyphs' && frag.glyphs.texts[0]).toBe(')');
    expect(lineGlyphText(line)).toBe(')םלוע( םולש');
    const ctxGlyphs = glyphFragments([line]).flatMap((f) => glyphsOf(f.glyphs));
    const open = ctxGlyphs.find((g) => g.text === '(')!;
    const close = ctxGlyphs.find((g) => g.text === ')')!;
    const ltrOpen = glyphAt(glyphFragments(layout(ctx, [text('(')], 100))[0].glyphs, 0);
    expect(close.id).toBe(ltrOpen.id);
    expect(open.id).not.toBe(ltrOpen.id);
  });

  it('orders mixed LTR/RTL text per UAX #9', () => {
    const ctx = createFontContext();
    const [line] = layout(ctx, [text('abc (שלום) def')], 1000, { direction: 'ltr' });
    expect(lineText(line)).toBe('abc (שלום) def');
    const visual = lineGlyphText(line);
    expect(visual).toBe('abc (םולש) def');
    // RTL paragraph: Latin word stays LTR inside, order of words reversed
    const [rtl] = layout(ctx, [text('שלום abc עולם')], 1000, { direction: 'rtl' });
    expect(lineGlyphText(rtl)).toBe('םלוע abc םולש');
    const heb = rtl.fragments.filter((f) => f.kind === 'glyphs' && f.bidiLevel === 1);
    expect(heb.length).toBeGreaterThan(0);
    // fragments are in left-to-right visual order
    const xs = rtl.fragments.map((f) => f.x);
    expect([...xs].sort((a, b) => a - b)).toEqual(xs);
  });

  it('detects the base direction with dir=auto', () => {
    const ctx = createFontContext();
    expect(shapeParagraph(ctx, [text('مرحبا hello')], { direction: 'auto' }).direction).toBe('rtl');
    expect(shapeParagraph(ctx, [text('hello مرحبا')], { direction: 'auto' }).direction).toBe('ltr');
  });

  it('honours unicode-bidi: bidi-override', () => {
    const ctx = createFontContext();
    const runs = [
      {
        ...text('abc'),
        bidiOverride: { direction: 'rtl' as const, mode: 'bidi-override' as const },
      },
    ];
    const [line] = layout(ctx, runs, 500);
    expect(lineGlyphText(line)).toBe('cba');
  });

  it('applies text-transform, letter-spacing and word-spacing', () => {
    const ctx = createFontContext();
    expect(
      glyphFragments(
        layout(ctx, [text('straße', { textTransform: 'uppercase', lang: 'de' })], 500),
      )[0].text,
    ).toBe('STRASSE');
    expect(
      glyphFragments(
        layout(ctx, [text('hello big-world', { textTransform: 'capitalize' })], 500),
      )[0].text,
    ).toBe('Hello Big-World');
    const plain = glyphFragments(layout(ctx, [text('a b c')], 500))[0].width;
    const ls = glyphFragments(layout(ctx, [text('a b c', { letterSpacing: 2 })], 500))[0].width;
    const ws = glyphFragments(layout(ctx, [text('a b c', { wordSpacing: 3 })], 500))[0].width;
    expect(ls - plain).toBeCloseTo(2 * 5, 6); // after every character, the last one included
    expect(ws - plain).toBeCloseTo(6, 6);
  });
});

describe('white-space', () => {
  it('collapses spaces across runs in normal mode', () => {
    const ctx = createFontContext();
    const lines = layout(ctx, [text('  a  \n b '), text('  c')], 500);
    expect(lines.map(lineText)).toEqual(['a b c']);
  });

  it('keeps spaces and newlines in pre', () => {
    const ctx = createFontContext();
    const lines = layout(ctx, [text('a  b\n  c', { whiteSpace: 'pre' })], 10);
    expect(lines.map(lineGlyphText)).toEqual(['a  b', '  c']);
  });

  it('keeps newlines but collapses spaces in pre-line', () => {
    const ctx = createFontContext();
    const lines = layout(ctx, [text('a   b  \n   c', { whiteSpace: 'pre-line' })], 500);
    expect(lines.map(lineGlyphText)).toEqual(['a b', 'c']);
  });

  it('treats U+2028 as a forced break (<br>) and gives an empty line the strut height', () => {
    const ctx = createFontContext();
    const lines = layout(ctx, [text('one'), text('\u2028'), text('\u2028'), text('two')], 500);
    expect(lines.map(lineGlyphText)).toEqual(['one', '', 'two']);
    expect(lines[1].height).toBeCloseTo(lines[0].height, 6);
  });

  it('turns tabs, form feeds and newlines into one space and drops control characters', () => {
    const ctx = createFontContext();
    const lines = layout(ctx, [text('a\t\f\nb c\u0007d\u0085e\ufefff  g')], 500);
    expect(lines.map(lineText)).toEqual(['a b cdef g']);
  });

  it('keeps text around removed characters in the order written', () => {
    const ctx = createFontContext();
    // Soft hyphens and controls are dropped, stretches around them are kept whole.
    const lines = layout(
      ctx,
      [text('ab\u00adcd \u0001ef  gh'), text(' \u00adij', { whiteSpace: 'pre' })],
      500,
    );
    expect(lines.map(lineText)).toEqual(['abcd ef gh ij']);
    expect(
      layout(ctx, [text('x \n y\t z', { whiteSpace: 'pre-line' })], 500).map(lineText),
    ).toEqual(['x', 'y z']);
  });

  it('produces no line boxes for whitespace-only text', () => {
    const ctx = createFontContext();
    expect(layout(ctx, [text('   \n  ')], 500)).toEqual([]);
  });
});

describe('shaping cache', () => {
  it('gives identical results for repeated words', () => {
    const ctx = createFontContext();
    const a = glyphFragments(layout(ctx, [text('repeat repeat repeat', { size: 10 })], 1000));
    const b = glyphFragments(
      layout(createFontContext(), [text('repeat repeat repeat', { size: 20 })], 1000),
    );
    expect(b[0].width).toBeCloseTo(2 * a[0].width, 6);
    expect(style().size).toBe(12);
  });
});

describe('shared shaping cache', () => {
  it('keeps entries of different faces apart', () => {
    const ctx = createFontContext();
    const a = glyphFragments(layout(ctx, [text('Wave', { families: ['Arial'] })], 500))[0];
    const b = glyphFragments(layout(ctx, [text('Wave', { families: ['Noto Sans'] })], 500))[0];
    const c = glyphFragments(layout(ctx, [text('Wave', { families: ['Arial'] })], 500))[0];
    expect(a.font.id).not.toBe(b.font.id);
    expect(a.width).not.toBeCloseTo(b.width, 3);
    expect(c.glyphs).toEqual(a.glyphs);
  });
});

describe('language-specific forms', () => {
  it('selects the OpenType language system from lang (Serbian б in Noto Sans)', () => {
    const ctx = createFontContext();
    const glyph = (lang: string) =>
      glyphAt(
        glyphFragments(layout(ctx, [text('б', { families: ['Noto Sans'], lang })], 100))[0].glyphs,
        0,
      );
    expect(glyph('sr-Cyrl').id).not.toBe(glyph('ru').id);
    expect(glyph('sr').text).toBe('б');
  });
});

describe('small capitals', () => {
  it('uses the font small caps when it has them', () => {
    const ctx = createFontContext();
    const frags = glyphFragments(
      layout(ctx, [text('Small', { families: ['Noto Sans'], fontFeatures: { smcp: true } })], 500),
    );
    expect(frags.length).toBe(1);
    const plain = glyphFragments(layout(ctx, [text('Small', { families: ['Noto Sans'] })], 500))[0];
    expect(frags[0].glyphs.ids[1]).not.toBe(plain.glyphs.ids[1]);
    expect(frags[0].text).toBe('Small');
  });

  it('synthesises them from capitals at a smaller size when the font has none', () => {
    const ctx = createFontContext();
    const frags = glyphFragments(
      layout(ctx, [text('Small', { fontFeatures: { smcp: true } })], 500),
    );
    expect(frags.map((f) => f.text)).toEqual(['S', 'mall']);
    expect(frags[0].size).toBe(12);
    expect(frags[1].size).toBeCloseTo(12 * 0.7, 6);
    const caps = glyphFragments(layout(ctx, [text('MALL')], 500))[0];
    expect(frags[1].glyphs.ids).toEqual(caps.glyphs.ids);
    expect(frags[1].glyphs.texts.join('')).toBe('mall');
  });
});
