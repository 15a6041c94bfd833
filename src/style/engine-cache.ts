/**
 * Style engines kept across documents. A service renders the same template CSS again and again;
 * parsing the sheets, indexing the rules and computing each distinct style is then repeated
 * work (about a tenth of a one-page invoice). An engine is reused only for a document whose
 * styling inputs are identical (inline sheets, links, base URL, viewport, strictness, limits).
 * What loading the sheets warned (an unsupported property, say) is kept with the engine and
 * repeated for each document that reuses it; an engine is kept only while styling documents
 * through it warned nothing more, so a reused engine gives exactly the styles and warnings a
 * fresh one would: its style caches hold nothing that warned.
 * Linked sheets may change between documents, so an engine built from fetched sheets keeps what
 * each fetch returned and is reused only after the same fetches, made again for the new
 * document, return the same bytes from the same final URLs.
 */
import type { Warning } from '../diagnostics.js';
import type { ResourceKind, ResourceLoader } from '../resources/index.js';
import { sameBytes } from '../util/index.js';
import type { StyleEngine } from './cascade.js';
import type { RuleSet, SheetSource } from './sheet.js';
import type { ComputedStyle, PageRules } from './types.js';

/** Engines kept (least recently used dropped first): about half a megabyte each for the bench documents. */
const MAX_ENGINES = 8;
/** Sheets longer than this (characters over all sources) are not worth a key this long. */
const MAX_KEY_CHARS = 256 * 1024;
/** An engine that has computed this many distinct styles is not kept: it would pin their trees. */
export const MAX_STYLES_PER_KEPT_ENGINE = 5_000;
/** An engine whose fetched sheets weigh more than this (bytes over all fetches) is not kept. */
export const MAX_KEPT_FETCH_BYTES = 1024 * 1024;

/** One fetch made while an engine's sheets were loaded, and what it returned. */
export interface RecordedLoad {
  readonly url: string;
  readonly kind: ResourceKind;
  readonly base: string | undefined;
  readonly bytes: Uint8Array;
  /** Final URL after redirects: relative URLs inside the sheet resolve against it. */
  readonly finalUrl: string;
}

/** A style engine bound to one set of sheets, with a warning sink switched per document. */
export interface SharedEngine {
  readonly ruleSet: RuleSet;
  readonly engine: StyleEngine;
  /** The fetches the sheets needed, in the order they were made. */
  readonly loads: readonly RecordedLoad[];
  /**
   * What loading the sheets warned, in order. Loading is a pure function of the key and of what
   * the fetches returned, so a document that reuses the engine gets these warnings again.
   */
  readonly loadWarnings: readonly Warning[];
  /** A fetch failed while the sheets loaded: it may succeed for the next document. */
  readonly fetchFailed: boolean;
  /** Where the engine's warnings go while one document is styled. */
  sink: (w: Warning) => void;
  /**
   * The @page rules resolved for a root style (they depend on nothing else): documents that
   * share the engine and the root's computed style share them.
   */
  pageRules?: { readonly root: ComputedStyle; readonly rules: PageRules };
}

export interface EngineKeyInput {
  readonly sources: readonly SheetSource[];
  readonly base: string | undefined;
  readonly viewport: unknown;
  /** Media type (absent: print). */
  readonly media?: string;
  readonly strict: boolean;
  readonly limits: unknown;
  /** Quirks mode adds rules to the user-agent sheet (absent: no). */
  readonly quirks?: boolean;
}

/**
 * The cache key, or null when the sheets are too long for a key. A linked sheet enters the key
 * by its href; its content is checked by `loadsUnchanged` before the engine is reused.
 */
export function engineKey(input: EngineKeyInput): string | null {
  let chars = 0;
  for (const s of input.sources) chars += s.text.length;
  if (chars > MAX_KEY_CHARS) return null;
  return JSON.stringify([
    input.base ?? null,
    input.viewport,
    input.media ?? 'print',
    input.strict,
    input.limits ?? null,
    input.quirks === true,
    input.sources.map((s) => [s.kind, s.media ?? null, s.base ?? null, s.text]),
  ]);
}

/** Total bytes an engine's fetches returned. */
export function fetchedBytes(loads: readonly RecordedLoad[]): number {
  let n = 0;
  for (const l of loads) n += l.bytes.byteLength;
  return n;
}

/**
 * Makes a kept engine's fetches again, one after another in their first order (as loading the
 * sheets would, so a per-document budget of requests counts them alike), and tells whether
 * every one returned the same bytes from the same final URL: then loading the sheets again
 * would give the rules the engine already holds. A fetch that fails means no.
 */
export async function loadsUnchanged(
  loads: readonly RecordedLoad[],
  loader: ResourceLoader,
): Promise<boolean> {
  for (const l of loads) {
    let res;
    try {
      res = await loader.load(l.url, l.kind, l.base);
    } catch {
      return false;
    }
    if (res.url !== l.finalUrl || !sameBytes(res.bytes, l.bytes)) return false;
  }
  return true;
}

export class EngineCache {
  private readonly entries = new Map<string, SharedEngine>();

  constructor(private readonly capacity = MAX_ENGINES) {}

  /** The engine for `key`, marked as most recently used. */
  take(key: string): SharedEngine | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit;
  }

  keep(key: string, entry: SharedEngine): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }

  drop(key: string): void {
    this.entries.delete(key);
  }

  /** Drops every engine. */
  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
