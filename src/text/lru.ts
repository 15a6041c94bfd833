/**
 * A small bounded cache with approximate least-recently-used eviction, used for the shaping and
 * hyphenation caches so a long-running service never grows without limit. Two generations:
 * entries live in `young` until it is full, then `young` becomes `old` and the previous `old`
 * is dropped; a hit in `old` is promoted. Every operation is O(1) with no per-hit reordering.
 */
export class LruCache<K, V> {
  private young = new Map<K, V>();
  private old = new Map<K, V>();
  private readonly generation: number;

  constructor(readonly capacity: number) {
    this.generation = Math.max(1, Math.floor(capacity / 2));
  }

  get(key: K): V | undefined {
    const v = this.young.get(key);
    if (v !== undefined) return v;
    const o = this.old.get(key);
    if (o !== undefined) this.set(key, o);
    return o;
  }

  set(key: K, value: V): void {
    if (this.young.size >= this.generation) {
      this.old = this.young;
      this.young = new Map();
    }
    this.young.set(key, value);
  }

  /** Entries held (at most `capacity`). */
  get size(): number {
    return this.young.size + this.old.size;
  }
}

/**
 * The same two-generation cache for keys in two parts: a group (for example a font face and
 * text style, one interned string reused across calls so its hash is computed once) and a key
 * within it (a word). Looking up a word then hashes the word alone instead of a long key string
 * built per call. `capacity` bounds the entries over all groups together.
 */
export class GroupedLruCache<G, K, V> {
  private young = new Map<G, Map<K, V>>();
  private old = new Map<G, Map<K, V>>();
  private youngSize = 0;
  private oldSize = 0;
  private readonly generation: number;

  constructor(readonly capacity: number) {
    this.generation = Math.max(1, Math.floor(capacity / 2));
  }

  get(group: G, key: K): V | undefined {
    const v = this.young.get(group)?.get(key);
    if (v !== undefined) return v;
    const o = this.old.get(group)?.get(key);
    if (o !== undefined) this.set(group, key, o);
    return o;
  }

  set(group: G, key: K, value: V): void {
    if (this.youngSize >= this.generation) {
      this.old = this.young;
      this.oldSize = this.youngSize;
      this.young = new Map();
      this.youngSize = 0;
    }
    let words = this.young.get(group);
    if (!words) {
      words = new Map();
      this.young.set(group, words);
    }
    const before = words.size;
    words.set(key, value);
    this.youngSize += words.size - before;
  }

  /** Entries held (at most `capacity`). */
  get size(): number {
    return this.youngSize + this.oldSize;
  }
}
