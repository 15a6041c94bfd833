/**
 * Table captions: above or below the table as the caption's own caption-side says, outside the
 * table's border box, so the table's background and borders frame the rows only.
 */
import { describe, expect, it } from 'vitest';
import type { DisplayItem, PathItem } from '../../src/document/index.js';
import { pathBounds } from '../../src/document/path-bounds.js';
import { layoutSnippet } from './geometry.js';

const PT_PER_PX = 0.75;
const PAGE =
  '@page { size: 400px 300px; margin: 0 } body { margin: 0; font: 16px/20px sans-serif }' +
  ' table { border: 4px solid rgb(200, 0, 0); padding: 6px; border-spacing: 0;' +
  ' background: rgb(0, 0, 255) } td { padding: 0 }';

function snippet(table: string): string {
  return `<!DOCTYPE html><html lang=en><head><title>t</title><style>${PAGE}</style></head><body>${table}</body></html>`;
}

function blueFills(items: readonly DisplayItem[]): PathItem[] {
  const out: PathItem[] = [];
  const walk = (list: readonly DisplayItem[]): void => {
    for (const it of list) {
      if (it.kind === 'group') walk(it.items);
      else if (it.kind === 'path' && it.fill && !('kind' in it.fill) && it.fill.b === 1)
        out.push(it);
    }
  };
  walk(items);
  return out;
}

describe('table captions', () => {
  it('puts a caption below when the caption itself says caption-side: bottom', async () => {
    const r = await layoutSnippet(
      snippet(
        '<table id=t><caption id=cap style="caption-side: bottom">Table 1</caption>' +
          '<tr><td id=c>cell</td></tr></table>',
      ),
    );
    expect(r.box('cap')[0].y).toBeGreaterThan(r.box('c')[0].y + 20);
  });

  it('keeps the caption outside the table border and background, above and below', async () => {
    for (const side of ['top', 'bottom']) {
      const r = await layoutSnippet(
        snippet(
          `<table id=t style="caption-side: ${side}"><caption id=cap>Caption</caption>` +
            '<tr><td id=c>cell</td></tr></table>',
        ),
      );
      const cap = r.box('cap')[0];
      const cell = r.box('c')[0];
      // 4px border + 6px padding between the caption and the cell.
      if (side === 'top') expect(cell.y - (cap.y + cap.height)).toBeCloseTo(10, 3);
      else expect(cap.y - (cell.y + cell.height)).toBeCloseTo(10, 3);
      const fills = blueFills(r.items(0));
      expect(fills.length).toBeGreaterThan(0);
      for (const f of fills) {
        const b = pathBounds(f.ops);
        expect(b).not.toBeNull();
        if (!b) continue;
        // Display items are in points, boxes in CSS px.
        const [top, bottom] = [b[1] / PT_PER_PX, b[3] / PT_PER_PX];
        if (side === 'top') expect(top).toBeGreaterThanOrEqual(cap.y + cap.height - 0.01);
        else expect(bottom).toBeLessThanOrEqual(cap.y + 0.01);
      }
    }
  });
});
