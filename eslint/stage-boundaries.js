/**
 * The import arrows between the stages of src/, as one table and one lint rule.
 *
 * Each folder of src/ is a stage. A stage may import itself, the stages the table allows, and
 * of those only their public modules: index.ts, plus the few light modules named in PUBLIC
 * (kept apart so the public API can export constants without loading a whole stage). Every
 * stage may import src/diagnostics.ts, the ground floor with document/ and util/. The files at
 * the top of src/ (index.ts, render.ts, cli.ts) wire the stages together; no stage imports
 * them except the two shells over the library: server/, which imports index.ts and nothing
 * else, and cli/ (the command line's modules), which imports index.ts and the service.
 *
 * The rule resolves each relative specifier against the importing file, so it judges the
 * folder an import lands in, not the spelling of the path; it covers import and export
 * declarations and import() expressions with a literal path.
 */
import { dirname, relative, resolve, sep } from 'node:path';

/** Stage → the stages it may import (besides itself and diagnostics.ts). */
export const ALLOWED = {
  util: [],
  document: [],
  validate: [],
  html: ['document', 'util'],
  resources: ['util'],
  text: ['document', 'util'],
  images: ['document', 'util'],
  style: ['html', 'resources', 'text', 'document', 'util'],
  layout: ['style', 'text', 'images', 'resources', 'document', 'util'],
  // pdf/ only for the page-import gate, loaded on demand.
  template: ['layout', 'style', 'text', 'images', 'resources', 'pdf', 'document', 'util'],
  pdf: ['text', 'images', 'validate', 'document', 'util'],
  raster: ['text', 'images', 'document', 'util'],
  server: [],
  cli: [],
};

/** Modules besides index.ts that other stages may import. */
export const PUBLIC = {
  html: ['limits.ts'],
  style: ['limits.ts'],
  template: ['limits.ts', 'schema.ts', 'nesting.ts'],
};

/** Top-level files and what they may import; `*` is every stage's public modules. */
const TOP = {
  'index.ts': ['*'],
  'render.ts': ['*'],
  'cli.ts': ['index.ts', 'server', 'cli'],
};

/** What server/ may import outside itself. */
const SERVER_IMPORTS = ['index.ts'];

/** What cli/ may import outside itself: the public API, and the service it starts. */
const CLI_IMPORTS = { top: ['index.ts'], stages: ['server'] };

function where(srcDir, file) {
  const rel = relative(srcDir, file).split(sep);
  if (rel[0] === '..') return null;
  return rel.length === 1 ? { top: rel[0] } : { stage: rel[0], rest: rel.slice(1).join('/') };
}

const asTs = (p) => p.replace(/\.js$/, '.ts');

function isPublic(stage, rest) {
  return rest === 'index.ts' || (PUBLIC[stage] ?? []).includes(rest);
}

/** Why `from` may not import `to`, or null when it may. */
export function violation(from, to) {
  if (to.top === 'diagnostics.ts') return null;
  if (from.stage !== undefined && from.stage === to.stage) return null;
  if (from.top !== undefined) {
    const allowed = TOP[from.top] ?? ['*'];
    if (to.top !== undefined)
      return allowed.includes(to.top) || allowed.includes('*')
        ? null
        : `${from.top} may not import ${to.top}`;
    if (allowed.includes(to.stage) || (allowed.includes('*') && isPublic(to.stage, to.rest)))
      return null;
    if (allowed.includes('*'))
      return `import ${to.stage}/ through its index.ts, not ${to.stage}/${to.rest}`;
    return `${from.top} may import only ${allowed.join(', ')}, not ${to.stage}/`;
  }
  if (from.stage === 'cli') {
    if (to.top !== undefined)
      return CLI_IMPORTS.top.includes(to.top)
        ? null
        : `cli/ imports the library only through src/index.ts, not ${to.top}`;
    return CLI_IMPORTS.stages.includes(to.stage)
      ? null
      : `cli/ imports the library only through src/index.ts, not ${to.stage}/${to.rest}`;
  }
  if (from.stage === 'server') {
    return to.top !== undefined && SERVER_IMPORTS.includes(to.top)
      ? null
      : `server/ imports the library only through src/index.ts, not ${to.top ?? `${to.stage}/${to.rest}`}`;
  }
  if (to.top !== undefined)
    return `${from.stage}/ may not import ${to.top} (it sits above every stage)`;
  const allowed = ALLOWED[from.stage];
  if (allowed === undefined)
    return `${from.stage}/ is not in the stage table of eslint/stage-boundaries.js`;
  if (!allowed.includes(to.stage)) {
    const list = allowed.length > 0 ? allowed.join(', ') : 'no other stage';
    return `${from.stage}/ may not import ${to.stage}/ (it may import ${list})`;
  }
  if (!isPublic(to.stage, to.rest))
    return `import ${to.stage}/ through its index.ts, not ${to.stage}/${to.rest}`;
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports between the stages of src/ follow the allowed arrows' },
    schema: [
      {
        type: 'object',
        properties: {
          // File (relative to src/) -> targets (relative to src/) it may still import while a
          // change elsewhere lands; each entry names what removes it.
          pending: {
            type: 'object',
            additionalProperties: { type: 'array', items: { type: 'string' } },
          },
        },
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const file = context.filename;
    const srcDir = resolve(context.cwd, 'src');
    const from = where(srcDir, file);
    if (!from) return {};
    const pending =
      context.options[0]?.pending?.[relative(srcDir, file).split(sep).join('/')] ?? [];
    const check = (source) => {
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = asTs(resolve(dirname(file), source.value));
      const to = where(srcDir, target);
      if (!to) return;
      if (pending.includes(relative(srcDir, target).split(sep).join('/'))) return;
      const why = violation(from, to);
      if (why) context.report({ node: source, message: why });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source.type === 'Literal' ? node.source : null),
    };
  },
};

export default { rules: { imports: rule } };
