import { describe, expect, it } from 'vitest';
import { keptRecent } from '../../src/util/index.js';

describe('keptRecent', () => {
  it('makes a value once, keeps it, and drops the least recently used past the limit', () => {
    const kept = new Map<string, { name: string }>();
    const dropped: string[] = [];
    let made = 0;
    const take = (key: string) =>
      keptRecent(
        kept,
        key,
        () => {
          made++;
          return { name: key };
        },
        2,
        (v) => dropped.push(v.name),
      );
    const a = take('a');
    take('b');
    expect(take('a')).toBe(a); // a is now the most recent
    expect(made).toBe(2);
    take('c'); // b is the least recently used
    expect(dropped).toEqual(['b']);
    expect([...kept.keys()]).toEqual(['a', 'c']);
    take('b');
    expect(made).toBe(4);
    expect(dropped).toEqual(['b', 'a']);
  });
});
