import { describe, expect, it } from 'vitest';
import { resolveRole } from '../../../src/validate/rules/structure/rolemap.js';
import { isLanguageTag } from '../../../src/validate/rules/structure/lang.js';
import { STANDARD_TYPES } from '../../../src/validate/rules/structure/types.js';

const isStandard = (t: string) => STANDARD_TYPES.has(t);
const role = (type: string, map: Record<string, string>) =>
  resolveRole(type, new Map(Object.entries(map)), isStandard);

describe('resolveRole', () => {
  it('leaves a standard type unmapped, or mapped to itself, as itself', () => {
    expect(role('P', {})).toEqual({ standardType: 'P', circular: false, remappedStandard: false });
    expect(role('P', { P: 'P' })).toEqual({
      standardType: 'P',
      circular: true,
      remappedStandard: false,
    });
  });
  it('follows a chain of custom types to the first standard type', () => {
    expect(role('A', { A: 'B', B: 'Span', Span: 'P' })).toEqual({
      standardType: 'Span',
      circular: false,
      remappedStandard: false,
    });
    expect(role('A', {})).toEqual({ standardType: null, circular: false, remappedStandard: false });
    expect(role('A', { A: 'B' }).standardType).toBeNull();
  });
  it('tells a cycle, with or without a standard type on it', () => {
    expect(role('A', { A: 'B', B: 'A' })).toEqual({
      standardType: null,
      circular: true,
      remappedStandard: false,
    });
    expect(role('A', { A: 'B', B: 'C', C: 'B' })).toMatchObject({
      standardType: null,
      circular: true,
    });
    expect(role('A', { A: 'P', P: 'A' })).toEqual({
      standardType: 'P',
      circular: true,
      remappedStandard: false,
    });
  });
  it('marks a standard type mapped elsewhere', () => {
    expect(role('P', { P: 'Span' })).toEqual({
      standardType: 'Span',
      circular: false,
      remappedStandard: true,
    });
    expect(role('P', { P: 'Mine' })).toEqual({
      standardType: null,
      circular: false,
      remappedStandard: true,
    });
    // Through a custom type back to itself: the chain stops at the type it started from.
    expect(role('P', { P: 'Mine', Mine: 'P' })).toEqual({
      standardType: null,
      circular: true,
      remappedStandard: true,
    });
  });
});

describe('isLanguageTag', () => {
  it('takes a primary subtag of 1 to 8 letters and subtags of 1 to 8 letters or digits', () => {
    for (const tag of ['en', 'en-US', 'x-klingon', 'zh-Hant-TW', 'de-1996', 'abcdefgh-12345678'])
      expect(isLanguageTag(tag), tag).toBe(true);
    for (const tag of [
      '',
      'en_US',
      '1en',
      'abcdefghi',
      'en-',
      '-en',
      'en--US',
      'en-123456789',
      ' en',
    ])
      expect(isLanguageTag(tag), tag).toBe(false);
  });
});
