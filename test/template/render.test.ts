/** Templates rendered end to end: zero validator failures and an independent read-back. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { render } from '../../src/render.js';
import { validate } from '../../src/validate/index.js';
import { findRole, readPdf, roles } from '../engine/helpers.js';

const root = join(import.meta.dirname, '..', '..');

async function renderChecked(
  template: unknown,
  data?: unknown,
  options: Parameters<typeof render>[1] = {},
) {
  const result = await render(
    { kind: 'template', template, ...(data !== undefined ? { data } : {}) },
    options,
  );
  const report = validate(result.pdf, {
    flavours: options.embedColorProfile === false ? ['pdfua-1'] : ['pdfa-3a', 'pdfua-1'],
  });
  expect(report.failures ?? []).toEqual([]);
  expect(report.isCompliant).toBe(true);
  return { result, report, read: await readPdf(result.pdf) };
}

describe('template rendering', () => {
  it('renders a realistic invoice with page furniture', async () => {
    const { template, data } = JSON.parse(
      readFileSync(join(root, 'test', 'fixtures', 'templates', 'invoice.json'), 'utf8'),
    );
    const { result, read } = await renderChecked(template, data);
    expect(result.pages).toBe(2);
    expect(read.title).toBe('Rechnung 2026-0042');
    const [p1, p2] = read.pages;
    // The header skips the first page; the footer and the page numbers are on every page.
    expect(p1.text).not.toContain('ACME GmbH · Rechnung 2026-0042');
    expect(p2.text).toContain('ACME GmbH · Rechnung 2026-0042');
    expect(p1.text).toContain('Seite 1 von 2');
    expect(p2.text).toContain('Seite 2 von 2');
    for (const p of read.pages) expect(p.text).toContain('USt-IdNr. DE123456789');
    // The footer sits below the body: every body text item is above the first footer line.
    const footerY = Math.min(...p1.items.filter((i) => i.str.startsWith('IBAN')).map((i) => i.y));
    const bodyBottom = Math.max(
      ...p1.items.filter((i) => i.str.startsWith('Widget model')).map((i) => i.y),
    );
    expect(bodyBottom).toBeLessThan(footerY);
    // The data overrides reached the document; the table header repeats on page 2.
    expect(p1.text).toContain('Kunde & Co. KG');
    expect(p2.text).toContain('Artikel');
    // pdfjs reports the structure per page.
    expect(read.structs.flatMap(roles)).toEqual(
      expect.arrayContaining(['H1', 'Table', 'TH', 'TD', 'Figure', 'L', 'LI']),
    );
    expect(findRole(read.structs[0], 'Figure')?.alt).toBe('ACME logo');
  });

  it('repeats header and footer on every page of a long report unless told otherwise', async () => {
    const paragraph = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(12);
    const rows = Array.from({ length: 24 }, (_, i) => ({
      blocks: [
        i % 6 === 0
          ? { type: 'heading', text: `Section ${i / 6 + 1}`, level: 2 }
          : { type: 'text', text: paragraph },
      ],
    }));
    const template = {
      version: 2,
      config: {
        title: 'Quarterly report',
        page: {
          size: { format: 'A5', orientation: 'portrait' },
          header: {
            repeat: true,
            skipFirstPage: false,
            rows: [{ blocks: [{ type: 'text', text: 'Quarterly report — internal' }] }],
          },
          footer: {
            repeat: false,
            rows: [{ blocks: [{ type: 'text', text: 'Only on the first page' }] }],
          },
          pageNumbers: { enabled: true, position: 'center' },
        },
      },
      rows: [{ blocks: [{ type: 'heading', text: 'Quarterly report', level: 1 }] }, ...rows],
    };
    const { read } = await renderChecked(template);
    expect(read.pages.length).toBeGreaterThanOrEqual(3);
    read.pages.forEach((p, i) => {
      expect(p.text).toContain('Quarterly report — internal');
      // The reference service's short page numbers, "N / M".
      expect(p.text).toContain(`${i + 1} / ${read.pages.length}`);
      expect(p.text.includes('Only on the first page')).toBe(i === 0);
    });
    expect(roles(read.structs[0])).toEqual(expect.arrayContaining(['H1', 'H2', 'P']));
  });

  it('uses an external font given as a data URI', async () => {
    const lato = readFileSync(join(root, 'fonts', 'Lato-Regular.ttf')).toString('base64');
    const template = {
      version: 2,
      config: { title: 'Fonts', typography: { family: 'House Font' } },
      fonts: {
        'House Font': { src: `data:font/ttf;base64,${lato}`, weight: '400', style: 'normal' },
      },
      rows: [
        {
          blocks: [
            { type: 'heading', text: 'In the house font', level: 1 },
            { type: 'text', text: 'Body text.' },
          ],
        },
      ],
    };
    const { report } = await renderChecked(template);
    expect(report.documentInfo?.fonts.map((f) => f.name).join(' ')).toMatch(/Lato/);
  });

  it('draws an image background on every page as a background artifact', async () => {
    const png = await sharp({
      create: { width: 60, height: 80, channels: 3, background: '#f3efe0' },
    })
      .png()
      .toBuffer();
    const template = {
      version: 2,
      config: {
        title: 'Letterhead',
        page: {
          background: { src: `data:image/png;base64,${png.toString('base64')}`, type: 'image' },
        },
      },
      rows: [
        { blocks: [{ type: 'heading', text: 'On paper', level: 1 }] },
        { blocks: [{ type: 'pageBreak' }] },
        { blocks: [{ type: 'text', text: 'Second page' }] },
      ],
    };
    const { result, report, read } = await renderChecked(template);
    expect(result.pages).toBe(2);
    expect(report.documentInfo?.images).toBeGreaterThanOrEqual(1);
    // Decoration is not content: the structure tree has no Figure for the background.
    expect(roles(read.structs[0])).not.toContain('Figure');
  });

  it('refuses an unreadable PDF background and an unreachable one with the field that is wrong', async () => {
    const pdfBg = {
      version: 2,
      config: {
        title: 'x',
        page: { background: { src: 'data:application/pdf;base64,JVBERi0xLjcK', type: 'pdf' } },
      },
      rows: [],
    };
    await expect(render({ kind: 'template', template: pdfBg })).rejects.toMatchObject({
      problems: [expect.objectContaining({ pointer: '/template/config/page/background/src' })],
    });
    const missing = {
      version: 2,
      config: { title: 'x', page: { background: { src: 'https://127.0.0.1:1/bg.png' } } },
      rows: [],
    };
    await expect(render({ kind: 'template', template: missing })).rejects.toMatchObject({
      problems: [expect.objectContaining({ pointer: '/template/config/page/background/src' })],
    });
  });

  it('renders every block type with the structure each stands for', async () => {
    const png = await sharp({ create: { width: 30, height: 30, channels: 4, background: '#c00a' } })
      .png()
      .toBuffer();
    const template = {
      version: 2,
      config: { title: 'All blocks', page: { locale: 'en-GB' } },
      rows: [
        { blocks: [{ type: 'heading', text: 'All blocks', level: 1 }] },
        { blocks: [{ type: 'text', text: 'Line one\nLine two' }] },
        {
          blocks: [
            {
              type: 'table',
              id: 't',
              columns: [
                { key: 'a', label: 'A' },
                { key: 'b', label: 'B', align: 'right' },
              ],
              style: 'bordered',
              numberRows: true,
            },
          ],
        },
        {
          blocks: [
            { type: 'key-value', fields: [{ key: 'k', label: 'Key' }], values: { k: 'Value' } },
          ],
        },
        {
          blocks: [
            {
              type: 'image',
              src: `data:image/png;base64,${png.toString('base64')}`,
              alt: 'A red square',
              maxHeight: '20mm',
            },
            { type: 'image', src: `data:image/png;base64,${png.toString('base64')}`, alt: '' },
          ],
        },
        { blocks: [{ type: 'list', items: ['first', 'second'], ordered: true }] },
        { blocks: [{ type: 'divider', thickness: 1, lineColor: '#333', style: 'dashed' }] },
        { blocks: [{ type: 'spacer', height: 5 }] },
        { blocks: [{ type: 'barcode', symbology: 'code128', content: 'A11Y-2026' }] },
        {
          blocks: [
            {
              type: 'html',
              html: '<p>From <strong>HTML</strong> with a <a href="https://example.org/">link</a>.</p>',
            },
          ],
        },
        { blocks: [{ type: 'pageBreak' }] },
        { blocks: [{ type: 'heading', text: 'After the break', level: 2 }] },
      ],
    };
    const { result, read } = await renderChecked(template, {
      t: [
        { a: 'x', b: 1 },
        { a: 'y', b: 2 },
      ],
    });
    expect(result.pages).toBe(2);
    const tree = read.structs[0];
    expect(roles(tree)).toEqual(
      expect.arrayContaining([
        'H1',
        'P',
        'Table',
        'TH',
        'TD',
        'L',
        'LI',
        'Lbl',
        'LBody',
        'Figure',
        'Link',
      ]),
    );
    const alts: string[] = [];
    const walk = (n: typeof tree) => {
      if (!n) return;
      if (n.role === 'Figure' && n.alt) alts.push(n.alt);
      for (const c of n.children) if ('role' in c) walk(c);
    };
    walk(tree);
    expect(alts).toEqual(expect.arrayContaining(['A red square', 'Code 128 barcode: A11Y-2026']));
    expect(alts).toHaveLength(2); // the decorative image is an artifact
    expect(read.pages[0].text).toContain('Line one');
    expect(read.links.map((l) => l.url)).toContain('https://example.org/');
  });

  it('embeds attachments with a custom XMP schema (e-invoice style)', async () => {
    const xml =
      '<?xml version="1.0"?><rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"/>';
    const template = {
      version: 2,
      config: { title: 'E-invoice' },
      attachments: [
        {
          name: 'factur-x.xml',
          content: Buffer.from(xml).toString('base64'),
          mimeType: 'text/xml',
          relationship: 'Alternative',
          description: 'Factur-X invoice data',
        },
      ],
      rows: [{ blocks: [{ type: 'heading', text: 'E-invoice', level: 1 }] }],
    };
    const xmpSchemas = [
      {
        namespace: 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#',
        prefix: 'fx',
        name: 'Factur-X PDFA Extension Schema',
        properties: [
          {
            name: 'DocumentFileName',
            value: 'factur-x.xml',
            valueType: 'Text',
            category: 'external',
            description: 'Name of the embedded XML invoice file',
          },
          {
            name: 'DocumentType',
            value: 'INVOICE',
            valueType: 'Text',
            category: 'external',
            description: 'INVOICE',
          },
        ],
      },
    ];
    const { result } = await renderChecked(template, undefined, { xmpSchemas });
    const doc = await pdfjs.getDocument({
      data: new Uint8Array(result.pdf),
      verbosity: 0,
      isEvalSupported: false,
    }).promise;
    const files = (await doc.getAttachments()) as Record<
      string,
      { filename: string; content: Uint8Array; description?: string }
    >;
    const meta = await doc.getMetadata();
    await doc.destroy();
    const file = Object.values(files).find((f) => f.filename === 'factur-x.xml');
    expect(Buffer.from(file!.content).toString()).toBe(xml);
    expect(file!.description).toBe('Factur-X invoice data');
    const xmp = (meta.metadata as { getRaw?: () => string } | null)?.getRaw?.() ?? '';
    expect(xmp).toContain('urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#');
    expect(xmp).toContain('INVOICE');
  });

  it('takes the title from the first heading, else the first text, else a default, with a warning', async () => {
    const titled = async (rows: unknown[], data?: unknown) => {
      const result = await render({
        kind: 'template',
        template: { version: 2, rows },
        ...(data ? { data } : {}),
      });
      const missing = result.warnings.filter((w) => w.code === 'document.missing-title');
      expect(missing).toHaveLength(1);
      expect((await readPdf(result.pdf)).title).toBe(result.title);
      return { title: result.title, source: missing[0].source };
    };
    // The first heading wins over text before it; a data override is what the reader sees.
    expect(
      await titled(
        [
          { blocks: [{ type: 'text', text: 'Intro' }] },
          { blocks: [{ type: 'heading', id: 'h', text: 'Found title', level: 1 }] },
        ],
        { h: { text: 'Overridden title' } },
      ),
    ).toEqual({ title: 'Overridden title', source: '/template/rows/1/blocks/0' });
    // No heading: the first text block, white space collapsed and a long one cut at a word.
    const long = `Dear customer,\n\nthank you for your order ${'of many fine things '.repeat(8)}`;
    const fromText = await titled([
      { blocks: [{ type: 'spacer', height: 5 }] },
      { blocks: [{ type: 'text', text: long }] },
    ]);
    expect(fromText.title).toMatch(/^Dear customer, thank you for your order of many fine things/);
    expect(fromText.title.endsWith('…')).toBe(true);
    expect([...fromText.title].length).toBeLessThanOrEqual(81);
    expect(fromText.source).toBe('/template/rows/1/blocks/0');
    // Neither: the default title, never a 400.
    expect(await titled([{ blocks: [{ type: 'divider' }] }])).toEqual({
      title: 'Untitled document',
      source: '/template/config/title',
    });
    expect(await titled([])).toMatchObject({ title: 'Untitled document' });
  });

  it('writes PDF/UA-1 only when the template turns the colour profile off', async () => {
    const t = {
      version: 2,
      config: { title: 'UA only', embedColorProfile: false },
      rows: [{ blocks: [{ type: 'heading', text: 'UA', level: 1 }] }],
    };
    const result = await render({ kind: 'template', template: t });
    const ua = validate(result.pdf, { flavours: ['pdfua-1'] });
    expect(ua.isCompliant).toBe(true);
    expect(validate(result.pdf, { flavours: ['pdfa-3a'] }).isCompliant).toBe(false);
  });
});
