/**
 * The validator against hostile PDFs: mutants of documents this engine rendered (bit flips,
 * truncation, splices, injected tokens), random bytes, compression bombs, reference cycles,
 * 10,000-deep nesting and broken cross-reference data. validate() and identify() must end
 * with a report or NotPdfError within the deadline, never crash, hang or throw anything else.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  brokenXrefPdfs,
  buildPdf,
  cyclePdfs,
  deepObject,
  flateBomb,
  flateFilters,
  pdfWithContent,
  streamObject,
} from './support/inputs.js';
import { BYTE_MUTATIONS, mutateBytes } from './support/mutate.js';
import { FUZZ_SCALE, FUZZ_SEED, FuzzRunner, runs } from './support/runner.js';

const runner = new FuzzRunner('pdf');
const seeds: Uint8Array[] = [];
const enc = new TextEncoder();

const SEED_HTML = [
  `<html lang="en"><head><title>Seed one</title></head><body><h1>Heading</h1>
   <p>Some <b>bold</b> and <i>italic</i> text with a <a href="https://example.org/">link</a>.</p>
   <ul><li>one</li><li>two</li></ul></body></html>`,
  `<html lang="de"><head><title>Tabelle</title><style>td{border:1px solid #000}</style></head>
   <body><table><caption>Werte</caption><thead><tr><th>A</th><th>B</th></tr></thead>
   <tbody><tr><td>1</td><td>2,5</td></tr><tr><td>3</td><td>4</td></tr></tbody></table></body></html>`,
  `<html lang="en"><head><title>Figure</title></head><body><h2>Picture</h2>
   <img alt="a red square" width="20" height="20" src="data:image/svg+xml;base64,${Buffer.from(
     '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"><rect width="20" height="20" fill="red"/></svg>',
   ).toString('base64')}"><p>نص عربي and text</p></body></html>`,
];

beforeAll(async () => {
  for (const html of SEED_HTML) {
    const r = await runner.exec({
      target: 'render',
      input: { kind: 'html', html },
      returnPdf: true,
    });
    if (r.status !== 'ok' || !r.pdf)
      throw new Error(`seed document did not render: ${JSON.stringify(r)}`);
    seeds.push(r.pdf);
  }
}, 120_000);

afterAll(() => runner.close());

async function validates(kind: string, label: string, pdf: Uint8Array): Promise<void> {
  await runner.check(kind, label, { target: 'validate', pdf });
}

/** A cut position in thousandths: fc.double would crowd the cases at 0 and 1. */
const fraction = fc.integer({ min: 1, max: 999 }).map((n) => n / 1000);

