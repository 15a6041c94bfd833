/**
 * A template that says nothing about its look gets the reference service's conventions:
 * asserted on the laid-out boxes (positions, sizes and colours of what is drawn).
 */
import { describe, expect, it } from 'vitest';
import type { DisplayItem, GlyphRun, RgbaColor } from '../../src/document/index.js';
import { footerPlacement } from '../../src/template/furniture.js';
import { layoutTemplate } from '../../src/template/index.js';
import { glyphRuns, testOptions } from '../layout/harness.js';

const MM = 72 / 25.4;
/** Colours of the display list have channels from 0 to 1. */
const hex = (c: RgbaColor) =>
  '#' +
  [c.r, c.g, c.b]
    .map((v) =>
      Math.round(v * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('');

interface Line {
  readonly text: string;
  readonly x: number;
  /** Baseline. */
  readonly y: number;
  readonly right: number;
  readonly size: number;
  readonly color: string;
  readonly bold: boolean;
}

const runEnd = (r: GlyphRun) => r.x + r.glyphs.advances.reduce((w, a) => w + a, 0);

/** Glyph runs joined into pieces of text (one baseline, one size, no gap between runs). */
function lines(items: readonly DisplayItem[]): Line[] {
  const out: { runs: GlyphRun[] }[] = [];
  for (const run of glyphRuns(items)) {
    const last = out[out.length - 1];
    const prev = last?.runs[last.runs.length - 1];
    if (
      prev &&
      Math.abs(prev.y - run.y) < 0.5 &&
      prev.size === run.size &&
      run.x - runEnd(prev) < 2
    )
      last.runs.push(run);
    else out.push({ runs: [run] });
  }
  return out.map(({ runs }) => {
    const first = runs[0];
    const end = runs[runs.length - 1];
    return {
      text: runs.map((r) => r.glyphs.texts.join('')).join(''),
      x: first.x,
      y: first.y,
      right: runEnd(end),
      size: first.size,
      color: hex(first.color),
      bold: /bold/i.test(first.font.postscriptName),
    };
  });
}

function fills(
  items: readonly DisplayItem[],
): { color: string; top: number; left: number; width: number; rects: number }[] {
  return items.flatMap((i) => {
    if (i.kind === 'group') return fills(i.items);
    if (i.kind !== 'path' || !i.fill || !('r' in i.fill)) return [];
    const xs = i.ops.flatMap((o) =>
      o.op === 'rect' ? [o.x, o.x + o.width] : 'x' in o ? [o.x] : [],
    );
    const ys = i.ops.flatMap((o) =>
      o.op === 'rect' ? [o.y, o.y + o.height] : 'y' in o ? [o.y] : [],
    );
    return [
      {
        color: hex(i.fill),
        top: Math.min(...ys),
        left: Math.min(...xs),
        width: Math.max(...xs) - Math.min(...xs),
        rects: i.ops.filter((o) => o.op === 'rect').length,
      },
    ];
  });
}

const find = (all: readonly Line[], text: string) => {
  const line = all.find((l) => l.text.includes(text));
  expect(line, `a line with '${text}'`).toBeDefined();
  return line!;
};

const template = {
  version: 2,
  config: {
    title: 'Defaults',
    page: {
      pageNumbers: { enabled: true, position: 'right' },
      footer: { rows: [{ blocks: [{ type: 'text', text: 'Footer line' }] }] },
    },
  },
  rows: [
    { blocks: [{ type: 'heading', text: 'Heading one', level: 1 }] },
    { blocks: [{ type: 'text', text: 'First paragraph' }] },
    { blocks: [{ type: 'text', text: 'Second paragraph' }] },
    {
      blocks: [
        { type: 'key-value', fields: [{ key: 'k', label: 'Label' }], values: { k: 'Value' } },
      ],
    },
    {
      blocks: [
        {
          type: 'table',
          columns: [
            { key: 'a', label: 'Column' },
            { key: 'b', label: 'Amount', align: 'right' },
          ],
          rows: [
            { a: 'Cell one', b: '1.00' },
            { a: 'Cell two', b: '2.00' },
          ],
        },
      ],
    },
  ],
};

describe('template defaults (the reference service conventions)', () => {
  it('lays out body text, headings, key-value pairs and tables', async () => {
    const { document } = await layoutTemplate(template, undefined, testOptions);
    const [page] = document.pages;
    const all = lines(page.items);
    // A4 with margins 20 top, 25 left, 20 right; body text 12 pt #111827.
    expect(page.width).toBeCloseTo(210 * MM, 0);
    const heading = find(all, 'Heading one');
    expect(heading.x).toBeCloseTo(25 * MM, 1);
    expect(heading.size).toBe(24);
    expect(heading.bold).toBe(true);
    const first = find(all, 'First paragraph');
    const second = find(all, 'Second paragraph');
    expect(first.size).toBe(12);
    expect(first.color).toBe('#111827');
    expect(first.bold).toBe(false);
    // Heading line height 1.12 and 3 mm below it; rows 4 mm apart at line height 1.35.
    expect(first.y - heading.y).toBeGreaterThan(3 * MM + 12 * 1.35 * 0.75);
    expect(second.y - first.y).toBeCloseTo(12 * 1.35 + 4 * MM, 0);
    // Key-value: label semi-bold (bold face) #374151, the value 4 mm after the label column.
    const label = find(all, 'Label');
    const value = find(all, 'Value');
    expect(label.color).toBe('#374151');
    expect(label.bold).toBe(true);
    expect(value.x - label.x).toBeGreaterThanOrEqual(30 * MM + 4 * MM - 0.5);
    // Table: full width, 2.4 mm cell padding, header bold #374151 on #f3f4f6, rules between rows.
    const column = find(all, 'Column');
    expect(column.x - 25 * MM).toBeCloseTo(2.4 * MM, 1);
    expect(column.color).toBe('#374151');
    expect(column.bold).toBe(true);
    const amount = find(all, 'Amount');
    expect(210 * MM - 20 * MM - amount.right).toBeCloseTo(2.4 * MM, 0);
    const painted = fills(page.items);
    const headerFill = painted.find((f) => f.color === '#f3f4f6');
    expect(headerFill?.width).toBeCloseTo((210 - 45) * MM, 0);
    expect(painted.some((f) => f.color === '#d1d5db')).toBe(true);
    const rules = painted.filter((f) => f.color === '#e5e7eb');
    expect(rules.reduce((n, f) => n + f.rects, 0)).toBeGreaterThanOrEqual(2);
  });

  it('centres the footer in the bottom margin above the page numbers', async () => {
    const { document } = await layoutTemplate(template, undefined, testOptions);
    const [page] = document.pages;
    const all = lines(page.items);
    const footer = find(all, 'Footer line');
    const number = find(all, '1 / 1');
    expect(footer.size).toBe(8);
    expect(footer.color).toBe('#6b7280');
    // Centred on the content width (25 mm left, 20 mm right).
    expect((footer.x + footer.right) / 2).toBeCloseTo((25 + (210 - 45) / 2) * MM, 0);
    // In the 28 mm bottom margin, above the page numbers, which sit at its middle.
    const marginTop = page.height - 28 * MM;
    expect(footer.y - footer.size).toBeGreaterThan(marginTop);
    expect(footer.y).toBeLessThan(number.y - number.size);
    expect(number.size).toBe(8);
    expect(number.color).toBe('#9ca3af');
    expect(number.right).toBeCloseTo(210 * MM - 20 * MM, 0);
    // The body keeps its whole area: nothing of it reaches the bottom margin.
    for (const l of all.filter((x) => x !== footer && x !== number))
      expect(l.y).toBeLessThan(marginTop);
  });

  it('widens the bottom margin only when a footer does not fit', () => {
    const line = 8 * 1.35;
    expect(footerPlacement(28, line, true).reserveMm).toBe(0);
    expect(footerPlacement(28, line, false)).toEqual({
      reserveMm: 0,
      bottomMm: 14 - line / MM / 2,
    });
    const tall = footerPlacement(12, 30 * MM, true);
    expect(tall.reserveMm).toBeGreaterThan(0);
    const margin = 12 + tall.reserveMm;
    // Clear of the page-number line at the middle of the margin, and of the body above.
    expect(tall.bottomMm).toBeGreaterThanOrEqual(margin / 2 + (8 * 1.2 * (25.4 / 72)) / 2);
    expect(tall.bottomMm + 30).toBeLessThanOrEqual(margin);
  });

  it('keeps what the template does say', async () => {
    const { document } = await layoutTemplate(
      {
        ...template,
        config: {
          ...template.config,
          page: { ...template.config.page, margins: { left: 10, top: 10 } },
          typography: { family: 'Noto Sans', size: 10, color: '#112233' },
        },
      },
      undefined,
      testOptions,
    );
    const all = lines(document.pages[0].items);
    const first = find(all, 'First paragraph');
    expect(first.size).toBe(10);
    expect(first.color).toBe('#112233');
    expect(first.x).toBeCloseTo(10 * MM, 1);
    expect(find(all, 'Heading one').size).toBe(20);
    // Footers stay small and grey whatever the body's typography.
    expect(find(all, 'Footer line')).toMatchObject({ size: 8, color: '#6b7280' });
  });
});
