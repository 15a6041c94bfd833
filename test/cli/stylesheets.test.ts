/**
 * User style sheets (-s, the library's `stylesheets`) come after the document's own with author
 * origin, so they win ties; their URLs resolve against the sheet's own location. --media
 * chooses which @media rules and media attributes apply.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { render } from '../../src/index.js';
import { captureIo, readPdf } from './support.js';

const HTML = `<!DOCTYPE html><html lang="en"><head><title>Sheets</title>
<style>
@page { size: 400pt 300pt }
@media screen { @page { size: 250pt 250pt } }
</style>
<link rel="stylesheet" media="screen" href="screen.css">
</head><body><p>Text.</p></body></html>`;

let dir = '';
const size = async (pdf: Uint8Array) => {
  const [p] = await readPdf(pdf);
  return [p.width, p.height];
};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'a11ypdf-cli-sheets-'));
  writeFileSync(join(dir, 'page.html'), HTML);
  writeFileSync(join(dir, 'screen.css'), 'p { margin: 0 }');
  mkdirSync(join(dir, 'theme'));
  writeFileSync(join(dir, 'theme', 'user.css'), '@import "sizes.css";');
  writeFileSync(join(dir, 'theme', 'sizes.css'), '@page { size: 200pt 100pt }');
  writeFileSync(
    join(dir, 'theme', 'screen-user.css'),
    '@media screen { @page { size: 220pt 110pt } }',
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('user style sheets', () => {
  it('-s applies after the document, resolving its @import beside the sheet', async () => {
    const out = join(dir, 'user.pdf');
    const io = captureIo();
    const code = await main(
      ['render', join(dir, 'page.html'), '-s', join(dir, 'theme', 'user.css'), '-o', out],
      io,
    );
    expect(code).toBe(0);
    expect(await size(readFileSync(out))).toEqual([200, 100]);
  });

  it('the document wins without -s, and -s is repeatable in order', async () => {
    const plain = join(dir, 'plain.pdf');
    expect(await main(['render', join(dir, 'page.html'), '-o', plain], captureIo())).toBe(0);
    expect(await size(readFileSync(plain))).toEqual([400, 300]);
    const two = join(dir, 'two.pdf');
    const args = [
      '-s',
      join(dir, 'theme', 'user.css'),
      '-s',
      join(dir, 'theme', 'screen-user.css'),
    ];
    expect(
      await main(
        ['render', join(dir, 'page.html'), ...args, '--media', 'screen', '-o', two],
        captureIo(),
      ),
    ).toBe(0);
    expect(await size(readFileSync(two))).toEqual([220, 110]);
  });

  it('--media screen applies screen rules instead of print ones', async () => {
    const out = join(dir, 'screen.pdf');
    expect(
      await main(['render', join(dir, 'page.html'), '--media', 'screen', '-o', out], captureIo()),
    ).toBe(0);
    expect(await size(readFileSync(out))).toEqual([250, 250]);
    const bad = captureIo();
    expect(await main(['render', join(dir, 'page.html'), '--media', 'tv'], bad)).toBe(2);
  });

  it('the library takes stylesheets and media as options', async () => {
    const r = await render(
      { kind: 'html', html: HTML, baseUrl: pathToFileURL(join(dir, 'page.html')).href },
      {
        files: { root: dir },
        media: 'print',
        stylesheets: [
          { css: '@import "sizes.css";', baseUrl: pathToFileURL(join(dir, 'theme', 'x.css')).href },
        ],
      },
    );
    expect(await size(r.pdf)).toEqual([200, 100]);
    // The same document without the sheet is not served a cached engine that has it.
    expect(await size((await render({ kind: 'html', html: HTML })).pdf)).toEqual([400, 300]);
    expect(
      await size((await render({ kind: 'html', html: HTML }, { media: 'screen' })).pdf),
    ).toEqual([250, 250]);
  });

  it('reports a style sheet that cannot be read as a usage error', async () => {
    const io = captureIo();
    expect(await main(['render', join(dir, 'page.html'), '-s', join(dir, 'nope.css')], io)).toBe(2);
    expect(io.err()).toContain('cannot read style sheet');
  });
});
