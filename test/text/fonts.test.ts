import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { create, type Font } from 'fontkit';
import { describe, expect, it } from 'vitest';
import { createFontContext, fontDirectory, toSfnt } from '../../src/text/index.js';
import { buildSfnt, detectFormat } from '../../src/text/sfnt.js';

const fontFile = (name: string): Uint8Array =>
  new Uint8Array(readFileSync(`${fontDirectory()}/${name}`));
const fixture = (name: string): Uint8Array =>
  new Uint8Array(readFileSync(new URL(`./fixtures/${name}`, import.meta.url)));

/** Builds a WOFF 1.0 file from sfnt bytes (each table deflated), for the decoder test. */
function encodeWoff(sfnt: Uint8Array): Uint8Array {
  const view = new DataView(sfnt.buffer, sfnt.byteOffset, sfnt.byteLength);
  const numTables = view.getUint16(4);
  const tables: { tag: number; checksum: number; data: Uint8Array; orig: number }[] = [];
  for (let i = 0; i < numTables; i++) {
    const rec = 12 + 16 * i;
    const offset = view.getUint32(rec + 8);
    const length = view.getUint32(rec + 12);
    const data = sfnt.subarray(offset, offset + length);
    const z = new Uint8Array(deflateSync(data));
    tables.push({
      tag: view.getUint32(rec),
      checksum: view.getUint32(rec + 4),
      data: z.length < length ? z : data,
      orig: length,
    });
  }
  let size = 44 + 20 * numTables;
  for (const t of tables) size += (t.data.length + 3) & ~3;
  const out = new Uint8Array(size);
  const w = new DataView(out.buffer);
  w.setUint32(0, 0x774f4646);
  w.setUint32(4, view.getUint32(0));
  w.setUint32(8, size);
  w.setUint16(12, numTables);
  let offset = 44 + 20 * numTables;
  tables.forEach((t, i) => {
    const rec = 44 + 20 * i;
    w.setUint32(rec, t.tag);
    w.setUint32(rec + 4, offset);
    w.setUint32(rec + 8, t.data.length);
    w.setUint32(rec + 12, t.orig);
    w.setUint32(rec + 16, t.checksum);
    out.set(t.data, offset);
    offset += (t.data.length + 3) & ~3;
  });
  return out;
}

function sameGlyphs(a: Font, b: Font): number {
  type Metrics = { hmtx: { metrics: { get(i: number): { advance: number; bearing: number } } } };
  const ha = (a as unknown as Metrics).hmtx.metrics;
  const hb = (b as unknown as Metrics).hmtx.metrics;
  let differences = 0;
  for (let g = 0; g < b.numGlyphs; g++) {
    const ga = a.getGlyph(g);
    const gb = b.getGlyph(g);
    if (ga.path.toSVG() !== gb.path.toSVG() || ga.advanceWidth !== gb.advanceWidth) differences++;
  }
  // left side bearings of the horizontal metrics (numberOfHMetrics entries)
  for (let g = 0; g < b.numGlyphs; g++) {
    const ma = ha.get(g);
    const mb = hb.get(g);
    if (mb && (!ma || ma.bearing !== mb.bearing || ma.advance !== mb.advance)) differences++;
  }
  return differences;
}

