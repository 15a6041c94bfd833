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

describe('stage boundaries', () => {
  it('reports an upward import', async () => {
    expect(
      await boundaryMessages(
        'src/style/probe.ts',
        "export type { LayoutOptions } from '../layout/index.js';\n",
      ),
    ).toEqual([expect.stringMatching(/style\/ may not import layout\//)]);
    expect(
      await boundaryMessages(
        'src/document/probe.ts',
        "import { layoutHtml } from '../layout/index.js';\nexport const f = layoutHtml;\n",
      ),
    ).toEqual([expect.stringMatching(/document\/ may not import layout\//)]);
  });

  it("reports an import of another stage's internals, static or dynamic", async () => {
    expect(
      await boundaryMessages(
        'src/layout/modes/probe.ts',
        "import { cascade } from '../../style/cascade.js';\nexport const f = cascade;\n",
      ),
    ).toEqual([expect.stringMatching(/through its index\.ts, not style\/cascade\.ts/)]);
    expect(
      await boundaryMessages(
        'src/template/probe.ts',
        "export const load = () => import('../pdf/import-page.js');\n",
      ),
    ).toEqual([expect.stringMatching(/through its index\.ts, not pdf\/import-page\.ts/)]);
  });

  it('keeps everyone outside validate/ on validate/index.ts, and validate/ on its own', async () => {
    expect(
      await boundaryMessages(
        'src/pdf/probe.ts',
        "import { openDocument } from '../validate/parser/index.js';\nexport const f = openDocument;\n",
      ),
    ).toEqual([expect.stringMatching(/through its index\.ts, not validate\/parser\/index\.ts/)]);
    expect(
      await boundaryMessages(
        'src/validate/rules/probe.ts',
        "export type { StructNode } from '../../document/index.js';\n",
      ),
    ).toEqual([expect.stringMatching(/validate\/ may not import document\//)]);
  });

  it('keeps server/ on the public API', async () => {
    expect(
      await boundaryMessages(
        'src/server/routes/probe.ts',
        "export type { RenderInput } from '../../render.js';\n",
      ),
    ).toEqual([expect.stringMatching(/server\/ imports the library only through src\/index\.ts/)]);
    expect(
      await boundaryMessages(
        'src/server/routes/probe.ts',
        "export type { RenderInput } from '../../index.js';\nexport type { Metrics } from '../metrics.js';\n",
      ),
    ).toEqual([]);
  });

  it('lets the allowed arrows and the ground floor through', async () => {
    expect(
      await boundaryMessages(
        'src/layout/paint/probe.ts',
        [
          "export type { ComputedStyle } from '../../style/index.js';",
          "export type { RgbaColor } from '../../document/index.js';",
          "export { InputError } from '../../diagnostics.js';",
          "export type { Fragment } from '../paginate/fragments.js';",
          '',
        ].join('\n'),
      ),
    ).toEqual([]);
  });
});
