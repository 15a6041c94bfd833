import { describe, expect, it } from 'vitest';
import { buildPdf, runStructure } from './helpers.js';

/** The document-level checks of a catalog with `entries`, as `id passed details`. */
function catalogChecks(entries: string, flavour: 'pdfua-1' | 'pdfa-3a' = 'pdfua-1'): string[] {
  const bytes = buildPdf([
    `<< /Type /Catalog /Pages 2 0 R ${entries} >>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 10 10] >>',
    '<< /Type /StructTreeRoot /K [] >>',
  ]);
  return runStructure(bytes, flavour)
    .filter((c) => ['6.2-1', '7.1-4', '7.1-10', '7.1-11', '6.7.2.2-1', '6.7.3.3-1'].includes(c.id))
    .map(
      (c) =>
        `${c.id} ${c.passed ? 'pass' : 'fail'} ${c.location}${c.details ? `: ${c.details}` : ''}`,
    );
}

describe('document-level structure rules: what a failure says', () => {
  it('tells a missing MarkInfo from Marked false, and Suspects true from false', () => {
    expect(catalogChecks('')).toEqual([
      '6.2-1 fail document catalog: no MarkInfo dictionary',
      '7.1-4 pass document catalog MarkInfo',
      '7.1-11 fail document catalog',
      '7.1-10 fail document catalog: no ViewerPreferences dictionary',
    ]);
    expect(catalogChecks('/MarkInfo << /Marked false /Suspects false >>')).toContain(
      '6.2-1 fail document catalog: MarkInfo Marked is missing or false',
    );
    expect(catalogChecks('/MarkInfo << /Marked true /Suspects true >>').slice(0, 2)).toEqual([
      '6.2-1 pass document catalog',
      '7.1-4 fail document catalog MarkInfo',
    ]);
    expect(catalogChecks('/MarkInfo << /Marked (true) >>')[0]).toBe(
      '6.2-1 fail document catalog: MarkInfo Marked is missing or false',
    );
  });
  it('reads the structure tree root and DisplayDocTitle', () => {
    const root = '/StructTreeRoot 4 0 R /MarkInfo << /Marked true >>';
    expect(catalogChecks(`${root} /ViewerPreferences << /DisplayDocTitle true >>`)).toEqual([
      '6.2-1 pass document catalog',
      '7.1-4 pass document catalog MarkInfo',
      '7.1-11 pass document catalog',
      '7.1-10 pass document catalog',
    ]);
    expect(catalogChecks(`${root} /ViewerPreferences << /DisplayDocTitle false >>`)).toContain(
      '7.1-10 fail document catalog: DisplayDocTitle is missing or false',
    );
    expect(catalogChecks(`${root}`, 'pdfa-3a')).toEqual([
      '6.7.2.2-1 pass document catalog',
      '6.7.3.3-1 pass document catalog',
    ]);
  });
});
