/**
 * The validator's decoding budget per document: past it no stream is decoded, and the report
 * says the result is incomplete (a finding, not an exception).
 */
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { validate } from '../../src/validate/index.js';
import { DEFAULT_DOCUMENT_DECODE_BUDGET } from '../../src/validate/index.js';
import { buildPdf } from '../validate/core/build-pdf.js';

/** Pages whose content streams each inflate to `size` bytes of spaces (valid, empty content). */
function pdfWithContent(pages: number, size: number): Uint8Array {
  const data = deflateSync(new Uint8Array(size).fill(32));
  const kids = Array.from({ length: pages }, (_, i) => `${3 + 2 * i} 0 R`).join(' ');
  const objects = [
    { body: '<< /Type /Catalog /Pages 2 0 R >>' },
    { body: `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>` },
  ];
  for (let i = 0; i < pages; i++) {
    objects.push({
      body: `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents ${4 + 2 * i} 0 R >>`,
    });
    objects.push({ stream: { dict: '/Filter /FlateDecode', data } } as never);
  }
  return buildPdf(objects);
}

const finding = (r: ReturnType<typeof validate>) =>
  r.failures?.filter(
    (f) => f.clause === 'internal' && /document budget/.test(f.errorDetails ?? ''),
  );

describe('document decoding budget', () => {
  it('is 512 MiB by default', () => {
    expect(DEFAULT_DOCUMENT_DECODE_BUDGET).toBe(512 * 1024 * 1024);
  });

  it('stops decoding past the budget and reports the result as incomplete', () => {
    const pdf = pdfWithContent(6, 256 * 1024);
    const within = validate(pdf, { flavours: ['pdfua-1'] });
    expect(finding(within)).toEqual([]);

    const over = validate(pdf, {
      flavours: ['pdfua-1', 'pdfa-2b'],
      limits: { documentDecodeBudget: 512 * 1024 },
    });
    const found = finding(over)!;
    // One finding per profile: neither can be called compliant on unread streams.
    expect(found.map((f) => f.profile).sort()).toEqual(over.profiles.map((p) => p.profile).sort());
    expect(found[0].errorDetails).toContain(`${512 * 1024} bytes`);
    expect(over.isCompliant).toBe(false);
    expect(over.profiles.every((p) => !p.isCompliant)).toBe(true);
  });
});
