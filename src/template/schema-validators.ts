/**
 * The template's JSON Schema validators: compiled by ajv when a process validates its first
 * template, or taken ready-made from the build.
 *
 * ajv turns the template schema into JavaScript and compiles it with `new Function`: measured
 * in a service worker's warm-up, about a third of the thread's start-up work, and none of it
 * can come from V8's code cache. `npm run build` writes ajv's standalone code of both
 * validators to dist/template-validators.cjs (scripts/template-validators.mjs) with a key
 * naming the schema and ajv's options; a process takes them when the key matches its own
 * schema, and compiles as before when it does not (a schema changed since the build) or when
 * there is no file (running from sources).
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type { Options, ValidateFunction } from 'ajv/dist/2020.js';
import { templateSchema } from './schema.js';

/**
 * ajv itself, loaded only where validators are compiled (the build, or a schema changed since
 * it): a process that takes the build's validators never loads its 190 KB of code. A require of
 * our own, which the bundler leaves to run when called.
 */
const load = createRequire(import.meta.url);
const ajv2020 = () => load('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js');
const standalone = () =>
  load('ajv/dist/standalone/index.js') as typeof import('ajv/dist/standalone/index.js');

export interface TemplateValidators {
  readonly template: ValidateFunction;
  /** A barcode block's content, for contents given as data overrides. */
  readonly barcodeContent: ValidateFunction;
}

/** ajv's options for both validators; the build's code must be made with the same. */
export const TEMPLATE_AJV_OPTIONS: Options = { allErrors: true, strict: false, useDefaults: false };

/** The schema id the barcode-content validator is compiled under. */
export const BARCODE_CONTENT_ID = 'a11ypdf:template-barcode-content';

/** The schema of the barcode-content validator: a reference into the template schema. */
export const barcodeContentSchema = {
  $id: BARCODE_CONTENT_ID,
  $ref: `${templateSchema.$id}#/$defs/BarcodeContent`,
} as const;

/** Names the schema and options the validators were made from. */
export function templateValidatorsKey(): string {
  return createHash('sha256')
    .update(JSON.stringify([templateSchema, barcodeContentSchema, TEMPLATE_AJV_OPTIONS]))
    .digest('base64url');
}

/** The validators compiled in this process. */
export function compileTemplateValidators(): TemplateValidators {
  const ajv = new (ajv2020().Ajv2020)(TEMPLATE_AJV_OPTIONS);
  const template = ajv.compile(templateSchema);
  const barcodeContent = ajv.compile(barcodeContentSchema);
  return { template, barcodeContent };
}

/** Module text of both validators as ajv's standalone code, with their key (the build's). */
export function templateValidatorsModule(): string {
  const ajv = new (ajv2020().Ajv2020)({ ...TEMPLATE_AJV_OPTIONS, code: { source: true } });
  ajv.addSchema(templateSchema);
  ajv.addSchema(barcodeContentSchema);
  const code = standalone().default(ajv, {
    template: templateSchema.$id,
    barcodeContent: BARCODE_CONTENT_ID,
  });
  return [
    '// Made by scripts/template-validators.mjs during `npm run build` (ajv standalone code of',
    "// the template schema's validators); see src/template/schema-validators.ts.",
    code,
    `exports.key = ${JSON.stringify(templateValidatorsKey())};`,
    '',
  ].join('\n');
}

interface PrecompiledModule {
  readonly key?: unknown;
  readonly template?: unknown;
  readonly barcodeContent?: unknown;
}

/**
 * The build's validators beside dist/ (`../template-validators.cjs` from dist/template and
 * dist/bundle), or undefined when there is no file or it was made from another schema. A file
 * that is there but does not load is a broken build, which the caller hears.
 */
export function precompiledTemplateValidators(fromUrl: string): TemplateValidators | undefined {
  const require = createRequire(fromUrl);
  let file: string;
  try {
    file = require.resolve('../template-validators.cjs');
  } catch {
    return undefined;
  }
  const mod = require(file) as PrecompiledModule;
  if (
    mod.key !== templateValidatorsKey() ||
    typeof mod.template !== 'function' ||
    typeof mod.barcodeContent !== 'function'
  )
    return undefined;
  return {
    template: mod.template as ValidateFunction,
    barcodeContent: mod.barcodeContent as ValidateFunction,
  };
}
