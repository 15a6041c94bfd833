import { describe, expect, it } from 'vitest';
import type { DisplayItem, PathItem, RgbaColor } from '../../src/document/index.js';
import type { ComputedStyle, StyledElement } from '../../src/style/types.js';
import { glyphRuns, layBody } from './harness.js';
import { el } from './styled.js';

const grey: RgbaColor = { r: 0.8, g: 0.8, b: 0.87, a: 1 };
const red: RgbaColor = { r: 1, g: 0, b: 0, a: 1 };

/** Every side of a cell: `px` wide, solid unless told otherwise. */
function sides(px: number, color: RgbaColor, style = 'solid'): Partial<ComputedStyle> {
  const st = style as ComputedStyle['borderTopStyle'];
  return {
    borderTopWidth: px,
    borderRightWidth: px,
    borderBottomWidth: px,
    borderLeftWidth: px,
    borderTopStyle: st,
    borderRightStyle: st,
    borderBottomStyle: st,
    borderLeftStyle: st,
    borderTopColor: color,
    borderRightColor: color,
    borderBottomColor: color,
    borderLeftColor: color,
  };
}

function table(
  rows: string[][],
  cell: (r: number, c: number) => Partial<ComputedStyle> = () => sides(1, grey),
  head?: string[],
): StyledElement {
  const tr = (cells: string[], r: number, tag: string) =>
    el(
      'tr',
      {},
      cells.map((t, c) => el(tag, { paddingLeft: 4, paddingRight: 4, ...cell(r, c) }, [t])),
    );
  return el('table', { width: { percent: 100, px: 0 }, borderCollapse: 'collapse' }, [
    ...(head ? [el('thead', {}, [tr(head, -1, 'th')])] : []),
    el(
      'tbody',
      {},
      rows.map((r, i) => tr(r, i, 'td')),
    ),
  ]);
}

function paths(items: readonly DisplayItem[]): PathItem[] {
  return items.flatMap((i) => (i.kind === 'path' ? [i] : i.kind === 'group' ? paths(i.items) : []));
}

const borderPaths = (items: readonly DisplayItem[]): PathItem[] =>
  paths(items).filter((p) => p.tag.kind === 'artifact' && p.tag.type === 'Layout');

interface R {
  x: number;
  y: number;
  w: number;
  h: number;
  color: RgbaColor;
}

function rects(ps: readonly PathItem[]): R[] {
  return ps.flatMap((p) =>
    p.ops.flatMap((o) =>
      o.op === 'rect'
        ? [{ x: o.x, y: o.y, w: o.width, h: o.height, color: p.fill as RgbaColor }]
        : [],
    ),
  );
}

const overlap = (a: R, b: R): boolean =>
  a.x < b.x + b.w - 1e-6 &&
  b.x < a.x + a.w - 1e-6 &&
  a.y < b.y + b.h - 1e-6 &&
  b.y < a.y + a.h - 1e-6;

