import { describe, expect, it } from 'vitest';
import { GroupedLruCache, LruCache } from '../../src/util/lru.js';

describe('LruCache', () => {
  it('keeps at most its capacity and promotes hits from the old generation', () => {
    const c = new LruCache<string, number>(4);
    for (let i = 0; i < 4; i++) c.set('k' + i, i);
    expect(c.get('k0')).toBe(0); // old generation hit, promoted
    for (let i = 4; i < 8; i++) c.set('k' + i, i);
    expect(c.size).toBeLessThanOrEqual(4);
    expect(c.get('k7')).toBe(7);
  });
});

describe('GroupedLruCache', () => {
  it('keeps groups apart', () => {
    const c = new GroupedLruCache<string, string, number>(8);
    c.set('a', 'word', 1);
    c.set('b', 'word', 2);
    expect(c.get('a', 'word')).toBe(1);
    expect(c.get('b', 'word')).toBe(2);
    expect(c.get('c', 'word')).toBeUndefined();
  });

  it('bounds the entries over all groups together', () => {
    const c = new GroupedLruCache<string, string, number>(10);
    for (let i = 0; i < 100; i++) c.set('g' + (i % 7), 'w' + i, i);
    expect(c.size).toBeLessThanOrEqual(10);
    expect(c.get('g' + (99 % 7), 'w99')).toBe(99);
    expect(c.get('g0', 'w0')).toBeUndefined();
  });

  it('does not count a replaced entry twice', () => {
    const c = new GroupedLruCache<string, string, number>(4);
    for (let i = 0; i < 10; i++) c.set('g', 'same', i);
    expect(c.size).toBe(1);
    expect(c.get('g', 'same')).toBe(9);
  });

  it('promotes an old-generation hit so it survives the next rotation', () => {
    const c = new GroupedLruCache<string, string, number>(4);
    c.set('g', 'keep', 1);
    c.set('g', 'x', 2);
    c.set('h', 'y', 3); // rotates: keep and x are old
    expect(c.get('g', 'keep')).toBe(1); // promoted into young
    c.set('h', 'z', 4); // rotates again: young (y, keep) becomes old
    expect(c.get('g', 'keep')).toBe(1);
    expect(c.get('g', 'x')).toBeUndefined();
  });
});

describe('byte budget', () => {
  const weigh = (_k: string, v: string) => v.length;

  it('keeps the estimated bytes under the budget however few the entries', () => {
    const c = new LruCache<string, string>(1000, { bytes: 100, weigh });
    for (let i = 0; i < 50; i++) c.set('k' + i, 'x'.repeat(10));
    expect(c.bytes).toBeLessThanOrEqual(100);
    expect(c.size).toBeLessThanOrEqual(10);
    expect(c.get('k49')).toBe('x'.repeat(10));
  });

  it('does not hold an entry bigger than half the budget', () => {
    const c = new LruCache<string, string>(1000, { bytes: 100, weigh });
    c.set('small', 'x');
    c.set('big', 'x'.repeat(60));
    expect(c.get('big')).toBeUndefined();
    expect(c.get('small')).toBe('x');
  });

  it('counts a replaced grouped entry once', () => {
    const c = new GroupedLruCache<string, string, string>(1000, { bytes: 1000, weigh });
    for (let i = 0; i < 10; i++) c.set('g', 'same', 'x'.repeat(20));
    expect(c.bytes).toBe(20);
    for (let i = 0; i < 200; i++) c.set('g' + (i % 3), 'w' + i, 'y'.repeat(20));
    expect(c.bytes).toBeLessThanOrEqual(1000);
    expect(c.get('g' + (199 % 3), 'w199')).toBe('y'.repeat(20));
  });
});

describe('clear', () => {
  it('drops every entry and its bytes, and the cache fills again', () => {
    const c = new LruCache<string, string>(8, { bytes: 1000, weigh: (_k, v) => v.length });
    for (let i = 0; i < 6; i++) c.set('k' + i, 'x'.repeat(10)); // both generations
    c.clear();
    expect(c.size).toBe(0);
    expect(c.bytes).toBe(0);
    expect(c.get('k0')).toBeUndefined();
    expect(c.get('k5')).toBeUndefined();
    c.set('k0', 'y');
    expect(c.get('k0')).toBe('y');
    expect(c.size).toBe(1);
  });

  it('drops every group of a grouped cache', () => {
    const c = new GroupedLruCache<string, string, number>(4);
    for (let i = 0; i < 4; i++) c.set('g' + (i % 2), 'w' + i, i);
    c.clear();
    expect(c.size).toBe(0);
    expect(c.get('g0', 'w0')).toBeUndefined();
    expect(c.get('g1', 'w3')).toBeUndefined();
  });
});
