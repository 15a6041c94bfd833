import { describe, expect, it } from 'vitest';
import { InputError, LimitError } from '../../src/diagnostics.js';
import type { StructNode } from '../../src/document/index.js';
import { MAX_STRUCTURE_DEPTH, writePdf } from '../../src/pdf/index.js';
import { content, doc, node, page, settings, shape, slotChild } from './helpers.js';
import { inspect } from './inspect.js';
import { writeValid } from './validate-helper.js';

const F = 'LiberationSans-Regular.ttf';

describe('pre-write check', () => {
  it('warns about a missing title and uses the first heading instead', () => {
    const h = node('H1', [slotChild(1)]);
    const r = writeValid(
      doc([page([shape(F, 'Annual report', 72, 100, 20, content(1))])], node('Document', [h]), {
        title: '  ',
      }),
    );
    const w = r.warnings.find((x) => x.code === 'pdf.missing-title');
    expect(w?.message).toContain('Annual report');
    expect(inspect(r.bytes).objects).toContain('/Title (Annual report)');
  });

  it('names the node of a Figure without Alt and of skipped heading levels', () => {
    const fig = node('Figure', [slotChild(3)]);
    const h1 = node('H1', [slotChild(1)]);
    const h3 = node('H3', [slotChild(2)]);
    const items = [
      shape(F, 'Top', 72, 100, 20, content(1)),
      shape(F, 'Deep', 72, 140, 14, content(2)),
      {
        kind: 'path' as const,
        ops: [{ op: 'rect' as const, x: 72, y: 160, width: 50, height: 50 }],
        fill: { r: 0, g: 0, b: 0, a: 1 },
        tag: content(3),
      },
    ];
    const r = writePdf(doc([page(items)], node('Document', [h1, h3, fig])), settings());
    const byCode = new Map(r.warnings.map((w) => [w.code, w]));
    expect(byCode.get('pdf.figure-without-alt')?.source).toBe(`structure node ${fig.id} (Figure)`);
    expect(byCode.get('pdf.heading-level-skipped')?.source).toBe(`structure node ${h3.id} (H3)`);
  });

  it('warns when a content slot has no structure node and writes that content as an artifact', () => {
    const r = writeValid(
      doc(
        [
          page([
            shape(F, 'Known', 72, 100, 12, content(1)),
            shape(F, 'Orphan', 72, 120, 12, content(42)),
          ]),
        ],
        node('Document', [node('P', [slotChild(1)])]),
      ),
    );
    expect(r.warnings.map((w) => w.code)).toContain('pdf.unknown-slot');
  });

  it('rejects a document without pages', () => {
    expect(() => writePdf(doc([], node('Document', [])), settings())).toThrow(InputError);
  });
});

describe('bad input', () => {
  it('leaves out text in a font that cannot be read, with a warning, and still writes a valid file', () => {
    const good = shape(F, 'Readable', 72, 100, 12, content(1));
    const broken = {
      ...shape(F, 'Broken', 72, 120, 12, content(1)),
      font: { id: 'broken', postscriptName: 'Broken', program: new Uint8Array([1, 2, 3, 4]) },
    };
    const r = writeValid(
      doc([page([good, broken])], node('Document', [node('P', [slotChild(1)])])),
    );
    expect(r.warnings.map((w) => w.code)).toContain('pdf.font-invalid');
    expect(inspect(r.bytes).objects).not.toContain('Broken');
  });

  it('writes NaN and infinite coordinates as numbers a reader accepts', () => {
    const items = [
      {
        kind: 'path' as const,
        ops: [{ op: 'rect' as const, x: Number.NaN, y: Infinity, width: 10, height: 10 }],
        fill: { r: 0, g: 0, b: 0, a: 1 },
        tag: { kind: 'artifact' as const, type: 'Layout' as const },
      },
    ];
    const r = writeValid(
      doc(
        [page([...items, shape(F, 'ok', 72, 100, 12, content(1))])],
        node('Document', [node('P', [slotChild(1)])]),
      ),
    );
    expect(inspect(r.bytes).text).not.toMatch(/NaN|Infinity/);
  });
});

describe('limits', () => {
  it('refuses a structure tree deeper than the limit with a LimitError, not a stack overflow', () => {
    let n: StructNode = node('P', [slotChild(1)]);
    for (let i = 0; i < 5000; i++) n = node('Div', [n]);
    const d = doc([page([shape(F, 'x', 72, 100, 12, content(1))])], node('Document', [n]));
    expect(() => writePdf(d, settings())).toThrow(LimitError);
  });

  it('writes a tree at the limit', () => {
    let n: StructNode = node('P', [slotChild(1)]);
    for (let i = 0; i < MAX_STRUCTURE_DEPTH - 2; i++) n = node('Div', [n]);
    const r = writePdf(
      doc([page([shape(F, 'x', 72, 100, 12, content(1))])], node('Document', [n])),
      settings(),
    );
    expect(inspect(r.bytes).objects.match(/\/Type \/StructElem/g)).toHaveLength(
      MAX_STRUCTURE_DEPTH,
    );
  });
});

describe('warning volume', () => {
  it('reports at most 20 warnings of one kind plus a count of the rest', () => {
    const figures = Array.from({ length: 50 }, (_, i) => node('Figure', [slotChild(i + 1)]));
    const items = figures.map((_, i) => ({
      kind: 'path' as const,
      ops: [{ op: 'rect' as const, x: 10, y: 10 + i * 10, width: 5, height: 5 }],
      fill: { r: 0, g: 0, b: 0, a: 1 },
      tag: content(i + 1),
    }));
    const r = writePdf(doc([page(items)], node('Document', figures)), settings());
    const alt = r.warnings.filter((w) => w.code === 'pdf.figure-without-alt');
    expect(alt).toHaveLength(21);
    expect(alt[20]?.message).toBe('30 more warnings of this kind were left out');
  });
});
