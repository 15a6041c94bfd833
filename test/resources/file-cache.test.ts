/**
 * Local files kept across renders: served only for the same file unchanged (device, inode,
 * size, times), never for a file changed within the settling window, never past the byte
 * budget; and every access check still made on a hit.
 */
import {
  mkdirSync,
  mkdtempSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileContentCache, hasSettled, type FileVersion } from '../../src/resources/file-cache.js';
import { createFileReader } from '../../src/resources/files.js';
import { ResourceError } from '../../src/resources/types.js';

const LIMIT = 1 << 20;
let dir = '';
let root = '';

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'a11ypdf-file-cache-'));
  root = join(dir, 'root');
  mkdirSync(root);
  mkdirSync(join(dir, 'outside'));
  writeFileSync(join(dir, 'outside', 'secret.css'), 'p { color: green }');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Writes a file and dates its modification `agoMs` back (its change time stays now). */
function fileAt(name: string, text: string, agoMs = 60_000): string {
  const path = join(root, name);
  writeFileSync(path, text);
  const t = new Date(Date.now() - agoMs);
  utimesSync(path, t, t);
  return path;
}

const version = (over: Partial<FileVersion> = {}): FileVersion => ({
  dev: 1n,
  ino: 2n,
  size: 3n,
  mtimeNs: 1_000_000_000n,
  ctimeNs: 1_000_000_000n,
  ...over,
});

describe('FileContentCache', () => {
  const bytes = Buffer.from('abc');
  const later = 10_000; // ms since the epoch: 9 s after the version's times

  it('serves the same buffer for the same version of the same path', () => {
    const cache = new FileContentCache();
    cache.set('/a', version(), bytes, later);
    expect(cache.get('/a', version(), later)).toBe(bytes);
    expect(cache.get('/b', version(), later)).toBeUndefined();
  });

  it('drops an entry whose file changed in any part of its version', () => {
    for (const change of [
      { dev: 9n },
      { ino: 9n },
      { size: 4n },
      { mtimeNs: 2_000_000_000n },
      { ctimeNs: 2_000_000_000n },
    ]) {
      const cache = new FileContentCache();
      cache.set('/a', version(), bytes, later);
      expect(cache.get('/a', version(change), later)).toBeUndefined();
      expect(cache.size).toBe(0);
      expect(cache.bytes).toBe(0);
    }
  });

  it('neither keeps nor serves a file changed within the settling window', () => {
    const cache = new FileContentCache({ settledMs: 2000 });
    // Changed 1.5 s before: its time stamp may not yet tell a second write from the first.
    cache.set('/a', version(), bytes, 2500);
    expect(cache.size).toBe(0);
    cache.set('/a', version(), bytes, later);
    expect(cache.get('/a', version(), later)).toBe(bytes);
    expect(hasSettled(version(), 2500, 2000)).toBe(false);
    expect(hasSettled(version(), 3000, 2000)).toBe(true);
    expect(hasSettled(version({ ctimeNs: 5_000_000_000n }), 3000, 2000)).toBe(false);
  });

  it('keeps only whole reads and files under the size limit', () => {
    const cache = new FileContentCache({ maxFileBytes: 2 });
    cache.set('/a', version({ size: 3n }), bytes, later);
    expect(cache.size).toBe(0);
    const small = new FileContentCache();
    // The file had 5 bytes when checked and 3 when read: it changed in between.
    small.set('/a', version({ size: 5n }), bytes, later);
    expect(small.size).toBe(0);
  });

  it('evicts the least recently used files past its byte budget', () => {
    const cache = new FileContentCache({ bytes: 6 });
    const a = Buffer.from('aaa');
    const b = Buffer.from('bbb');
    const c = Buffer.from('ccc');
    cache.set('/a', version(), a, later);
    cache.set('/b', version(), b, later);
    expect(cache.get('/a', version(), later)).toBe(a); // /a is now the most recent
    cache.set('/c', version(), c, later);
    expect(cache.get('/b', version(), later)).toBeUndefined();
    expect(cache.get('/a', version(), later)).toBe(a);
    expect(cache.get('/c', version(), later)).toBe(c);
    expect(cache.bytes).toBe(6);
  });
});

describe('file reader with a cache', () => {
  // A file's ctime, which utimes cannot set back, is when it was written: a read in that same
  // millisecond finds it not yet settled even with settledMs 0, so the reads wait for the next.
  const read = async (cache: FileContentCache, path: string) => {
    await new Promise((r) => setTimeout(r, 2));
    return createFileReader({ root }, cache)(new URL(pathToFileURL(path).href), LIMIT);
  };

  it('serves an unchanged file from the cache, as the same buffer', async () => {
    const cache = new FileContentCache({ settledMs: 0 });
    const path = fileAt('style.css', 'p { color: red }');
    const first = await read(cache, path);
    const second = await read(cache, path);
    expect(second.bytes).toBe(first.bytes);
    expect(Buffer.from(second.bytes).toString()).toBe('p { color: red }');
    expect(second.contentType).toBe('text/css');
  });

  it('reads a file again once it changed, even with the same size', async () => {
    const cache = new FileContentCache({ settledMs: 0 });
    const path = fileAt('same-size.css', 'p { color: red }', 60_000);
    expect(Buffer.from((await read(cache, path)).bytes).toString()).toBe('p { color: red }');
    fileAt('same-size.css', 'p { color: tan }', 30_000);
    expect(Buffer.from((await read(cache, path)).bytes).toString()).toBe('p { color: tan }');
  });

  it('reads a file replaced by another (a new inode) again', async () => {
    const cache = new FileContentCache({ settledMs: 0 });
    const path = fileAt('replaced.css', 'a { color: red }');
    await read(cache, path);
    const next = fileAt('replaced.next', 'a { color: tan }');
    const t = statSync(path).mtime;
    utimesSync(next, t, t);
    renameSync(next, path);
    expect(Buffer.from((await read(cache, path)).bytes).toString()).toBe('a { color: tan }');
  });

  it('does not keep a file written just now (within the settling window)', async () => {
    const cache = new FileContentCache();
    const path = join(root, 'fresh.css');
    writeFileSync(path, 'p { margin: 0 }');
    await read(cache, path);
    expect(cache.size).toBe(0);
  });

  it('still refuses a kept path that now leads outside the root', async () => {
    const cache = new FileContentCache({ settledMs: 0 });
    const path = fileAt('swapped.css', 'p { color: red }');
    await read(cache, path);
    expect(cache.size).toBe(1);
    unlinkSync(path);
    symlinkSync(join(dir, 'outside', 'secret.css'), path);
    const err = await read(cache, path).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ResourceError);
    expect((err as ResourceError).message).toMatch(/symbolic link/);
  });

  it('still applies the size limit to a kept file', async () => {
    const cache = new FileContentCache({ settledMs: 0 });
    const path = fileAt('limited.css', 'x'.repeat(100));
    await read(cache, path);
    const err = await createFileReader({ root }, cache)(new URL(pathToFileURL(path).href), 10).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ResourceError);
    expect((err as ResourceError).message).toMatch(/over the limit/);
  });
});
