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
