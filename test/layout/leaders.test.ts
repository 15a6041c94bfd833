/**
 * leader() (CSS GCPM §3.3) on lines: the free space of a line goes to its leaders, shared; the
 * content after the last leader ends at the line's end, also when the entry wraps or when that
 * content does not fit the line the leader is on.
 */
import { describe, expect, it } from 'vitest';
import { layoutSnippet } from './geometry.js';

const PAGE = `@page { size: 300px 300px; margin: 20px }
  body { margin: 0; font-size: 10px; line-height: 20px } p { margin: 0 }
  .dots::after { content: leader(dotted) } .dash::after { content: leader('-') }`;
const RIGHT = 280;

describe('leader()', () => {
  it('shares the free space of a line between its leaders', async () => {
    const r = await layoutSnippet(
      `<p>Alpha<span class="dots"></span>Beta<span class="dash"></span>9</p>`,
      PAGE,
    );
    const [line] = r.lines(0);
    expect(line.right).toBeCloseTo(RIGHT, 0);
    const dots = (line.text.match(/\./g) ?? []).length;
    const dashes = (line.text.match(/-/g) ?? []).length;
    // Equal shares of width: as many fills as fit in each (a '.' of '. ' and a '-' differ).
    expect(dots).toBeGreaterThan(10);
    expect(dashes).toBeGreaterThan(10);
    const text = line.text.replace(/\s+/g, '');
    expect(text.startsWith('Alpha.')).toBe(true);
    expect(text).toMatch(/\.Beta-+9$/);
  });

  it('fills the last line of an entry that wraps, the page number at its end', async () => {
    const r = await layoutSnippet(
      `<p>A very long title of an entry that goes over more than a single line of the box<span class="dots"></span>12</p>`,
      PAGE,
    );
    const lines = r.lines(0);
    expect(lines).toHaveLength(2);
    expect(lines[0].text).not.toContain('..');
    expect(lines[1].text).toMatch(/\.{3,}\s*12$/);
    expect(lines[1].right).toBeCloseTo(RIGHT, 0);
  });

  it('moves to the next line with the content after it when that content does not fit', async () => {
    const r = await layoutSnippet(
      `<p>Title that fills the line almost to the end of it and more text<span class="dots"></span>123456</p>`,
      PAGE,
    );
    const lines = r.lines(0);
    expect(lines).toHaveLength(2);
    // The first line keeps the title only; the leader starts the next one and pushes the
    // number to the end (WeasyPrint lays it out the same way).
    expect(lines[0].text).not.toContain('.');
    expect(lines[1].text).toMatch(/^\.{3,}\s*123456$/);
    expect(lines[1].right).toBeCloseTo(RIGHT, 0);
  });

  it('stays on its line when what follows fits', async () => {
    const r = await layoutSnippet(`<p>Short<span class="dots"></span>7</p>`, PAGE);
    const [line] = r.lines(0);
    expect(line.text).toMatch(/^Short\s*\.{3,}\s*7$/);
    expect(line.right).toBeCloseTo(RIGHT, 0);
  });
});
