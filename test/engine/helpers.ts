/**
 * Shared by the end-to-end tests: fixture loading (with generated rows, sections and images
 * filled into the marked places), rendering through render(), and reading the PDF back with
 * pdfjs-dist as an independent reader.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';

const here = dirname(fileURLToPath(import.meta.url));
export const FIXTURES = join(here, '..', 'fixtures', 'html');

/** Deterministic pseudo-random numbers so generated fixtures are the same on every run. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function reportRows(n: number): string {
  const r = rng(7);
  const rows: string[] = [];
  const d = new Date(Date.UTC(2024, 0, 1));
  while (rows.length < n) {
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) {
      const v = [0, 0, 0, 0].map(() => 800 + Math.floor(r() * 700));
      const total = v.reduce((a, b) => a + b, 0);
      rows.push(
        `<tr><th scope="row">${d.toISOString().slice(0, 10)}</th>${v.map((x) => `<td>${x}</td>`).join('')}<td>${total}</td></tr>`,
      );
    }
    d.setUTCDate(d.getUTCDate() + 1);
  }
  return rows.join('\n');
}

function statementRows(n: number): string {
  const r = rng(42);
  const payees = [
    'Grocer',
    'Rail fare',
    'Salary',
    'Energy Co',
    'Book shop',
    'Pharmacy',
    'Water board',
    'Cafe',
  ];
  let balance = 2500;
  const rows: string[] = [];
  for (let i = 0; i < n; i++) {
    const day = new Date(Date.UTC(2024, 0, 1 + Math.floor((i * 181) / n)));
    const who = payees[Math.floor(r() * payees.length)];
    const isIn = who === 'Salary';
    const amt = isIn ? 2100 : Math.round(r() * 9000) / 100;
    balance += isIn ? amt : -amt;
    rows.push(
      `<tr><td>${day.toISOString().slice(0, 10)}</td><td>TX${String(100000 + i)}</td><td>${who}</td><td class="amt">${isIn ? '' : amt.toFixed(2)}</td><td class="amt">${isIn ? amt.toFixed(2) : ''}</td><td class="amt">${balance.toFixed(2)}</td></tr>`,
    );
  }
  return rows.join('\n');
}

const PARAGRAPHS = [
  'Across Europe, operators that had written off overnight services a decade ago are buying sleeper coaches again. The reasons are partly environmental and partly practical: a train that leaves after dinner and arrives before breakfast competes with the first flight of the day without the trip to the airport.',
  'Demand has surprised even the optimists. Several routes sold out their sleeping compartments weeks ahead during the summer, and operators added seated coaches to carry travellers who were happy to doze upright for the price of a regional ticket.',
  'The economics remain delicate. Sleeper coaches carry fewer passengers than day coaches, they spend the day parked rather than earning, and every border crossing brings a different set of access charges, safety rules and staff requirements.',
  'Governments have begun to help. Some pay operators to run routes that would not pay for themselves; others have cut the track charges that made long international trips so expensive to operate.',
];

function articleSections(n: number): string {
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    out.push(
      `<h2>Part ${i + 1}: ${['Demand', 'Costs', 'Policy', 'Rolling stock', 'Passengers', 'Outlook'][i % 6]}</h2>`,
    );
    for (let k = 0; k < 4; k++) out.push(`<p>${PARAGRAPHS[(i + k) % PARAGRAPHS.length]}</p>`);
  }
  return out.join('\n');
}

function handbookSections(n: number): string {
  const titles = [
    'Working hours',
    'Leave',
    'Expenses',
    'Equipment',
    'Security',
    'Travel',
    'Training',
    'Conduct',
  ];
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    out.push(`<section><h2>${i + 1}. ${titles[i % titles.length]}</h2>`);
    for (let k = 0; k < 3; k++) out.push(`<p>${PARAGRAPHS[(i + k) % PARAGRAPHS.length]}</p>`);
    out.push('</section>');
  }
  return out.join('\n');
}

/** Small images of every format, as data: URIs (made here with sharp, not shipped). */
export async function sampleImages(): Promise<Record<string, string>> {
  const solid = (r: number, g: number, b: number, alpha = 1) =>
    sharp({ create: { width: 32, height: 32, channels: 4, background: { r, g, b, alpha } } });
  const uri = (mime: string, buf: Buffer) => `data:${mime};base64,${buf.toString('base64')}`;
  const gradient = Buffer.alloc(64 * 32 * 3);
  for (let y = 0; y < 32; y++)
    for (let x = 0; x < 64; x++) {
      const o = (y * 64 + x) * 3;
      gradient[o] = 20;
      gradient[o + 1] = 60 + x * 2;
      gradient[o + 2] = 255 - x * 2;
    }
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><circle cx="20" cy="20" r="18" fill="gold"/></svg>';
  return {
    png: uri('image/png', await solid(220, 30, 30, 0.8).png().toBuffer()),
    jpeg: uri(
      'image/jpeg',
      await sharp(gradient, { raw: { width: 64, height: 32, channels: 3 } })
        .jpeg()
        .toBuffer(),
    ),
    gif: uri('image/gif', await solid(30, 160, 60).gif().toBuffer()),
    webp: uri('image/webp', await solid(250, 140, 20).webp().toBuffer()),
    avif: uri('image/avif', await solid(120, 40, 160).avif().toBuffer()),
    tiff: uri('image/tiff', await solid(128, 128, 128).tiff().toBuffer()),
    svg: uri('image/svg+xml', Buffer.from(svg)),
  };
}

