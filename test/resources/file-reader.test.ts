/**
 * The local file reader in detail: what it tells the caller when a path is refused or cannot be
 * read, where the edges of a root and of the size limit lie, the media types it reports, and
 * that it closes what it opens. The loader's own tests (files.test.ts) cover the common cases.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assertFileRoots,
  createResourceLoader,
  isInside,
  mediaTypeOfPath,
  ResourceError,
} from '../../src/resources/index.js';
import { readAll } from '../../src/resources/files.js';

let dir = '';
let site = '';
let other = '';
let linkedRoot = '';
const url = (path: string) => pathToFileURL(path).href;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'a11ypdf-file-reader-'));
  site = join(dir, 'site');
  other = join(dir, 'other');
  mkdirSync(site);
  mkdirSync(other);
  writeFileSync(join(site, 'ten.css'), '0123456789');
  writeFileSync(join(site, '..hidden.css'), 'dots');
  writeFileSync(join(other, 'x.css'), 'x');
  // A root given through a symbolic link: paths may be written either way.
  linkedRoot = join(dir, 'linked-site');
  symlinkSync(site, linkedRoot);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function refusal(p: Promise<unknown>): Promise<ResourceError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ResourceError);
  return err as ResourceError;
}

const text = (bytes: Uint8Array) => Buffer.from(bytes).toString();

describe('media types of local files', () => {
  it.each([
    ['a.css', 'text/css'],
    ['a.html', 'text/html'],
    ['a.htm', 'text/html'],
    ['a.xhtml', 'application/xhtml+xml'],
    ['a.svg', 'image/svg+xml'],
    ['a.png', 'image/png'],
    ['a.jpg', 'image/jpeg'],
    ['a.jpeg', 'image/jpeg'],
    ['a.gif', 'image/gif'],
    ['a.webp', 'image/webp'],
    ['a.avif', 'image/avif'],
    ['a.tif', 'image/tiff'],
    ['a.tiff', 'image/tiff'],
    ['a.bmp', 'image/bmp'],
    ['a.ico', 'image/x-icon'],
    ['a.ttf', 'font/ttf'],
    ['a.otf', 'font/otf'],
    ['a.ttc', 'font/collection'],
    ['a.woff', 'font/woff'],
    ['a.woff2', 'font/woff2'],
    ['a.pdf', 'application/pdf'],
    ['/x/PHOTO.JPG', 'image/jpeg'],
    ['a.txt', 'application/octet-stream'],
    ['Makefile', 'application/octet-stream'],
  ])('%s is %s', (path, type) => {
    expect(mediaTypeOfPath(path)).toBe(type);
  });
});

describe('inside a root', () => {
  it('is the root itself and what lies below it, not its parent or a sibling', () => {
    expect(isInside('/r', '/r')).toBe(true);
    expect(isInside('/r', '/r/a/b')).toBe(true);
    // A name that starts with two dots is a file in the root, not a step up.
    expect(isInside('/r', '/r/..a')).toBe(true);
    expect(isInside('/r', '/')).toBe(false);
    expect(isInside('/r', '/r2/a')).toBe(false);
    expect(isInside('/r/a', '/r/b')).toBe(false);
  });

  it('reads a file whose name starts with two dots', async () => {
    const loader = createResourceLoader({}, { files: { root: site } });
    expect(text((await loader.load(url(join(site, '..hidden.css')), 'stylesheet')).bytes)).toBe(
      'dots',
    );
  });

  it('judges a root given through a link by where it leads, both ways', async () => {
    const viaLink = createResourceLoader({}, { files: { root: linkedRoot } });
    expect(text((await viaLink.load(url(join(site, 'ten.css')), 'stylesheet')).bytes)).toBe(
      '0123456789',
    );
    expect(text((await viaLink.load(url(join(linkedRoot, 'ten.css')), 'stylesheet')).bytes)).toBe(
      '0123456789',
    );
  });
});

describe('what a refused or unreadable path is told', () => {
  it('names the one root and how to allow the path', async () => {
    const loader = createResourceLoader({}, { files: { root: site } });
    const path = join(other, 'x.css');
    const err = await refusal(loader.load(url(path), 'stylesheet'));
    expect(err.name).toBe('ResourceError');
    expect(err.reason).toBe('refused');
    expect(err.url).toBe(url(path));
    expect(err.message).toBe(
      `${path} is outside the allowed folder ${site}; use --root (or the files.root option) to allow it`,
    );
  });

  it('names every root when there are several', async () => {
    const third = join(dir, 'third');
    mkdirSync(third, { recursive: true });
    const loader = createResourceLoader({}, { files: { root: [site, third] } });
    const err = await refusal(loader.load(url(join(other, 'x.css')), 'stylesheet'));
    expect(err.message).toContain(`outside the allowed folders ${site}, ${third};`);
  });

  it('refuses .. before looking at the file system', async () => {
    const loader = createResourceLoader({}, { files: { root: site } });
    const err = await refusal(
      loader.load('../other/x.css', 'stylesheet', url(join(site, 'page.html'))),
    );
    expect(err.message).toBe(
      `${join(other, 'x.css')} is outside the allowed folder ${site}; use --root (or the files.root option) to allow it`,
    );
  });

  it('reads file: URLs on localhost, and names any other host', async () => {
    const loader = createResourceLoader({}, { files: { root: site } });
    const local = `file://localhost${join(site, 'ten.css')}`;
    expect(text((await loader.load(local, 'stylesheet')).bytes)).toBe('0123456789');
    const err = await refusal(loader.load('file://files.example/share/a.css', 'stylesheet'));
    expect(err).toMatchObject({
      reason: 'refused',
      message: 'file: URLs on another host (files.example) are not read',
    });
  });

  it('tells a missing file from one that cannot be read, with the system code', async () => {
    const loader = createResourceLoader({}, { files: { root: site } });
    const missing = join(site, 'gone.css');
    expect(await refusal(loader.load(url(missing), 'stylesheet'))).toMatchObject({
      reason: 'failed',
      message: `${missing} does not exist`,
    });
    // A path through a regular file as if it were a folder.
    const through = join(site, 'ten.css', 'x.css');
    expect(await refusal(loader.load(url(through), 'stylesheet'))).toMatchObject({
      reason: 'failed',
      message: `${through} cannot be read (ENOTDIR)`,
    });
  });

  it('refuses a folder as not a regular file', async () => {
    const loader = createResourceLoader({}, { files: { root: dir } });
    expect(await refusal(loader.load(url(site), 'stylesheet'))).toMatchObject({
      reason: 'refused',
      message: `${site} is not a regular file`,
    });
  });

  it('says when a root cannot be used, naming it and the system code', async () => {
    const gone = join(dir, 'no-such-root');
    const loader = createResourceLoader({}, { files: { root: gone } });
    const err = await refusal(loader.load(url(join(gone, 'a.css')), 'stylesheet'));
    expect(err).toMatchObject({
      reason: 'refused',
      url: gone,
      message: `the file root ${gone} cannot be used (ENOENT)`,
    });
  });

  it('refuses an empty list of roots when the loader is made', () => {
    expect(() => createResourceLoader({}, { files: { root: [] } })).toThrow(
      new TypeError('files.root must name at least one folder'),
    );
  });
});

describe('the size limit of a local file', () => {
  it('reads a file of exactly the limit and refuses one byte more, naming both sizes', async () => {
    const at = createResourceLoader({ maxResourceBytes: 10 }, { files: { root: site } });
    expect((await at.load(url(join(site, 'ten.css')), 'stylesheet')).bytes).toHaveLength(10);
    const under = createResourceLoader({ maxResourceBytes: 9 }, { files: { root: site } });
    const err = await refusal(under.load(url(join(site, 'ten.css')), 'stylesheet'));
    expect(err).toMatchObject({
      reason: 'limit',
      message: `${join(site, 'ten.css')} has 10 bytes, over the limit of 9`,
    });
  });

  it('counts local files against the document budget', async () => {
    const loader = createResourceLoader({ maxTotalBytes: 15 }, { files: { root: site } });
    await loader.load(url(join(site, 'ten.css')), 'stylesheet');
    const err = await refusal(loader.load(url(join(site, 'ten.css')), 'stylesheet'));
    expect(err.message).toContain('over the limit of 5');
  });
});

describe('reading the bytes of an open file', () => {
  /** A file of `bytes` read in chunks of at most `chunk` bytes, as the system would. */
  const fileOf =
    (bytes: Buffer, chunk = 3) =>
    (buffer: Buffer, offset: number, length: number, position: number): number =>
      bytes.copy(buffer, offset, position, position + Math.min(length, chunk));

  it('reads a file of the size it was checked at, whatever the chunks', async () => {
    const bytes = Buffer.from('0123456789');
    const read = await readAll(10, 100, fileOf(bytes));
    expect(read?.toString()).toBe('0123456789');
    // Its own buffer of exactly that size: readers of .buffer see no pool around it.
    expect(read?.buffer.byteLength).toBe(10);
  });

  it('reads what was appended since the check, up to the limit and not a byte past it', async () => {
    const grown = Buffer.from('0123456789abcdef');
    expect((await readAll(10, 16, fileOf(grown)))?.toString()).toBe('0123456789abcdef');
    expect(await readAll(10, 15, fileOf(grown))).toBeUndefined();
  });

  it('stops where a file that shrank since the check ends', async () => {
    expect((await readAll(10, 100, fileOf(Buffer.from('01234'))))?.toString()).toBe('01234');
  });

  it('reads a file too big to read at once through the thread pool, byte for byte', async () => {
    const big = Buffer.alloc(3 * 1024 * 1024 + 7);
    for (let i = 0; i < big.length; i++) big[i] = (i * 31 + (i >> 12)) & 0xff;
    writeFileSync(join(site, 'big.bin'), big);
    const loader = createResourceLoader(
      { maxResourceBytes: 8 * 1024 * 1024, maxTotalBytes: 1e9 },
      { files: { root: site } },
    );
    const { bytes } = await loader.load(url(join(site, 'big.bin')), 'image');
    expect(Buffer.compare(Buffer.from(bytes), big)).toBe(0);
  });
});

