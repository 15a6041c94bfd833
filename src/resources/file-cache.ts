/**
 * Bytes of local files kept across the renders of one thread. A batch of documents beside the
 * same fonts, style sheets and logos read every one of them again for every document: for a CV
 * with two web fonts that was a tenth of its render, and a fresh buffer each time also meant
 * the caches after it (parsed fonts, style engines) compared the bytes in full before reuse.
 *
 * An entry is served only for the same file unchanged, as the descriptor just opened and
 * checked reports it: device, inode, size, and modification and change times to the
 * nanosecond. The change time cannot be set by a writer, so a file rewritten with its old
 * modification time is read again. File systems stamp times at a coarse tick, though, so two
 * writes of the same size within one tick would look alike; as git does with racily clean
 * entries, a file whose times are less than `SETTLED_MS` old is neither kept nor served from
 * the cache. Served buffers are shared: nothing in the engine writes into loaded bytes.
 */
import type { BigIntStats } from 'node:fs';

/** Bytes kept per thread, over all files. */
const CACHE_BYTES = 32 * 1024 * 1024;
/** Larger files are read every time (a font of a script with many glyphs, a large photo). */
const MAX_FILE_BYTES = 8 * 1024 * 1024;
/** A file changed more recently than this may still change within the same time stamp. */
const SETTLED_MS = 2000;

/** What identifies one state of one file. */
export interface FileVersion {
  readonly dev: bigint;
  readonly ino: bigint;
  readonly size: bigint;
  readonly mtimeNs: bigint;
  readonly ctimeNs: bigint;
}

interface Entry {
  readonly version: FileVersion;
  readonly bytes: Buffer;
}

export function versionOf(info: BigIntStats): FileVersion {
  return {
    dev: info.dev,
    ino: info.ino,
    size: info.size,
    mtimeNs: info.mtimeNs,
    ctimeNs: info.ctimeNs,
  };
}

function sameVersion(a: FileVersion, b: FileVersion): boolean {
  return (
    a.dev === b.dev &&
    a.ino === b.ino &&
    a.size === b.size &&
    a.mtimeNs === b.mtimeNs &&
    a.ctimeNs === b.ctimeNs
  );
}

/**
 * Has the file kept its times for `settledMs` at `nowMs`, so that an unchanged stamp means
 * unchanged bytes?
 */
export function hasSettled(version: FileVersion, nowMs: number, settledMs: number): boolean {
  const newest = version.mtimeNs > version.ctimeNs ? version.mtimeNs : version.ctimeNs;
  return BigInt(Math.floor(nowMs - settledMs)) * 1_000_000n >= newest;
}

export interface FileCacheOptions {
  /** Bytes kept over all files. */
  readonly bytes?: number;
  /** Larger files are not kept. */
  readonly maxFileBytes?: number;
  /** How long a file's times must lie in the past before its bytes are kept or served. */
  readonly settledMs?: number;
}

/** Least recently used first, exactly (a Map in use order), bounded by bytes. */
export class FileContentCache {
  private readonly entries = new Map<string, Entry>();
  private held = 0;
  private readonly maxBytes: number;
  private readonly maxFileBytes: number;
  private readonly settledMs: number;

  constructor(options: FileCacheOptions = {}) {
    this.maxBytes = options.bytes ?? CACHE_BYTES;
    this.maxFileBytes = Math.min(options.maxFileBytes ?? MAX_FILE_BYTES, this.maxBytes);
    this.settledMs = options.settledMs ?? SETTLED_MS;
  }

  /** The kept bytes of the file at real path `path` if it is still at `version`. */
  get(path: string, version: FileVersion, nowMs: number): Buffer | undefined {
    const entry = this.entries.get(path);
    if (entry === undefined) return undefined;
    if (!sameVersion(entry.version, version) || !hasSettled(version, nowMs, this.settledMs)) {
      this.drop(path, entry);
      return undefined;
    }
    this.entries.delete(path);
    this.entries.set(path, entry);
    return entry.bytes;
  }

  /** Keeps `bytes`, read from `path` at `version`, where they fit and the file has settled. */
  set(path: string, version: FileVersion, bytes: Buffer, nowMs: number): void {
    const old = this.entries.get(path);
    if (old !== undefined) this.drop(path, old);
    if (bytes.byteLength > this.maxFileBytes || !hasSettled(version, nowMs, this.settledMs)) return;
    // The read may have seen a file that grew or shrank since its check: keep only whole reads.
    if (BigInt(bytes.byteLength) !== version.size) return;
    this.entries.set(path, { version, bytes });
    this.held += bytes.byteLength;
    for (const [p, e] of this.entries) {
      if (this.held <= this.maxBytes) break;
      this.drop(p, e);
    }
  }

  /** Bytes held. */
  get bytes(): number {
    return this.held;
  }

  get size(): number {
    return this.entries.size;
  }

  private drop(path: string, entry: Entry): void {
    this.entries.delete(path);
    this.held -= entry.bytes.byteLength;
  }
}

/** The cache of this thread, shared by every file reader made in it. */
export const sharedFileCache = new FileContentCache();
