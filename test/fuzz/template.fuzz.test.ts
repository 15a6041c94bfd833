/**
 * Templates against hostile JSON: random values where a template belongs, valid templates with
 * one field replaced by a value of the wrong type, random well-formed templates, a 100,000-row
 * table, and attachment content that is not base64. A template either renders or is refused
 * with an InputError/LimitError that names the field.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { InputError } from '../../src/diagnostics.js';
import { render } from '../../src/render.js';
import { FUZZ_SCALE, FUZZ_SEED, FuzzRunner, runs, type Result } from './support/runner.js';
import type { CaseInput } from './support/targets.js';

const runner = new FuzzRunner('template');
afterAll(() => runner.close());

const invoice = {
  version: 2,
  config: {
    title: 'Invoice',
    page: { size: { format: 'A4', orientation: 'portrait' }, locale: 'de_DE' },
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
          rows: [{ item: 'Pen', price: 2.5 }],
        },
        {
          type: 'key-value',
          id: 'buyer',
          fields: [{ key: 'name', label: 'Name' }],
          values: { name: 'ACME' },
        },
      ],
    },
    { blocks: [{ type: 'text', text: 'Thank you.' }] },
  ],
};

function template(t: unknown, data?: unknown, options = {}): CaseInput {
  return {
    target: 'render',
    input: { kind: 'template', template: t, ...(data !== undefined ? { data } : {}) },
    options,
  };
}

/** Every JSON pointer in a value, so a property test can pick one to break. */
function pointers(v: unknown, at = ''): string[] {
  if (v === null || typeof v !== 'object') return [at];
  const keys = Array.isArray(v) ? v.map((_, i) => String(i)) : Object.keys(v);
  return [at, ...keys.flatMap((k) => pointers((v as Record<string, unknown>)[k], `${at}/${k}`))];
}

function replaceAt(v: unknown, pointer: string, value: unknown): unknown {
  if (pointer === '') return value;
  const copy = structuredClone(v) as Record<string, unknown>;
  const parts = pointer.slice(1).split('/');
  let node = copy;
  for (const p of parts.slice(0, -1)) node = node[p] as Record<string, unknown>;
  node[parts[parts.length - 1]] = value;
  return copy;
}

const typedOrOk = (r: Result) => r.status === 'ok' || r.status === 'typed';

