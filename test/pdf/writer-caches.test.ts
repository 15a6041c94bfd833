import { DOMParser } from '@xmldom/xmldom';
import fc from 'fast-check';
import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import type { DocumentMetadata, WriterSettings } from '../../src/document/index.js';
import { writePdf } from '../../src/pdf/index.js';
import { buildXmp, buildXmpUncached } from '../../src/pdf/xmp.js';
import { content, doc, font, node, page, shape, slotChild } from './helpers.js';
import { inspect } from './inspect.js';

function meta(over: Partial<DocumentMetadata> = {}): DocumentMetadata {
  return { title: 'T', lang: 'en', ...over };
}

function fileSettings(over: Partial<WriterSettings> = {}): WriterSettings {
  return {
    creationDate: new Date(Date.UTC(2026, 0, 2, 3, 4, 5)),
    documentId: '00000000-0000-4000-8000-000000000001',
    attachments: [],
    xmpSchemas: [],
    pdfa: true,
    ...over,
  };
}

const tricky = [
  '',
  'Q&A <b> "quoted" \'single\'',
  '😀 emoji and ]]> and \r\n\t white space',
  '\u0001\u0002 control only',
  '\u0001',
  'lone \ud800 surrogate',
  '&amp; already escaped',
];

// The packet text is cached per shape; it must equal what the builder writes for every value.
describe('cached XMP packet', () => {
  it('equals the fully built packet for awkward values and every optional field set', () => {
    for (const pdfa of [true, false])
      for (const s of tricky) {
        const input = {
          metadata: meta({
            author: s || undefined,
            subject: s ? s + '!' : undefined,
            creator: s,
            keywords: s || 'k',
          }),
          settings: fileSettings({ pdfa, modDate: new Date(Date.UTC(2026, 5, 6)) }),
          title: s,
          producer: s || 'p',
          instanceId: 'abc',
        };
        expect(buildXmp(input)).toBe(buildXmpUncached(input));
      }
  });

  it('equals the fully built packet for arbitrary strings', () => {
    const piece = fc.oneof(
      fc.string({ unit: 'binary' }),
      fc.constantFrom('&amp;', '&nbsp;', '&#x41;', '<', '>', '&', ']]>'),
    );
    const str = fc.array(piece, { maxLength: 4 }).map((a) => a.join(''));
    const opt = fc.option(str, { nil: undefined });
    fc.assert(
      fc.property(
        str,
        opt,
        opt,
        opt,
        opt,
        fc.boolean(),
        (title, author, subject, creator, keywords, pdfa) => {
          const input = {
            metadata: meta({ author, subject, creator, keywords }),
            settings: fileSettings({ pdfa }),
            title,
            producer: 'a11ypdf',
            instanceId: 'id',
          };
          expect(buildXmp(input)).toBe(buildXmpUncached(input));
        },
      ),
      { numRuns: 40 },
    );
  });

  it('keeps escaping in the packet', () => {
    const xmp = buildXmp({
      metadata: meta(),
      settings: fileSettings(),
      title: 'A & B <c> "d" 😀',
      producer: 'p',
      instanceId: 'i',
    });
    expect(xmp).toContain('A &amp; B &lt;c&gt; "d" 😀');
  });

  it('reads back entity-like text exactly (the builder keeps "&amp;" as a reference)', () => {
    const title = 'R&amp;D &nbsp; &#x41; <x> & 😀';
    for (const xmpSchemas of [
      [],
      [{ prefix: 'fx', namespace: 'urn:x:', name: 'X', properties: [{ name: 'p', value: title }] }],
    ]) {
      const xmp = buildXmp({
        metadata: meta(),
        settings: fileSettings({ xmpSchemas }),
        title,
        producer: 'p',
        instanceId: 'i',
      });
      const dom = new DOMParser().parseFromString(
        xmp.replace(/<\?xpacket[^>]*\?>/g, ''),
        'text/xml',
      );
      const li = dom.getElementsByTagName('dc:title')[0]?.getElementsByTagName('rdf:li')[0];
      expect(li?.textContent).toBe(title);
    }
  });
});

const FONT = 'LiberationSans-Regular.ttf';

function fontProgram(text: string): { file: Uint8Array; program: Buffer } {
  const d = doc(
    [page([shape(FONT, text, 72, 100, 12, content(1))])],
    node('Document', [node('P', [slotChild(1)])]),
  );
  const file = writePdf(d, fileSettings(), { deterministic: true }).bytes;
  const program = inspect(file).streams.find((x) => x.dict.includes('/Length1'))?.data;
  if (!program) throw new Error('no font program');
  return { file, program };
}

// Encoded subsets are cached across documents; a hit must give the bytes a miss gives.
describe('font subset cache', () => {
  it('gives byte-identical files when the same glyphs repeat', () => {
    const a = fontProgram('Cache me: xyz');
    const b = fontProgram('Cache me: xyz');
    expect(Buffer.from(b.file).equals(Buffer.from(a.file))).toBe(true);
  });

  it('keys on first-use order, so the same glyph set in another order gets its own subset', () => {
    const kit = fontkit.create(Buffer.from(font(FONT).program)) as fontkit.Font;
    const outline = (f: fontkit.Font, gid: number) => f.getGlyph(gid).path.toSVG();
    fontProgram('qjk');
    const { program } = fontProgram('kjq');
    const sub = fontkit.create(program) as fontkit.Font;
    // CID = subset GID: CID 1 is the first glyph shown, 'k'.
    expect(outline(sub, 1)).toBe(outline(kit, kit.glyphForCodePoint(0x6b).id));
    expect(outline(sub, 3)).toBe(outline(kit, kit.glyphForCodePoint(0x71).id));
  });
});
