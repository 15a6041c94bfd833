/**
 * Items that share one marked-content sequence must not leak graphics state into each other:
 * a translucent fill, a dash or an image's cm stays with its own item.
 */
import { describe, expect, it } from 'vitest';
import { writePdf } from '../../src/pdf/index.js';
import { BLACK, content, doc, node, page, settings, shape, slotChild } from './helpers.js';
import { inspect } from './inspect.js';

/** The operators of the first page content stream, as tokens. */
function pageOps(bytes: Uint8Array): string[] {
  const { text } = inspect(bytes);
  return text.split(/\s+/).filter(Boolean);
}

describe('graphics state between items of one sequence', () => {
  it('restores the state after a translucent, dashed path before the next item', () => {
    const p = node('P', [slotChild(1)]);
    const root = node('Document', [p]);
    const items = [
      {
        kind: 'path' as const,
        ops: [{ op: 'rect' as const, x: 10, y: 10, width: 50, height: 20 }],
        fill: { r: 1, g: 0, b: 0, a: 0.3 },
        stroke: { paint: BLACK, width: 1, dash: [3, 2] },
        tag: content(1),
      },
      shape('LiberationSans-Regular.ttf', 'Opaque text', 10, 60, 12, content(1)),
    ];
    const { bytes } = writePdf(doc([page(items)], root), settings());
    const ops = pageOps(bytes);
    const gsAt = ops.indexOf('gs');
    const dashAt = ops.indexOf('d');
    const textAt = ops.indexOf('BT');
    expect(gsAt).toBeGreaterThan(-1);
    expect(dashAt).toBeGreaterThan(-1);
    expect(textAt).toBeGreaterThan(gsAt);
    // Between the translucent/dashed path and the text the state is restored with Q.
    expect(ops.slice(Math.max(gsAt, dashAt), textAt)).toContain('Q');
  });

  it('keeps an image cm from moving the item after it', () => {
    const pixels = new Uint8Array(2 * 2 * 3).fill(200);
    const f = node('Figure', [slotChild(1)], { alt: 'square and caption' });
    const root = node('Document', [f]);
    const items = [
      {
        kind: 'image' as const,
        image: {
          id: 'img',
          widthPx: 2,
          heightPx: 2,
          data: { encoding: 'raw' as const, pixels, components: 3 as const },
        },
        x: 10,
        y: 10,
        width: 40,
        height: 40,
        tag: content(1),
      },
      shape('LiberationSans-Regular.ttf', 'Caption', 10, 70, 12, content(1)),
    ];
    const { bytes } = writePdf(doc([page(items)], root), settings());
    const ops = pageOps(bytes);
    const doAt = ops.indexOf('Do');
    const textAt = ops.indexOf('BT');
    expect(doAt).toBeGreaterThan(-1);
    expect(ops.slice(doAt, textAt)).toContain('Q');
  });
});
