/**
 * Validation of a template request: the JSON Schema first, then the checks a schema cannot
 * express (duplicate ids, data overrides that match no block or the wrong block type, table
 * rows with unknown keys, unknown font families, limits). Every problem is reported with its
 * JSON pointer, all of them in one InputError.
 */
import type { ErrorObject } from 'ajv/dist/2020.js';
import { InputError, type FieldProblem } from '../diagnostics.js';
import { prepareBarcode, type PreparedBarcode } from './barcode/prepare.js';
import type { BarcodeContent } from './barcode/types.js';
import { isCssColor } from './colors.js';
import { inlineSvgProblem, isInlineSvg } from './inline-svg.js';
import {
  compileTemplateValidators,
  precompiledTemplateValidators,
  type TemplateValidators,
} from './schema-validators.js';
import { assertNesting, escapePointer } from './nesting.js';
import { DEFAULT_TEMPLATE_LIMITS, type TemplateLimits } from './limits.js';
import type { Block, Row, Template } from './types.js';

/** Made on the first template request, so HTML-only processes never pay for them. */
let validators: TemplateValidators | undefined;
function schemaValidators(): TemplateValidators {
  validators ??= precompiledTemplateValidators(import.meta.url) ?? compileTemplateValidators();
  return validators;
}

/**
 * ajv reports a failed if/then or anyOf several times (the branch, the 'if', each alternative);
 * keep the most specific message, one per field.
 */
function schemaProblems(errors: readonly ErrorObject[], base: string): FieldProblem[] {
  const seen = new Set<string>();
  const out: FieldProblem[] = [];
  for (const e of errors) {
    if (e.keyword === 'if' || e.keyword === 'anyOf') continue;
    if (e.keyword === 'type' && (e.params as { type?: string }).type === 'null') continue;
    let pointer = base + e.instancePath;
    let message = e.message ?? 'is invalid';
    if (e.keyword === 'required') {
      pointer +=
        '/' + escapePointer(String((e.params as { missingProperty: string }).missingProperty));
      message = 'is required';
    } else if (e.keyword === 'additionalProperties') {
      pointer +=
        '/' +
        escapePointer(String((e.params as { additionalProperty: string }).additionalProperty));
      message = 'is not an allowed field';
    } else if (e.keyword === 'enum') {
      message = `must be one of ${((e.params as { allowedValues: unknown[] }).allowedValues ?? []).map(String).join(', ')}`;
    } else if (e.keyword === 'const') {
      message = `must be ${JSON.stringify((e.params as { allowedValue: unknown }).allowedValue)}`;
    }
    if (!seen.has(pointer)) {
      seen.add(pointer);
      out.push({ pointer, message });
    }
  }
  return out;
}

export interface BlockRef {
  readonly block: Block;
  /** JSON pointer of the block inside the request. */
  readonly pointer: string;
}

