import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PdfText, dict, name, nameToken, num, serialize, text } from '../../src/pdf/objects.js';

describe('PDF object syntax', () => {
  it('writes numbers without exponents, within the 32-bit and 4-decimal limits', () => {
    expect(num(1)).toBe('1');
    expect(num(0.1 + 0.2)).toBe('0.3');
    expect(num(-0.00001)).toBe('0');
    expect(num(1e-7)).toBe('0');
    expect(num(Number.NaN)).toBe('0');
    expect(num(1e300)).toBe('2147483647');
    expect(num(12.34567)).toBe('12.3457');
    fc.assert(
      fc.property(fc.double(), (d) => {
        const s = num(d);
        expect(s).toMatch(/^-?\d+(\.\d{1,4})?$/);
      }),
    );
  });

  it('writes the shortest decimal of the number rounded to 4 decimals', () => {
    // The reference: String() of the rounded value, which is what a reader parses back.
    const reference = (d: number): string => {
      if (Number.isInteger(d)) return num(d);
      if (!Number.isFinite(d)) return '0';
      const r = Math.round(Math.max(-1e9, Math.min(1e9, d)) * 10000) / 10000;
      return r === 0 ? '0' : String(r);
    };
    for (const d of [
      0.5,
      -0.5,
      0.00005,
      -0.00005,
      -0.00015,
      1.23455,
      99.99995,
      -99.99995,
      1e9 - 0.5,
    ])
      expect(num(d)).toBe(reference(d));
    expect(num(-0.5)).toBe('-0.5');
    expect(num(0.0001)).toBe('0.0001');
    expect(num(-1234.05)).toBe('-1234.05');
    expect(num(595.2756)).toBe('595.2756');
    fc.assert(
      fc.property(fc.double({ min: -2e9, max: 2e9, noNaN: true }), (d) => {
        expect(num(d)).toBe(reference(d));
      }),
      { numRuns: 20000 },
    );
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (k) => {
        expect(num(k / 10000)).toBe(reference(k / 10000));
      }),
      { numRuns: 20000 },
    );
  });

  it('escapes names and strings', () => {
    expect(nameToken('text/xml')).toBe('/text#2Fxml');
    expect(nameToken('A B#(')).toBe('/A#20B#23#28');
    expect(nameToken('Überschrift')).toBe('/#C3#9Cberschrift');
    expect(serialize(text('a (b) \\ c'))).toBe('(a \\(b\\) \\\\ c)');
    expect(serialize(new PdfText('é'))).toBe('<feff00e9>');
    expect(serialize(text('😀'))).toBe('<feffd83dde00>');
    expect(serialize(dict({ Type: name('X'), Skip: undefined, K: [1, null, true] }))).toBe(
      '<</Type /X /K [1 null true]>>',
    );
  });
});

describe('string limits', () => {
  it('keeps text strings within 32767 bytes, without splitting surrogate pairs', () => {
    expect(serialize(text('a'.repeat(40000))).length).toBe(32767 + 2);
    const emoji = serialize(text('😀'.repeat(20000)));
    const bytes = (emoji.length - 2) / 2;
    expect(bytes).toBeLessThanOrEqual(32767);
    expect(emoji.endsWith('de00>')).toBe(true);
  });
});
