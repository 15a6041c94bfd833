/**
 * Requests written for the reference service, sent unchanged over HTTP: templates without a
 * title, the Accept header HTTP libraries send by default, PDF/UA-only reports, media types
 * with parameters, typed barcode payloads and inline SVG.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, startTestService, type RunningService } from './harness.js';

let svc: RunningService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(async () => {
  await svc.close();
});

const AXIOS_ACCEPT = 'application/json, text/plain, */*';

interface JsonVariant {
  pdf: string;
  warnings: { code: string; message: string; source?: string }[];
  validation: { isCompliant: boolean; profiles: { profile: string }[]; failures?: unknown[] };
}

const untitled = {
  version: 2,
  rows: [
    { blocks: [{ type: 'text', text: 'Kunde & Co. KG' }] },
    { blocks: [{ type: 'heading', text: 'Rechnung für März', level: 1 }] },
  ],
};

describe('templates and HTML without a title', () => {
  it('renders a template without config.title and says so in headers', async () => {
    const res = await postJson(`${svc.url}/render/template`, { template: untitled });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('x-warnings')).toBe('document.missing-title');
    expect(res.headers.get('x-warning-count')).toBe('1');
    expect(decodeURIComponent(res.headers.get('x-document-title')!)).toBe('Rechnung für März');
  });

  it('reports the same warning in the JSON variant, and for HTML without <title>', async () => {
    const json = await postJson(
      `${svc.url}/render/template`,
      { template: { version: 2, rows: [] } },
      { accept: AXIOS_ACCEPT },
    );
    const body = (await json.json()) as JsonVariant;
    expect(body.validation.isCompliant).toBe(true);
    expect(body.warnings).toContainEqual(
      expect.objectContaining({ code: 'document.missing-title', source: '/template/config/title' }),
    );
    const html = await postJson(`${svc.url}/render/html`, {
      html: '<html lang="en"><body><p>Quarterly figures</p></body></html>',
    });
    expect(html.status).toBe(200);
    expect(html.headers.get('x-warnings')).toContain('document.missing-title');
    expect(decodeURIComponent(html.headers.get('x-document-title')!)).toBe('Quarterly figures');
  });
});

describe('Accept and report consistency', () => {
  it('answers axios-style Accept headers with JSON on every PDF route', async () => {
    for (const [route, body] of [
      ['/render/template', { template: untitled }],
      ['/render/html', { html: '<html lang="en"><title>t</title><p>x</p></html>' }],
    ] as const) {
      const res = await postJson(`${svc.url}${route}`, body, { accept: AXIOS_ACCEPT });
      expect(res.headers.get('content-type'), route).toContain('application/json');
    }
  });

  it('judges what the document claims: PDF/UA-1 only without the colour profile', async () => {
    const template = { ...untitled, config: { embedColorProfile: false } };
    const t = (await (
      await postJson(`${svc.url}/render/template`, { template }, { accept: 'application/json' })
    ).json()) as JsonVariant;
    const h = (await (
      await postJson(
        `${svc.url}/render/html`,
        { html: '<html lang="en"><title>t</title><p>x</p></html>', embedColorProfile: false },
        { accept: 'application/json' },
      )
    ).json()) as JsonVariant;
    for (const body of [t, h]) {
      expect(body.validation.profiles.map((p) => p.profile)).toEqual(['PDF/UA-1']);
      expect(body.validation.isCompliant).toBe(true);
      expect(body.validation.failures ?? []).toEqual([]);
    }
  });
});

