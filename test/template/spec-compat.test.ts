/**
 * What the API specification allows and clients of the reference service send: accepted as
 * written (page size without a format, POSIX locales with a charset, decimal sizes, relationship
 * names in any case, data overrides wrapped in the block's field name), and what is still
 * refused names its field.
 */
import { describe, expect, it } from 'vitest';
import { decodeAttachments } from '../../src/document/index.js';
import { InputError } from '../../src/diagnostics.js';
import { render } from '../../src/render.js';
import { isKnownFamily, layoutTemplate, validateTemplate } from '../../src/template/index.js';
import { validate } from '../../src/validate/index.js';
import { readPdf } from '../engine/helpers.js';
import { glyphRuns, testOptions } from '../layout/harness.js';

const MM = 72 / 25.4;

const problemsOf = (template: unknown, data?: unknown) => {
  try {
    validateTemplate(template, data, isKnownFamily);
    return [];
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    return (e as InputError).problems;
  }
};

describe('what the specification allows', () => {
  it('takes a page size with only an orientation, and POSIX locales with a charset', async () => {
    const { document } = await layoutTemplate(
      {
        version: 2,
        config: { page: { size: { orientation: 'landscape' }, locale: 'de_CH.UTF-8' } },
        rows: [{ blocks: [{ type: 'text', text: 'Quer' }] }],
      },
      undefined,
      testOptions,
    );
    expect(document.pages[0].width).toBeCloseTo(297 * MM, 0);
    expect(document.metadata.lang).toBe('de-CH');
  });

  it('takes decimal sizes and margins, and negative block spacing', async () => {
    const { document } = await layoutTemplate(
      {
        version: 2,
        config: {
          page: { margins: { left: 12.5 } },
          typography: { size: 10.5 },
        },
        rows: [
          { blocks: [{ type: 'text', text: 'First' }] },
          { blocks: [{ type: 'text', text: 'Pulled up', config: { spacing: { top: -2 } } }] },
        ],
      },
      undefined,
      testOptions,
    );
    const runs = glyphRuns(document.pages[0].items);
    expect(runs[0].size).toBe(10.5);
    expect(runs[0].x).toBeCloseTo(12.5 * MM, 1);
    // Rows are 4 mm apart; the second one starts 2 mm earlier than that.
    const gap = runs[1].y - runs[0].y;
    expect(gap).toBeCloseTo(10.5 * 1.35 + 2 * MM, 0);
  });

  it('reads relationship names in any case and writes the PDF name', async () => {
    const [a] = decodeAttachments([{ name: 'x.xml', content: 'PHg+', relationship: 'data' }]);
    expect(a.relationship).toBe('Data');
    const result = await render({
      kind: 'template',
      template: {
        version: 2,
        attachments: [{ name: 'src.json', content: 'e30=', relationship: 'SOURCE' }],
        rows: [],
      },
    });
    expect(validate(result.pdf).failures ?? []).toEqual([]);
    expect(() =>
      decodeAttachments([{ name: 'x', content: 'e30=', relationship: 'Related' }]),
    ).toThrow(InputError);
  });

  it('takes data overrides wrapped in the field name of the block', async () => {
    const template = {
      version: 2,
      config: { title: 'Overrides' },
      rows: [
        {
          blocks: [
            { type: 'table', id: 't', columns: [{ key: 'a', label: 'A' }] },
            { type: 'key-value', id: 'kv', fields: [{ key: 'k', label: 'K' }] },
            { type: 'list', id: 'l', items: ['old'] },
          ],
        },
      ],
    };
    const data = {
      t: { rows: [{ a: 'row one' }] },
      kv: { values: { k: 'value one' } },
      l: { items: ['item one', 'item two'] },
    };
    const { pdf } = await render({ kind: 'template', template, data });
    const text = (await readPdf(pdf)).pages[0].text.replace(/\s+/g, '');
    for (const s of ['rowone', 'valueone', 'itemone', 'itemtwo']) expect(text).toContain(s);
    expect(text).not.toContain('old');
    // The bare forms keep working.
    expect(problemsOf(template, { t: [{ a: 1 }], kv: { k: 2 }, l: ['x'] })).toEqual([]);
    expect(problemsOf(template, { l: { items: [1] }, t: { rows: [{ b: 1 }] } })).toEqual([
      { pointer: '/data/l/items', message: 'must be an array of strings' },
      { pointer: '/data/t/rows/0/b', message: 'is not a column of this table (a)' },
    ]);
  });

  it('refuses a colour the style engine would ignore, naming the field', () => {
    const template = (color: string) => ({
      version: 2,
      config: { typography: { color } },
      rows: [{ blocks: [{ type: 'divider', lineColor: color }] }],
    });
    expect(problemsOf(template('rgb(17 24 39 / 50%)'))).toEqual([]);
    expect(problemsOf(template('navy'))).toEqual([]);
    expect(problemsOf(template('#12345')).map((p) => p.pointer)).toEqual([
      '/template/config/typography/color',
      '/template/rows/0/blocks/0/lineColor',
    ]);
    expect(problemsOf(template('red; background: url(x)'))).toHaveLength(2);
  });
});
