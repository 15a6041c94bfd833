import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { CosDict, CosObject, CosStream } from '../../../src/validate/model/cos.js';
import { NotPdfError, applyFilter, openDocument } from '../../../src/validate/parser/index.js';
import { buildPdf, bytesOf, concat, simplePdf } from './build-pdf.js';

function dict(o: CosObject): CosDict {
  if (!o || typeof o !== 'object' || o.kind !== 'dict') throw new Error('not a dict');
  return o;
}

describe('reader', () => {
  it('reads a classic xref file with its lexical facts', () => {
    const doc = openDocument(simplePdf({ content: 'BT ET' }));
    expect(doc.catalog).not.toBeNull();
    expect(doc.pageCount).toBe(1);
    expect(doc.isEncrypted).toBe(false);
    const lx = doc.lexical;
    expect(lx.headerOffset).toBe(0);
    expect(lx.header).toBe('%PDF-1.7');
    expect(lx.binaryCommentBytes.every((b) => b > 127)).toBe(true);
    expect(lx.postEOFDataSize).toBe(0);
    expect(lx.xrefEOLMarkersComply).toBe(true);
    expect(lx.spacingViolations).toEqual([]);
    expect(lx.hasLastId).toBe(true);
    expect(lx.recoveries).toEqual([]);
    expect(lx.indirectObjectCount).toBe(4);
    const page = [...doc.pages()][0];
    expect(new TextDecoder().decode(page.content().data).trim()).toBe('BT ET');
  });

  it('throws NotPdfError only for non-PDF input', () => {
    expect(() => openDocument(bytesOf('hello world'))).toThrow(NotPdfError);
    expect(() => openDocument(bytesOf('%PDF-1.4\ngarbage'))).not.toThrow();
    // A damaged header does not make a PDF something else: it is read and the damage reported.
    const damaged = simplePdf();
    damaged[3] = 0x45; // %PDE-1.7
    const doc = openDocument(damaged);
    expect(doc.pageCount).toBe(1);
    expect(doc.lexical.headerOffset).toBe(-1);
    expect(doc.lexical.recoveries.some((r) => r.includes('header'))).toBe(true);
  });

  it('records header offset, missing binary comment and data after %%EOF', () => {
    const pdf = concat([bytesOf('junk'), simplePdf({ binaryComment: null, afterEof: 'tail' })]);
    const lx = openDocument(pdf).lexical;
    expect(lx.headerOffset).toBe(4);
    expect(lx.binaryCommentBytes).toEqual([-1, -1, -1, -1]);
    expect(lx.postEOFDataSize).toBe(4);
  });

  it('reads xref streams', () => {
    const doc = openDocument(simplePdf({ xrefStream: true }));
    expect(doc.pageCount).toBe(1);
    expect(doc.lexical.recoveries).toEqual([]);
  });

  it('recovers by scanning when the xref is missing or wrong', () => {
    const a = openDocument(simplePdf({ noXref: true }));
    expect(a.pageCount).toBe(1);
    expect(a.lexical.recoveries.length).toBeGreaterThan(0);
    const b = openDocument(simplePdf({ offsetSkew: 3 }));
    expect(b.pageCount).toBe(1);
    expect(b.lexical.recoveries.some((r) => r.includes('wrong xref offset'))).toBe(true);
  });

  it('reads objects from object streams', () => {
    const inner = '<< /Type /Pages /Kids [3 0 R] /Count 1 >> << /Type /Page /Parent 2 0 R >>';
    const header = '2 0 3 42 ';
    const data = header + inner.slice(0, 42).padEnd(42) + inner.slice(42);
    const compressed = deflateSync(Buffer.from(data));
    const objs = [
      { body: '<< /Type /Catalog /Pages 2 0 R >>' },
      { body: 'null' },
      { body: 'null' },
      {
        stream: {
          dict: `/Type /ObjStm /N 2 /First ${header.length} /Filter /FlateDecode`,
          data: compressed,
        },
      },
    ];
    // Build, then make objects 2 and 3 compressed with an xref stream written by hand.
    const base = buildPdf(objs, { noXref: true });
    const text = new TextDecoder('latin1').decode(base);
    const trailerAt = text.lastIndexOf('trailer');
    const body = base.subarray(0, trailerAt);
    const off1 = text.indexOf('1 0 obj');
    const off4 = text.indexOf('4 0 obj');
    const row = (t: number, a: number, b: number): number[] => [t, (a >> 8) & 0xff, a & 0xff, b];
    const rows = Uint8Array.from([
      ...row(0, 0, 255),
      ...row(1, off1, 0),
      ...row(2, 4, 0),
      ...row(2, 4, 1),
      ...row(1, off4, 0),
      ...row(1, trailerAt, 0),
    ]);
    const xref = concat([
      bytesOf(
        `5 0 obj\n<< /Type /XRef /Size 6 /W [1 2 1] /Root 1 0 R /Length ${rows.length} >>\nstream\n`,
      ),
      rows,
      bytesOf(`\nendstream\nendobj\nstartxref\n${trailerAt}\n%%EOF\n`),
    ]);
    const doc = openDocument(concat([body, xref]));
    expect(doc.lexical.recoveries).toEqual([]);
    expect(doc.pageCount).toBe(1);
  });

  it('reads every revision of an incremental update', () => {
    const first = simplePdf();
    const text = new TextDecoder('latin1').decode(first);
    const prev = Number(/startxref\n(\d+)/.exec(text)![1]);
    const off = first.length;
    const upd = `1 0 obj\n<< /Type /Catalog /Pages 2 0 R /Lang (en) >>\nendobj\n`;
    const xrefAt = off + upd.length;
    const tail = `xref\n0 1\n0000000000 65535 f\r\n1 1\n${String(off).padStart(10, '0')} 00000 n\r\ntrailer\n<< /Size 5 /Root 1 0 R /Prev ${prev} /ID [<00> <01>] >>\nstartxref\n${xrefAt}\n%%EOF\n`;
    const doc = openDocument(concat([first, bytesOf(upd + tail)]));
    expect(doc.revisions.length).toBe(2);
    expect(doc.get(doc.catalog, 'Lang')).toMatchObject({ kind: 'string' });
    expect(doc.pageCount).toBe(1);
  });

  it('survives reference cycles and deep nesting', () => {
    const deep = '['.repeat(10000) + ']'.repeat(10000);
    const doc = openDocument(
      simplePdf({
        extraObjects: [{ body: '6 0 R' }, { body: '5 0 R' }, { body: deep }],
        catalogExtra: '/A 5 0 R /Deep 7 0 R',
      }),
    );
    expect(doc.get(doc.catalog, 'A')).toBeNull();
    expect(doc.get(doc.catalog, 'Deep')).toMatchObject({ kind: 'array' });
    expect(doc.lexical.recoveries.some((r) => r.includes('nesting'))).toBe(true);
  });

  it('survives a page tree cycle', () => {
    const doc = openDocument(
      buildPdf([
        { body: '<< /Type /Catalog /Pages 2 0 R >>' },
        { body: '<< /Type /Pages /Kids [2 0 R 3 0 R] /Count 2 >>' },
        { body: '<< /Type /Page /Parent 2 0 R >>' },
      ]),
    );
    expect(doc.pageCount).toBe(1);
  });

  it('bounds decoding per document and remembers streams that blew the limit', () => {
    const bomb = deflateSync(new Uint8Array(2 << 20));
    const streams = Array.from({ length: 5 }, () => ({
      stream: { dict: '/Filter /FlateDecode', data: bomb },
    }));
    const doc = openDocument(simplePdf({ extraObjects: streams }), {
      decodeLimit: 1 << 20,
      documentDecodeBudget: 3 << 20,
    });
    const errors = [5, 6, 7, 8, 9].map(
      (n) => doc.decodeStream(doc.resolve({ kind: 'ref', num: n, gen: 0 }) as CosStream).error,
    );
    expect(errors.slice(0, 3).every((e) => /exceeds/.test(e ?? ''))).toBe(true);
    expect(errors[4]).toMatch(/budget/);
    expect(doc.lexical.recoveries.some((r) => r.includes('budget'))).toBe(true);
  });

  it('detects encryption', () => {
    const doc = openDocument(
      simplePdf({
        extraObjects: [{ body: '<< /Filter /Standard /V 1 /R 2 /P -4 >>' }],
        trailerExtra: '/Encrypt 5 0 R /ID [<00> <00>]',
      }),
    );
    expect(doc.isEncrypted).toBe(true);
  });

  it('applies inherited resources and records stream length facts', () => {
    const doc = openDocument(
      buildPdf([
        { body: '<< /Type /Catalog /Pages 2 0 R >>' },
        {
          body: '<< /Type /Pages /Kids [3 0 R] /Count 1 /Resources << /Font << /F1 5 0 R >> >> /MediaBox [0 0 10 10] >>',
        },
        { body: '<< /Type /Page /Parent 2 0 R /Contents 4 0 R >>' },
        { body: '<< /Length 99 >>\nstream\r\nabc\nendstream' },
        { body: '<< /Type /Font >>' },
      ]),
    );
    const page = [...doc.pages()][0];
    expect(page.resources?.entries.has('Font')).toBe(true);
    const s = doc.resolve({ kind: 'ref', num: 4, gen: 0 }) as CosStream;
    expect(s.kind).toBe('stream');
    expect(s.declaredLength).toBe(99);
    expect(s.realLength).toBe(3);
    expect(s.streamKeywordCRLFCompliant).toBe(true);
  });
});