export async function loadFixture(name: string): Promise<string> {
  let html = readFileSync(join(FIXTURES, `${name}.html`), 'utf8');
  if (name === 'report') html = html.replace('<!-- ROWS -->', reportRows(90));
  if (name === 'statement') html = html.replace('<!-- ROWS -->', statementRows(500));
  if (name === 'article') html = html.replace('<!-- SECTIONS -->', articleSections(8));
  if (name === 'margin-boxes') html = html.replace('<!-- SECTIONS -->', handbookSections(8));
  if (name === 'images') {
    const imgs = await sampleImages();
    html = html.replace(/\{\{(\w+)\}\}/g, (_, k: string) => imgs[k] ?? '');
  }
  if (name === 'compositing-poster') {
    const imgs = await posterImages();
    html = html.replace(/\{\{(\w+)\}\}/g, (_, k: string) => imgs[k] ?? '');
  }
  return html;
}

/** The poster's photo (from the gallery) and a star with a transparent surround. */
async function posterImages(): Promise<Record<string, string>> {
  const photo = readFileSync(new URL('../../gallery/magazine/harbour.jpg', import.meta.url));
  const star = await sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120"><path d="M60 6 L75 45 L116 45 L83 70 L95 112 L60 87 L25 112 L37 70 L4 45 L45 45 Z"/></svg>',
    ),
  )
    .png()
    .toBuffer();
  return {
    harbour: `data:image/jpeg;base64,${photo.toString('base64')}`,
    star: `data:image/png;base64,${star.toString('base64')}`,
  };
}

export interface ReadBackPage {
  readonly width: number;
  readonly height: number;
  /** Text items in content-stream order with their position (top-left origin, points). */
  readonly items: readonly { str: string; x: number; y: number }[];
  readonly text: string;
}

export interface StructNodeOut {
  readonly role: string;
  readonly children: readonly (StructNodeOut | { type: string; id?: string })[];
  readonly alt?: string;
  readonly lang?: string;
}

export interface ReadBack {
  readonly pages: readonly ReadBackPage[];
  /** Structure tree of the first page as pdfjs reports it. */
  readonly structs: readonly (StructNodeOut | null)[];
  readonly title: string | undefined;
  readonly links: readonly { url?: string; dest?: unknown; contents?: string; page: number }[];
}

export async function readPdf(bytes: Uint8Array): Promise<ReadBack> {
  const doc = await pdfjs.getDocument({
    data: new Uint8Array(bytes),
    verbosity: 0,
    isEvalSupported: false,
    disableFontFace: true,
  }).promise;
  const pages: ReadBackPage[] = [];
  const structs: (StructNodeOut | null)[] = [];
  const links: { url?: string; dest?: unknown; contents?: string; page: number }[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const page = await doc.getPage(i);
    const vp = page.getViewport({ scale: 1 });
    const tc = await page.getTextContent();
    const items = tc.items
      .filter(
        (it): it is (typeof tc.items)[number] & { str: string; transform: number[] } => 'str' in it,
      )
      .map((it) => ({ str: it.str, x: it.transform[4], y: vp.height - it.transform[5] }));
    pages.push({
      width: vp.width,
      height: vp.height,
      items,
      text: items.map((i) => i.str).join(''),
    });
    structs.push((await page.getStructTree()) as unknown as StructNodeOut | null);
    for (const a of await page.getAnnotations()) {
      if (a.subtype === 'Link')
        links.push({ url: a.url, dest: a.dest, contents: a.contentsObj?.str, page: i - 1 });
    }
  }
  const meta = await doc.getMetadata();
  const info = meta.info as { Title?: string };
  await doc.destroy();
  return { pages, structs, title: info.Title, links };
}

/** Roles of a pdfjs structure tree in depth-first order. */
export function roles(n: StructNodeOut | null): string[] {
  if (!n) return [];
  const out = [n.role];
  for (const c of n.children) if ('role' in c) out.push(...roles(c));
  return out;
}

export function findRole(n: StructNodeOut | null, role: string): StructNodeOut | undefined {
  if (!n) return undefined;
  if (n.role === role) return n;
  for (const c of n.children) {
    if ('role' in c) {
      const f = findRole(c, role);
      if (f) return f;
    }
  }
  return undefined;
}
