/** Runs the project's validator over writer output and reports failures readably. */
import { expect } from 'vitest';
import type { LaidOutDocument, WriterSettings } from '../../src/document/index.js';
import { writePdf, type WritePdfResult } from '../../src/pdf/index.js';
import { validate } from '../../src/validate/index.js';
import { settings } from './helpers.js';

export function failuresOf(
  bytes: Uint8Array,
  flavours: ('pdfa-3a' | 'pdfua-1')[] = ['pdfa-3a', 'pdfua-1'],
): string[] {
  const r = validate(bytes, { flavours });
  return (r.failures ?? []).map(
    (f) =>
      `${f.profile} ${f.clause}-${f.testNumber}: ${f.message}${f.location ? ` @ ${f.location}` : ''}${f.errorDetails ? ` (${f.errorDetails})` : ''}`,
  );
}

/** writePdf, then the validator must find nothing against the flavours the document claims. */
export function writeValid(
  doc: LaidOutDocument,
  options: { deterministic?: boolean; settings?: Partial<WriterSettings> } = {},
): WritePdfResult {
  const file = settings(options.settings);
  const r = writePdf(doc, file, { deterministic: options.deterministic === true });
  expect(failuresOf(r.bytes, file.pdfa ? ['pdfa-3a', 'pdfua-1'] : ['pdfua-1'])).toEqual([]);
  return r;
}
