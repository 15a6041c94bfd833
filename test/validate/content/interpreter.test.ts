import { describe, expect, it } from 'vitest';
import {
  type ContentEvent,
  enclosingMcid,
  insideArtifact,
  interpretContent,
  isTaggedOrArtifact,
  lexContent,
  walkDocument,
} from '../../../src/validate/content/index.js';
import { arr, dict, enc, makeDoc, name, num, ref, stream } from './model.js';

function collect(content: string, resources = dict({}), objects = {}): ContentEvent[] {
  const doc = makeDoc({ objects });
  const events: ContentEvent[] = [];
  interpretContent(doc, enc(content), resources, 'page 1', (e) => events.push(e));
  return events;
}

describe('content lexer', () => {
  it('reads operands of every kind and keeps operator order', () => {
    const ops: string[] = [];
    const operands: number[] = [];
    lexContent(
      enc('1 0 0 1 10.5 -3 cm [(a) 12 <41>] TJ /N <</K [1 2]>> BDC % comment\nEMC'),
      (o) => {
        ops.push(o.op);
        operands.push(o.operands.length);
      },
    );
    expect(ops).toEqual(['cm', 'TJ', 'BDC', 'EMC']);
    expect(operands).toEqual([6, 1, 2, 0]);
  });

  it('returns inline image data up to EI and the image dictionary', () => {
    const seen: { op: string; data?: number; keys?: string[] }[] = [];
    lexContent(enc('BI /W 2 /H 1 /BPC 8 /CS /G /F /AHx ID 00FF> EI Q'), (o) => {
      seen.push({
        op: o.op,
        data: o.inlineImage?.data.length,
        keys: o.inlineImage ? [...o.inlineImage.dict.entries.keys()] : undefined,
      });
    });
    expect(seen[0]).toEqual({ op: 'BI', data: 5, keys: ['W', 'H', 'BPC', 'CS', 'F'] });
    expect(seen[1].op).toBe('Q');
  });

  it('does not stop at EI bytes inside binary image data', () => {
    const data = new Uint8Array([
      ...enc('BI /W 4 /H 1 /BPC 8 /CS /G ID '),
      0x45,
      0x49,
      0x00,
      0xff,
      0x20,
      ...enc('EI n'),
    ]);
    const ops: string[] = [];
    let len = -1;
    lexContent(data, (o) => {
      ops.push(o.op);
      if (o.inlineImage) len = o.inlineImage.data.length;
    });
    expect(ops).toEqual(['BI', 'n']);
    expect(len).toBe(4);
  });
});

