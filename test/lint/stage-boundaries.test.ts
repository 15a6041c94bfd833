/**
 * The stage arrows hold because lint fails on a wrong one: each probe below is linted as if it
 * were a file in src/ and must be reported (or, for the allowed arrows, pass) with the real
 * configuration of the repository.
 */
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function boundaryMessages(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'stages/imports')
    .map((m) => m.message);
}

/** [what it shows, file the probe stands for, its code, the report expected]. */
const WRONG: readonly (readonly [string, string, string, RegExp])[] = [
  [
    'an upward import',
    'src/style/probe.ts',
    "export type { LayoutOptions } from '../layout/index.js';",
    /style\/ may not import layout\//,
  ],
  [
    'an import into the contract from a stage above it',
    'src/document/probe.ts',
    "export { layoutHtml } from '../layout/index.js';",
    /document\/ may not import layout\//,
  ],
  [
    "another stage's internals",
    'src/layout/modes/probe.ts',
    "export { cascade } from '../../style/cascade.js';",
    /through its index\.ts, not style\/cascade\.ts/,
  ],
  [
    "another stage's internals through import()",
    'src/template/probe.ts',
    "export const load = () => import('../pdf/import-page.js');",
    /through its index\.ts, not pdf\/import-page\.ts/,
  ],
  [
    "the validator's internals",
    'src/pdf/probe.ts',
    "export { openDocument } from '../validate/parser/index.js';",
    /through its index\.ts, not validate\/parser\/index\.ts/,
  ],
  [
    'the validator leaning on the engine',
    'src/validate/rules/probe.ts',
    "export type { StructNode } from '../../document/index.js';",
    /validate\/ may not import document\//,
  ],
  [
    'the service reaching past the public API',
    'src/server/routes/probe.ts',
    "export type { RenderInput } from '../../render.js';",
    /server\/ imports the library only through src\/index\.ts/,
  ],
  [
    'the command line reaching past the public API',
    'src/cli/probe.ts',
    "export { layoutHtml } from '../layout/index.js';",
    /cli\/ imports the library only through src\/index\.ts/,
  ],
  [
    'the command line importing the engine file',
    'src/cli/probe.ts',
    "export type { RenderInput } from '../render.js';",
    /cli\/ imports the library only through src\/index\.ts, not render\.ts/,
  ],
];

describe('stage boundaries', () => {
  it.each(WRONG)('reports %s', async (_what, file, code, report) => {
    expect(await boundaryMessages(file, `${code}\n`)).toEqual([expect.stringMatching(report)]);
  });

  it('lets the allowed arrows, the ground floor and the public API through', async () => {
    const layoutProbe = [
      "export type { ComputedStyle } from '../../style/index.js';",
      "export type { RgbaColor } from '../../document/index.js';",
      "export { InputError } from '../../diagnostics.js';",
      "export type { Fragment } from '../paginate/fragments.js';",
    ];
    expect(await boundaryMessages('src/layout/paint/probe.ts', layoutProbe.join('\n'))).toEqual([]);
    const serverProbe = [
      "export type { RenderInput } from '../../index.js';",
      "export type { Metrics } from '../metrics.js';",
    ];
    expect(await boundaryMessages('src/server/routes/probe.ts', serverProbe.join('\n'))).toEqual(
      [],
    );
    const cliProbe = [
      "export type { RenderInput } from '../index.js';",
      "export const serve = () => import('../server/start.js');",
      "export { UsageError } from './errors.js';",
    ];
    expect(await boundaryMessages('src/cli/probe.ts', cliProbe.join('\n'))).toEqual([]);
  });
});
