import { describe, expect, it } from 'vitest';
import { runStructure, taggedDoc } from './helpers.js';

/** A page drawing `n` untagged rectangles and `langs` Span sequences with Lang (en_GB). */
const page = (n: number, langs = 0) =>
  taggedDoc({
    rootKids: '[]',
    elements: [],
    content:
      '0 0 1 1 re f\n'.repeat(n) +
      '/Artifact <</Lang (en_GB)>> BDC 0 0 1 1 re f EMC\n'.repeat(langs),
  });

describe('content checks replayed from the content walk', () => {
  it('counts every failure, beyond the 200 kept with their location', () => {
    for (const n of [3, 205]) {
      const fails = runStructure(page(n)).filter((c) => c.id === '7.1-3' && !c.passed);
      expect(fails, `${n}`).toHaveLength(n);
      // Those past the kept ones repeat the first one's location.
      expect(new Set(fails.slice(200).map((c) => c.location)).size).toBeLessThanOrEqual(1);
      if (n > 200) expect(fails[204].location).toBe(fails[0].location);
    }
  });
  it('checks every Lang of a property list, beyond the 20 kept locations', () => {
    for (const flavour of ['pdfua-1', 'pdfa-3a'] as const) {
      const id = flavour === 'pdfua-1' ? '7.2-29' : '6.7.4-1';
      const fails = runStructure(page(0, 25), flavour).filter((c) => c.id === id && !c.passed);
      expect(fails, flavour).toHaveLength(25);
      expect(fails[24].details).toBe('Lang "en_GB"');
    }
  });
  it('records the passes, and no content check for a flavour without them', () => {
    const tagged = taggedDoc({
      rootKids: '[]',
      elements: [],
      content: '/Artifact BMC 0 0 1 1 re f EMC\n/Artifact BMC 0 0 1 1 re f EMC',
    });
    const passes = runStructure(tagged).filter((c) => c.id === '7.1-3');
    // One pass per painting operation inside an artifact.
    expect(passes).toHaveLength(2);
    expect(passes.every((c) => c.passed && c.location === 'page content')).toBe(true);
    expect(runStructure(page(3), 'pdfa-2b')).toEqual([]);
  });
});
