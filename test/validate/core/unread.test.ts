/**
 * Nothing the validator could not read whole passes as compliant: every such part becomes a
 * failure that says what was not checked.
 */
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { render } from '../../../src/render.js';
import { openPdf, validate } from '../../../src/validate/index.js';
import { fontsArea } from '../../../src/validate/rules/fonts.js';
import { graphicsArea } from '../../../src/validate/rules/graphics.js';
import { bytesOf, concat, simplePdf } from './build-pdf.js';

/** Appends an incremental update that replaces object `num` with a stream of `data`. */
function replaceWithStream(
  pdf: Uint8Array,
  num: number,
  dict: string,
  data: Uint8Array,
): Uint8Array {
  const text = new TextDecoder('latin1').decode(pdf);
  const prev = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)?.[1]);
  const root = /\/Root\s+(\d+ \d+ R)/.exec(text)?.[1];
  const size = Number([...text.matchAll(/\/Size\s+(\d+)/g)].pop()?.[1]);
  const id = /\/ID\s*(\[[^\]]*\])/.exec(text)?.[1] ?? '';
  const head = bytesOf(`\n${num} 0 obj\n<< ${dict} /Length ${data.length} >>\nstream\n`);
  const objOffset = pdf.length + 1;
  const tail = bytesOf('\nendstream\nendobj\n');
  const xrefOffset = pdf.length + head.length + data.length + tail.length;
  const xref = bytesOf(
    `xref\n${num} 1\n${String(objOffset).padStart(10, '0')} 00000 n\r\n` +
      `trailer\n<< /Size ${size} /Root ${root} /Prev ${prev} /ID ${id} >>\nstartxref\n${xrefOffset}\n%%EOF\n`,
  );
  return concat([pdf, head, data, tail, xref]);
}

describe('fail-closed on content the validator could not read', () => {
  it('a compliant PDF whose page content is replaced by a Flate bomb is not compliant', async () => {
    const { pdf } = await render(
      {
        kind: 'html',
        html: '<!DOCTYPE html><html lang="en"><head><title>Bomb</title></head><body><p>Hello</p></body></html>',
      },
      { deterministic: true },
    );
    const before = validate(pdf);
    expect(before.isCompliant).toBe(true);
    const doc = openPdf(pdf);
    const page = [...doc.pages()][0];
    const contents = page.dict.entries.get('Contents');
    const num =
      contents && typeof contents === 'object' && contents.kind === 'ref' ? contents.num : 0;
    expect(num).toBeGreaterThan(0);
    // 8 MiB of zeros: far past the 1 MiB per-stream limit set here (the default is 64 MiB).
    const bomb = deflateSync(new Uint8Array(8 << 20));
    const attacked = replaceWithStream(pdf, num, '/Filter /FlateDecode', bomb);
    const after = validate(attacked, {
      flavours: ['pdfa-3a', 'pdfua-1'],
      limits: { decodeLimit: 1 << 20 },
    });
    expect(after.isCompliant).toBe(false);
    for (const p of after.profiles) expect(p.isCompliant).toBe(false);
    const unread = (after.failures ?? []).filter((f) => f.clause === 'internal');
    expect(unread.map((f) => f.location)).toContain(`object ${num} 0 (stream)`);
    expect(unread.find((f) => f.location === `object ${num} 0 (stream)`)?.errorDetails).toMatch(
      /decoding stopped: FlateDecode output exceeds 1048576 bytes; what the stream holds was not checked/,
    );
  });

  it('reports a corrupt content stream as not checked', () => {
    const pdf = simplePdf({ content: 'q Q' });
    const broken = concat([pdf]);
    const text = new TextDecoder('latin1').decode(broken);
    const at = text.indexOf('<<  /Length');
    const corrupt = replaceWithStream(pdf, 4, '/Filter /FlateDecode', bytesOf('not deflate data'));
    expect(at).toBeGreaterThanOrEqual(-1);
    const r = validate(corrupt, { flavours: ['pdfa-2b'], areas: [graphicsArea] });
    expect(r.isCompliant).toBe(false);
    expect(
      (r.failures ?? []).some(
        (f) => f.clause === 'internal' && f.location === 'object 4 0 (stream)',
      ),
    ).toBe(true);
  });

  it('reports content past the operator budget and an unterminated inline image', () => {
    const r = validate(simplePdf({ content: 'q BI /W 1 /H 1 /BPC 8 /CS /G ID \x00\x00 Q' }), {
      flavours: ['pdfa-2b'],
      areas: [graphicsArea],
    });
    expect(r.failures?.find((f) => f.clause === 'internal')?.errorDetails).toMatch(
      /inline image without EI; the content after it was not read/,
    );
  });

  it('reports an embedded font program that cannot be parsed', () => {
    const pdf = simplePdf({
      content: 'BT /F1 12 Tf (A) Tj ET',
      resources: '<< /Font << /F1 5 0 R >> >>',
      extraObjects: [
        {
          body: '<< /Type /Font /Subtype /TrueType /BaseFont /Broken /FirstChar 65 /LastChar 65 /Widths [500] /Encoding /WinAnsiEncoding /FontDescriptor 6 0 R >>',
        },
        { body: '<< /Type /FontDescriptor /FontName /Broken /Flags 32 /FontFile2 7 0 R >>' },
        { stream: { dict: '', data: 'this is not a TrueType program' } },
      ],
    });
    const r = validate(pdf, { flavours: ['pdfua-1'], areas: [fontsArea] });
    const f = r.failures?.find((x) => x.clause === 'internal');
    expect(f?.location).toBe('font Broken / FontFile2');
    expect(f?.errorDetails).toMatch(/could not be parsed/);
    expect(r.isCompliant).toBe(false);
  });
});
