import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/diagnostics.js';
import { validateTemplate } from '../../src/template/validate.js';
import { nestingProblem } from '../../src/template/nesting.js';

const bundled = (f: string) =>
  ['liberation sans', 'noto sans', 'sans-serif', 'serif'].includes(f.toLowerCase());

function problemsOf(template: unknown, data?: unknown): { pointer: string; message: string }[] {
  try {
    validateTemplate(template, data, bundled);
  } catch (err) {
    expect(err).toBeInstanceOf(InputError);
    return [...(err as InputError).problems];
  }
  return [];
}

const invoice = {
  version: 2,
  config: {
    title: 'Invoice',
    page: {
      size: { format: 'A4', orientation: 'portrait' },
      locale: 'de_DE',
      margins: { top: 20, bottom: 20 },
    },
  },
  rows: [
    { blocks: [{ type: 'heading', id: 'title', text: 'Invoice', level: 1 }] },
    {
      blocks: [
        {
          type: 'table',
          id: 'lines',
          columns: [
            { key: 'item', label: 'Item' },
            { key: 'price', label: 'Price', align: 'right' },
          ],
        },
        { type: 'key-value', id: 'buyer', fields: [{ key: 'name', label: 'Name' }] },
      ],
    },
  ],
};

describe('template validation', () => {
  it('accepts a valid template with data overrides', () => {
    const ok = validateTemplate(
      invoice,
      {
        lines: [{ item: 'Pen', price: 2.5 }],
        title: { text: 'Rechnung' },
        buyer: { name: 'ACME' },
      },
      bundled,
    );
    expect(ok.data.get('lines')).toEqual([{ item: 'Pen', price: 2.5 }]);
    expect(ok.data.get('title')).toEqual({ text: 'Rechnung' });
  });

  it('requires version 2', () => {
    expect(problemsOf({ ...invoice, version: 1 })).toContainEqual({
      pointer: '/template/version',
      message: 'must be 2',
    });
    expect(problemsOf({ rows: [] })).toContainEqual({
      pointer: '/template/version',
      message: 'is required',
    });
  });

  it('reports every schema problem with its pointer', () => {
    const bad = {
      version: 2,
      config: { page: { size: { format: 'B5' } }, typography: { size: 0, weight: '450' } },
      rows: [
        { blocks: [{ type: 'heading', text: 'x', level: 9 }, { type: 'text' }, { type: 'nope' }] },
      ],
    };
    const pointers = problemsOf(bad).map((p) => p.pointer);
    expect(pointers).toEqual(
      expect.arrayContaining([
        '/template/config/typography/size',
        '/template/config/typography/weight',
        '/template/rows/0/blocks/0/level',
        '/template/rows/0/blocks/1/text',
        '/template/rows/0/blocks/2/type',
      ]),
    );
  });

  it('checks block widths against the CSS length grammar', () => {
    const t = {
      version: 2,
      rows: [
        {
          blocks: [
            { type: 'text', text: 'a', config: { width: '50furlongs' } },
            { type: 'text', text: 'b', config: { width: '33.5%' } },
          ],
        },
      ],
    };
    const problems = problemsOf(t);
    expect(problems.map((p) => p.pointer)).toEqual(['/template/rows/0/blocks/0/config/width']);
  });

  it('reports all data override problems at once', () => {
    const problems = problemsOf(invoice, {
      missing: { text: 'x' },
      lines: { not: 'an array' },
      title: { text: 5 },
      buyer: { unknown: 'x' },
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        { pointer: '/data/missing', message: "no block has the id 'missing'" },
        { pointer: '/data/lines', message: 'must be an array of row objects for a table block' },
        { pointer: '/data/title/text', message: 'must be a string' },
        expect.objectContaining({ pointer: '/data/buyer/unknown' }),
      ]),
    );
    expect(problems).toHaveLength(4);
  });

  it('reports table rows with keys that are not columns', () => {
    const problems = problemsOf(invoice, {
      lines: [{ item: 'a', price: 1 }, { item: 'b', colour: 'red' }, 'x'],
    });
    expect(problems).toEqual([
      expect.objectContaining({ pointer: '/data/lines/1/colour' }),
      { pointer: '/data/lines/2', message: 'must be an object keyed by column key' },
    ]);
  });

  it('finds duplicate ids across header, body and footer', () => {
    const t = {
      version: 2,
      config: { page: { header: { rows: [{ blocks: [{ type: 'text', id: 'x', text: 'h' }] }] } } },
      rows: [{ blocks: [{ type: 'text', id: 'x', text: 'b' }] }],
    };
    expect(problemsOf(t)).toEqual([
      expect.objectContaining({ pointer: '/template/rows/0/blocks/0/id' }),
    ]);
  });

  it('accepts declared and bundled font families and refuses unknown ones', () => {
    const t = {
      version: 2,
      fonts: { Brand: { src: 'data:font/ttf;base64,AAAA', weight: '400 700' } },
      config: { typography: { family: 'Brand' } },
      rows: [
        {
          blocks: [
            { type: 'text', text: 'a', config: { typography: { family: 'Noto Sans' } } },
            { type: 'text', text: 'b', config: { typography: { family: 'Comic Sans' } } },
          ],
        },
      ],
    };
    expect(problemsOf(t)).toEqual([
      expect.objectContaining({ pointer: '/template/rows/0/blocks/1/config/typography/family' }),
    ]);
  });

  it('enforces the table row limit', () => {
    expect(() =>
      validateTemplate(
        invoice,
        { lines: Array.from({ length: 11 }, () => ({ item: 'x' })) },
        bundled,
        { maxRows: 100, maxBlocks: 100, maxTableRows: 10 },
      ),
    ).toThrow(InputError);
  });

  it('rejects data that is not an object', () => {
    expect(problemsOf(invoice, [1, 2])).toEqual([
      { pointer: '/data', message: 'must be an object keyed by block id' },
    ]);
  });
});

describe('nesting of template requests', () => {
  it('names the field that holds data nested too deeply', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 5000; i++) deep = [deep];
    const problems = problemsOf(invoice, { total: deep });
    expect(problems).toHaveLength(1);
    expect(problems[0].pointer).toBe(`/data/total${'/0'.repeat(63)}`);
    expect(problems[0].message).toMatch(/nested more than 64 levels deep/);
  });

  it('leaves ordinary nesting alone', () => {
    expect(nestingProblem({ a: { b: [{ c: [1, 2] }] } }, '/data')).toBeNull();
    expect(nestingProblem({ 'x/y': { a: 1 } }, '/data', 1)).toEqual({
      pointer: '/data/x~1y',
      message: 'is nested more than 1 levels deep; the limit is 1',
    });
  });
});
