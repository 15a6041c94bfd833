/**
 * css-tree 3.2.1 reuses one token buffer across parses and reads a stale token type from it
 * when a block closes at the top level: these two sheets, parsed one after the other, hang the
 * thread in its tokenizer (found by the property test in sheets.test.ts). The parse runs in a
 * worker thread, so a regression fails this test instead of hanging the run.
 */
import { Worker } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { csstree } from '../../src/style/index.js';

const FIRST =
  "}var(--x*/, ;redcounter(a)::before}@mediavar(--xcontent:)1px%1px.)content:}p#:counter(a)%color;;>#'ex;~'";
const SECOND = 'counter(a)p)+p#~[color0bwGvoKhi';
const OPTIONS = { parseValue: false, parseCustomProperty: false, onParseError: () => {} };

/** Parses the sheets in order in a fresh thread with the built module; false if it hangs. */
function parsesInTime(module: string, sheets: readonly string[], ms: number): Promise<boolean> {
  const source = `
    const { parentPort, workerData } = require('node:worker_threads');
    import(workerData.module).then(({ csstree }) => {
      for (const css of workerData.sheets)
        csstree.parse(css, { parseValue: false, parseCustomProperty: false, onParseError() {} });
      parentPort.postMessage('done');
    });`;
  return new Promise((resolve, reject) => {
    const worker = new Worker(source, { eval: true, workerData: { module, sheets } });
    const timer = setTimeout(() => {
      void worker.terminate();
      resolve(false);
    }, ms);
    worker.once('message', () => {
      clearTimeout(timer);
      void worker.terminate();
      resolve(true);
    });
    worker.once('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
  });
}

describe('css-tree behind its guard', () => {
  it('parses two sheets in a row that hang css-tree unguarded', async () => {
    const built = pathToFileURL(
      fileURLToPath(new URL('../../dist/style/css-tree.js', import.meta.url)),
    ).href;
    expect(await parsesInTime(built, [FIRST, SECOND], 10_000)).toBe(true);
  });

  it('gives the same trees as before for ordinary sheets', () => {
    const ast = csstree.parse('p { color: red } @media print { a { b: c } }', OPTIONS);
    expect(csstree.generate(ast)).toBe('p{color:red}@media print{a{b:c}}');
  });
});
