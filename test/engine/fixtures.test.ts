/**
 * The HTML fixtures (invoices, reports, letters, right-to-left and mixed scripts) rendered end
 * to end through render(): HTML → layout → tagged PDF, read back with pdfjs-dist (text order,
 * positions, structure, links) and checked by our own validator.
 */
import { describe, expect, it } from 'vitest';
import { render, type RenderResult } from '../../src/render.js';
import { validate } from '../../src/validate/index.js';
import { findRole, loadFixture, readPdf, roles, type ReadBack } from './helpers.js';

const cache = new Map<string, Promise<{ result: RenderResult; back: ReadBack }>>();

function rendered(name: string): Promise<{ result: RenderResult; back: ReadBack }> {
  let p = cache.get(name);
  if (!p) {
    p = (async () => {
      const html = await loadFixture(name);
      const result = await render({ kind: 'html', html }, { deterministic: true });
      return { result, back: await readPdf(result.pdf) };
    })();
    cache.set(name, p);
  }
  return p;
}

/** Index of each needle in the page text, asserting they appear in this order. */
function expectOrder(text: string, needles: string[]): void {
  let at = -1;
  for (const n of needles) {
    const i = text.indexOf(n, at + 1);
    expect(i, `"${n}" after position ${at}`).toBeGreaterThan(at);
    at = i;
  }
}

function allText(back: ReadBack): string {
  return back.pages.map((p) => p.text).join('\n');
}

function expectValid(result: RenderResult): void {
  const report = validate(result.pdf);
  const failures = (report.failures ?? []).map((f) => JSON.stringify(f).slice(0, 300));
  expect(failures).toEqual([]);
}

const FIXTURES = [
  'invoice',
  'report',
  'letter',
  'article',
  'statement',
  'rtl',
  'mixed-script',
  'lists',
  'images',
  'links',
  'margin-boxes',
  'flex',
];

describe('every fixture', () => {
  it.each(FIXTURES)('%s validates with zero failures', async (name) => {
    const { result } = await rendered(name);
    expectValid(result);
  });
});

describe('invoice', () => {
  it('is one A4 page with the parts in reading order and a table with a header and footer', async () => {
    const { result, back } = await rendered('invoice');
    expect(result.pages).toBe(1);
    expect(back.title).toBe('Invoice INV-2024-0042');
    expect(back.pages[0].width).toBeCloseTo(595.3, 0);
    expectOrder(back.pages[0].text, [
      'Northwind Traders',
      'Invoice INV-2024-0042',
      'BILLED TO',
      'Description',
      'Calibration',
      'Total due',
      'bank transfer',
    ]);
    const r = roles(back.structs[0]);
    for (const t of ['H1', 'Table', 'THead', 'TBody', 'TFoot', 'TH', 'TD', 'Link'])
      expect(r).toContain(t);
    // The footer margin box sits below the body.
    const footer = back.pages[0].items.find((i) => i.str.includes('Registered in England'));
    const total = back.pages[0].items.find((i) => i.str.includes('Total due'));
    expect(footer && total && footer.y > total.y).toBe(true);
  });
});

describe('report', () => {
  it('spans several pages with the table header repeated on each', async () => {
    const { back } = await rendered('report');
    expect(back.pages.length).toBeGreaterThanOrEqual(3);
    const tablePages = back.pages.filter((p) => p.text.includes('2024-0'));
    expect(tablePages.length).toBeGreaterThanOrEqual(2);
    for (const p of tablePages) expect(p.text).toContain('Site A');
    // The findings section starts on a page of its own (break-before: page).
    const findings = back.pages.findIndex((p) => p.text.includes('Findings'));
    expect(back.pages[findings].items[0].str).toContain('Findings');
  });
});

describe('letter', () => {
  it('keeps the letter on one page in reading order', async () => {
    const { back } = await rendered('letter');
    expect(back.pages).toHaveLength(1);
    expectOrder(back.pages[0].text, [
      'Harbourside Lettings',
      'Ms Anika Patel',
      '2 May 2024',
      'Dear Ms Patel',
      'Yours sincerely',
      'Tom Whitaker',
    ]);
    const sender = back.pages[0].items.find((i) => i.str.includes('Harbourside'))!;
    const recipient = back.pages[0].items.find((i) => i.str.includes('Anika'))!;
    // The sender block is right-aligned, the recipient's is not.
    expect(sender.x).toBeGreaterThan(recipient.x + 100);
  });
});

describe('article', () => {
  it('flows over several pages with headings, a quotation and code', async () => {
    const { back } = await rendered('article');
    expect(back.pages.length).toBeGreaterThanOrEqual(3);
    expectOrder(allText(back), [
      'The Quiet Return',
      'Part 1',
      'Part 8',
      'We sold a dream',
      'Timetable excerpt',
      'Brussels-Midi',
    ]);
    const r = back.structs.flatMap((s) => roles(s));
    for (const t of ['H1', 'H2', 'BlockQuote', 'Code', 'Art']) expect(r).toContain(t);
  });
});

describe('statement', () => {
  it('puts 500 rows on many pages with page X of Y in every footer', async () => {
    const { back } = await rendered('statement');
    const n = back.pages.length;
    expect(n).toBeGreaterThan(8);
    const text = allText(back);
    expect(text).toContain('TX100000');
    expect(text).toContain('TX100499');
    back.pages.forEach((p, i) => {
      expect(p.text).toContain(`Page ${i + 1} of ${n}`);
      expect(p.text).toContain('Balance');
    });
    // Rows stay in order across pages.
    const firsts = back.pages
      .map((p) => /TX1(\d{5})/.exec(p.text)?.[1])
      .filter(Boolean)
      .map(Number);
    expect([...firsts].sort((a, b) => a - b)).toEqual(firsts);
  });
});

