/**
 * Style engines kept across documents. A service renders the same template CSS again and again;
 * parsing the sheets, indexing the rules and computing each distinct style is then repeated
 * work (about a tenth of a one-page invoice). An engine is reused only for a document whose
 * styling inputs are identical (inline sheets, base URL, viewport, strictness, limits) and only
 * while every document styled through it produced no warning, so a reused engine gives exactly
 * the styles and warnings a fresh one would: its caches then hold nothing that warned.
 */
import type { Warning } from '../diagnostics.js';
import type { StyleEngine } from './cascade.js';
import type { RuleSet, SheetSource } from './sheet.js';

/** Engines kept (least recently used dropped first): about half a megabyte each for the bench documents. */
const MAX_ENGINES = 8;
/** Sheets longer than this (characters over all sources) are not worth a key this long. */
const MAX_KEY_CHARS = 256 * 1024;
/** An engine that has computed this many distinct styles is not kept: it would pin their trees. */
export const MAX_STYLES_PER_KEPT_ENGINE = 5_000;

/** A style engine bound to one set of sheets, with a warning sink switched per document. */
export interface SharedEngine {
  readonly ruleSet: RuleSet;
  readonly engine: StyleEngine;
  /** Where the engine's warnings go while one document is styled. */
  sink: (w: Warning) => void;
}

export interface EngineKeyInput {
  readonly sources: readonly SheetSource[];
  readonly base: string | undefined;
  readonly viewport: unknown;
  /** Media type (absent: print). */
  readonly media?: string;
  readonly strict: boolean;
  readonly limits: unknown;
}

/**
 * The cache key, or null when the document's styling depends on something outside the key:
 * a linked sheet (its content may change between documents) or a very long sheet.
 */
export function engineKey(input: EngineKeyInput): string | null {
  let chars = 0;
  for (const s of input.sources) {
    if (s.kind !== 'inline') return null;
    chars += s.text.length;
  }
  if (chars > MAX_KEY_CHARS) return null;
  return JSON.stringify([
    input.base ?? null,
    input.viewport,
    input.media ?? 'print',
    input.strict,
    input.limits ?? null,
    input.sources.map((s) => [s.media ?? null, s.base ?? null, s.text]),
  ]);
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

  get size(): number {
    return this.entries.size;
  }
}
