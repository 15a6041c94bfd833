import { describe, expect, it } from 'vitest';
import {
  headingLevel,
  isPassThrough,
  isStandardType,
} from '../../../src/validate/rules/structure/types.js';

describe('structure types', () => {
  it('reads through NonStruct, Div and Part only', () => {
    for (const t of ['NonStruct', 'Div', 'Part']) expect(isPassThrough(t), t).toBe(true);
    for (const t of ['Sect', 'Art', 'Document', '', null])
      expect(isPassThrough(t), `${t}`).toBe(false);
  });
  it('gives the level of H1 to H6 and of nothing else', () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => headingLevel(`H${n}`))).toEqual([1, 2, 3, 4, 5, 6]);
    for (const t of ['H', 'H0', 'H7', 'H12', 'XH1', 'H1x', 'h1', '', null])
      expect(headingLevel(t), `${t}`).toBeNull();
  });
  it('knows the standard types of ISO 32000-1', () => {
    for (const t of ['Document', 'P', 'H', 'TD', 'Figure', 'Form', 'WP'])
      expect(isStandardType(t)).toBe(true);
    for (const t of ['Artifact', 'Paragraph', 'p', 'StructTreeRoot'])
      expect(isStandardType(t)).toBe(false);
  });
});
