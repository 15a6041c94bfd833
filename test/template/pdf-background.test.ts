/** PDF page backgrounds: imported as an artifact form XObject, or refused by the conformance gate. */
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/diagnostics.js';
import { render } from '../../src/render.js';
import { validate } from '../../src/validate/index.js';
import type { CosStream } from '../../src/validate/model/cos.js';
import { isName, isStream } from '../../src/validate/model/read.js';
import { openDocument } from '../../src/validate/parser/index.js';
import { readPdf, roles } from '../engine/helpers.js';

const BG_HTML = `<!doctype html><html lang="en"><head><title>Letterhead</title>
<style>@page { size: A4; margin: 0 } body { margin: 0; font-family: 'Liberation Sans' }
.band { background: #1f5fa8; height: 60px } .side { background: #e8c547; width: 40px; height: 400px }
p { margin: 10px 30px; font-size: 9pt }</style></head>
<body><div class="band"></div><p>Acme Letterhead Ltd</p><div class="side"></div></body></html>`;

function templateWith(src: string): unknown {
  return {
    version: 2,
    config: { title: 'On letterhead', page: { background: { src, type: 'pdf' } } },
    rows: [
      { blocks: [{ type: 'heading', text: 'Quarterly letter', level: 1 }] },
      { blocks: [{ type: 'pageBreak' }] },
      { blocks: [{ type: 'text', text: 'Second page body' }] },
    ],
  };
}

const dataUri = (bytes: Uint8Array): string =>
  `data:application/pdf;base64,${Buffer.from(bytes).toString('base64')}`;

/** A one-page PDF with a correct xref, around the given content and page resources. */
function rawPdf(content: string, resources: string, extra: string[] = []): Uint8Array {
  const objs = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Resources ${resources} /Contents 4 0 R >>`,
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    ...extra,
  ];
  let out = '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objs.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) out += `${String(off).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

describe('PDF page background', () => {
  it('draws the first page of a conformant PDF under every page, as an artifact', async () => {
    const bg = await render({ kind: 'html', html: BG_HTML });
    const result = await render({ kind: 'template', template: templateWith(dataUri(bg.pdf)) });
    expect(result.pages).toBe(2);
    const report = validate(result.pdf, { flavours: ['pdfa-3a', 'pdfua-1'] });
    expect(report.failures ?? []).toEqual([]);
    expect(report.isCompliant).toBe(true);

    const read = await readPdf(result.pdf);
    const [p1, p2] = read.pages;
    expect(p1?.text).toContain('Quarterly letter');
    expect(p2?.text).toContain('Second page body');
    // The background's own text is drawn on both pages.
    expect(p1?.text).toContain('Acme Letterhead Ltd');
    expect(p2?.text).toContain('Acme Letterhead Ltd');
    // Nothing of the background's structure comes along: the tree is the one without it.
    const plain = await render({
      kind: 'template',
      template: { ...(templateWith('') as object), config: { title: 'On letterhead' } },
    });
    const plainRead = await readPdf(plain.pdf);
    expect(read.structs.map(roles)).toEqual(plainRead.structs.map(roles));
    expect(read.structs.map((s) => JSON.stringify(s)).join('')).not.toContain('Acme');

    // The page is written once, as a form without ties to the source's structure tree.
    const doc = openDocument(result.pdf);
    const forms = [...doc.objects()].filter(
      (o) => isStream(o.value) && isName(o.value.dict.entries.get('Subtype'), 'Form'),
    );
    expect(forms).toHaveLength(1);
    const form = forms[0]?.value as CosStream;
    expect(form.dict.entries.has('StructParents')).toBe(false);
    expect(new TextDecoder('latin1').decode(doc.decodeStream(form).data)).not.toMatch(
      /BDC|BMC|EMC|MCID/,
    );
  });

  it('imports a foreign page: RGB without an intent, a tagged nested form, a cycle', async () => {
    // Object 5 is a form whose resources point back at itself; both streams carry marked content.
    const form = '/P <</MCID 0>> BDC 0 0 1 rg 0 0 50 50 re f EMC';
    const pdf = rawPdf(
      '/P <</MCID 0>> BDC 1 0 0 rg 10 10 100 100 re f EMC q /Fm1 Do Q',
      '<< /XObject << /Fm1 5 0 R >> >>',
      [
        `<< /Type /XObject /Subtype /Form /BBox [0 0 50 50] /StructParents 3 /Resources << /XObject << /Self 5 0 R >> >> /Length ${form.length} >>\nstream\n${form}\nendstream`,
      ],
    );
    const result = await render({ kind: 'template', template: templateWith(dataUri(pdf)) });
    const report = validate(result.pdf, { flavours: ['pdfa-3a', 'pdfua-1'] });
    expect(report.failures ?? []).toEqual([]);
    const doc = openDocument(result.pdf);
    const forms = [...doc.objects()]
      .map((o) => o.value)
      .filter((v): v is CosStream => isStream(v) && isName(v.dict.entries.get('Subtype'), 'Form'));
    // The page and its nested form, each once, neither tied to a structure tree.
    expect(forms).toHaveLength(2);
    for (const f of forms) {
      expect(f.dict.entries.has('StructParents')).toBe(false);
      expect(new TextDecoder('latin1').decode(doc.decodeStream(f).data)).not.toMatch(/BDC|EMC/);
    }
  });

  it('refuses a PDF whose page uses a font that is not embedded', async () => {
    const pdf = rawPdf('BT /F1 12 Tf 20 100 Td (Hello) Tj ET', '<< /Font << /F1 5 0 R >> >>', [
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    ]);
    const err = await render({ kind: 'template', template: templateWith(dataUri(pdf)) }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(InputError);
    expect(err).toMatchObject({
      problems: [expect.objectContaining({ pointer: '/template/config/page/background/src' })],
    });
    expect((err as InputError).message).toMatch(/6\.2\.11/);
  });

  it('refuses a PDF whose page paints in DeviceCMYK', async () => {
    const pdf = rawPdf('0 1 1 0 k 10 10 100 100 re f', '<< >>');
    const err = await render({ kind: 'template', template: templateWith(dataUri(pdf)) }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).message).toMatch(/DeviceCMYK/);
    expect(err).toMatchObject({
      problems: [expect.objectContaining({ pointer: '/template/config/page/background/src' })],
    });
  });
});