describe('font matching', () => {
  const ctx = createFontContext();
  it('maps generic and common names to bundled families', () => {
    expect(ctx.matchFont(['Arial'], 400, 'normal').resource.postscriptName).toBe('LiberationSans');
    expect(ctx.matchFont(['Helvetica', 'sans-serif'], 700, 'normal').resource.postscriptName).toBe(
      'LiberationSans-Bold',
    );
    expect(ctx.matchFont(['Times New Roman'], 700, 'italic').resource.postscriptName).toBe(
      'LiberationSerif-BoldItalic',
    );
    expect(ctx.matchFont(['serif'], 400, 'normal').resource.postscriptName).toBe('LiberationSerif');
    expect(ctx.matchFont(['Courier New'], 400, 'normal').resource.postscriptName).toBe(
      'LiberationMono',
    );
    expect(ctx.matchFont(['monospace'], 400, 'italic').resource.postscriptName).toBe(
      'LiberationMono-Italic',
    );
    expect(ctx.matchFont(['system-ui'], 400, 'normal').resource.postscriptName).toBe(
      'NotoSans-Regular',
    );
    expect(ctx.matchFont(['Roboto'], 400, 'normal').resource.postscriptName).toBe('Roboto-Regular');
    expect(ctx.matchFont(['open sans'], 700, 'normal').resource.postscriptName).toBe(
      'OpenSans-Bold',
    );
    expect(ctx.matchFont(['Lato'], 400, 'italic').resource.postscriptName).toBe('Lato-Italic');
  });

  it('gives wide proprietary faces a wide bundled face, bold included', () => {
    expect(ctx.matchFont(['Georgia', 'serif'], 400, 'normal').resource.postscriptName).toBe(
      'NotoSerif-Regular',
    );
    expect(ctx.matchFont(['DejaVu Serif'], 700, 'italic').resource.postscriptName).toBe(
      'NotoSerif-BoldItalic',
    );
    expect(ctx.matchFont(['Verdana', 'Geneva'], 700, 'normal').resource.postscriptName).toBe(
      'NotoSans-Bold',
    );
  });

  it('skips unknown families and falls back to Liberation Sans', () => {
    expect(ctx.matchFont(['No Such Font', 'Lato'], 400, 'normal').family).toBe('Lato');
    expect(ctx.matchFont(['No Such Font'], 400, 'normal').resource.postscriptName).toBe(
      'LiberationSans',
    );
  });

  it('chooses weights by the CSS rules', () => {
    const ps = (w: number, s: 'normal' | 'italic' = 'normal') =>
      ctx.matchFont(['Inter'], w, s).resource.postscriptName;
    expect(ps(400)).toBe('Inter-Regular');
    expect(ps(450)).toBe('Inter-Medium'); // 400..500: up to 500 first
    expect(ps(550)).toBe('Inter-SemiBold'); // above 500: heavier first
    expect(ps(800)).toBe('Inter-Bold'); // nothing heavier: the next lighter
    expect(ps(300)).toBe('Inter-Regular'); // below 400: lighter first, then heavier
    expect(ps(600, 'italic')).toBe('Inter-BoldItalic');
    expect(ps(400, 'italic')).toBe('Inter-Italic');
    // oblique falls back to italic
    expect(ctx.matchFont(['Inter'], 400, 'oblique').resource.postscriptName).toBe('Inter-Italic');
  });

  it('normalises metrics to the em', () => {
    const m = ctx.matchFont(['Arial'], 400, 'normal').metrics;
    expect(m.ascent).toBeCloseTo(1854 / 2048, 6);
    expect(m.descent).toBeCloseTo(434 / 2048, 6);
    expect(m.lineGap).toBeCloseTo(67 / 2048, 6);
    expect(m.xHeight).toBeCloseTo(1082 / 2048, 6);
    expect(m.zeroAdvance).toBeCloseTo(1139 / 2048, 6);
    expect(m.underlineThickness).toBeGreaterThan(0);
    expect(m.strikeoutOffset).toBeGreaterThan(0);
  });

  it('gives stable resource ids per program', () => {
    const a = ctx.matchFont(['Arial'], 400, 'normal').resource;
    const b = createFontContext().matchFont(['Helvetica'], 400, 'normal').resource;
    expect(a.id).toBe(b.id);
    expect(a.id).not.toBe(ctx.matchFont(['Arial'], 700, 'normal').resource.id);
    expect(detectFormat(a.program)).toBe('truetype');
  });
});

