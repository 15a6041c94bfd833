import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseXmpPacket } from '../../../src/validate/xmp/parse.js';
import {
  checkPdfaMetadata,
  checkPdfuaMetadata,
} from '../../../src/validate/rules/metadata/area.js';
import { IDENT_3A, TITLE, collector, packet, utf8 } from './helpers.js';

const A3 = { flavour: 'pdfa-3a', pdfaPart: 3, pdfaLevel: 'a' } as const;
const SAMPLE = utf8(
  packet(
    IDENT_3A +
      TITLE +
      '<xmpMM:History><rdf:Seq><rdf:li rdf:parseType="Resource"><stEvt:action>saved</stEvt:action></rdf:li></rdf:Seq></xmpMM:History>',
  ),
);

/** Parsing and checking must end in a result, never an exception. */
function survives(bytes: Uint8Array): boolean {
  const parsed = parseXmpPacket(bytes);
  const c = collector();
  checkPdfaMetadata({ present: true, parsed }, A3, c.sink);
  checkPdfuaMetadata({ present: true, parsed }, false, c.sink);
  return c.checks() > 0;
}

describe('XMP robustness', () => {
  it('survives random bytes', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 400 }), survives), { numRuns: 300 });
  });

  it('survives truncated and bit-flipped packets', () => {
    fc.assert(
      fc.property(
        fc.nat(SAMPLE.length),
        fc.array(fc.tuple(fc.nat(SAMPLE.length - 1), fc.nat(255)), { maxLength: 8 }),
        (cut, flips) => {
          const b = SAMPLE.slice(0, cut);
          for (const [i, v] of flips) if (i < b.length) b[i] = v;
          return survives(b);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('refuses hostile nesting with an error instead of deep recursion', () => {
    const deep =
      '<dc:subject>' +
      '<rdf:Bag><rdf:li>'.repeat(500) +
      'x' +
      '</rdf:li></rdf:Bag>'.repeat(500) +
      '</dc:subject>';
    const r = parseXmpPacket(utf8(packet(deep)));
    expect(r.ok).toBe(false);
  });
});