describe('content interpreter', () => {
  it('flags operators that ISO 32000-1 does not define, even inside BX/EX', () => {
    const ev = collect('BX 1 2 foo EX q Q');
    const unknown = ev
      .filter((e) => e.type === 'operator' && !e.known)
      .map((e) => (e.type === 'operator' ? e.op : ''));
    expect(unknown).toEqual(['foo']);
  });

  it('reports q nesting depth within the stream', () => {
    const ev = collect('q q q Q Q q Q Q');
    const depths = ev
      .filter((e) => e.type === 'gsave')
      .map((e) => (e.type === 'gsave' ? e.depth : 0));
    expect(depths).toEqual([1, 2, 3, 2]);
  });

  it('tracks implicit device colour spaces and Default colour space substitution', () => {
    const icc = stream({ N: num(3) }, 'profile');
    const res = dict({ ColorSpace: dict({ DefaultRGB: arr(name('ICCBased'), ref(5)) }) });
    const ev = collect('1 0 0 rg 0 0 10 10 re f 0 G 0 0 m 5 5 l S', res, { 5: icc });
    const paints = ev.filter((e) => e.type === 'paint');
    expect(paints).toHaveLength(2);
    const [fill, stroke] = paints;
    if (fill.type !== 'paint' || stroke.type !== 'paint') throw new Error('unexpected');
    expect(fill.fill && !fill.stroke).toBe(true);
    expect(fill.gs.fillCS.family).toBe('ICCBased');
    expect(fill.gs.fillCS.defaultFor).toBe('DeviceRGB');
    expect(stroke.gs.strokeCS.family).toBe('DeviceGray');
  });

  it('restores colour state on Q', () => {
    const ev = collect('q 0 0 1 rg Q 0 0 1 1 re f');
    const paint = ev.find((e) => e.type === 'paint');
    expect(paint?.type === 'paint' && paint.gs.fillCS.family).toBe('DeviceGray');
  });

  it('resolves named colour spaces, including Separation alternates', () => {
    const res = dict({
      ColorSpace: dict({ CS0: arr(name('Separation'), name('Spot'), name('DeviceCMYK'), ref(9)) }),
    });
    const ev = collect('/CS0 cs 1 scn 0 0 1 1 re f', res);
    const colour = ev.find((e) => e.type === 'colour');
    if (colour?.type !== 'colour') throw new Error('no colour event');
    expect(colour.space?.family).toBe('Separation');
    expect(colour.space?.colorants).toEqual(['Spot']);
    expect(colour.space?.alternate?.family).toBe('DeviceCMYK');
  });

  it('reports missing resources', () => {
    const ev = collect('/Nope cs /F9 12 Tf /X Do');
    const missing = ev
      .filter((e) => e.type === 'resource')
      .map((e) => (e.type === 'resource' ? `${e.category}/${e.name}` : ''));
    expect(missing).toEqual(['ColorSpace/Nope', 'Font/F9', 'XObject/X']);
  });

  it('gives each painted item its marked-content context', () => {
    const ev = collect(
      '/Artifact BMC 0 0 1 1 re f EMC /P BDC 0 0 1 1 re f /Span <</ActualText (x)>> BDC 0 0 1 1 re S EMC EMC 0 0 1 1 re f /P <</MCID 3>> BDC EMC',
      dict({ Properties: dict({}) }),
    );
    const paints = ev.filter((e) => e.type === 'paint');
    const ctx = paints.map((p) =>
      p.type === 'paint'
        ? [insideArtifact(p.mc), enclosingMcid(p.mc), isTaggedOrArtifact(p.mc)]
        : [],
    );
    // '/P BDC' with a missing name operand has no properties, so it is not tagged.
    expect(ctx).toEqual([
      [true, null, true],
      [false, null, false],
      [false, null, false],
      [false, null, false],
    ]);
  });

  it('reads MCIDs from named property lists and inline dictionaries', () => {
    const res = dict({ Properties: dict({ P0: dict({ MCID: num(7) }) }) });
    const ev = collect('/P /P0 BDC 0 0 1 1 re f EMC /Span <</MCID 4>> BDC BT (a) Tj ET EMC', res);
    const mcids = ev
      .filter((e) => e.type === 'paint')
      .map((e) => (e.type === 'paint' ? enclosingMcid(e.mc) : null));
    expect(mcids).toEqual([7, 4]);
  });

  it('reports EMC without BDC and unclosed sequences', () => {
    const ev = collect('EMC /P BMC');
    expect(ev.some((e) => e.type === 'error')).toBe(true);
    const leave = ev.find((e) => e.type === 'leave');
    expect(leave?.type === 'leave' && leave.unclosedMarkedContent).toBe(1);
  });

  it('interprets form XObjects in place, inheriting marked content and colour', () => {
    const form = stream({ Subtype: name('Form'), Resources: dict({}) }, '0 0 1 1 re f');
    const res = dict({ XObject: dict({ Fm1: ref(4) }) });
    const ev = collect('/Artifact BMC 0 1 0 rg /Fm1 Do EMC', res, { 4: form });
    const enter = ev
      .filter((e) => e.type === 'enter')
      .map((e) => (e.type === 'enter' ? e.scope.location : ''));
    expect(enter).toEqual(['page 1', 'page 1 / form Fm1']);
    const paint = ev.find((e) => e.type === 'paint');
    if (paint?.type !== 'paint') throw new Error('no paint');
    expect(insideArtifact(paint.mc)).toBe(true);
    expect(paint.gs.fillCS.family).toBe('DeviceRGB');
  });

  it('notes resources a form finds only through the page', () => {
    const form = stream({ Subtype: name('Form') }, '/F1 10 Tf');
    const res = dict({
      XObject: dict({ Fm1: ref(4) }),
      Font: dict({ F1: dict({ Type: name('Font') }) }),
    });
    const ev = collect('/Fm1 Do', res, { 4: form });
    expect(
      ev.some((e) => e.type === 'resource' && e.status === 'inherited' && e.name === 'F1'),
    ).toBe(true);
  });

  it('stops at a form that draws itself', () => {
    const form = stream(
      { Subtype: name('Form'), Resources: dict({ XObject: dict({ Me: ref(4) }) }) },
      '/Me Do',
    );
    const res = dict({ XObject: dict({ Me: ref(4) }) });
    const ev = collect('/Me Do', res, { 4: form });
    expect(ev.filter((e) => e.type === 'enter')).toHaveLength(2);
    expect(ev.some((e) => e.type === 'error' && /itself/.test(e.message))).toBe(true);
  });

  it('reports text with font, strings and rendering mode', () => {
    const font = dict({ Type: name('Font'), Subtype: name('Type1'), BaseFont: name('Helvetica') });
    const res = dict({ Font: dict({ F1: ref(3) }) });
    const ev = collect('BT /F1 12 Tf 3 Tr [(AB) -20 (C)] TJ ET', res, { 3: font });
    const text = ev.find((e) => e.type === 'text');
    if (text?.type !== 'text') throw new Error('no text');
    expect(text.font?.name).toBe('F1');
    expect(text.font?.key).toBe('3 0');
    expect(text.strings.map((s) => s.bytes.length)).toEqual([2, 1]);
    expect(text.gs.renderingMode).toBe(3);
  });

  it('reports inline images with their filter names', () => {
    const ev = collect('BI /W 1 /H 1 /BPC 8 /CS /RGB /F [/AHx /Fl] ID 000000> EI');
    const img = ev.find((e) => e.type === 'inline-image');
    if (img?.type !== 'inline-image') throw new Error('no image');
    expect(img.filters).toEqual(['AHx', 'Fl']);
    expect(img.colourSpace?.family).toBe('DeviceRGB');
  });

  it('interprets tiling patterns and Type 3 glyphs once per walk', () => {
    const pattern = stream({ PatternType: num(1), Resources: dict({}) }, '1 0 0 rg 0 0 1 1 re f');
    const t3 = dict({
      Type: name('Font'),
      Subtype: name('Type3'),
      CharProcs: dict({ a: ref(8) }),
      Encoding: dict({ Differences: arr(num(97), name('a')) }),
    });
    const glyph = stream({}, '0 0 d0 0 0 1 1 re f');
    const res = dict({ Pattern: dict({ P1: ref(6) }), Font: dict({ T3: ref(7) }) });
    const doc = makeDoc({
      objects: { 6: pattern, 7: t3, 8: glyph },
      pages: [
        {
          content: '/Pattern cs /P1 scn 0 0 1 1 re f /P1 scn BT /T3 1 Tf (aa) Tj (a) Tj ET',
          resources: res,
        },
      ],
    });
    const scopes: string[] = [];
    walkDocument(doc, (e) => {
      if (e.type === 'enter') scopes.push(`${e.scope.kind}:${e.scope.location}`);
    });
    expect(scopes).toEqual([
      'page:page 1',
      'pattern:page 1 / pattern P1',
      'type3-glyph:page 1 / font T3 / glyph a',
    ]);
  });

  it('walks annotation appearance streams', () => {
    const ap = stream({ Subtype: name('Form'), Resources: dict({}) }, '0 g 0 0 1 1 re f');
    const doc = makeDoc({
      objects: { 5: ap },
      pages: [
        {
          content: '',
          resources: dict({}),
          extra: { Annots: arr(dict({ Subtype: name('Link'), AP: dict({ N: ref(5) }) })) },
        },
      ],
    });
    const scopes: string[] = [];
    walkDocument(doc, (e) => {
      if (e.type === 'enter') scopes.push(e.scope.location);
    });
    expect(scopes).toEqual(['page 1', 'page 1 / annotation 1 / appearance N']);
  });

  it('stops when the operator budget is spent', () => {
    const doc = makeDoc({});
    const events: ContentEvent[] = [];
    interpretContent(doc, enc('q Q '.repeat(100)), null, 'page 1', (e) => events.push(e), {
      maxOperators: 10,
    });
    expect(events.filter((e) => e.type === 'operator')).toHaveLength(10);
    expect(events.some((e) => e.type === 'error')).toBe(true);
  });
});