describe('@font-face', () => {
  it('registers TTF bytes under a family that shadows nothing else', () => {
    const ctx = createFontContext();
    const res = ctx.addFontFace({ family: 'Brand', weight: 700, bytes: fontFile('Lato-Bold.ttf') });
    expect(res.ok).toBe(true);
    expect(ctx.matchFont(['Brand', 'serif'], 700, 'normal').resource.postscriptName).toBe(
      'Lato-Bold',
    );
    expect(ctx.matchFont(['Brand', 'serif'], 400, 'normal').resource.postscriptName).toBe(
      'Lato-Bold',
    );
    // another context does not see it (font state is per render)
    expect(createFontContext().matchFont(['Brand'], 700, 'normal').resource.postscriptName).toBe(
      'LiberationSans-Bold',
    );
  });

  it('rejects bytes that are not a font with a warning, not an exception', () => {
    const ctx = createFontContext();
    const res = ctx.addFontFace({
      family: 'Bad',
      bytes: new TextEncoder().encode('<html>not a font</html>'),
      source: 'https://example.test/x.woff',
    });
    expect(res.ok).toBe(false);
    if (!res.ok) expect(res.warning.code).toBe('font.invalid');
    expect(ctx.warnings.map((w) => w.code)).toContain('font.invalid');
    const truncated = fontFile('Lato-Regular.ttf').subarray(0, 200);
    expect(ctx.addFontFace({ family: 'Bad2', bytes: truncated }).ok).toBe(false);
  });

  it('decodes WOFF to sfnt with identical glyphs', () => {
    const ttf = fontFile('NotoSansHebrew-Regular.ttf');
    const woff = encodeWoff(ttf);
    expect(detectFormat(woff)).toBe('woff');
    const sfnt = toSfnt(woff);
    expect(detectFormat(sfnt)).toBe('truetype');
    expect(sameGlyphs(create(Buffer.from(sfnt)) as Font, create(Buffer.from(ttf)) as Font)).toBe(0);
  });

  it('decodes WOFF2 (glyf/loca transform, composites, instructions) to sfnt with identical glyphs', () => {
    for (const [woff2, ttf] of [
      ['NotoSansHebrew-Regular.woff2', 'NotoSansHebrew-Regular.ttf'],
      ['LiberationMono-Regular.woff2', 'LiberationMono-Regular.ttf'],
      // made with the optional hmtx transform (side bearings rebuilt from glyph bounding boxes)
      ['NotoSansHebrew-Regular.hmtx.woff2', 'NotoSansHebrew-Regular.ttf'],
    ]) {
      const sfnt = toSfnt(fixture(woff2));
      expect(detectFormat(sfnt)).toBe('truetype');
      const decoded = create(Buffer.from(sfnt)) as Font;
      expect(sameGlyphs(decoded, create(Buffer.from(fontFile(ttf))) as Font)).toBe(0);
    }
    const ctx = createFontContext();
    const res = ctx.addFontFace({
      family: 'Web Hebrew',
      bytes: fixture('NotoSansHebrew-Regular.woff2'),
    });
    expect(res.ok).toBe(true);
    if (res.ok) expect(detectFormat(res.face.resource.program)).toBe('truetype');
  });

  it('rejects corrupt WOFF2 data cleanly', () => {
    const bytes = fixture('NotoSansHebrew-Regular.woff2').slice();
    for (let i = 200; i < 400; i++) bytes[i] ^= 0x5a;
    const ctx = createFontContext();
    expect(ctx.addFontFace({ family: 'Corrupt', bytes }).ok).toBe(false);
    expect(ctx.addFontFace({ family: 'Short', bytes: bytes.subarray(0, 60) }).ok).toBe(false);
  });

  it('honours unicode-range when falling back per character', () => {
    const ctx = createFontContext();
    ctx.addFontFace({
      family: 'Split',
      bytes: fontFile('Lato-Regular.ttf'),
      unicodeRange: [[0x41, 0x5a]],
    });
    const face = ctx.matchFont(['Split'], 400, 'normal');
    expect(face.hasCodePoint(0x41)).toBe(true);
    expect(face.hasCodePoint(0x61)).toBe(false);
  });

  it('builds sfnt files whose head checksum adjustment is consistent', () => {
    const out = buildSfnt(0x00010000, [
      { tag: 'head', data: new Uint8Array(54) },
      { tag: 'abcd', data: new Uint8Array([1, 2, 3]) },
    ]);
    let sum = 0;
    const v = new DataView(out.buffer);
    for (let i = 0; i < out.length; i += 4) sum = (sum + v.getUint32(i)) >>> 0;
    expect(sum).toBe(0xb1b0afba);
  });
});

describe('warm-up', () => {
  it('runs without touching any render state', async () => {
    const { warmUpText } = await import('../../src/text/index.js');
    expect(() => warmUpText()).not.toThrow();
  });
});

describe('parsed fonts for other stages', () => {
  it('hands out the parsed fontkit font behind a resource', async () => {
    const { parsedFont } = await import('../../src/text/index.js');
    const face = createFontContext().matchFont(['Arial'], 400, 'normal');
    const font = parsedFont(face.resource);
    expect(font?.postscriptName).toBe('LiberationSans');
    expect(parsedFont({ id: 'x', postscriptName: 'x', program: new Uint8Array() })).toBeUndefined();
  });
});