describe('rtl', () => {
  it('renders Arabic and Hebrew right to left with their languages', async () => {
    const { back } = await rendered('rtl');
    const text = allText(back);
    expect(text).toMatch(/[\u0600-\u06ff]/);
    expect(text).toMatch(/[\u0590-\u05ff]/);
    // Right-aligned: the heading ends near the right margin.
    const p = back.pages[0];
    const heading = p.items.find((i) => /[\u0600-\u06ff]/.test(i.str))!;
    expect(heading.x).toBeGreaterThan(p.width / 4);
  });
});

describe('mixed-script', () => {
  it('shows every script on one page', async () => {
    const { back } = await rendered('mixed-script');
    expect(back.pages).toHaveLength(1);
    const text = allText(back);
    for (const re of [
      /Bienvenue/,
      /Willkommen/,
      /[\u0370-\u03ff]/,
      /[\u0400-\u04ff]/,
      /[\u0600-\u06ff]/,
      /[\u0590-\u05ff]/,
    ])
      expect(text).toMatch(re);
    // Language changes are marked on the elements that carry them.
    const langs: string[] = [];
    const collect = (n: (typeof back.structs)[number]): void => {
      if (!n) return;
      if (n.lang) langs.push(`${n.role}:${n.lang}`);
      n.children.forEach((c) => 'role' in c && collect(c));
    };
    back.structs.forEach(collect);
    expect(langs).toEqual(expect.arrayContaining(['P:fr', 'P:de', 'P:ar', 'P:he', 'Span:el']));
  });
});

describe('lists', () => {
  it('nests L > LI > Lbl/LBody three deep', async () => {
    const { back } = await rendered('lists');
    const tree = back.structs[0];
    const l1 = findRole(tree, 'L')!;
    const li = findRole(l1, 'LI')!;
    expect(roles(li).slice(0, 3)).toEqual(['LI', 'Lbl', 'LBody']);
    const depth = (n: typeof tree, d = 0): number =>
      !n
        ? d
        : Math.max(
            d + (n.role === 'L' ? 1 : 0),
            ...n.children.map((c) => ('role' in c ? depth(c, d + (n.role === 'L' ? 1 : 0)) : 0)),
          );
    expect(depth(tree)).toBeGreaterThanOrEqual(3);
    expectOrder(back.pages[0].text, [
      '1.',
      'Before the first day',
      'a.',
      'Send the contract',
      'i.',
      'Print two copies',
    ]);
  });
});

describe('images', () => {
  it('draws every format and tags each informative image as a Figure with Alt', async () => {
    const { result, back } = await rendered('images');
    const figures: string[] = [];
    const collect = (n: (typeof back.structs)[number]): void => {
      if (!n) return;
      if (n.role === 'Figure' && n.alt) figures.push(n.alt);
      n.children.forEach((c) => 'role' in c && collect(c));
    };
    back.structs.forEach(collect);
    for (const alt of [
      'PNG',
      'JPEG',
      'GIF',
      'WebP',
      'AVIF',
      'TIFF',
      'SVG',
      'inline SVG',
      'Broken image',
    ]) {
      expect(
        figures.some((f) => f.includes(alt)),
        alt,
      ).toBe(true);
    }
    expect(result.warnings.some((w) => w.code === 'resource.image-failed')).toBe(true);
  });
});

describe('links', () => {
  it('makes link annotations with contents and an internal destination', async () => {
    const { back } = await rendered('links');
    expect(back.pages).toHaveLength(2);
    const uris = back.links.filter((l) => l.url).map((l) => l.url);
    expect(uris).toContain('https://www.w3.org/WAI/');
    expect(uris).toContain('mailto:help@example.org');
    const internal = back.links.find((l) => !l.url);
    expect(internal).toBeDefined();
    const titled = back.links.find((l) => l.url?.includes('pdfa.org'));
    expect(titled?.contents).toBe('PDF/UA in a nutshell (PDF Association)');
  });
});

describe('margin boxes', () => {
  it('prints page X of Y and running headers outside the body', async () => {
    const { back } = await rendered('margin-boxes');
    const n = back.pages.length;
    expect(n).toBeGreaterThanOrEqual(3);
    back.pages.forEach((p, i) => {
      const footer = p.items.find((it) => it.str.includes(`Page ${i + 1} of ${n}`));
      expect(footer).toBeDefined();
      const header = p.items.find((it) => it.str.includes('Version 3.1'))!;
      const body = p.items.filter(
        (it) =>
          it !== footer &&
          !it.str.includes('Version') &&
          !it.str.includes('Policy handbook') &&
          it.str.trim(),
      );
      for (const b of body) {
        expect(b.y).toBeGreaterThan(header.y);
        expect(b.y).toBeLessThan(footer!.y);
      }
    });
  });
});

describe('flex', () => {
  it('lays out cards side by side and wraps chips over lines', async () => {
    const { back } = await rendered('flex');
    const p = back.pages[0];
    const find = (s: string) => p.items.find((i) => i.str.includes(s))!;
    const [a, b, c] = [find('Orders'), find('Revenue'), find('Returns')];
    expect(Math.abs(a.y - b.y)).toBeLessThan(1);
    expect(a.x).toBeLessThan(b.x);
    expect(b.x).toBeLessThan(c.x);
    expect(find('omicron').y).toBeGreaterThan(find('alpha').y);
    const status = find('Status');
    const updated = find('Updated');
    expect(Math.abs(status.y - updated.y)).toBeLessThan(2);
    expect(updated.x).toBeGreaterThan(p.width / 2);
  });
});
