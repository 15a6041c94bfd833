/**
 * The template schema's validators as the build ships them (ajv standalone code in
 * dist/template-validators.cjs) must answer exactly as the validators ajv compiles at run time,
 * and a file made from another schema, or none, must leave the process compiling its own.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  compileTemplateValidators,
  precompiledTemplateValidators,
  templateValidatorsModule,
} from '../../src/template/schema-validators.js';

// Inside the checkout, so the standalone code's require() of ajv's runtime resolves.
const cache = join(import.meta.dirname, '..', '..', 'node_modules', '.cache');
mkdirSync(cache, { recursive: true });
const work = mkdtempSync(join(cache, 'a11ypdf-template-validators-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A folder laid out like dist/: the module at its root, the caller one level below. */
function distWith(name: string, text: string | undefined): string {
  const root = join(work, name);
  mkdirSync(join(root, 'template'), { recursive: true });
  if (text !== undefined) writeFileSync(join(root, 'template-validators.cjs'), text);
  return pathToFileURL(join(root, 'template', 'validate.js')).href;
}

const TEMPLATES: unknown[] = [
  { version: 2 },
  { version: 3 },
  { version: 2, rows: [{ blocks: [{ type: 'heading', text: 'Title', level: 1 }] }] },
  { version: 2, rows: [{ blocks: [{ type: 'heading', text: 'Title', level: 9 }] }] },
  { version: 2, rows: [{ blocks: [{ type: 'nonsense' }] }], extra: true },
  {
    version: 2,
    config: { title: 7, page: { size: 'A9000' } },
    rows: [{ blocks: [{ type: 'table', id: 't', columns: [{ key: 1 }] }] }],
  },
  {
    version: 2,
    rows: [{ blocks: [{ type: 'barcode', symbology: 'qr', content: 'X', alt: 'Code' }] }],
  },
];
const CONTENTS: unknown[] = ['text', 42, { kind: 'unknown' }, null];

describe('the build’s template validators', () => {
  const compiled = compileTemplateValidators();
  const shipped = precompiledTemplateValidators(distWith('ok', templateValidatorsModule()));

  it('are taken when they were made from this schema', () => {
    expect(shipped).toBeDefined();
  });

  it.each(TEMPLATES.map((t, i) => [i, t]))('answer as compiled ones (template %i)', (_, t) => {
    expect(shipped!.template(t)).toBe(compiled.template(t));
    expect(shipped!.template.errors ?? null).toEqual(compiled.template.errors ?? null);
  });

  it('answer as compiled ones for barcode contents', () => {
    for (const c of CONTENTS) {
      expect(shipped!.barcodeContent(c), JSON.stringify(c)).toBe(compiled.barcodeContent(c));
      expect(shipped!.barcodeContent.errors ?? null).toEqual(
        compiled.barcodeContent.errors ?? null,
      );
    }
  });

  it('are not taken when made from another schema, and absent leave compiling', () => {
    const stale = templateValidatorsModule().replace(/exports\.key = "[^"]+"/, 'exports.key = "x"');
    expect(precompiledTemplateValidators(distWith('stale', stale))).toBeUndefined();
    expect(precompiledTemplateValidators(distWith('none', undefined))).toBeUndefined();
  });

  it('report a file that is there but does not load', () => {
    expect(() => precompiledTemplateValidators(distWith('broken', 'this is not {'))).toThrow();
  });
});