describe('collapsed table borders', () => {
  it('draw each row line as one band and never paint a spot twice', async () => {
    const rows = [
      ['a', 'b', 'c'],
      ['d', 'e', 'f'],
    ];
    const { document } = await layBody([table(rows)]);
    const items = document.pages[0].items;
    const rs = rects(borderPaths(items));
    // 1px = 0.75pt: three horizontal lines (two row tops and the table bottom), four verticals
    // per row.
    const horizontal = rs.filter((r) => r.w > 1);
    const vertical = rs.filter((r) => r.w <= 1);
    expect(horizontal).toHaveLength(3);
    expect(vertical).toHaveLength(8);
    for (const h of horizontal) {
      expect(h.h).toBeCloseTo(0.75, 5);
      expect(h.w).toBeCloseTo(horizontal[0].w, 5);
    }
    for (let i = 0; i < rs.length; i++)
      for (let j = i + 1; j < rs.length; j++) expect(overlap(rs[i], rs[j])).toBe(false);
    // The bands tile the grid lines: the verticals reach from one line to the next.
    const ys = horizontal.map((h) => h.y).sort((a, b) => a - b);
    for (const v of vertical) {
      const above = ys.filter((y) => y <= v.y + 1e-6).pop()!;
      expect(v.y).toBeCloseTo(above + 0.75, 5);
      expect(ys.some((y) => Math.abs(y - (v.y + v.h)) < 1e-6)).toBe(true);
    }
    // Borders stay artifacts; the cell text is still content.
    for (const p of paths(items)) expect(p.tag.kind).toBe('artifact');
    const runs = glyphRuns(items);
    expect(runs.map((r) => r.glyphs.texts.join(''))).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    for (const r of runs) expect(r.tag.kind).toBe('content');
  });

  it('lets the wider border win at a shared edge and keeps its colour', async () => {
    const rows = [
      ['a', 'b', 'c'],
      ['d', 'e', 'f'],
    ];
    // Cell (1, 1) has a 3px red border: it wins over the 1px grey of its neighbours on all
    // four of its edges.
    const { document } = await layBody([
      table(rows, (r, c) => (r === 1 && c === 1 ? sides(3, red) : sides(1, grey))),
    ]);
    const rs = rects(borderPaths(document.pages[0].items));
    const reds = rs.filter((r) => r.color.r === 1 && r.color.g === 0);
    // Its top (drawn by itself), its left (itself), its right (drawn by the next cell, which
    // takes the wider edge as its left) and its bottom (the last row draws its own bottom).
    expect(reds).toHaveLength(4);
    for (const r of reds) expect(Math.min(r.w, r.h)).toBeCloseTo(2.25, 5);
    const greys = rs.filter((r) => r.color.r === 0.8);
    for (const g of greys) expect(Math.min(g.w, g.h)).toBeCloseTo(0.75, 5);
    for (let i = 0; i < rs.length; i++)
      for (let j = i + 1; j < rs.length; j++) expect(overlap(rs[i], rs[j])).toBe(false);
  });

  it('gives only the first row the top border of its row', async () => {
    // Every cell shares one style (later rows reuse the resolution of the row above); the
    // row's own top border belongs to the first row only.
    const cellStyle = { paddingLeft: 4, ...sides(1, grey) };
    const shared = el('td', cellStyle, ['x']).style;
    const cell = (t: string): StyledElement => ({ ...el('td', {}, [t]), style: shared });
    const t = el('table', { width: { percent: 100, px: 0 }, borderCollapse: 'collapse' }, [
      el('tbody', {}, [
        el('tr', { borderTopWidth: 4, borderTopStyle: 'solid', borderTopColor: red }, [
          cell('a'),
          cell('b'),
        ]),
        el('tr', {}, [cell('c'), cell('d')]),
        el('tr', {}, [cell('e'), cell('f')]),
      ]),
    ]);
    const { document } = await layBody([t]);
    const horizontal = rects(borderPaths(document.pages[0].items))
      .filter((r) => r.w > 10)
      .sort((a, b) => a.y - b.y);
    expect(horizontal).toHaveLength(4);
    expect(horizontal[0].color).toEqual(red);
    expect(horizontal[0].h).toBeCloseTo(3, 5);
    for (const h of horizontal.slice(1)) {
      expect(h.color).toEqual(grey);
      expect(h.h).toBeCloseTo(0.75, 5);
    }
  });

  it("collapses the borders of row groups and rows with the cells'", async () => {
    // A DataFrame's header rule is a border on <thead>; a row's bottom border rules it off too.
    const rule = (px: number, side: 'Top' | 'Bottom' | 'Left'): Partial<ComputedStyle> => ({
      [`border${side}Width`]: px,
      [`border${side}Style`]: 'solid',
      [`border${side}Color`]: red,
    });
    const row = (tag: string, texts: string[], style: Partial<ComputedStyle> = {}) =>
      el(
        'tr',
        style,
        texts.map((t) => el(tag, { paddingLeft: 4 }, [t])),
      );
    const t = el('table', { width: { percent: 100, px: 0 }, borderCollapse: 'collapse' }, [
      el('thead', { ...rule(2, 'Bottom'), ...rule(1, 'Left') }, [row('th', ['A', 'B'])]),
      el('tbody', {}, [row('td', ['1', '2'], rule(3, 'Bottom')), row('td', ['3', '4'])]),
    ]);
    const { document } = await layBody([t]);
    const rs = rects(borderPaths(document.pages[0].items));
    const lines = rs.filter((r) => r.w > 10).sort((a, b) => a.y - b.y);
    // Under the header (2px) and under the first body row (3px); nothing above or at the end.
    expect(lines.map((l) => Math.round(l.h / 0.75))).toEqual([2, 3]);
    for (const l of lines) expect(l.color).toEqual(red);
    const glyphs = glyphRuns(document.pages[0].items);
    const y = (text: string) => glyphs.find((g) => g.glyphs.texts.join('') === text)!.y;
    expect(lines[0].y).toBeGreaterThan(y('A'));
    expect(lines[0].y).toBeLessThan(y('1'));
    expect(lines[1].y).toBeGreaterThan(y('1'));
    expect(lines[1].y).toBeLessThan(y('3'));
    // The group's left border stands at the table's edge beside the header row only.
    const verticals = rs.filter((r) => r.h > r.w);
    expect(verticals).toHaveLength(1);
    expect(verticals[0].y + verticals[0].h).toBeLessThanOrEqual(lines[0].y + 1e-6);
  });

  it('keeps link targets on cells whose borders the grid draws', async () => {
    const rows = Array.from({ length: 80 }, (_, i) => [`Row ${i + 1}`, String(i)]);
    const t = table(rows);
    // Give the cell 'Row 70' an id.
    const tbody = t.children[0] as StyledElement;
    const tr = tbody.children[69] as StyledElement;
    const td = tr.children[0] as StyledElement;
    (tr.children as StyledElement[])[0] = { ...td, attrs: new Map([['id', 'target']]) };
    const link = el('p', {}, [el('a', {}, ['to row 70'], { href: '#target' })]);
    const { document } = await layBody([link, t]);
    const l = document.pages[0].items.find((i) => i.kind === 'link');
    expect(l?.kind === 'link' && l.target.kind).toBe('internal');
    if (l?.kind !== 'link' || l.target.kind !== 'internal') return;
    const page = document.pages[l.target.pageIndex];
    const run = page.items.find((i) => i.kind === 'glyphs' && i.glyphs.texts.join('') === 'Row 70');
    expect(run?.kind).toBe('glyphs');
    if (run?.kind !== 'glyphs') return;
    expect(run.y - l.target.y).toBeGreaterThan(0);
    expect(run.y - l.target.y).toBeLessThan(20);
  });

  it('closes the last row on a page with its bottom line, and draws it once otherwise', async () => {
    const rows = Array.from({ length: 80 }, (_, i) => [`Row ${i + 1}`, String(i)]);
    const { document } = await layBody([table(rows)]);
    expect(document.pages.length).toBeGreaterThan(1);
    for (const [p, page] of document.pages.entries()) {
      const horizontal = rects(borderPaths(page.items)).filter((r) => r.w > 10);
      const runs = glyphRuns(page.items).filter((r) => r.glyphs.texts[0] === 'R');
      const lastRow = runs.reduce((a, b) => (b.y > a.y ? b : a));
      const lowestLine = horizontal.reduce((a, b) => (b.y > a.y ? b : a));
      // The page's last row has a line below its text (its bottom edge), not only above it.
      expect(lowestLine.y, `page ${p + 1}`).toBeGreaterThan(lastRow.y);
      // No line is drawn twice on one page.
      for (let i = 0; i < horizontal.length; i++)
        for (let j = i + 1; j < horizontal.length; j++)
          expect(overlap(horizontal[i], horizontal[j])).toBe(false);
    }
  });

  it('draws the grid of a right-to-left table with both outer edges and no doubled line', async () => {
    const cell = (t: string): StyledElement =>
      el('td', { paddingLeft: 4, direction: 'rtl', ...sides(2, grey) }, [t]);
    const t = el(
      'table',
      { width: { percent: 100, px: 0 }, borderCollapse: 'collapse', direction: 'rtl' },
      [el('tbody', {}, [el('tr', { direction: 'rtl' }, [cell('a'), cell('b'), cell('c')])])],
    );
    const { document } = await layBody([t]);
    const rs = rects(borderPaths(document.pages[0].items));
    const vertical = rs.filter((r) => r.h > r.w).sort((a, b) => a.x - b.x);
    const horizontal = rs.filter((r) => r.w > r.h);
    // Four vertical lines for three columns, each 2px (1.5pt) wide, spread over the table.
    expect(vertical).toHaveLength(4);
    for (const v of vertical) expect(v.w).toBeCloseTo(1.5, 5);
    const left = Math.min(...horizontal.map((h) => h.x));
    const right = Math.max(...horizontal.map((h) => h.x + h.w));
    expect(vertical[0].x).toBeCloseTo(left, 3);
    expect(vertical[3].x + vertical[3].w).toBeCloseTo(right, 3);
    for (let i = 0; i < rs.length; i++)
      for (let j = i + 1; j < rs.length; j++) expect(overlap(rs[i], rs[j])).toBe(false);
  });

  it('keeps dashed borders as stroked lines of their own cell', async () => {
    const { document } = await layBody([table([['a', 'b']], () => sides(2, grey, 'dashed'))]);
    const ps = borderPaths(document.pages[0].items);
    expect(ps.length).toBeGreaterThan(0);
    expect(ps.every((p) => p.stroke?.dash !== undefined)).toBe(true);
  });

  it('repeats the header grid with the header on later pages', async () => {
    const rows = Array.from({ length: 120 }, (_, i) => [`Row ${i + 1}`, String(i)]);
    const { document } = await layBody([table(rows, () => sides(1, grey), ['Name', 'Count'])]);
    expect(document.pages.length).toBeGreaterThan(1);
    for (const page of document.pages) {
      const rs = rects(borderPaths(page.items));
      const top = Math.min(...rs.map((r) => r.y));
      // The header's top line is the first line on every page.
      expect(rs.some((r) => r.y === top && r.w > 100)).toBe(true);
    }
  });
});
