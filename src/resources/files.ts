/**
 * Local files for the library and the command line: file: URLs read from inside one or more
 * root folders and nowhere else. A path is judged by where it really leads (after `..`,
 * symbolic links and absolute paths are resolved), so a document beside its stylesheets can
 * use them while `../secret`, `/etc/passwd` or a link pointing out of the root are refused.
 * The service never configures roots, so for it file: URLs stay refused like any other scheme.
 */
import {
  closeSync,
  constants,
  fstatSync,
  openSync,
  read,
  readSync,
  readlinkSync,
  realpathSync,
  type BigIntStats,
  type Stats,
} from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, isAbsolute, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sharedFileCache, versionOf, type FileContentCache } from './file-cache.js';
import { ResourceError, type LoadedResource } from './types.js';

/** Which local files a render may read. */
export interface FileAccess {
  /**
   * Folders whose files (and sub-folders) may be read. A file: URL whose real path lies outside
   * every root is refused with a warning naming it; so are directories, devices and pipes.
   */
  readonly root: string | readonly string[];
}

const MEDIA_TYPES: Readonly<Record<string, string>> = {
  '.css': 'text/css',
  '.html': 'text/html',
  '.htm': 'text/html',
  '.xhtml': 'application/xhtml+xml',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.tif': 'image/tiff',
  '.tiff': 'image/tiff',
  '.bmp': 'image/bmp',
  '.ico': 'image/x-icon',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.ttc': 'font/collection',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.pdf': 'application/pdf',
};

