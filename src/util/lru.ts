/**
 * A small bounded cache with approximate least-recently-used eviction, used for the shaping and
 * hyphenation caches so a long-running service never grows without limit. Two generations:
 * entries live in `young` until it is full, then `young` becomes `old` and the previous `old`
 * is dropped; a hit in `old` is promoted. Every operation is O(1) with no per-hit reordering.
 *
 * A generation is full at half the capacity in entries or, with a byte budget, at half the
 * budget's bytes as estimated by `weigh`: entry counts alone let a few long texts (a paragraph
 * with no break opportunity) hold far more memory than the count suggests.
 */
export interface ByteBudget<K, V> {
  /** Estimated bytes over both generations. */
  readonly bytes: number;
  /** Estimated bytes one entry holds (value and key). */
  readonly weigh: (key: K, value: V) => number;
}

/** The cache with plain keys: a grouped cache with a single group. */
export class LruCache<K, V> {
  private readonly inner: GroupedLruCache<null, K, V>;

  constructor(
    readonly capacity: number,
    budget?: ByteBudget<K, V>,
  ) {
    this.inner = new GroupedLruCache(capacity, budget);
  }

  get(key: K): V | undefined {
    return this.inner.get(null, key);
  }

  set(key: K, value: V): void {
    this.inner.set(null, key, value);
  }

  /** Drops every entry. */
  clear(): void {
    this.inner.clear();
  }

  /** Entries held (at most `capacity`). */
  get size(): number {
    return this.inner.size;
  }

  /** Estimated bytes held (at most the budget's bytes; 0 without a budget). */
  get bytes(): number {
    return this.inner.bytes;
  }
}

/**
 * The two-generation cache for keys in two parts: a group (for example a font face and
 * text style, one interned string reused across calls so its hash is computed once) and a key
 * within it (a word). Looking up a word then hashes the word alone instead of a long key string
 * built per call. `capacity` bounds the entries over all groups together, `budget` their bytes.
 */
export class GroupedLruCache<G, K, V> {
  private young = new Map<G, Map<K, V>>();
  private old = new Map<G, Map<K, V>>();
  private youngSize = 0;
  private oldSize = 0;
  private youngBytes = 0;
  private oldBytes = 0;
  private readonly generation: number;
  private readonly generationBytes: number;

  constructor(
    readonly capacity: number,
    private readonly budget?: ByteBudget<K, V>,
  ) {
    this.generation = Math.max(1, Math.floor(capacity / 2));
    this.generationBytes = budget ? budget.bytes / 2 : Infinity;
  }

  get(group: G, key: K): V | undefined {
    const v = this.young.get(group)?.get(key);
    if (v !== undefined) return v;
    const o = this.old.get(group)?.get(key);
    if (o !== undefined) this.set(group, key, o);
    return o;
  }

  set(group: G, key: K, value: V): void {
    const w = this.budget ? this.budget.weigh(key, value) : 0;
    if (w > this.generationBytes) return;
    if (this.youngSize >= this.generation || this.youngBytes + w > this.generationBytes) {
      this.old = this.young;
      this.oldSize = this.youngSize;
      this.oldBytes = this.youngBytes;
      this.young = new Map();
      this.youngSize = 0;
      this.youngBytes = 0;
    }
    let words = this.young.get(group);
    if (!words) {
      words = new Map();
      this.young.set(group, words);
    }
    const before = words.size;
    const prev = this.budget ? words.get(key) : undefined;
    if (prev !== undefined) this.youngBytes -= this.budget!.weigh(key, prev);
    words.set(key, value);
    this.youngSize += words.size - before;
    this.youngBytes += w;
  }

  /** Drops every entry. */
  clear(): void {
    this.young = new Map();
    this.old = new Map();
    this.youngSize = this.oldSize = this.youngBytes = this.oldBytes = 0;
  }

  /** Entries held (at most `capacity`). */
  get size(): number {
    return this.youngSize + this.oldSize;
  }

  /** Estimated bytes held (at most the budget's bytes; 0 without a budget). */
  get bytes(): number {
    return this.youngBytes + this.oldBytes;
  }
}