describe('@font-face: variable fonts and collections', () => {
  const testFont = (name: string): Uint8Array =>
    new Uint8Array(readFileSync(new URL(`../fixtures/fonts/${name}`, import.meta.url)));
  const advanceOf = (font: Font, ch: string): number =>
    font.glyphForCodePoint(ch.codePointAt(0) as number).advanceWidth;

  it('uses the instance of a variable font at the requested weight, within its own range', () => {
    const ctx = createFontContext();
    // No font-weight descriptor: `auto`, the font's own wght range (400-700 for Cabin).
    expect(
      ctx.addFontFace({ family: 'Var', bytes: testFont('cabin-latin-wght-normal.woff2') }).ok,
    ).toBe(true);
    expect(ctx.warnings.map((w) => w.code)).not.toContain('font.variable');
    const regular = ctx.matchFont(['Var'], 400, 'normal');
    const bold = ctx.matchFont(['Var'], 700, 'normal');
    const black = ctx.matchFont(['Var'], 900, 'normal');
    expect(regular.resource.variation).toBeUndefined();
    expect(bold.resource.variation).toEqual({ wght: 700 });
    expect(bold.resource.postscriptName).toMatch(/_700wght$/);
    // 900 is past the axis: clamped to 700, the same instance.
    expect(black.resource.id).toBe(bold.resource.id);
    expect(bold.resource.id).not.toBe(regular.resource.id);
    // The instance's outlines and advances are the varied ones.
    const base = create(Buffer.from(regular.resource.program)) as Font;
    const varied = base.getVariation({ wght: 700 });
    expect(advanceOf(varied, 'H')).not.toBe(advanceOf(base, 'H'));
  });

  it('clamps the weight to the @font-face range and instances CFF2 fonts too', () => {
    const ctx = createFontContext();
    ctx.addFontFace({
      family: 'Src',
      weight: [300, 600],
      bytes: testFont('SourceSans3VF-Italic.otf.woff2'),
    });
    expect(ctx.matchFont(['Src'], 800, 'normal').resource.variation).toEqual({ wght: 600 });
    expect(ctx.matchFont(['Src'], 350, 'normal').resource.variation).toEqual({ wght: 350 });
  });

  it('takes the first font of a TrueType or OpenType collection', () => {
    const otf = testFont('Cabin-Regular.otf');
    const ttc = new Uint8Array(otf.length + 16);
    ttc.set(otf, 16);
    const view = new DataView(ttc.buffer);
    view.setUint32(0, 0x74746366);
    view.setUint32(4, 0x00010000);
    view.setUint32(8, 1);
    view.setUint32(12, 16);
    for (let i = 0; i < view.getUint16(16 + 4); i++)
      view.setUint32(16 + 12 + 16 * i + 8, view.getUint32(16 + 12 + 16 * i + 8) + 16);
    const ctx = createFontContext();
    const res = ctx.addFontFace({ family: 'Coll', bytes: ttc });
    expect(res.ok).toBe(true);
    const face = ctx.matchFont(['Coll'], 400, 'normal');
    expect(face.resource.collectionIndex).toBe(0);
    expect(face.resource.postscriptName).toBe('Cabin-Regular');
    expect(face.hasCodePoint(0x48)).toBe(true);
  });

  it('refuses a font without outlines it could embed, so its text falls back instead of vanishing', () => {
    const ttf = fontFile('LiberationSans-Regular.ttf');
    const view = new DataView(ttf.buffer, ttf.byteOffset, ttf.byteLength);
    const tables = [];
    for (let i = 0; i < view.getUint16(4); i++) {
      const rec = 12 + 16 * i;
      const tag = String.fromCharCode(...ttf.subarray(rec, rec + 4));
      const offset = view.getUint32(rec + 8);
      if (tag !== 'glyf' && tag !== 'loca')
        tables.push({ tag, data: ttf.subarray(offset, offset + view.getUint32(rec + 12)) });
    }
    const ctx = createFontContext();
    const res = ctx.addFontFace({ family: 'NoOutlines', bytes: buildSfnt(0x00010000, tables) });
    expect(res.ok).toBe(false);
    if (!res.ok) expect(res.warning.message).toMatch(/no TrueType, CFF or CFF2 outlines/);
  });
});
