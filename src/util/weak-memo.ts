/**
 * Values derived from an object and a key, kept as long as the object lives: the shape of the
 * caches that share a copy of a computed style per derivation (anonymous boxes' styles, form
 * controls' styles, collapsed table cell borders) instead of copying it per element.
 */
export class WeakKeyedMemo<O extends object, K, V> {
  readonly #byObject = new WeakMap<O, Map<K, V>>();

  /** The value for `object` and `key`, made by `make` the first time. */
  get(object: O, key: K, make: (object: O, key: K) => V): V {
    let byKey = this.#byObject.get(object);
    if (!byKey) {
      byKey = new Map();
      this.#byObject.set(object, byKey);
    }
    let value = byKey.get(key);
    if (value === undefined) {
      value = make(object, key);
      byKey.set(key, value);
    }
    return value;
  }
}
