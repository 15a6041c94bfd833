/** `a11ypdf render … --format png|jpeg [--page N]` run in-process, writing into a temp dir. */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { main } from '../../src/cli.js';
import { captureIo } from './support.js';

const html = `<!DOCTYPE html><html lang="en"><head><title>CLI raster</title><style>
@page { size: 300pt 150pt; margin: 15pt } body { margin: 0; font: 12pt "Liberation Sans" }
section + section { break-before: page }</style></head><body>
<section><h1>First</h1><p>Page one.</p></section><section><h1>Second</h1><p>Page two.</p></section>
</body></html>`;

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'a11ypdf-cli-raster-'));
  writeFileSync(join(dir, 'x.html'), html);
  // Continuous mode cannot take forced page breaks yet (layout issue), so the long image is
  // drawn from the same document without them.
  writeFileSync(
    join(dir, 'flow.html'),
    html.replace('section + section { break-before: page }', ''),
  );
  // The CLI reports what it wrote on stderr; keep the test output quiet.
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
});
afterAll(() => {
  vi.restoreAllMocks();
  rmSync(dir, { recursive: true, force: true });
});

describe('a11ypdf render to images', () => {
  it('writes a PNG of the continuous page at the viewport width', async () => {
    const out = join(dir, 'out.png');
    expect(await main(['render', join(dir, 'flow.html'), '--format', 'png', '-o', out])).toBe(0);
    const meta = await sharp(readFileSync(out)).metadata();
    expect(meta.format).toBe('png');
    expect(meta.width).toBe(1024);
    expect(meta.height).toBeGreaterThan(50);
  });

  it('writes page 2 of the paginated document at its page size and scale', async () => {
    const out = join(dir, 'page2.png');
    const code = await main([
      'render',
      join(dir, 'x.html'),
      '--format',
      'png',
      '--page',
      '2',
      '--scale',
      '2',
      '-o',
      out,
    ]);
    expect(code).toBe(0);
    const meta = await sharp(readFileSync(out)).metadata();
    // 300 × 150 pt is 400 × 200 CSS px; at scale 2, 800 × 400.
    expect([meta.width, meta.height]).toEqual([800, 400]);
  });

  it('writes a JPEG with the chosen width and quality', async () => {
    const out = join(dir, 'out.jpg');
    const code = await main([
      'render',
      join(dir, 'flow.html'),
      '--width',
      '500',
      '--quality',
      '60',
      '-o',
      out,
    ]);
    expect(code).toBe(0);
    const meta = await sharp(readFileSync(out)).metadata();
    expect([meta.format, meta.width]).toEqual(['jpeg', 500]);
  });

  it('fails the file, naming the page count, for a page that does not exist', async () => {
    const out = join(dir, 'none.png');
    const io = captureIo();
    expect(await main(['render', join(dir, 'x.html'), '--page', '3', '-o', out], io)).toBe(1);
    expect(io.err()).toContain('page 3 does not exist; the document has 2');
    expect(existsSync(out)).toBe(false);
  });
});
