import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatConformance, runConformance } from '../../../src/validate/conformance/run.js';
import { concat, bytesOf, simplePdf } from './build-pdf.js';

const dir = mkdtempSync(join(tmpdir(), 'a11ypdf-conformance-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function put(rel: string, bytes: Uint8Array): void {
  const p = join(dir, rel);
  mkdirSync(join(p, '..'), { recursive: true });
  writeFileSync(p, bytes);
}

describe('conformance runner', () => {
  it('counts agreement per file and per rule, and lists disagreements', () => {
    // 6.1.2 header: a clean file passes, a file with junk before the header fails.
    put('PDF_A-2b/6.1/veraPDF test suite 6-1-2-t01-pass-a.pdf', simplePdf());
    put(
      'PDF_A-2b/6.1/veraPDF test suite 6-1-2-t01-fail-a.pdf',
      concat([bytesOf('  '), simplePdf()]),
    );
    // A fail file the validator cannot agree with (the file is fine): one disagreement.
    put('PDF_A-2b/6.1/veraPDF test suite 6-1-3-t01-fail-a.pdf', simplePdf());
    put('PDF_A-2b/6.1/not-a-corpus-name.pdf', simplePdf());
    const c = runConformance(dir);
    // The pass file is far from PDF/A (no metadata), so its verdict disagrees while its clause
    // agrees; the two fail files are reported not compliant, so both verdicts agree.
    expect(c.overall).toEqual({
      files: 3,
      verdictsAgreeing: 2,
      filesAgreeing: 2,
      rules: 2,
      rulesAgreeing: 1,
    });
    expect(c.byFlavour.get('pdfa-2b')).toEqual(c.overall);
    const text = formatConformance(c);
    expect(text.split('\n')[0]).toBe('verdict agreement: 66.67% (2/3)');
    expect(text).toContain('per-file agreement by clause: 66.67% (2/3)');
    expect(text).toContain('per-rule agreement by clause: 50.00% (1/2)');
    expect(text).toContain('6-1-3-t01-fail-a.pdf');
    expect(formatConformance(c, true)).not.toContain('disagreements');
    expect(runConformance(dir, '6-1-2').overall.files).toBe(2);
  });
});
