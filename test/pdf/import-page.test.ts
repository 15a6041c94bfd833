/** Content of imported pages: marked content removed, ActualText kept, operators intact. */
import { describe, expect, it } from 'vitest';
import { stripMarkedContent } from '../../src/pdf/import-page.js';

const strip = (s: string): string =>
  Buffer.from(stripMarkedContent(Buffer.from(s, 'latin1'))).toString('latin1');

describe('stripMarkedContent', () => {
  it('drops tags and MCIDs but keeps what is drawn', () => {
    const out = strip(
      '/P <</MCID 3>> BDC 0.5 0 0 rg 10 20 30.25 40 re f EMC /Artifact BMC 1 w EMC',
    );
    expect(out).not.toMatch(/BDC|BMC|EMC|MCID/);
    expect(out).toContain('0.5 0 0 rg');
    expect(out).toContain('10 20 30.25 40 re');
    expect(out).toContain('1 w');
  });

  it('keeps ActualText as a Span without MCID and closes what the source left open', () => {
    const out = strip('/Span <</MCID 0 /ActualText (fi)>> BDC BT (x) Tj ET /P <</MCID 1>> BDC');
    expect(out).toMatch(/^\/Span <<\/ActualText <6669>>> BDC/);
    expect(out).not.toContain('MCID');
    expect(out.match(/EMC/g)).toHaveLength(1);
  });

  it('passes inline images through with their data', () => {
    const out = strip('BI /W 1 /H 1 /BPC 8 /CS /G ID \x80\nEI Q');
    expect(out).toContain('BI /W 1 /H 1 /BPC 8 /CS /G ID \x80');
    expect(out.trimEnd().endsWith('Q')).toBe(true);
  });
});
