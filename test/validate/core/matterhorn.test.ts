import { describe, expect, it } from 'vitest';
import { formatTextReport, validate } from '../../../src/validate/index.js';
import {
  MATTERHORN_CONDITIONS,
  RULE_CONDITIONS,
} from '../../../src/validate/matterhorn/conditions.js';
import { annotationsArea } from '../../../src/validate/rules/annotations.js';
import { simplePdf } from './build-pdf.js';

describe('Matterhorn Protocol', () => {
  it('has the protocol\u2019s conditions, each mapped rule naming known ones', () => {
    expect(MATTERHORN_CONDITIONS).toHaveLength(137);
    expect(MATTERHORN_CONDITIONS.filter((c) => c.how === 'machine')).toHaveLength(87);
    const ids = new Set(MATTERHORN_CONDITIONS.map((c) => c.id));
    for (const list of Object.values(RULE_CONDITIONS))
      for (const id of list) expect(ids).toContain(id);
  });

  it('names the condition on every PDF/UA-1 failure and lists what needs human review', () => {
    const pdf = simplePdf({
      pageExtra: '/Annots [5 0 R]',
      extraObjects: [{ body: '<< /Type /Annot /Subtype /Link /Rect [0 0 10 10] >>' }],
    });
    const r = validate(pdf, { flavours: ['pdfua-1'], areas: [annotationsArea] });
    const tabs = r.failures?.find((f) => f.clause === '7.18.3');
    expect(tabs?.matterhorn).toEqual(['28-008', '28-009']);
    expect(r.failures?.every((f) => Array.isArray(f.matterhorn))).toBe(true);
    const review = r.humanReview ?? [];
    expect(review.some((i) => i.conditions.includes('04-001'))).toBe(true);
    const text = formatTextReport('x.pdf', r);
    expect(text).toContain('Matterhorn 28-008, 28-009');
    expect(text).toContain('Needs human review');
    expect(text.split('\n').pop()).toMatch(/^PDF\/UA-1 \(ISO 14289-1:2014\): FAIL/);
  });

  it('gives no Matterhorn conditions to PDF/A failures', () => {
    const r = validate(
      simplePdf({
        pageExtra: '/Annots [5 0 R]',
        extraObjects: [{ body: '<< /Type /Annot /Subtype /Link /Rect [0 0 10 10] >>' }],
      }),
      { flavours: ['pdfa-3a'], areas: [annotationsArea] },
    );
    expect(r.failures?.some((f) => f.matterhorn !== undefined)).toBe(false);
    expect(r.humanReview).toBeUndefined();
  });
});
