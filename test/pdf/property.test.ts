import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type {
  DisplayItem,
  ItemTag,
  PathOp,
  StructChild,
  StructNode,
} from '../../src/document/index.js';
import { writePdf } from '../../src/pdf/index.js';
import { doc, page, settings, shape } from './helpers.js';
import { inspect, maxQDepth, openPdf } from './inspect.js';
import { failuresOf } from './validate-helper.js';

const FONTS = ['LiberationSans-Regular.ttf', 'NotoSans-Regular.ttf', 'Inter-Regular.otf'];
const WORDS = ['alpha', 'Beta', 'γάμμα', 'δ & <ε>', 'office', '"quoted"', 'Ölçü', '12.50'];

/** Random but well-formed documents: P/Span/Div/Figure trees and display lists over their slots. */
const arbDoc = fc
  .record({
    paragraphs: fc.integer({ min: 1, max: 6 }),
    pages: fc.integer({ min: 1, max: 3 }),
    seed: fc.array(fc.nat(1000), { minLength: 40, maxLength: 40 }),
    nest: fc.integer({ min: 0, max: 40 }),
    opacity: fc.double({ min: 0, max: 1, noNaN: true }),
    title: fc.string({ maxLength: 30 }),
  })
  .map(({ paragraphs, pages, seed, nest, opacity, title }) => {
    let s = 0;
    const r = (n: number): number => (seed[s++ % seed.length] as number) % n;
    const kids: StructChild[] = [];
    const items: DisplayItem[][] = Array.from({ length: pages }, () => []);
    let id = 1;
    for (let i = 0; i < paragraphs; i++) {
      const slot = i + 1;
      const pageIndex = r(pages);
      const y = 80 + i * 40;
      const text = `${WORDS[r(WORDS.length)]} ${WORDS[r(WORDS.length)]}`;
      const tag: ItemTag = { kind: 'content', slot };
      const kind = r(3);
      if (kind === 2) {
        kids.push({
          kind: 'node',
          id: id++,
          type: 'Figure',
          alt: text,
          children: [{ kind: 'content', slot }],
        });
        const ops: PathOp[] = [{ op: 'rect', x: 72, y, width: 50 + r(100), height: 20 }];
        items[pageIndex]?.push({
          kind: 'path',
          ops,
          fill: { r: r(10) / 10, g: 0.5, b: 0.2, a: 1 },
          tag,
        });
      } else {
        const span: StructNode = {
          kind: 'node',
          id: id++,
          type: 'Span',
          children: [{ kind: 'content', slot }],
        };
        kids.push({ kind: 'node', id: id++, type: kind === 0 ? 'P' : 'Div', children: [span] });
        let item: DisplayItem = shape(
          FONTS[r(FONTS.length)] as string,
          text,
          72,
          y,
          10 + r(8),
          tag,
        );
        for (let d = 0; d < nest; d++) {
          item = {
            kind: 'group',
            clip: [{ op: 'rect', x: 0, y: 0, width: 595, height: 842 }],
            opacity: d === 0 ? opacity : undefined,
            items: [item],
          };
        }
        items[pageIndex]?.push(item);
      }
      items[pageIndex]?.push({
        kind: 'path',
        ops: [{ op: 'rect', x: 60, y: y - 15, width: 300, height: 25 }],
        stroke: { paint: { r: 0, g: 0, b: 0, a: opacity }, width: 0.5 },
        tag: { kind: 'artifact', type: 'Layout' },
      });
    }
    const root: StructNode = { kind: 'node', id: 0, type: 'Document', children: kids };
    return doc(
      items.map((p) => page(p)),
      root,
      { title },
    );
  });

describe('random documents', () => {
  it('always give a file that pdf.js opens, within q/Q limits and with no validator failures', async () => {
    await fc.assert(
      fc.asyncProperty(arbDoc, async (d) => {
        const r = writePdf(d, settings(), { deterministic: true });
        expect(maxQDepth(inspect(r.bytes).text)).toBeLessThanOrEqual(28);
        expect(failuresOf(r.bytes)).toEqual([]);
        const pdf = await openPdf(r.bytes);
        expect(pdf.numPages).toBe(d.pages.length);
        await pdf.destroy();
      }),
      { numRuns: 8 },
    );
  });
});