/** Media type of a local file, from its extension (there are no response headers). */
export function mediaTypeOfPath(path: string): string {
  return MEDIA_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

/** Is `path` the root itself or inside it? Both absolute and normalised. */
export function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

interface Root {
  /** As given, made absolute: what messages name and what `..` is judged against. */
  readonly given: string;
  /** With symbolic links resolved: what real paths are judged against. */
  readonly real: string;
}

function rootList(access: FileAccess): readonly string[] {
  const roots = typeof access.root === 'string' ? [access.root] : access.root;
  if (roots.length === 0) throw new TypeError('files.root must name at least one folder');
  return roots.map((r) => resolve(r));
}

/**
 * The real path of the file an open descriptor refers to, where the system can say (Linux
 * /proc): checked after opening, so a folder swapped for a link between the check and the open
 * still cannot lead outside the root.
 */
function openedPath(fd: number): string | null {
  try {
    return readlinkSync(`/proc/self/fd/${fd}`);
  } catch {
    return null;
  }
}

/**
 * The checks (real path, open, where the descriptor leads, its kind and size) are system calls
 * of a few microseconds on a local disk: made synchronously, as Node's own module loader does,
 * they cost a tenth of the same calls through the thread pool (measured: five files of a
 * document, 0.10 against 0.84 ms). Files up to this size are read synchronously too (a font,
 * a photo); larger ones through the thread pool, so a big file does not hold the thread up.
 */
const SYNC_READ_MAX = 2 * 1024 * 1024;

const readAsync = promisify(read);

type ReadChunk = (
  buffer: Buffer,
  offset: number,
  length: number,
  position: number,
) => number | Promise<number>;

/**
 * All bytes of an open file, read through `readChunk` (positional reads), which had `size`
 * bytes when checked: into a buffer of its own of exactly that size, then on if the file grew
 * since, up to `limit` bytes (undefined past it: the caller says so).
 */
export async function readAll(
  size: number,
  limit: number,
  readChunk: ReadChunk,
): Promise<Buffer | undefined> {
  const first = Buffer.allocUnsafeSlow(size);
  let filled = 0;
  while (filled < size) {
    const n = await readChunk(first, filled, size - filled, filled);
    if (n === 0) return first.subarray(0, filled); // shrank since the check
    filled += n;
  }
  // Whatever was appended since the check, within the limit.
  const more: Buffer[] = [];
  let total = size;
  for (;;) {
    // Small chunks: usually the one read that finds the end, from Node's buffer pool.
    const chunk = Buffer.allocUnsafe(Math.min(4096, limit - total + 1));
    const n = await readChunk(chunk, 0, chunk.length, total);
    if (n === 0) break;
    more.push(chunk.subarray(0, n));
    total += n;
    if (total > limit) return undefined;
  }
  return more.length === 0 ? first : Buffer.concat([first, ...more], total);
}

const errno = (err: unknown): string | undefined => (err as NodeJS.ErrnoException).code;

/**
 * Reads file: URLs inside the roots of `access`, within `limit` bytes per call. Every call makes
 * every check; the bytes of a file unchanged since an earlier read come from `cache`.
 */
export function createFileReader(
  access: FileAccess,
  cache: FileContentCache = sharedFileCache,
): (url: URL, limit: number) => Promise<LoadedResource> {
  const given = rootList(access);
  let roots: readonly Root[] | null = null;
  const resolvedRoots = (): readonly Root[] =>
    (roots ??= given.map((g) => {
      try {
        return { given: g, real: realpathSync.native(g) };
      } catch (err) {
        throw new ResourceError(
          `the file root ${g} cannot be used (${errno(err) ?? String(err)})`,
          g,
          'refused',
        );
      }
    }));

  const outside = (href: string, path: string, list: readonly Root[], why: string) =>
    new ResourceError(
      `${path} is outside the allowed folder${list.length > 1 ? 's' : ''} ${list
        .map((r) => r.given)
        .join(', ')}${why}; use --root (or the files.root option) to allow it`,
      href,
      'refused',
    );

  return async (url, limit) => {
    const href = url.href;
    if (url.host !== '' && url.host !== 'localhost')
      throw new ResourceError(
        `file: URLs on another host (${url.host}) are not read`,
        href,
        'refused',
      );
    let path: string;
    try {
      path = fileURLToPath(url);
    } catch (err) {
      throw new ResourceError(`not a local file path: ${(err as Error).message}`, href, 'invalid');
    }
    const list = resolvedRoots();
    // Judged twice: as written (so `..` and absolute paths are named as such) and as the file
    // system resolves it (so a symbolic link inside the root cannot lead out of it).
    if (!list.some((r) => isInside(r.given, path) || isInside(r.real, path)))
      throw outside(href, path, list, '');
    let real: string;
    try {
      real = realpathSync.native(path);
    } catch (err) {
      const code = errno(err);
      throw new ResourceError(
        code === 'ENOENT' ? `${path} does not exist` : `${path} cannot be read (${code})`,
        href,
        'failed',
      );
    }
    if (!list.some((r) => isInside(r.real, real)))
      throw outside(href, path, list, ` (it is a symbolic link to ${real})`);

    // Non-blocking, so a named pipe cannot hang the render; not following a final link, so the
    // file checked above is the file opened.
    let fd: number;
    try {
      fd = openSync(real, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
    } catch (err) {
      throw new ResourceError(`${path} cannot be read (${errno(err)})`, href, 'failed');
    }
    try {
      const opened = openedPath(fd);
      if (opened !== null && !list.some((r) => isInside(r.real, opened)))
        throw outside(href, path, list, ` (it led to ${opened})`);
      const info: BigIntStats = fstatSync(fd, { bigint: true });
      if (!info.isFile()) throw new ResourceError(`${path} is not a regular file`, href, 'refused');
      const size = Number(info.size);
      if (size > limit)
        throw new ResourceError(
          `${path} has ${size} bytes, over the limit of ${limit}`,
          href,
          'limit',
        );
      const version = versionOf(info);
      const kept = cache.get(real, version, Date.now());
      if (kept !== undefined) return { bytes: kept, contentType: mediaTypeOfPath(real), url: href };
      const bytes = await readAll(
        size,
        limit,
        size <= SYNC_READ_MAX
          ? (buffer, offset, length, position) => readSync(fd, buffer, offset, length, position)
          : async (buffer, offset, length, position) =>
              (await readAsync(fd, buffer, offset, length, position)).bytesRead,
      );
      if (bytes === undefined)
        throw new ResourceError(`${path} grew past the limit of ${limit} bytes`, href, 'limit');
      cache.set(real, version, bytes, Date.now());
      return { bytes, contentType: mediaTypeOfPath(real), url: href };
    } finally {
      closeSync(fd);
    }
  };
}

/** Checks up front that every root of `access` is a folder, for callers that want to fail early. */
export async function assertFileRoots(access: FileAccess): Promise<void> {
  for (const root of rootList(access)) {
    let info: Stats;
    try {
      info = await stat(root);
    } catch {
      throw new ResourceError(`the file root ${root} does not exist`, root, 'invalid');
    }
    if (!info.isDirectory())
      throw new ResourceError(`the file root ${root} is not a folder`, root, 'invalid');
  }
}
