import { describe, expect, it } from 'vitest';
import {
  PREDEFINED_TYPES,
  TypeRegistry,
  simplifyType,
} from '../../../src/validate/xmp/value-types.js';
import { isXmpDate } from '../../../src/validate/xmp/date.js';
import type { XmpNode } from '../../../src/validate/xmp/model.js';

const simple = (value: string, lang?: string): XmpNode => ({
  ns: '',
  name: 'li',
  prefix: 'rdf',
  kind: 'simple',
  value,
  children: [],
  qualifiers: [],
  ...(lang ? { lang } : {}),
});
const array = (arrayKind: 'bag' | 'seq' | 'alt', children: XmpNode[]): XmpNode => ({
  ns: 'urn:x',
  name: 'p',
  prefix: 'x',
  kind: 'array',
  arrayKind,
  value: '',
  children,
  qualifiers: [],
});
const struct = (children: XmpNode[]): XmpNode => ({
  ns: 'urn:x',
  name: 'p',
  prefix: 'x',
  kind: 'struct',
  value: '',
  children,
  qualifiers: [],
});
const field = (ns: string, name: string, value: string): XmpNode => ({
  ...simple(value),
  ns,
  name,
});

describe('simplifyType', () => {
  it('normalises choice wording, case and bare array kinds', () => {
    expect(simplifyType('Closed Choice of Integer')).toBe('integer');
    expect(simplifyType('Open Choice')).toBe('text');
    expect(simplifyType('Bag Open Choice')).toBe('bag text');
    expect(simplifyType('Lang Alt')).toBe('lang alt');
    expect(simplifyType('seq')).toBe('seq text');
  });
});

describe('TypeRegistry.conforms', () => {
  const t = PREDEFINED_TYPES;
  it('checks simple type patterns', () => {
    expect(t.conforms(simple('True'), 'Boolean')).toBe(true);
    expect(t.conforms(simple('true'), 'Boolean')).toBe(false);
    expect(t.conforms(simple('-12'), 'Integer')).toBe(true);
    expect(t.conforms(simple('1.5'), 'Integer')).toBe(false);
    expect(t.conforms(simple('.5'), 'Real')).toBe(true);
    expect(t.conforms(simple('1e3'), 'Real')).toBe(false);
    expect(t.conforms(simple('application/pdf'), 'MIMEType')).toBe(true);
    expect(t.conforms(simple('pdf'), 'MIMEType')).toBe(false);
    expect(t.conforms(simple('2024-02-30T10:00:00Z'), 'Date')).toBe(true);
    expect(t.conforms(simple('yesterday'), 'Date')).toBe(false);
    expect(t.conforms(struct([]), 'Text')).toBe(false);
  });

  it('checks array kinds and their items', () => {
    expect(t.conforms(array('seq', [simple('A')]), 'Seq ProperName')).toBe(true);
    expect(t.conforms(array('bag', [simple('A')]), 'Seq ProperName')).toBe(false);
    expect(t.conforms(array('seq', [simple('x')]), 'Seq Integer')).toBe(false);
    expect(t.conforms(simple('A'), 'Bag Text')).toBe(false);
  });

  it('accepts a Lang Alt with language items or no items, nothing else', () => {
    expect(t.conforms(array('alt', [simple('T', 'x-default')]), 'Lang Alt')).toBe(true);
    expect(t.conforms(array('alt', []), 'Lang Alt')).toBe(true);
    expect(t.conforms(array('alt', [simple('T')]), 'Lang Alt')).toBe(false);
    expect(t.conforms(simple('T'), 'Lang Alt')).toBe(false);
    expect(t.conforms(array('seq', [simple('T', 'en')]), 'Lang Alt')).toBe(false);
  });

  it('checks structure fields by namespace, name and type', () => {
    const dimNs = 'http://ns.adobe.com/xap/1.0/sType/Dimensions#';
    expect(
      t.conforms(struct([field(dimNs, 'w', '8.5'), field(dimNs, 'unit', 'inch')]), 'Dimensions'),
    ).toBe(true);
    expect(t.conforms(struct([field(dimNs, 'w', 'wide')]), 'Dimensions')).toBe(false);
    expect(t.conforms(struct([field('urn:other', 'w', '1')]), 'Dimensions')).toBe(false);
    expect(t.conforms(struct([field(dimNs, 'depth', '1')]), 'Dimensions')).toBe(false);
  });

  it('knows custom structure types only in a registry that defines them', () => {
    const custom = new TypeRegistry(
      new Map([['Machine', { ns: 'urn:m#', fields: { serial: 'Integer' } }]]),
      PREDEFINED_TYPES,
    );
    expect(PREDEFINED_TYPES.isKnown('Bag Machine')).toBe(false);
    expect(custom.isKnown('Bag Machine')).toBe(true);
    expect(
      custom.conforms(array('bag', [struct([field('urn:m#', 'serial', '7')])]), 'Bag Machine'),
    ).toBe(true);
    expect(
      custom.conforms(array('bag', [struct([field('urn:m#', 'serial', 'x')])]), 'Bag Machine'),
    ).toBe(false);
  });
});

describe('isXmpDate', () => {
  it('accepts the XMP subset of ISO 8601', () => {
    for (const d of [
      '2024',
      '2024-05',
      '2024-05-06',
      '2024-05-06T10:20Z',
      '2024-05-06T10:20:30',
      '2024-05-06T10:20:30.5+02:00',
      '',
    ]) {
      expect(isXmpDate(d), d).toBe(true);
    }
  });
  it('rejects other shapes', () => {
    for (const d of [
      '2024/05/06',
      '2024-05-06 10:20:30',
      '2024-05-06T10:20',
      '2024-05-06T10',
      'May 2024',
      '2024-05-06T10:20:30+0200x',
    ]) {
      expect(isXmpDate(d), d).toBe(false);
    }
  });
});