describe('content scopes', () => {
  it('marks pattern cells, glyph procedures and appearances as not document content', () => {
    const pattern = stream({ PatternType: num(1), Resources: dict({}) }, '0 0 1 1 re f');
    const t3 = dict({
      Type: name('Font'),
      Subtype: name('Type3'),
      CharProcs: dict({ a: ref(8) }),
      Encoding: dict({ Differences: arr(num(97), name('a')) }),
    });
    const glyph = stream({}, '0 0 d0 0 0 1 1 re f');
    const form = stream({ Subtype: name('Form'), Resources: dict({}) }, '0 0 1 1 re f');
    const ap = stream({ Subtype: name('Form'), Resources: dict({}) }, '0 0 1 1 re f');
    const doc = makeDoc({
      objects: { 6: pattern, 7: t3, 8: glyph, 9: form, 10: ap },
      pages: [
        {
          content:
            '/P <</MCID 0>> BDC /Pattern cs /P1 scn 0 0 1 1 re f BT /T3 1 Tf (a) Tj ET /Fm Do EMC',
          resources: dict({
            Pattern: dict({ P1: ref(6) }),
            Font: dict({ T3: ref(7) }),
            XObject: dict({ Fm: ref(9) }),
          }),
          extra: { Annots: arr(dict({ Subtype: name('Square'), AP: dict({ N: ref(10) }) })) },
        },
      ],
    });
    const paints: string[] = [];
    walkDocument(doc, (e, scope) => {
      if (e.type === 'paint' && e.kind === 'path')
        paints.push(`${scope.kind}:${scope.realContent}:${enclosingMcid(e.mc)}`);
    });
    expect(paints).toEqual([
      'pattern:false:null',
      'page:true:0',
      'type3-glyph:false:null',
      'form:true:0',
      'annotation:false:null',
    ]);
  });
});