describe('validator fuzzing', () => {
  it('seed documents validate cleanly (the mutants start from compliant files)', async () => {
    for (const pdf of seeds) {
      const r = await runner.exec({ target: 'validate', pdf });
      expect(r.status).toBe('ok');
    }
  });

  it('mutants of rendered PDFs (mutation fuzzer)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer(),
        fc.nat({ max: 2 }),
        fc.nat({ max: 2 }),
        fc.integer({ min: 1, max: 4 }),
        async (seed, a, b, count) => {
          const pdf = mutateBytes(seeds[a], seed, BYTE_MUTATIONS, seeds[b], count);
          await validates('pdf: mutated', `seed=${seed} doc=${a}/${b} count=${count}`, pdf);
        },
      ),
      { seed: FUZZ_SEED, numRuns: runs(60), endOnFailure: true },
    );
    expect(runner.unexpected()).toEqual([]);
  });

  it('truncations and spliced halves of rendered PDFs', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: 2 }),
        fc.nat({ max: 2 }),
        fraction,
        fraction,
        async (a, b, cut, from) => {
          const left = seeds[a].subarray(0, Math.floor(seeds[a].length * cut));
          const right = seeds[b].subarray(Math.floor(seeds[b].length * from));
          await validates('pdf: truncated', `doc=${a} cut=${cut}`, left);
          await validates(
            'pdf: spliced',
            `docs=${a}/${b} cut=${cut} from=${from}`,
            Buffer.concat([left, right]),
          );
        },
      ),
      { seed: FUZZ_SEED, numRuns: runs(15), endOnFailure: true },
    );
    expect(runner.unexpected()).toEqual([]);
  });

  it('random bytes, with and without a PDF header', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 4096 }), fc.boolean(), async (bytes, header) => {
        const pdf = header ? Buffer.concat([enc.encode('%PDF-1.7\n'), bytes]) : bytes;
        await validates('pdf: random bytes', `header=${header} length=${pdf.length}`, pdf);
        await runner.check('pdf: random bytes (identify)', `length=${pdf.length}`, {
          target: 'identify',
          pdf,
        });
      }),
      { seed: FUZZ_SEED, numRuns: runs(20), endOnFailure: true },
    );
    expect(runner.unexpected()).toEqual([]);
  });

  it('random COS objects in the catalog and the page', async () => {
    const name = fc.constantFrom(
      '/Type',
      '/Pages',
      '/Kids',
      '/Count',
      '/Parent',
      '/Resources',
      '/Font',
      '/Metadata',
      '/StructTreeRoot',
      '/K',
      '/Lang',
      '/Names',
      '/AF',
      '/OutputIntents',
      '/Annots',
      '/Length',
      '/Filter',
    );
    const cos: fc.Arbitrary<string> = fc.letrec<{ obj: string }>((tie) => ({
      obj: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.constantFrom(
          'null',
          'true',
          '0',
          '-1',
          '2147483648',
          '1.5e10',
          '()',
          '<>',
          '<ZZ>',
          '(\\',
          '/',
        ),
        fc.integer().map(String),
        fc.string({ maxLength: 20 }).map((s) => `(${s.replace(/[()\\]/g, '')})`),
        name,
        fc.nat({ max: 12 }).map((n) => `${n} 0 R`),
        fc.array(tie('obj'), { maxLength: 4 }).map((xs) => `[${xs.join(' ')}]`),
        fc
          .array(fc.tuple(name, tie('obj')), { maxLength: 4 })
          .map((kv) => `<< ${kv.map(([k, v]) => `${k} ${v}`).join(' ')} >>`),
      ),
    })).obj;
    await fc.assert(
      fc.asyncProperty(cos, cos, cos, async (x, y, z) => {
        const pdf = buildPdf([
          `<< /Type /Catalog /Pages 2 0 R /MarkInfo ${x} /StructTreeRoot 5 0 R >>`,
          `<< /Type /Pages /Kids [3 0 R] /Count 1 /Resources ${y} >>`,
          `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Annots ${z} >>`,
          streamObject('', enc.encode('BT /F1 12 Tf (x) Tj ET')),
          `<< /Type /StructTreeRoot /K ${z} /ParentTree ${x} /RoleMap ${y} >>`,
        ]);
        await validates('pdf: random objects', `${x} | ${y} | ${z}`.slice(0, 300), pdf);
      }),
      { seed: FUZZ_SEED, numRuns: runs(30), endOnFailure: true },
    );
    expect(runner.unexpected()).toEqual([]);
  });

  it('reference cycles', async () => {
    for (const [label, pdf] of Object.entries(cyclePdfs()))
      await validates('pdf: reference cycle', label, pdf);
    expect(runner.unexpected()).toEqual([]);
  });

  it('broken cross-reference data', async () => {
    for (const [label, pdf] of Object.entries(brokenXrefPdfs())) {
      await validates('pdf: broken xref', label, pdf);
      await runner.check('pdf: broken xref (identify)', label, { target: 'identify', pdf });
    }
    expect(runner.unexpected()).toEqual([]);
  });

  it('10,000- and 100,000-deep nested arrays and dictionaries', async () => {
    for (const depth of FUZZ_SCALE > 1 ? [10_000, 100_000] : [10_000]) {
      for (const kind of ['array', 'dict', 'mixed'] as const) {
        const deep = deepObject(kind, depth);
        await validates(
          'pdf: deep nesting',
          `${kind} ${depth} in the catalog`,
          buildPdf([
            `<< /Type /Catalog /Pages 2 0 R /Deep ${deep} >>`,
            '<< /Type /Pages /Kids [] /Count 0 >>',
          ]),
        );
        await validates(
          'pdf: deep nesting',
          `${kind} ${depth} as the trailer's Info`,
          buildPdf(
            ['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [] /Count 0 >>', deep],
            { trailerExtra: '/Info 3 0 R' },
          ),
        );
      }
      await validates(
        'pdf: deep nesting',
        `content stream q x${depth}`,
        pdfWithContent(enc.encode('q '.repeat(depth))),
      );
      await validates(
        'pdf: deep nesting',
        `content stream array x${depth}`,
        pdfWithContent(enc.encode(`${'['.repeat(depth)} TJ`)),
      );
      await validates(
        'pdf: deep nesting',
        `content stream BMC x${depth}`,
        pdfWithContent(enc.encode('/P BMC '.repeat(depth))),
      );
    }
    // A structure tree 10,000 elements deep, each element its own object.
    const n = 10_000;
    const elems = Array.from(
      { length: n },
      (_, i) =>
        `<< /Type /StructElem /S /Div /P ${i === 0 ? 4 : i + 4} 0 R /K ${i + 1 < n ? `${i + 6} 0 R` : '0'} >>`,
    );
    await validates(
      'pdf: deep nesting',
      `structure tree ${n} levels`,
      buildPdf([
        '<< /Type /Catalog /Pages 2 0 R /MarkInfo << /Marked true >> /StructTreeRoot 4 0 R >>',
        '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 10 10] >>',
        '<< /Type /StructTreeRoot /K 5 0 R >>',
        ...elems,
      ]),
    );
    // A page tree 10,000 levels deep.
    const pages = Array.from(
      { length: n },
      (_, i) =>
        `<< /Type /Pages /Kids [${i + 3} 0 R] /Count 1 ${i ? `/Parent ${i + 1} 0 R` : ''} >>`,
    );
    await validates(
      'pdf: deep nesting',
      `page tree ${n} levels`,
      buildPdf([
        '<< /Type /Catalog /Pages 2 0 R >>',
        ...pages,
        `<< /Type /Page /Parent ${n + 1} 0 R /MediaBox [0 0 10 10] >>`,
      ]),
    );
    expect(runner.unexpected()).toEqual([]);
  }, 300_000);

  it('Flate bombs in content, metadata and object streams', async () => {
    const bomb = await flateBomb(128 * 1024 * 1024, 2);
    const filters = flateFilters(2);
    await validates(
      'pdf: compression bomb',
      `content stream ${bomb.length} bytes -> 128 MB`,
      pdfWithContent(bomb, filters),
    );
    await validates(
      'pdf: compression bomb',
      'XMP metadata stream',
      buildPdf([
        '<< /Type /Catalog /Pages 2 0 R /Metadata 3 0 R >>',
        '<< /Type /Pages /Kids [] /Count 0 >>',
        streamObject(`/Type /Metadata /Subtype /XML ${filters}`, bomb),
      ]),
    );
    await validates(
      'pdf: compression bomb',
      'object stream',
      buildPdf([
        '<< /Type /Catalog /Pages 2 0 R >>',
        '<< /Type /Pages /Kids [] /Count 0 >>',
        streamObject(`/Type /ObjStm /N 1000000 /First 10 ${filters}`, bomb),
      ]),
    );
    await validates(
      'pdf: compression bomb',
      'embedded file',
      buildPdf([
        '<< /Type /Catalog /Pages 2 0 R /Names << /EmbeddedFiles << /Names [(a) 3 0 R] >> >> >>',
        '<< /Type /Pages /Kids [] /Count 0 >>',
        '<< /Type /Filespec /F (a.xml) /UF (a.xml) /EF << /F 4 0 R >> /AFRelationship /Data >>',
        streamObject(`/Type /EmbeddedFile ${filters}`, bomb),
      ]),
    );
    expect(runner.unexpected()).toEqual([]);
  }, 300_000);
});