describe('file descriptors', () => {
  it.runIf(existsSync('/proc/self/fd'))('are closed after every read, refused or not', async () => {
    const loader = createResourceLoader(
      { maxResourceBytes: 5, maxTotalBytes: 1e9 },
      { files: { root: dir } },
    );
    const before = readdirSync('/proc/self/fd').length;
    for (let i = 0; i < 40; i++) {
      await loader.load(url(join(site, 'ten.css')), 'stylesheet').catch(() => null);
      await loader.load(url(site), 'stylesheet').catch(() => null);
    }
    // 80 opened; a few descriptors may come and go with the test runner itself.
    expect(readdirSync('/proc/self/fd').length - before).toBeLessThan(10);
  });
});

describe('checking roots up front', () => {
  it('accepts folders and names a root that is missing or not a folder', async () => {
    await expect(assertFileRoots({ root: [site, other] })).resolves.toBeUndefined();
    const gone = join(dir, 'missing');
    await expect(assertFileRoots({ root: [site, gone] })).rejects.toMatchObject({
      reason: 'invalid',
      url: gone,
      message: `the file root ${gone} does not exist`,
    });
    const file = join(site, 'ten.css');
    await expect(assertFileRoots({ root: file })).rejects.toMatchObject({
      reason: 'invalid',
      url: file,
      message: `the file root ${file} is not a folder`,
    });
    await expect(assertFileRoots({ root: [] })).rejects.toThrow(
      'files.root must name at least one folder',
    );
  });
});
