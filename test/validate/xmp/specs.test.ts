import { describe, expect, it } from 'vitest';

// Imported inside the test: a rule table that fails its own checks throws while its module
// loads, and that must fail a test here, not only break the files that import it.
const load = async (): Promise<typeof import('../../../src/validate/rules/metadata/specs.js')> =>
  import('../../../src/validate/rules/metadata/specs.js');

describe('the metadata rule table', () => {
  it("loads, naming veraPDF's clauses and tests, PDF/A and PDF/UA apart", async () => {
    const { XMP_RULES } = await load();
    const ids = (ua: boolean): string[] =>
      XMP_RULES.filter((r) => r.flavours.includes('pdfua-1') === ua).map(
        (r) => `${r.clause}-${r.testNumber}`,
      );
    const container = Array.from({ length: 18 }, (_, i) => `6.6.2.3.3-${i + 1}`);
    expect(ids(false)).toEqual([
      '6.6.2.1-1',
      '6.6.2.1-2',
      '6.6.2.1-3',
      '6.6.2.1-4',
      '6.6.2.1-5',
      '6.6.2.3.1-1',
      '6.6.2.3.1-2',
      '6.6.2.3.2-1',
      ...container,
      ...Array.from({ length: 7 }, (_, i) => `6.6.4-${i + 1}`),
    ]);
    expect(ids(true)).toEqual(['5-1', '5-2', '5-3', '5-4', '5-5', '7.1-8', '7.1-9', '7.2-33']);
  });

  it('gives each rule the model object, category and message a report shows', async () => {
    const { R } = await load();
    expect(R.metadataPresent.object).toBe('PDDocument');
    expect(R.containerBag.object).toBe('ExtensionSchemasContainer');
    expect(R.uaLangAlt.category).toBe('Natural language');
    for (const rule of Object.values(R)) {
      expect(rule.object).toMatch(/^[A-Z][A-Za-z]+$/);
      expect(rule.message).toMatch(/^\S.*\.$/);
    }
  });
});
