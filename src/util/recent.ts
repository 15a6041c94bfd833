/**
 * The value kept under `key` in `kept`, made by `make` when there is none, and marked most
 * recently used (a Map iterates in insertion order, so taking an entry out and putting it back
 * moves it to the end). Past `limit` entries the least recently used one is dropped and handed
 * to `dropped`, to release what it holds. For small registries of shared objects (connection
 * agents, caches) kept per thread; LruCache serves the large caches of derived values.
 */
export function keptRecent<K, V>(
  kept: Map<K, V>,
  key: K,
  make: () => V,
  limit: number,
  dropped?: (value: V) => void,
): V {
  let value = kept.get(key);
  if (value === undefined) value = make();
  else kept.delete(key);
  kept.set(key, value);
  if (kept.size > limit) {
    const [oldestKey, oldest] = kept.entries().next().value as [K, V];
    kept.delete(oldestKey);
    dropped?.(oldest);
  }
  return value;
}
