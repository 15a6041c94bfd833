/**
 * Validation of a template request: the JSON Schema first, then the checks a schema cannot
 * express (duplicate ids, data overrides that match no block or the wrong block type, table
 * rows with unknown keys, unknown font families, limits). Every problem is reported with its
 * JSON pointer, all of them in one InputError.
 */
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import { InputError, type FieldProblem } from '../diagnostics.js';
import { templateSchema } from './schema.js';
import {
  DEFAULT_TEMPLATE_LIMITS,
  type Block,
  type Row,
  type Template,
  type TemplateLimits,
} from './types.js';

/** Compiled on the first template request, so HTML-only processes never pay for it. */
let compiled: ValidateFunction | undefined;
function schemaValidator(): ValidateFunction {
  compiled ??= new Ajv2020({ allErrors: true, strict: false, useDefaults: false }).compile(
    templateSchema,
  );
  return compiled;
}

const escapePointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * Deepest nesting of arrays and objects in a template request. Real templates and data stay
 * under a dozen levels; much deeper JSON overflows the stack of whatever walks it recursively
 * (the copy to a worker thread among them).
 */
export const MAX_NESTING_DEPTH = 64;

/**
 * The first value nested deeper than `maxDepth` arrays and objects inside `value`, as a problem
 * whose pointer names the field that holds it, or null. Walks without recursion.
 */
export function nestingProblem(
  value: unknown,
  base: string,
  maxDepth = MAX_NESTING_DEPTH,
): FieldProblem | null {
  const stack: [unknown, string, number][] = [[value, base, 0]];
  while (stack.length > 0) {
    const [v, pointer, depth] = stack.pop() as [unknown, string, number];
    if (typeof v !== 'object' || v === null) continue;
    if (depth >= maxDepth) {
      return {
        pointer,
        message: `is nested more than ${maxDepth} levels deep; the limit is ${maxDepth}`,
      };
    }
    if (Array.isArray(v)) v.forEach((item, i) => stack.push([item, `${pointer}/${i}`, depth + 1]));
    else
      for (const [k, item] of Object.entries(v))
        stack.push([item, `${pointer}/${escapePointer(k)}`, depth + 1]);
  }
  return null;
}

/** Throws the InputError (400) of a template or data nested too deeply. */
export function assertNesting(template: unknown, data: unknown): void {
  const problems = [nestingProblem(template, '/template'), nestingProblem(data, '/data')].filter(
    (p): p is FieldProblem => p !== null,
  );
  if (problems.length > 0) {
    throw new InputError(
      `the template request is nested more than ${MAX_NESTING_DEPTH} levels deep`,
      problems,
    );
  }
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

function checkOverride(
  ref: BlockRef,
  value: unknown,
  at: string,
  limits: TemplateLimits,
  problems: FieldProblem[],
): void {
  const { block } = ref;
  const expectObject = (fields: Record<string, 'string' | 'object'>) => {
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
    case 'barcode':
      return expectObject({ content: 'string' });
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
  const validateSchema = schemaValidator();
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
      checkOverride(ref, value, at, limits, problems);
      if (problems.length === before) overrides.set(id, value);
    }
  }

  if (problems.length > 0)
    throw new InputError(`the template request has ${problems.length} problem(s)`, problems);
  return { template: t, data: overrides };
}
