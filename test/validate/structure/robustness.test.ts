import { describe, expect, it } from 'vitest';
import { NotPdfError } from '../../../src/validate/parser/index.js';
import { runStructure, taggedDoc } from './helpers.js';

/** Small deterministic PRNG so failures reproduce. */
function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const sample = taggedDoc({
  rootKids: '[6 0 R]',
  rootExtra: '/ParentTree 12 0 R /RoleMap << /Para /P /Loop /Loop2 /Loop2 /Loop >>',
  pageExtra:
    '/Resources << /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >>',
  content:
    '/P <</MCID 0>> BDC BT /F1 12 Tf (a) Tj ET EMC /Span <</Lang (en) /ActualText (x)>> BDC 0 0 5 5 re f EMC',
  elements: [
    '<< /Type /StructElem /S /Document /P 5 0 R /K [7 0 R 8 0 R] /Lang (en) >>',
    '<< /Type /StructElem /S /Para /P 6 0 R /Pg 3 0 R /K [0] >>',
    '<< /Type /StructElem /S /Table /P 6 0 R /K [9 0 R] >>',
    '<< /Type /StructElem /S /TR /P 8 0 R /K [10 0 R 11 0 R] >>',
    '<< /Type /StructElem /S /TH /P 9 0 R /A << /O /Table /ColSpan 2 /Scope /Column >> >>',
    '<< /Type /StructElem /S /TD /P 9 0 R /A << /O /Table /RowSpan 99999999 /Headers [(x)] >> >>',
    '<< /Nums [0 [7 0 R]] >>',
  ],
});

describe('robustness', () => {
  it('reports or rejects mutated files, never throws from the structure area', () => {
    const rnd = prng(42);
    for (let round = 0; round < 150; round++) {
      const bytes = sample.slice();
      const flips = 1 + Math.floor(rnd() * 8);
      for (let i = 0; i < flips; i++) {
        const at = Math.floor(rnd() * bytes.length);
        bytes[at] =
          rnd() < 0.5 ? bytes[at] ^ (1 << Math.floor(rnd() * 8)) : Math.floor(rnd() * 256);
      }
      const cut = rnd() < 0.2 ? Math.floor(rnd() * bytes.length) : bytes.length;
      try {
        runStructure(bytes.subarray(0, cut));
      } catch (e) {
        expect(e).toBeInstanceOf(NotPdfError);
      }
    }
  });

  it('handles the unmutated sample', () => {
    const ids = runStructure(sample)
      .filter((c) => !c.passed)
      .map((c) => c.id);
    expect(ids).toContain('7.1-3');
    expect(ids).toContain('7.2-41');
  });
});
