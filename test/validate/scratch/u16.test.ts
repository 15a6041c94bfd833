import { it } from 'vitest';
import { parseXmpPacket } from '../../../src/validate/xmp/parse.js';
import { packet } from '../xmp/helpers.js';
function u16(s: string, le: boolean, bom: boolean) {
  const out: number[] = bom ? (le ? [0xff, 0xfe] : [0xfe, 0xff]) : [];
  for (let i = 0; i < s.length; i++) { const c = s.charCodeAt(i); if (le) out.push(c & 255, c >> 8); else out.push(c >> 8, c & 255); }
  return Uint8Array.from(out);
}
function u32(s: string, le: boolean, bom: boolean) {
  const cps = [...s].map((c) => c.codePointAt(0)!); if (bom) cps.unshift(0xfeff);
  const out = new Uint8Array(cps.length * 4); const v = new DataView(out.buffer);
  cps.forEach((c, i) => v.setUint32(i * 4, c, le)); return out;
}
it('x', () => {
  const p = packet('<pdfaid:part>2</pdfaid:part><pdfaid:conformance>B</pdfaid:conformance>');
  for (const le of [true, false]) for (const bom of [true, false]) {
    const r16 = parseXmpPacket(u16(p, le, bom)); console.log('16', le, bom, r16.ok ? r16.packet.actualEncoding : r16.error);
    const r32 = parseXmpPacket(u32(p, le, bom)); console.log('32', le, bom, r32.ok ? r32.packet.actualEncoding : r32.error);
  }
});
import { simplePdf } from '../core/build-pdf.js';
import { validate, identify } from '../../../src/validate/index.js';
it('pdf', () => {
  const p = packet('<pdfaid:part>2</pdfaid:part><pdfaid:conformance>B</pdfaid:conformance>');
  for (const le of [true, false]) for (const bom of [true, false]) {
    const data = u16(p, le, bom);
    const pdf = simplePdf({ catalogExtra: '/Metadata 5 0 R', extraObjects: [{ stream: { dict: '/Type /Metadata /Subtype /XML', data } }] });
    const r = validate(pdf, { flavours: 'auto' });
    console.log('PDF', le, bom, JSON.stringify(identify(pdf).pdfa), r.profiles.map((x) => x.profile).join(','), (r.failures ?? []).filter((f) => f.clause.startsWith('6.6')).map((f) => `${f.clause}-${f.testNumber} ${f.errorDetails}`).join(' | '));
  }
});
it('padded', () => {
  const p = packet('<pdfaid:part>2</pdfaid:part><pdfaid:conformance>B</pdfaid:conformance>');
  for (const le of [true, false]) for (const bom of [true, false]) {
    const b = u16(p, le, bom); const data = new Uint8Array(b.length + 3); data.set([0x0a], 0); data.set(b, 1); data.set([0x0a,0x0a], b.length+1);
    const r16 = parseXmpPacket(data); console.log('PAD', le, bom, r16.ok ? r16.packet.actualEncoding : r16.error);
  }
});
