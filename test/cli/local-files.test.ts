/**
 * `a11ypdf render page.html`: stylesheets, @imports, fonts and images beside the file are read
 * from its folder; paths leading out of it ('..', a symbolic link, an absolute path) are refused
 * with a warning naming them, and the document still renders. --root widens the folder.
 */
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { captureIo, readPdf } from './support.js';

const FONT = join(import.meta.dirname, '..', 'fixtures', 'fonts', 'Cabin-Regular.otf');
let dir = '';
let site = '';

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'a11ypdf-cli-files-'));
  site = join(dir, 'site');
  for (const sub of ['css', 'img', 'fonts']) mkdirSync(join(site, sub), { recursive: true });
  copyFileSync(FONT, join(site, 'fonts', 'Cabin-Regular.otf'));
  const png = await sharp({
    create: { width: 8, height: 8, channels: 3, background: '#c00' },
  })
    .png()
    .toBuffer();
  writeFileSync(join(site, 'img', 'dot.png'), png);
  writeFileSync(join(dir, 'outside.png'), png);
  writeFileSync(join(dir, 'outside.css'), '@page { size: 500pt 500pt }');
  symlinkSync(join(dir, 'outside.css'), join(site, 'css', 'escape.css'));
  writeFileSync(
    join(site, 'css', 'main.css'),
    `@import "page.css";
@font-face { font-family: "Local Cabin"; src: url(../fonts/Cabin-Regular.otf) }
body { font-family: "Local Cabin"; margin: 0 }`,
  );
  writeFileSync(join(site, 'css', 'page.css'), '@page { size: 300pt 200pt; margin: 20pt }');
  writeFileSync(
    join(site, 'page.html'),
    `<!DOCTYPE html><html lang="en"><head><title>Local files</title>
<link rel="stylesheet" href="css/main.css">
<link rel="stylesheet" href="../outside.css">
<link rel="stylesheet" href="css/escape.css">
</head><body><p>Set in Cabin from a local font file.</p>
<img src="img/dot.png" alt="a red dot" width="8" height="8">
<img src="${join(dir, 'outside.png')}" alt="an image outside the folder" width="8" height="8">
</body></html>`,
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a11ypdf render of a local file', () => {
  it('uses the stylesheets, @imports, fonts and images beside it and refuses the rest', async () => {
    const io = captureIo();
    const out = join(dir, 'page.pdf');
    expect(await main(['render', join(site, 'page.html'), '-o', out], io)).toBe(0);
    const [page] = await readPdf(readFileSync(out));
    // @page from the @import of css/main.css; none of the refused sheets' 500pt pages.
    expect([page.width, page.height]).toEqual([300, 200]);
    expect(page.fonts.some((f) => f.includes('Cabin'))).toBe(true);
    expect(page.images).toBe(1);
    const err = io.err();
    // Each escape is refused with a warning that names it.
    expect(err).toMatch(/refused: .*outside\.css is outside the allowed folder/);
    expect(err).toMatch(
      /escape\.css is outside the allowed folder .*symbolic link to .*outside\.css/,
    );
    expect(err).toMatch(/image not shown \(.*outside\.png is outside the allowed folder/);
    expect(err).toContain(`wrote ${out}: 1 page(s)`);
  });

  it('reads beyond the folder with --root', async () => {
    const io = captureIo();
    const out = join(dir, 'wide.pdf');
    expect(await main(['render', join(site, 'page.html'), '--root', dir, '-o', out], io)).toBe(0);
    const [page] = await readPdf(readFileSync(out));
    // outside.css comes after main.css, so its @page wins once it may be read.
    expect([page.width, page.height]).toEqual([500, 500]);
    expect(page.images).toBe(2);
    expect(io.err()).not.toContain('outside the allowed folder');
  });

  it('refuses a --root that is not a folder', async () => {
    const io = captureIo();
    expect(await main(['render', join(site, 'page.html'), '--root', join(dir, 'nope')], io)).toBe(
      2,
    );
    expect(io.err()).toContain('is not a folder');
  });
});
