/**
 * Transformed groups in the writer: the structure tree's BBox of tagged content follows the
 * transform, and deeply nested groups stay within PDF/A's q/Q nesting limit.
 */
import { describe, expect, it } from 'vitest';
import type { DisplayItem, ImageResource } from '../../src/document/index.js';
import { doc, node, page, slotChild } from './helpers.js';
import { inspect, maxQDepth } from './inspect.js';
import { writeValid } from './validate-helper.js';

const red: ImageResource = {
  id: 'red-2x2',
  widthPx: 2,
  heightPx: 2,
  data: { encoding: 'raw', pixels: new Uint8Array(12).fill(200), components: 3 },
};

describe('transform groups', () => {
  it('gives a rotated Figure the BBox of its rotated image', () => {
    // A 160 × 80 image at (72, 72), turned 90° about its centre (152, 112).
    const c = 152;
    const m = 112;
    const items: DisplayItem[] = [
      {
        kind: 'group',
        transform: [0, 1, -1, 0, c + m, m - c],
        items: [
          {
            kind: 'image',
            image: red,
            x: 72,
            y: 72,
            width: 160,
            height: 80,
            tag: { kind: 'content', slot: 1 },
          },
        ],
      },
    ];
    const fig = node('Figure', [slotChild(1)], { alt: 'A turned picture' });
    const { objects } = inspect(
      writeValid(doc([page(items)], node('Document', [fig])), { deterministic: true }).bytes,
    );
    // Turned, it covers x 112..192 and y 32..192 (top-down); the BBox is in PDF space (y up).
    expect(objects).toMatch(/\/BBox \[112 650 192 810\]/);
  });

  it('keeps nested transform, clip and opacity groups within 28 levels of q', () => {
    let inner: DisplayItem = {
      kind: 'image',
      image: red,
      x: 10,
      y: 10,
      width: 20,
      height: 20,
      tag: { kind: 'content', slot: 1 },
    };
    for (let i = 0; i < 40; i++) {
      inner = {
        kind: 'group',
        ...(i % 3 === 0 ? { transform: [1, 0, 0, 1, 1, 1] as const } : {}),
        ...(i % 3 === 1
          ? { clip: [{ op: 'rect' as const, x: 0, y: 0, width: 500, height: 500 }] }
          : {}),
        ...(i % 3 === 2 ? { opacity: 0.99 } : {}),
        items: [inner],
      };
    }
    const fig = node('Figure', [slotChild(1)], { alt: 'Deep' });
    const r = writeValid(doc([page([inner])], node('Document', [fig])), { deterministic: true });
    const { text } = inspect(r.bytes);
    expect(maxQDepth(text)).toBeLessThanOrEqual(28);
  });
});
