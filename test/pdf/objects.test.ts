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
