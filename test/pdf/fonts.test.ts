import * as fontkit from 'fontkit';
import { glyphListOf } from '../../src/document/index.js';
import { describe, expect, it } from 'vitest';
import type { GlyphRun } from '../../src/document/index.js';
import { parseCff } from '../../src/pdf/cff.js';
import { literalCode } from '../../src/pdf/fonts.js';
import { content, doc, font, node, page, shape, slotChild } from './helpers.js';
import { inspect, openPdf, pageText } from './inspect.js';
import { writeValid } from './validate-helper.js';

/** The two-byte codes shown by the TJ operators of decompressed content (one char a byte). */
function shownCodes(content: string): number[] {
  const codes: number[] = [];
  for (let at = content.indexOf('['); at >= 0; at = content.indexOf('[', at + 1)) {
    const bytes: number[] = [];
    let i = at + 1;
    // An array of literal strings and numbers: strings are read with their escapes.
    while (i < content.length && content[i] !== ']') {
      if (content[i] !== '(') {
        i++;
        continue;
      }
      for (i++; content[i] !== ')'; i++) {
        if (content[i] !== '\\') {
          bytes.push(content.charCodeAt(i));
          continue;
        }
        const e = content[++i] as string;
        bytes.push(e === 'n' ? 0x0a : e === 'r' ? 0x0d : e.charCodeAt(0));
      }
      i++;
    }
    if (!content.startsWith('] TJ', i)) continue;
    for (let k = 0; k + 1 < bytes.length; k += 2)
      codes.push(((bytes[k] as number) << 8) | (bytes[k + 1] as number));
    at = i;
  }
  return codes;
}

const oneParagraph = (runs: GlyphRun[]) =>
  doc([page(runs)], node('Document', [node('P', [slotChild(1)])]));

/** W array of the first CIDFont as cid -> width. */
function widths(objects: string): Map<number, number> {
  const w = /\/W \[(.*?)\]\]/.exec(objects)?.[1] ?? '';
  const map = new Map<number, number>();
  for (const m of (w + ']').matchAll(/(\d+) \[([^\]]*)\]/g)) {
    const start = Number(m[1]);
    (m[2] as string).split(' ').forEach((v, i) => map.set(start + i, Number(v)));
  }
  return map;
}

/** cid -> hex UTF-16 of the ToUnicode CMap(s). */
function toUnicode(text: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const m of text.matchAll(/^<([0-9a-f]{4})> <([0-9a-f]+)>$/gm))
    map.set(m[1] as string, m[2] as string);
  return map;
}

describe('glyph codes in content', () => {
  it('are two bytes of a literal string, escaped where a reader would misread them', () => {
    expect(literalCode(0x4142)).toBe('AB');
    expect(literalCode(0x0003)).toBe('\x00\x03');
    expect(literalCode(0x2829)).toBe('\\(\\)');
    expect(literalCode(0x5c0d)).toBe('\\\\\\r');
    expect(literalCode(0x0aff)).toBe('\\n\xff');
    const codes = [0x4142, 0x0003, 0x2829, 0x5c0d, 0x0aff, 0x5d5b, 0x2020];
    const content = `BT\n[(${codes.map(literalCode).join('')})-120(${literalCode(7)})] TJ\nET\n`;
    expect(shownCodes(content)).toEqual([...codes, 7]);
  });
});

