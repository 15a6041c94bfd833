/** The first typographic letter unit of a text, with the punctuation around it. */
import { describe, expect, it } from 'vitest';
import { firstLetterRange } from '../../src/style/first-letter.js';

const letter = (t: string): string | undefined => {
  const r = firstLetterRange(t);
  return r ? t.slice(r[0], r[1]) : undefined;
};

describe('firstLetterRange', () => {
  it('takes the first letter after collapsible whitespace', () => {
    expect(firstLetterRange('\n   At a quarter')).toEqual([4, 5]);
    expect(letter('7 boats')).toBe('7');
  });

  it('takes the punctuation before and after the letter with it', () => {
    expect(letter('“Fishing was finished”')).toBe('“F');
    expect(letter('(A) first')).toBe('(A)');
    expect(letter('¿Qué?')).toBe('¿Q');
  });

  it('keeps combining marks and astral letters whole', () => {
    expect(letter('e\u0301tude')).toBe('e\u0301');
    expect(letter('𝒜bc')).toBe('𝒜');
  });

  it('finds no first letter when the text does not start with one', () => {
    expect(firstLetterRange('   ')).toBeUndefined();
    expect(firstLetterRange('— dash first')).toBeUndefined();
    expect(firstLetterRange('"')).toBeUndefined();
  });
});