/** Every block of the template (body, header, footer) with its pointer, in document order. */
export function allBlocks(template: Template, base = '/template'): BlockRef[] {
  const out: BlockRef[] = [];
  const walk = (rows: readonly Row[] | undefined, at: string) =>
    rows?.forEach((row, r) =>
      row.blocks.forEach((block, b) => out.push({ block, pointer: `${at}/${r}/blocks/${b}` })),
    );
  walk(template.config?.page?.header?.rows, `${base}/config/page/header/rows`);
  walk(template.rows, `${base}/rows`);
  walk(template.config?.page?.footer?.rows, `${base}/config/page/footer/rows`);
  return out;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The override in the shape checkOverride expects. Besides the bare forms (rows as an array,
 * values keyed by field, list items as an array), the block's own field names are accepted
 * as a wrapper: {rows: [...]}, {values: {...}}, {items: [...]}.
 */
function unwrapOverride(block: Block, value: unknown, at: string): { value: unknown; at: string } {
  const only = (key: string) =>
    isPlainObject(value) && Object.keys(value).length === 1 && key in value;
  if (block.type === 'table' && only('rows') && Array.isArray((value as { rows: unknown }).rows))
    return { value: (value as { rows: unknown }).rows, at: `${at}/rows` };
  if (
    block.type === 'key-value' &&
    only('values') &&
    isPlainObject((value as { values: unknown }).values) &&
    !block.fields.some((f) => f.key === 'values')
  )
    return { value: (value as { values: unknown }).values, at: `${at}/values` };
  if (block.type === 'list' && Array.isArray(value)) return { value: { items: value }, at };
  return { value, at };
}

function checkOverride(
  ref: BlockRef,
  value: unknown,
  at: string,
  limits: TemplateLimits,
  problems: FieldProblem[],
): void {
  const { block } = ref;
  const expectObject = (fields: Record<string, 'string' | 'object' | 'any'>) => {
    if (!isPlainObject(value)) {
      problems.push({ pointer: at, message: `must be an object for a ${block.type} block` });
      return;
    }
    for (const [k, v] of Object.entries(value)) {
      const want = fields[k];
      if (!want)
        problems.push({
          pointer: `${at}/${escapePointer(k)}`,
          message: `is not a field a ${block.type} block takes (${Object.keys(fields).join(', ')})`,
        });
      else if (want === 'string' && typeof v !== 'string')
        problems.push({ pointer: `${at}/${escapePointer(k)}`, message: 'must be a string' });
      else if (want === 'object' && !isPlainObject(v))
        problems.push({ pointer: `${at}/${escapePointer(k)}`, message: 'must be an object' });
    }
  };
  switch (block.type) {
    case 'table': {
      if (!Array.isArray(value)) {
        problems.push({
          pointer: at,
          message: 'must be an array of row objects for a table block',
        });
        return;
      }
      if (value.length > limits.maxTableRows)
        problems.push({
          pointer: at,
          message: `has ${value.length} rows; the limit is ${limits.maxTableRows}`,
        });
      checkTableRows(
        block.columns.map((c) => c.key),
        value,
        at,
        problems,
      );
      return;
    }
    case 'key-value': {
      if (!isPlainObject(value)) {
        problems.push({ pointer: at, message: 'must be an object of values keyed by field key' });
        return;
      }
      const keys = new Set(block.fields.map((f) => f.key));
      for (const [k, v] of Object.entries(value)) {
        if (!keys.has(k))
          problems.push({
            pointer: `${at}/${escapePointer(k)}`,
            message: `is not a field of this block (${[...keys].join(', ')})`,
          });
        else if (v !== null && !['string', 'number', 'boolean'].includes(typeof v))
          problems.push({
            pointer: `${at}/${escapePointer(k)}`,
            message: 'must be a string, number, boolean or null',
          });
      }
      return;
    }
    case 'text':
    case 'heading':
      return expectObject({ text: 'string' });
    case 'image':
      return expectObject({ src: 'string', alt: 'string' });
    case 'html':
      return expectObject({ html: 'string' });
    case 'list': {
      expectObject({ items: 'any' });
      const items = isPlainObject(value) ? value.items : undefined;
      if (
        items !== undefined &&
        !(Array.isArray(items) && items.every((i) => typeof i === 'string'))
      )
        problems.push({ pointer: `${at}/items`, message: 'must be an array of strings' });
      return;
    }
    case 'barcode': {
      expectObject({ content: 'any', alt: 'string' });
      const content = isPlainObject(value) ? value.content : undefined;
      if (content !== undefined) {
        const check = schemaValidators().barcodeContent;
        if (!check(content)) problems.push(...schemaProblems(check.errors ?? [], `${at}/content`));
      }
      return;
    }
    default:
      problems.push({ pointer: at, message: `a ${block.type} block takes no data` });
  }
}

function checkTableRows(
  columns: readonly string[],
  rows: readonly unknown[],
  at: string,
  problems: FieldProblem[],
): void {
  const known = new Set(columns);
  rows.forEach((row, i) => {
    if (!isPlainObject(row)) {
      problems.push({ pointer: `${at}/${i}`, message: 'must be an object keyed by column key' });
      return;
    }
    for (const [k, v] of Object.entries(row)) {
      if (!known.has(k))
        problems.push({
          pointer: `${at}/${i}/${escapePointer(k)}`,
          message: `is not a column of this table (${columns.join(', ')})`,
        });
      else if (v !== null && !['string', 'number', 'boolean'].includes(typeof v))
        problems.push({
          pointer: `${at}/${i}/${escapePointer(k)}`,
          message: 'must be a string, number, boolean or null',
        });
    }
  });
}

export interface ValidatedTemplate {
  readonly template: Template;
  /** Block id -> override value, already checked against the block's type. */
  readonly data: ReadonlyMap<string, unknown>;
  /** Every barcode block with its content checked by its payload's rules and encoded. */
  readonly barcodes: ReadonlyMap<Block, PreparedBarcode>;
}

/** The content a block shows: its data override's field when there is one, else its own. */
function effective(
  ref: BlockRef,
  overrides: ReadonlyMap<string, unknown>,
  field: string,
): { value: unknown; pointer: string } {
  const id = ref.block.id;
  const override =
    id != null ? (overrides.get(id) as Record<string, unknown> | undefined) : undefined;
  if (override && override[field] !== undefined)
    return { value: override[field], pointer: `/data/${escapePointer(id!)}/${field}` };
  return {
    value: (ref.block as unknown as Record<string, unknown>)[field],
    pointer: `${ref.pointer}/${field}`,
  };
}

/** Barcode payloads and inline SVG images: the checks that need the content's own rules. */
function checkContents(
  blocks: readonly BlockRef[],
  overrides: ReadonlyMap<string, unknown>,
  problems: FieldProblem[],
): Map<Block, PreparedBarcode> {
  const barcodes = new Map<Block, PreparedBarcode>();
  for (const ref of blocks) {
    const { block } = ref;
    if (block.type === 'barcode') {
      const { value, pointer } = effective(ref, overrides, 'content');
      const prepared = prepareBarcode(
        block.symbology,
        value as BarcodeContent,
        { symbology: `${ref.pointer}/symbology`, content: pointer },
        problems,
      );
      if (prepared) barcodes.set(block, prepared);
    } else if (block.type === 'image') {
      const { value, pointer } = effective(ref, overrides, 'src');
      if (typeof value === 'string' && isInlineSvg(value)) {
        const issue = inlineSvgProblem(value);
        if (issue) problems.push({ pointer, message: issue });
      }
    }
  }
  return barcodes;
}

/**
 * Validates `template` and `data`; `knownFamily` tells whether a font family is available
 * without the template's own fonts (bundled or generic).
 */
export function validateTemplate(
  template: unknown,
  data: unknown,
  knownFamily: (family: string) => boolean,
  limits: TemplateLimits = DEFAULT_TEMPLATE_LIMITS,
): ValidatedTemplate {
  assertNesting(template, data);
  const problems: FieldProblem[] = [];
  const validateSchema = schemaValidators().template;
  if (!validateSchema(template)) {
    throw new InputError(
      'the template is invalid',
      schemaProblems(validateSchema.errors ?? [], '/template'),
    );
  }
  const t = template as Template;
  if (data !== undefined && data !== null && !isPlainObject(data)) {
    throw new InputError('data must be an object keyed by block id', [
      { pointer: '/data', message: 'must be an object keyed by block id' },
    ]);
  }

  const rowCount =
    (t.rows?.length ?? 0) +
    (t.config?.page?.header?.rows?.length ?? 0) +
    (t.config?.page?.footer?.rows?.length ?? 0);
  if (rowCount > limits.maxRows)
    problems.push({
      pointer: '/template/rows',
      message: `has ${rowCount} rows; the limit is ${limits.maxRows}`,
    });
  const blocks = allBlocks(t);
  if (blocks.length > limits.maxBlocks)
    problems.push({
      pointer: '/template/rows',
      message: `has ${blocks.length} blocks; the limit is ${limits.maxBlocks}`,
    });

  const byId = new Map<string, BlockRef>();
  for (const ref of blocks) {
    if (ref.block.type === 'table' && ref.block.rows) {
      // The same bound as for rows sent as data: a template is just another way to send them.
      if (ref.block.rows.length > limits.maxTableRows)
        problems.push({
          pointer: `${ref.pointer}/rows`,
          message: `has ${ref.block.rows.length} rows; the limit is ${limits.maxTableRows}`,
        });
      checkTableRows(
        ref.block.columns.map((c) => c.key),
        ref.block.rows,
        `${ref.pointer}/rows`,
        problems,
      );
    }
    const id = ref.block.id;
    if (id === undefined || id === null) continue;
    const first = byId.get(id);
    if (first)
      problems.push({
        pointer: `${ref.pointer}/id`,
        message: `duplicate block id '${id}' (first used at ${first.pointer})`,
      });
    else byId.set(id, ref);
  }

  const families = new Set(Object.keys(t.fonts ?? {}).map((f) => f.toLowerCase()));
  const checkFamily = (family: string | null | undefined, at: string) => {
    if (family && !families.has(family.toLowerCase()) && !knownFamily(family)) {
      problems.push({
        pointer: at,
        message: `font family '${family}' is neither bundled nor declared in template.fonts`,
      });
    }
  };
  checkFamily(t.config?.typography?.family, '/template/config/typography/family');
  for (const ref of blocks)
    checkFamily(ref.block.config?.typography?.family, `${ref.pointer}/config/typography/family`);

  const checkColor = (color: string | null | undefined, at: string) => {
    if (color && !isCssColor(color))
      problems.push({
        pointer: at,
        message: 'must be a CSS colour such as #111827, rgb(17 24 39) or navy',
      });
  };
  checkColor(t.config?.typography?.color, '/template/config/typography/color');
  for (const ref of blocks) {
    checkColor(ref.block.config?.typography?.color, `${ref.pointer}/config/typography/color`);
    if (ref.block.type === 'divider') checkColor(ref.block.lineColor, `${ref.pointer}/lineColor`);
  }

  const overrides = new Map<string, unknown>();
  if (isPlainObject(data)) {
    for (const [id, value] of Object.entries(data)) {
      const at = `/data/${escapePointer(id)}`;
      const ref = byId.get(id);
      if (!ref) {
        problems.push({ pointer: at, message: `no block has the id '${id}'` });
        continue;
      }
      const before = problems.length;
      const given = unwrapOverride(ref.block, value, at);
      checkOverride(ref, given.value, given.at, limits, problems);
      if (problems.length === before) overrides.set(id, given.value);
    }
  }

  const barcodes = checkContents(blocks, overrides, problems);
  if (problems.length > 0)
    throw new InputError(`the template request has ${problems.length} problem(s)`, problems);
  return { template: t, data: overrides, barcodes };
}