describe('fonts', () => {
  it('embeds a TrueType subset as Type0/CIDFontType2 with Identity maps and exact widths', () => {
    const r = writeValid(
      oneParagraph([shape('NotoSans-Regular.ttf', 'Ä Ölçü façade', 72, 100, 12, content(1))]),
    );
    const { objects, streams } = inspect(r.bytes);
    expect(objects).toMatch(
      /\/Subtype \/Type0 \/BaseFont \/[A-Z]{6}\+NotoSans-Regular \/Encoding \/Identity-H/,
    );
    expect(objects).toMatch(/\/Subtype \/CIDFontType2 .*\/CIDToGIDMap \/Identity/);
    expect(objects).not.toContain('CIDSet');
    const program = streams.find((s) => s.dict.includes('/Length1'))?.data as Buffer;
    const sub = fontkit.create(program) as fontkit.Font;
    // Widths in /W equal the subset program's advances, CID = GID.
    for (const [cid, w] of widths(objects)) {
      expect(Math.abs(w - (sub.getGlyph(cid).advanceWidth * 1000) / sub.unitsPerEm)).toBeLessThan(
        0.01,
      );
    }
    // Composite glyphs (Ä, Ö, ç, ü) bring their components into the subset.
    const used = widths(objects).size;
    expect(sub.numGlyphs).toBeGreaterThan(used + 1);
    for (let gid = 1; gid < sub.numGlyphs; gid++)
      expect(sub.getGlyph(gid).path.commands.length >= 0).toBe(true);
  });

  it('maps ligatures to all their characters and reads back as the source text', async () => {
    const r = writeValid(
      oneParagraph([shape('NotoSans-Regular.ttf', 'office affluent', 72, 100, 12, content(1))]),
    );
    const { objects, text } = inspect(r.bytes);
    const tu = toUnicode(text);
    expect([...tu.values()]).toContain('006600660069'); // ffi
    expect([...tu.values()]).toContain('00660066006c'); // ffl
    expect(objects).toBeTruthy();
    const pdf = await openPdf(r.bytes);
    expect(await pageText(pdf, 1)).toBe('office affluent');
  });

  it('never maps to U+0000, U+FEFF or U+FFFE and maps cluster continuations through the font cmap', () => {
    const f = font('NotoSans-Regular.ttf');
    const kit = fontkit.create(Buffer.from(f.program)) as fontkit.Font;
    const e = kit.glyphForCodePoint(0x65).id;
    const acute = kit.glyphForCodePoint(0x301).id;
    const bom = kit.glyphForCodePoint(0x41).id;
    const run: GlyphRun = {
      kind: 'glyphs',
      font: f,
      size: 12,
      color: { r: 0, g: 0, b: 0, a: 1 },
      x: 72,
      y: 100,
      glyphs: glyphListOf([
        { id: e, advance: 6.7, text: 'e\u0301' },
        { id: acute, advance: 0, text: '' },
        { id: bom, advance: 8, text: '\ufeff\u0000' },
      ]),
      tag: content(1),
    };
    const r = writeValid(oneParagraph([run]));
    const values = [...toUnicode(inspect(r.bytes).text).values()];
    expect(values).toContain('00650301');
    expect(values).toContain('0301');
    expect(values).toContain('0041');
    for (const v of values) expect(v).not.toMatch(/^(0000|feff|fffe)/);
  });

  it('never shows .notdef: a glyph the font lacks is left out with a warning', () => {
    const run = shape('LiberationSans-Regular.ttf', 'Smile 😀 please', 72, 100, 12, content(1));
    expect(run.glyphs.ids.some((g) => g === 0)).toBe(true);
    const r = writeValid(oneParagraph([run]));
    expect(r.warnings.map((w) => w.code)).toContain('pdf.missing-glyph');
    const shown = shownCodes(inspect(r.bytes).text);
    expect(shown.length).toBeGreaterThan(0);
    expect(shown).not.toContain(0);
  });

  it('warns when the font licence flags forbid embedding, and still embeds a subset', () => {
    const f = font('LiberationSans-Regular.ttf');
    const program = Buffer.from(f.program);
    const tables = program.readUInt16BE(4);
    for (let i = 0; i < tables; i++) {
      const at = 12 + i * 16;
      if (program.toString('latin1', at, at + 4) === 'OS/2')
        program.writeUInt16BE(0x0002, program.readUInt32BE(at + 8) + 8);
    }
    const restricted = { id: 'restricted', postscriptName: 'LiberationSans', program };
    const run = {
      ...shape('LiberationSans-Regular.ttf', 'Licensed', 72, 100, 12, content(1)),
      font: restricted,
    };
    const r = writeValid(oneParagraph([run]));
    expect(r.warnings.map((w) => w.code)).toContain('pdf.font-licence');
  });

  it('embeds CFF (OpenType) fonts as CIDFontType0 with a CID-keyed CFF and explicit matrices', async () => {
    const r = writeValid(
      oneParagraph([
        shape('Inter-Regular.otf', 'Inter keeps its curves: Ägypten 123', 72, 100, 14, content(1)),
      ]),
    );
    const { objects, streams } = inspect(r.bytes);
    expect(objects).toMatch(/\/Subtype \/CIDFontType0 /);
    expect(objects).not.toMatch(/CIDFontType0 .*CIDToGIDMap/);
    expect(objects).toMatch(/\/FontFile3 \d+ 0 R/);
    const cff = streams.find((s) => s.dict.includes('/CIDFontType0C'))?.data as Buffer;
    expect(cff[0]).toBe(1); // CFF major version
    // The Top DICT carries the em (1/2816) and each Font DICT an explicit identity, both
    // written out, so readers that concatenate and readers that use either one agree.
    const parsed = parseCff(cff);
    expect(parsed.isCid).toBe(true);
    const top = parsed.topMatrix ?? [];
    [1, 0, 0, 1, 0, 0].forEach((v, i) => expect((top[i] as number) * 2816).toBeCloseTo(v, 8));
    for (const fd of parsed.fontDicts) expect(fd.matrix).toEqual([1, 0, 0, 1, 0, 0]);
    const pdf = await openPdf(r.bytes);
    expect(await pageText(pdf, 1)).toBe('Inter keeps its curves: Ägypten 123');
    // Widths agree with the source font's advances (in 1/1000 em).
    const kit = fontkit.create(Buffer.from(font('Inter-Regular.otf').program)) as fontkit.Font;
    const shaped = kit.layout('Ä');
    const wA = ((shaped.glyphs[0] as fontkit.Glyph).advanceWidth * 1000) / kit.unitsPerEm;
    expect([...widths(objects).values()].some((w) => Math.abs(w - wA) < 0.01)).toBe(true);
  });

  it('wraps right-to-left text in a Span with ActualText in logical order', async () => {
    const logical = 'مرحبا بالعالم';
    const run = shape('NotoSansArabic-Regular.ttf', logical, 72, 100, 16, content(1), {
      actualText: logical,
    });
    const r = writeValid(
      doc([page([run])], node('Document', [node('P', [slotChild(1)], { lang: 'ar' })])),
    );
    expect(inspect(r.bytes).objects).toMatch(/\/S \/Span .*\/ActualText <feff/);
  });
});
