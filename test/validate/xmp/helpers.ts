/** Small builders for XMP packets used by the metadata tests. */
import type { CheckSink, RuleSpec } from '../../../src/validate/model/checks.js';

export const NSDECL = [
  'xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"',
  'xmlns:dc="http://purl.org/dc/elements/1.1/"',
  'xmlns:xmp="http://ns.adobe.com/xap/1.0/"',
  'xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"',
  'xmlns:stEvt="http://ns.adobe.com/xap/1.0/sType/ResourceEvent#"',
  'xmlns:pdf="http://ns.adobe.com/pdf/1.3/"',
  'xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/"',
  'xmlns:pdfuaid="http://www.aiim.org/pdfua/ns/id/"',
  'xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/"',
  'xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#"',
  'xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#"',
  'xmlns:pdfaType="http://www.aiim.org/pdfa/ns/type#"',
  'xmlns:pdfaField="http://www.aiim.org/pdfa/ns/field#"',
].join(' ');

/** A packet with the given rdf:Description content (and optional header attributes). */
export function packet(body: string, headerExtra = ''): string {
  return (
    `<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"${headerExtra}?>` +
    `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">` +
    `<rdf:Description rdf:about="" ${NSDECL}>${body}</rdf:Description>` +
    `</rdf:RDF></x:xmpmeta><?xpacket end="w"?>`
  );
}

export const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);

export const IDENT_3A = '<pdfaid:part>3</pdfaid:part><pdfaid:conformance>A</pdfaid:conformance>';
export const TITLE =
  '<dc:title><rdf:Alt><rdf:li xml:lang="x-default">Report</rdf:li></rdf:Alt></dc:title>';

export interface Finding {
  readonly id: string;
  readonly location: string;
  readonly details?: string;
}

/** A sink that keeps failures (as clause-test ids) and counts checks. */
export function collector(): {
  sink: CheckSink;
  failures: Finding[];
  checks: () => number;
  failed: () => string[];
} {
  const failures: Finding[] = [];
  let count = 0;
  const sink: CheckSink = {
    check(rule: RuleSpec, passed: boolean, location: string, details?: string): void {
      count++;
      if (!passed) failures.push({ id: `${rule.clause}-${rule.testNumber}`, location, details });
    },
  };
  return {
    sink,
    failures,
    checks: () => count,
    failed: () => [...new Set(failures.map((f) => f.id))].sort(),
  };
}
