/**
 * Table footers (table-footer-group) on a table that breaks across pages: drawn below the rows
 * of every page the table continues from, as Chromium and WeasyPrint print them; the copies
 * are Pagination artifacts and the original stays in the structure tree.
 */
import { describe, expect, it } from 'vitest';
import type { StructNode } from '../../src/document/index.js';
import { layoutSnippet } from './geometry.js';

// A 200px-tall page body; rows 20px, header and footer 20px.
const CSS = `@page { size: 400px 240px; margin: 20px }
  body { margin: 0; font: 10px/20px sans-serif }
  table { border-collapse: collapse; width: 100% }
  td, th { padding: 0; height: 20px }`;

function table(rows: number, opts: { head?: boolean; foot?: string } = {}): string {
  const body = Array.from({ length: rows }, (_, i) => `<tr><td id=r${i}>row${i}</td></tr>`);
  return `<table id=t>${opts.head ? '<thead><tr id=h><th>Head</th></tr></thead>' : ''}${
    opts.foot ?? '<tfoot><tr><td id=f>Total</td></tr></tfoot>'
  }<tbody>${body.join('')}</tbody></table>`;
}

function count(s: string, word: string): number {
  return s.split(word).length - 1;
}

function tags(n: StructNode, out: string[] = []): string[] {
  out.push(n.type);
  for (const k of n.children) if (typeof k === 'object' && 'type' in k) tags(k as StructNode, out);
  return out;
}

describe('table footers across pages', () => {
  it('draws the footer below the last row of every page, the original at the end', async () => {
    const r = await layoutSnippet(table(20, { head: true }), CSS);
    expect(r.pages).toBeGreaterThan(1);
    for (let p = 0; p < r.pages; p++) {
      expect(count(r.text(p), 'Total'), `page ${p}`).toBe(1);
      expect(count(r.text(p), 'Head'), `page ${p}`).toBe(1);
    }
    // Page 1: header, 8 rows, footer = 200px exactly.
    expect(r.text(0)).toContain('row7');
    expect(r.text(0)).not.toContain('row8');
    const lines0 = r.lines(0);
    const total0 = lines0.find((l) => l.text === 'Total')!;
    const row7 = lines0.find((l) => l.text === 'row7')!;
    expect(total0.baseline - row7.baseline).toBeCloseTo(20, 0);
    // The original footer comes last in the flow text; the copies are artifacts.
    expect(count(r.flowText(0), 'Total')).toBe(0);
    const last = r.pages - 1;
    expect(count(r.flowText(last), 'Total')).toBe(1);
    expect(r.box('f')).toHaveLength(1);
    expect(r.box('f')[0].page).toBe(last);
    expect(tags(r.structure).filter((t) => t === 'TFoot')).toHaveLength(1);
  });

  it('places the repeated footer right below the rows when the page is not full', async () => {
    const r = await layoutSnippet(
      `<div style="height: 130px"></div>${table(6, { head: true })}`,
      CSS,
    );
    // 130px + header + one row + footer = 190px: the second row (210px) goes to page 2.
    const l0 = r.lines(0);
    expect(l0.map((l) => l.text)).toEqual(['Head', 'row0', 'Total']);
    expect(l0[2].baseline - l0[1].baseline).toBeCloseTo(20, 1);
    expect(r.lines(1).map((l) => l.text)).toEqual([
      'Head',
      'row1',
      'row2',
      'row3',
      'row4',
      'row5',
      'Total',
    ]);
  });

  it('keeps room for the footer: rows move on rather than push it off the page', async () => {
    const r = await layoutSnippet(table(12), CSS);
    // 200px: 9 rows + the footer, not 10 rows.
    expect(r.text(0)).toContain('row8');
    expect(r.text(0)).not.toContain('row9');
    const [row8] = r.box('r8');
    expect(row8.y + row8.height).toBeCloseTo(200, 1);
    expect(r.lines(0).at(-1)?.text).toBe('Total');
    // The last page ends with the rows left and the original footer.
    expect(r.pages).toBe(2);
    expect(r.text(1)).toMatch(/row11.*Total/);
  });

  it('a table that fits one page draws its footer once, after the rows', async () => {
    const r = await layoutSnippet(table(3), CSS);
    expect(r.pages).toBe(1);
    expect(count(r.text(0), 'Total')).toBe(1);
    expect(r.box('f')[0].y).toBeGreaterThan(r.box('r2')[0].y);
  });

  it('does not repeat a footer taller than half a page', async () => {
    const tall = '<tfoot><tr><td id=f style="height: 120px">Total</td></tr></tfoot>';
    const r = await layoutSnippet(table(20, { foot: tall }), CSS);
    let n = 0;
    for (let p = 0; p < r.pages; p++) n += count(r.text(p), 'Total');
    expect(n).toBe(1);
  });
});
