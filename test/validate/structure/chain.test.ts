import { describe, expect, it } from 'vitest';
import type { CosDict } from '../../../src/validate/model/cos.js';
import { stringAt } from '../../../src/validate/model/read.js';
import { openDocument } from '../../../src/validate/parser/index.js';
import { chainFinder } from '../../../src/validate/rules/structure/chain.js';
import { buildPdf } from './helpers.js';

// Objects 2-7: 2 has Lang; 3 -> 2; 4 -> 3; 5 <-> 6 (a cycle); 7 -> 99 (missing); 8 -> 4 directly.
const doc = openDocument(
  buildPdf([
    '<< /Type /Catalog >>',
    '<< /Lang (en) >>',
    '<< /P 2 0 R >>',
    '<< /P 3 0 R >>',
    '<< /P 6 0 R >>',
    '<< /P 5 0 R >>',
    '<< /P 99 0 R >>',
    '<< /P << /P 4 0 R >> >>',
  ]),
);
const dict = (num: number) => doc.resolve({ kind: 'ref', num, gen: 0 }) as CosDict;

describe('climbing /P chains', () => {
  it('finds a dictionary passing the test on the chain, the start included', () => {
    const hasLang = chainFinder(doc, (d) => stringAt(doc, d, 'Lang') !== null);
    expect(hasLang(dict(2))).toBe(true);
    expect(hasLang(dict(4))).toBe(true);
    // Answers learnt on the way stay right, asked again and from the middle.
    expect(hasLang(dict(3))).toBe(true);
    expect(hasLang(dict(4))).toBe(true);
    expect(hasLang(dict(8))).toBe(true);
    expect(hasLang(null)).toBe(false);
  });

  it('answers false for a chain that cycles or breaks, and remembers that too', () => {
    let asked = 0;
    const hasLang = chainFinder(doc, (d) => {
      asked++;
      return stringAt(doc, d, 'Lang') !== null;
    });
    expect(hasLang(dict(5))).toBe(false);
    expect(asked).toBe(2);
    expect(hasLang(dict(6))).toBe(false);
    expect(hasLang(dict(7))).toBe(false);
    expect(asked).toBe(3);
    // Each dictionary is tested once however often it is climbed through.
    expect(hasLang(dict(4))).toBe(true);
    expect(hasLang(dict(3))).toBe(true);
    expect(asked).toBe(6);
  });

  it('keeps the answers of one question apart from another', () => {
    const isTwo = chainFinder(doc, (d) => d === dict(2));
    const isFour = chainFinder(doc, (d) => d === dict(4));
    expect(isTwo(dict(4))).toBe(true);
    expect(isFour(dict(3))).toBe(false);
    expect(isFour(dict(4))).toBe(true);
  });
});