describe('filters', () => {
  const run = (name: string, data: Uint8Array | string, parms?: string): string => {
    const p = parms
      ? dict(openDocument(simplePdf({ catalogExtra: `/P ${parms}` })).catalog!.entries.get('P')!)
      : null;
    const r = applyFilter(name, bytesOf(data), p, 1 << 20);
    expect(r.error).toBeUndefined();
    return new TextDecoder('latin1').decode(r.data);
  };
  it('decodes ASCIIHex, ASCII85, RunLength and LZW', () => {
    expect(run('ASCIIHexDecode', '48 65 6C6c6f>')).toBe('Hello');
    expect(run('AHx', '4>')).toBe('@');
    expect(run('ASCII85Decode', '87cURD]i,"Ebo80~>')).toBe('Hello World!');
    expect(run('RunLengthDecode', Uint8Array.from([2, 65, 66, 67, 253, 68, 128]))).toBe('ABCDDDD');
    expect(
      run('LZWDecode', Uint8Array.from([0x80, 0x0b, 0x60, 0x50, 0x22, 0x0c, 0x0c, 0x85, 0x01])),
    ).toBe('-----A---B');
  });
  it('decodes Flate with PNG predictors', () => {
    // Two rows of 3 bytes: row filter 1 (Sub) then 2 (Up).
    const raw = Uint8Array.from([1, 1, 1, 1, 2, 1, 1, 1]);
    const out = run('FlateDecode', deflateSync(raw), '<< /Predictor 12 /Columns 3 >>');
    expect([...out].map((c) => c.charCodeAt(0))).toEqual([1, 2, 3, 2, 3, 4]);
  });
  it('bounds decompression', () => {
    const bomb = deflateSync(new Uint8Array(8 << 20));
    const r = applyFilter('FlateDecode', bomb, null, 1 << 20);
    expect(r.error).toMatch(/exceeds/);
  });
  it('passes image codecs through and flags unknown filters', () => {
    expect(applyFilter('DCTDecode', bytesOf('xyz'), null, 100)).toMatchObject({
      passthrough: true,
    });
    expect(applyFilter('Bogus', bytesOf('xyz'), null, 100).error).toMatch(/unknown/);
  });
});