describe('template fuzzing', () => {
  it('the base template renders (the mutants start from a valid one)', async () => {
    expect((await runner.exec(template(invoice))).status).toBe('ok');
  });

  it('random JSON where the template belongs', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 4 }), async (t) => {
        const r = await runner.check(
          'template: random JSON',
          JSON.stringify(t).slice(0, 120),
          template(t),
        );
        expect(typedOrOk(r) || runner.findings.length > 0).toBe(true);
      }),
      { seed: FUZZ_SEED, numRuns: runs(20), endOnFailure: true },
    );
    expect(runner.unexpected()).toEqual([]);
  });

  it('a valid template with one field of the wrong type', async () => {
    const paths = pointers(invoice);
    const wrong = fc.oneof(
      fc.constantFrom(
        null,
        true,
        -1,
        0,
        1e308,
        Number.MAX_SAFE_INTEGER,
        '',
        'x'.repeat(10_000),
        [],
        {},
        [[[[]]]],
        { type: 'table' },
        '\ud800',
        '<script>',
      ),
      fc.jsonValue({ maxDepth: 3 }),
    );
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: paths.length - 1 }), wrong, async (i, value) => {
        const r = await runner.check(
          'template: wrong type',
          `${paths[i]} = ${JSON.stringify(value)?.slice(0, 80)}`,
          template(replaceAt(invoice, paths[i], value)),
        );
        if (r.status === 'typed') expect(r.name).toMatch(/InputError|LimitError|ResourceError/);
      }),
      { seed: FUZZ_SEED, numRuns: runs(40), endOnFailure: true },
    );
    expect(runner.unexpected()).toEqual([]);
  });

  it('random well-formed templates and data overrides', async () => {
    const text = fc.string({ maxLength: 60 });
    const block = fc.oneof(
      fc.record({ type: fc.constant('heading'), text, level: fc.integer({ min: 1, max: 6 }) }),
      fc.record({ type: fc.constant('text'), text }),
      fc.record({
        type: fc.constant('table'),
        columns: fc.tuple(text, text, text).map(([a, b, c]) => [
          { key: 'a', label: a },
          { key: 'b', label: b, align: 'right' },
          { key: 'c', label: c },
        ]),
        rows: fc.array(
          fc.dictionary(
            fc.constantFrom('a', 'b', 'c'),
            fc.oneof(text, fc.double(), fc.boolean(), fc.constant(null)),
          ),
          { maxLength: 30 },
        ),
        style: fc.constantFrom('striped', 'bordered', 'minimal'),
        numberRows: fc.boolean(),
      }),
      fc.record({
        type: fc.constant('key-value'),
        fields: fc.tuple(text, text).map(([k, l]) => [
          { key: 'k', label: k },
          { key: 'l', label: l },
        ]),
        values: fc.dictionary(fc.constantFrom('k', 'l'), fc.oneof(text, fc.integer())),
      }),
    );
    const tpl = fc.record({
      version: fc.constant(2),
      config: fc.record({
        title: text,
        page: fc.record({
          locale: fc.constantFrom('en_US', 'de_DE', 'ar_EG', 'he_IL', 'zz_ZZ', 'ja'),
        }),
      }),
      // One table with the id 't' first (ids must be unique), then random blocks.
      rows: fc
        .array(fc.record({ blocks: fc.array(block, { maxLength: 4 }) }), { maxLength: 6 })
        .map((rows) => [
          {
            blocks: [
              {
                type: 'table',
                id: 't',
                columns: ['a', 'b', 'c'].map((key) => ({ key, label: key })),
              },
            ],
          },
          ...rows,
        ]),
    });
    await fc.assert(
      fc.asyncProperty(
        tpl,
        fc.option(
          fc
            .array(fc.dictionary(fc.constantFrom('a', 'b', 'c'), fc.oneof(text, fc.double())))
            .map((rows) => ({ t: rows })),
        ),
        async (t, data) => {
          const r = await runner.check(
            'template: random valid shape',
            JSON.stringify(t).slice(0, 120),
            template(t, data ?? undefined),
          );
          if (process.env.FUZZ_VERBOSE && r.status === 'typed') console.log(r.detail);
        },
      ),
      { seed: FUZZ_SEED, numRuns: runs(20), endOnFailure: true },
    );
    expect(runner.unexpected()).toEqual([]);
  });

  it('a table of 100,001 rows is refused at once; 100,000 rows end with a result or a limit', async () => {
    const rows = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ item: `item ${i}`, price: i }));
    const over = await runner.check(
      'template: 100,000-row table',
      '100,001 rows as data',
      template(invoice, { lines: rows(100_001) }),
    );
    expect(over.status === 'typed' && over.detail).toMatch(/\/data\/lines.*limit is 10000\b/);
    const inTemplate = replaceAt(invoice, '/rows/1/blocks/0/rows', rows(100_001));
    const over2 = await runner.check(
      'template: 100,000-row table',
      '100,001 rows in the template',
      template(inTemplate),
    );
    expect(over2.status === 'typed' && over2.detail).toMatch(
      /\/template\/rows\/1\/blocks\/0\/rows.*limit is 10000\b/,
    );
    // At the limit the table is laid out (about 3,000 pages, a minute or more here): only in
    // longer local runs (FUZZ_RUNS > 1), where it must still end with a PDF or a typed error.
    if (FUZZ_SCALE > 1) {
      const at = await runner.check(
        'template: 100,000-row table',
        '100,000 rows (at the row limit)',
        template(invoice, { lines: rows(100_000) }),
        300_000,
      );
      expect(typedOrOk(at)).toBe(true);
    }
    expect(runner.unexpected()).toEqual([]);
  }, 300_000);

  it('attachment content that is not base64', async () => {
    const contents = [
      '!!!!',
      'QUJD=',
      'QQ===',
      '====',
      'QUJDRA==QUJD',
      '\u0000',
      'Zm9v\u00e9',
      'data:text/plain;base64,Zm9v',
      ' '.repeat(20_000) + '!',
      'A'.repeat(100_001),
      '\ud800\udc00',
    ];
    for (const content of contents) {
      const label = JSON.stringify(
        content.length > 40 ? `${content.slice(0, 20)}… (${content.length} chars)` : content,
      );
      await runner.check('attachments: not base64', `render option ${label}`, {
        target: 'render',
        input: { kind: 'html', html: '<html lang="en"><title>a</title><p>x</p></html>' },
        options: { attachments: [{ name: 'a.txt', content }] },
      });
      await runner.check(
        'attachments: not base64',
        `template ${label}`,
        template({ ...invoice, attachments: [{ name: 'a.txt', content }] }),
      );
    }
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: 'binary', maxLength: 64 }),
        fc.string({ maxLength: 20 }),
        async (content, name) => {
          await runner.check('attachments: not base64', 'random content', {
            target: 'render',
            input: { kind: 'html', html: '<html lang="en"><title>a</title><p>x</p></html>' },
            options: { attachments: [{ name, content }] },
          });
        },
      ),
      { seed: FUZZ_SEED, numRuns: runs(15), endOnFailure: true },
    );
    expect(runner.unexpected()).toEqual([]);
  }, 300_000);
});

describe('nested data', () => {
  it('data and templates nested thousands of levels deep are refused naming the field', async () => {
    // Built as JSON text and parsed in place: the structured clone to the fuzz worker would
    // overflow on it first, which is the bug this guards.
    for (const depth of [65, 5_000, 50_000]) {
      for (const [open, close] of [
        ['{"a":', '}'],
        ['[', ']'],
      ]) {
        const data = JSON.parse(
          `{"title":${open.repeat(depth)}1${close.repeat(depth)}}`,
        ) as unknown;
        let err: unknown;
        try {
          await render({ kind: 'template', template: invoice, data });
        } catch (e) {
          err = e;
        }
        expect(err, `${open} x${depth}`).toBeInstanceOf(InputError);
        expect((err as InputError).problems[0].pointer).toMatch(/^\/data\/title\//);
        const deepTemplate = JSON.parse(
          `{"version":2,"rows":[],"x":${open.repeat(depth)}1${close.repeat(depth)}}`,
        ) as unknown;
        await expect(render({ kind: 'template', template: deepTemplate })).rejects.toThrow(
          /nested more than 64 levels/,
        );
      }
    }
  });
});
