/**
 * OpenType features from CSS (CSS Fonts 4 §6-7): font-variant-numeric, -ligatures, -caps and
 * -position, font-kerning and font-feature-settings reach the shaper, with
 * font-feature-settings winning for the same tag; the font-variant shorthand sets them all.
 */
import { describe, expect, it } from 'vitest';
import type { GlyphRun } from '../../src/document/index.js';
import { byId, find, style } from '../style/helpers.js';
import { glyphRuns } from './harness.js';
import { layoutSnippet } from './geometry.js';

const PAGE = '@page { size: 600px 400px; margin: 0 } body { margin: 0; font: 20px Inter }';

const width = (r: GlyphRun): number => r.glyphs.advances.reduce((a, b) => a + b, 0);

async function runs(html: string): Promise<Map<string, GlyphRun>> {
  const r = await layoutSnippet(html, PAGE);
  return new Map(glyphRuns(r.document.pages[0].items).map((g) => [g.glyphs.texts.join(''), g]));
}

describe('font features: parsing', () => {
  it('keeps each longhand, and the shorthand splits its keywords among them', async () => {
    const d = await style(`<style>
      #a { font-variant: small-caps tabular-nums no-common-ligatures super }
      #b { font-feature-settings: "ss01", "cv05" 2, "liga" off; font-kerning: none }
      #c { font-variant-ligatures: none }
      #d { font: bold 12px serif }
    </style><p id=a>a<span id=d>d</span></p><p id=b>b</p><p id=c>c</p>`);
    expect(d.warnings).toEqual([]);
    const a = find(d.root, byId('a')).style;
    expect(a.fontVariantCaps).toBe('small-caps');
    expect(a.fontVariantNumeric).toEqual([['tnum', 1]]);
    expect(a.fontVariantLigatures).toEqual([
      ['liga', 0],
      ['clig', 0],
    ]);
    expect(a.fontVariantPosition).toBe('super');
    const b = find(d.root, byId('b')).style;
    expect(b.fontFeatureSettings).toEqual([
      ['ss01', 1],
      ['cv05', 2],
      ['liga', 0],
    ]);
    expect(b.fontKerning).toBe('none');
    expect(find(d.root, byId('c')).style.fontVariantLigatures).toHaveLength(5);
    // The font shorthand resets the variants it does not name.
    expect(find(d.root, byId('d')).style.fontVariantNumeric).toEqual([]);
  });

  it.each([
    'font-variant-numeric: tabular-nums proportional-nums',
    'font-variant-ligatures: none common-ligatures',
    'font-feature-settings: "toolong" 1',
    'font-feature-settings: liga',
    'font-feature-settings: "liga" -1',
  ])('refuses %s', async (decl) => {
    const d = await style(`<style>#t { ${decl} }</style><p id=t>x</p>`);
    expect(d.warnings.length).toBeGreaterThan(0);
  });
});

describe('font features: shaping', () => {
  it('gives digits equal advances with tabular-nums (Inter is proportional by default)', async () => {
    const m = await runs(`<p>1111</p><p>8888</p>`);
    expect(width(m.get('1111')!)).toBeLessThan(width(m.get('8888')!));
    const tabular = await runs(
      `<p style="font-variant-numeric: tabular-nums">1111</p><p style="font-variant-numeric: tabular-nums">8888</p>`,
    );
    expect(width(tabular.get('1111')!)).toBeCloseTo(width(tabular.get('8888')!), 6);
  });

  it('lets font-feature-settings turn off what font-variant turned on', async () => {
    const m = await runs(
      `<p id=a style="font-variant-numeric: tabular-nums; font-feature-settings: 'tnum' 0">1111</p><p>8888</p>`,
    );
    expect(width(m.get('1111')!)).toBeLessThan(width(m.get('8888')!));
  });

  it('draws small capitals from the font with font-variant: small-caps', async () => {
    const [sc, plain] = glyphRuns(
      (
        await layoutSnippet(
          `<p style="font-family: 'Noto Sans'; font-variant: small-caps">ab</p><p style="font-family: 'Noto Sans'">ab</p>`,
          PAGE,
        )
      ).document.pages[0].items,
    );
    // The smcp glyphs are other glyphs than the lowercase ones.
    expect(sc.glyphs.ids).not.toEqual(plain.glyphs.ids);
  });
});
