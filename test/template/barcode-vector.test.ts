/**
 * A template invoice with a QR code, rendered with sharp unavailable: its barcode is drawn as
 * paths from an SVG decoded without pixels, so the render never loads sharp (libvips) at all.
 */
import { describe, expect, it, vi } from 'vitest';
import type { DisplayItem } from '../../src/document/index.js';

const sharpLoads = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../src/images/sharp.js', () => ({
  loadSharp: () => {
    sharpLoads.count++;
    return Promise.reject(new Error('sharp is not available in this test'));
  },
}));

const { render } = await import('../../src/render.js');
const { layoutTemplate } = await import('../../src/template/index.js');
const { testOptions } = await import('../layout/harness.js');
const { createResourceLoader } = await import('../../src/resources/index.js');

const invoice = (n: number) => ({
  version: 2,
  config: { title: `Invoice INV-${n}` },
  rows: [
    { blocks: [{ type: 'heading', text: `Invoice INV-${n}`, level: 1 }] },
    { blocks: [{ type: 'text', text: 'Please pay within 30 days.' }] },
    {
      blocks: [
        {
          type: 'barcode',
          symbology: 'qr',
          content: `INV-${n};GBP;${n}.00`,
          alt: 'QR code with the invoice number',
        },
      ],
    },
  ],
});

describe('template barcodes without a raster', () => {
  it('lays out and writes a QR code invoice without loading sharp', async () => {
    for (const n of [1001, 1002]) {
      const { document: doc, warnings } = await layoutTemplate(invoice(n), undefined, {
        ...testOptions,
        loader: createResourceLoader({ allowPrivateNetwork: false }),
        strict: true,
      });
      expect(warnings.map((w) => w.code)).not.toContain('resource.image-failed');
      const kinds = new Set<string>();
      const walk = (items: readonly DisplayItem[]): void => {
        for (const i of items) {
          kinds.add(i.kind);
          if (i.kind === 'group') walk(i.items);
        }
      };
      for (const p of doc.pages) walk(p.items);
      expect(kinds.has('path')).toBe(true);
      expect(kinds.has('image')).toBe(false);
    }
    const result = await render({ kind: 'template', template: invoice(1003) }, { strict: true });
    expect(result.pages).toBe(1);
    expect(sharpLoads.count).toBe(0);
  });
});
