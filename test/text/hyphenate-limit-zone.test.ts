/**
 * hyphenate-limit-zone: a word that does not fit is hyphenated only when the line would
 * otherwise leave more room unfilled at its end than the zone.
 */
import { describe, expect, it } from 'vitest';
import { layoutSnippet } from '../layout/geometry.js';

const CSS = `@page { size: 400px 400px; margin: 10px } body { margin: 0 }
  p { width: 110px; font: 16px/20px 'Liberation Sans'; hyphens: auto; margin: 0 }`;
// "A dog" leaves a wide gap before "extraordinarily"; the hyphenation fills part of it.
const TEXT = '<p id=p lang=en>A dog extraordinarily characteristic</p>';

async function layout(css: string) {
  const r = await layoutSnippet(TEXT, `${CSS} ${css}`);
  const lines = r.lines(0);
  return { r, lines, unfilled: 110 - (lines[0].right - lines[0].x) };
}

describe('hyphenate-limit-zone', () => {
  it('hyphenates when the gap left is wider than the zone', async () => {
    const { lines, r } = await layout('');
    expect(r.warnings).toEqual([]);
    expect(lines[0].text.startsWith('A dog extra')).toBe(true);
    expect(lines[0].text.endsWith('\u00ad')).toBe(true);
    const small = await layout('p { hyphenate-limit-zone: 20px }');
    expect(small.lines.map((l) => l.text)).toEqual(lines.map((l) => l.text));
  });

  it('leaves the word whole when the line is already filled to within the zone', async () => {
    const plain = await layout('p { hyphens: manual }');
    const gap = plain.unfilled;
    expect(gap).toBeGreaterThan(50);
    expect(gap).toBeLessThan(77);
    const zoned = await layout(`p { hyphenate-limit-zone: ${Math.ceil(gap)}px }`);
    expect(zoned.lines.map((l) => l.text)).toEqual(plain.lines.map((l) => l.text));
    // A percentage of the line's width: 110px × 60% = 90px, more than the gap.
    const pct = await layout('p { hyphenate-limit-zone: 70% }');
    expect(pct.lines[0].text).toBe(plain.lines[0].text);
    // Just under the gap: hyphenated again.
    const under = await layout(`p { hyphenate-limit-zone: ${Math.floor(gap) - 1}px }`);
    expect(under.lines[0].text.endsWith('\u00ad')).toBe(true);
  });
});