describe('attachments with media type parameters', () => {
  const attachment = (mimeType: string) => ({
    name: 'notes.txt',
    content: Buffer.from('Grüße').toString('base64'),
    mimeType,
  });

  it('records type/subtype in /Subtype and warns that the parameters have no place', async () => {
    for (const [route, body] of [
      [
        '/render/html',
        {
          html: '<html lang="en"><title>t</title><p>x</p></html>',
          attachments: [attachment('Text/Plain; charset="utf-8"')],
        },
      ],
      [
        '/render/template',
        { template: { ...untitled, attachments: [attachment('text/plain;charset=utf-8')] } },
      ],
    ] as const) {
      const res = await postJson(`${svc.url}${route}`, body, { accept: 'application/json' });
      expect(res.status, route).toBe(200);
      const json = (await res.json()) as JsonVariant;
      expect(json.validation.isCompliant).toBe(true);
      expect(json.warnings.map((w) => w.code)).toContain('attachment.media-type-parameters');
      const pdf = Buffer.from(json.pdf, 'base64').toString('latin1');
      expect(pdf).toMatch(/\/Type \/EmbeddedFile \/Subtype \/text#2Fplain[ /]/);
    }
  });

  it('still refuses what is not a media type, naming the field', async () => {
    const res = await postJson(`${svc.url}/render/html`, {
      html: '<html lang="en"><title>t</title><p>x</p></html>',
      attachments: [attachment('text/plain; charset')],
    });
    expect(res.status).toBe(400);
    const problem = (await res.json()) as { errors: { pointer: string }[] };
    expect(problem.errors.map((e) => e.pointer)).toEqual(['/attachments/0/mimeType']);
  });
});

describe('template features of the reference service', () => {
  const pay = {
    type: 'barcode',
    id: 'pay',
    symbology: 'qr',
    content: { type: 'epc', name: 'Jane Doe', iban: 'DE89 3704 0044 0532 0130 00', amount: 12.3 },
  };

  it('renders typed barcode payloads and inline SVG', async () => {
    const res = await postJson(`${svc.url}/render/template`, {
      template: {
        version: 2,
        config: { title: 'Pay' },
        rows: [
          { blocks: [pay] },
          {
            blocks: [
              {
                type: 'image',
                src: '<svg viewBox="0 0 4 4"><rect width="4" height="4" fill="#c00"/></svg>',
                alt: 'Red square',
              },
            ],
          },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-warnings')).toBeNull();
  });

  it('answers 400 naming the payload field that breaks its rules', async () => {
    const template = { version: 2, config: { title: 'Pay' }, rows: [{ blocks: [pay] }] };
    const broken = { ...pay.content, iban: 'DE89 3704 0044 0532 0130 01' };
    const inTemplate = await postJson(`${svc.url}/render/template`, {
      template: { ...template, rows: [{ blocks: [{ ...pay, content: broken }] }] },
    });
    const inData = await postJson(`${svc.url}/render/template`, {
      template,
      data: { pay: { content: broken } },
    });
    const shape = await postJson(`${svc.url}/render/template`, {
      template,
      data: { pay: { content: { type: 'epc', iban: 7 } } },
    });
    const pointers = async (r: Response) => {
      expect(r.status).toBe(400);
      expect(r.headers.get('content-type')).toContain('application/problem+json');
      return ((await r.json()) as { errors: { pointer: string }[] }).errors.map((e) => e.pointer);
    };
    expect(await pointers(inTemplate)).toEqual(['/template/rows/0/blocks/0/content/iban']);
    expect(await pointers(inData)).toEqual(['/data/pay/content/iban']);
    expect(await pointers(shape)).toEqual(
      expect.arrayContaining(['/data/pay/content/name', '/data/pay/content/iban']),
    );
  });
});

describe('image output', () => {
  it('takes the format in any case or as a media type', async () => {
    const html = '<html lang="en"><title>t</title><p>x</p></html>';
    for (const [format, type] of [
      ['PNG', 'image/png'],
      ['JPG', 'image/jpeg'],
      ['image/jpeg', 'image/jpeg'],
    ]) {
      const res = await postJson(`${svc.url}/render`, { html, format, width: 200 });
      expect(res.status, format).toBe(200);
      expect(res.headers.get('content-type')).toBe(type);
    }
  });
});
