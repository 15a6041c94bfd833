/**
 * Hand-built hostile inputs: PDFs assembled object by object (with a correct xref table unless
 * the case is about the xref), compression bombs, deep nesting, huge declared image sizes and
 * broken fonts. Everything is built in memory; nothing is read from outside the repository.
 */
import { brotliCompressSync, createDeflate, deflateSync } from 'node:zlib';

const enc = new TextEncoder();

/** A PDF from numbered object bodies (object n = bodies[n - 1]), root object 1. */
export function buildPdf(
  bodies: readonly (string | Uint8Array)[],
  opts: { trailerExtra?: string; xref?: 'good' | 'none' | 'wrong-offsets' | 'past-eof' } = {},
): Uint8Array {
  const parts: Uint8Array[] = [enc.encode('%PDF-1.7\n%\u00e2\u00e3\n')];
  let length = parts[0].length;
  const offsets: number[] = [];
  bodies.forEach((body, i) => {
    offsets.push(length);
    const head = enc.encode(`${i + 1} 0 obj\n`);
    const bytes = typeof body === 'string' ? enc.encode(body) : body;
    const tail = enc.encode('\nendobj\n');
    parts.push(head, bytes, tail);
    length += head.length + bytes.length + tail.length;
  });
  const xrefAt = length;
  const mode = opts.xref ?? 'good';
  let xref = '';
  if (mode !== 'none') {
    xref = `xref\n0 ${bodies.length + 1}\n0000000000 65535 f \n`;
    for (const o of offsets) {
      const off = mode === 'wrong-offsets' ? (o * 7 + 13) % (xrefAt + 1) : o;
      xref += `${String(off).padStart(10, '0')} 00000 n \n`;
    }
  }
  const start = mode === 'past-eof' ? xrefAt + 1_000_000 : xrefAt;
  const trailer = `${xref}trailer\n<< /Size ${bodies.length + 1} /Root 1 0 R ${opts.trailerExtra ?? ''} >>\nstartxref\n${start}\n%%EOF\n`;
  parts.push(enc.encode(trailer));
  return concat(parts);
}

export function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export function streamObject(dict: string, data: Uint8Array): Uint8Array {
  return concat([
    enc.encode(`<< ${dict} /Length ${data.length} >>\nstream\n`),
    data,
    enc.encode('\nendstream'),
  ]);
}

/** Catalog, page tree and one page whose content stream is object 4. */
const CATALOG = '<< /Type /Catalog /Pages 2 0 R >>';
const PAGES = '<< /Type /Pages /Kids [3 0 R] /Count 1 >>';
const PAGE = '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>';

export function pdfWithContent(content: Uint8Array, dict = ''): Uint8Array {
  return buildPdf([CATALOG, PAGES, PAGE, streamObject(dict, content)]);
}

/**
 * Deflate `totalBytes` zero bytes in 1 MB pieces (never holding them all), then deflate the
 * result `rounds - 1` more times: a few kilobytes that expand to hundreds of megabytes.
 */
export async function flateBomb(totalBytes: number, rounds: number): Promise<Uint8Array> {
  const deflate = createDeflate({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  const piece = Buffer.alloc(1 << 20);
  for (let written = 0; written < totalBytes; written += piece.length) {
    if (!deflate.write(piece)) await new Promise((r) => deflate.once('drain', r));
  }
  deflate.end();
  await done;
  let data: Uint8Array = Buffer.concat(chunks);
  for (let i = 1; i < rounds; i++) data = deflateSync(data, { level: 9 });
  return data;
}

export function flateFilters(rounds: number): string {
  return `/Filter [${Array.from({ length: rounds }, () => '/FlateDecode').join(' ')}]`;
}

/** `depth` nested arrays or dictionaries as one object body. */
export function deepObject(kind: 'array' | 'dict' | 'mixed', depth: number): string {
  if (kind === 'array') return `${'['.repeat(depth)}1${']'.repeat(depth)}`;
  if (kind === 'dict') return `${'<< /A '.repeat(depth)}1${' >>'.repeat(depth)}`;
  return `${'[<< /A '.repeat(depth)}1${' >>]'.repeat(depth)}`;
}

/** Documents whose object graph loops back on itself in the places readers walk. */
export function cyclePdfs(): Record<string, Uint8Array> {
  return {
    'indirect self reference': buildPdf([CATALOG, PAGES, PAGE, '4 0 R']),
    'array cycle': buildPdf([
      `<< /Type /Catalog /Pages 2 0 R /X 4 0 R >>`,
      PAGES,
      PAGE,
      '[5 0 R]',
      '[4 0 R]',
    ]),
    'page tree loop': buildPdf([
      CATALOG,
      '<< /Type /Pages /Kids [2 0 R 3 0 R] /Count 2 >>',
      '<< /Type /Pages /Kids [2 0 R] /Parent 2 0 R /Count 1 >>',
    ]),
    'parent loop': buildPdf([
      CATALOG,
      '<< /Type /Pages /Kids [3 0 R] /Count 1 /Parent 3 0 R >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 10 10] /Resources 2 0 R >>',
    ]),
    'structure tree loop': buildPdf([
      '<< /Type /Catalog /Pages 2 0 R /MarkInfo << /Marked true >> /StructTreeRoot 4 0 R /Lang (en) >>',
      PAGES,
      PAGE,
      '<< /Type /StructTreeRoot /K 5 0 R /ParentTree << /Nums [] >> >>',
      '<< /Type /StructElem /S /Document /P 4 0 R /K [6 0 R] >>',
      '<< /Type /StructElem /S /P /P 5 0 R /K [5 0 R 6 0 R] >>',
    ]),
    'outline loop': buildPdf([
      '<< /Type /Catalog /Pages 2 0 R /Outlines 4 0 R >>',
      PAGES,
      PAGE,
      '<< /Type /Outlines /First 5 0 R /Last 5 0 R >>',
      '<< /Title (a) /Parent 4 0 R /Next 5 0 R /First 5 0 R /Prev 5 0 R >>',
    ]),
    'length refers to itself': buildPdf([
      CATALOG,
      PAGES,
      PAGE,
      concat([enc.encode('<< /Length 4 0 R >>\nstream\nBT ET\nendstream')]),
    ]),
    'xref Prev loop': buildPdf([CATALOG, PAGES, PAGE], { trailerExtra: '/Prev 9' }),
    'form XObject draws itself': buildPdf([
      CATALOG,
      PAGES,
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 10 10] /Contents 4 0 R /Resources << /XObject << /X 5 0 R >> >> >>',
      streamObject('', enc.encode('/X Do')),
      streamObject(
        '/Type /XObject /Subtype /Form /BBox [0 0 1 1] /Resources << /XObject << /X 5 0 R >> >>',
        enc.encode('/X Do'),
      ),
    ]),
    'name tree kids loop': buildPdf([
      '<< /Type /Catalog /Pages 2 0 R /Names << /EmbeddedFiles 4 0 R >> >>',
      PAGES,
      PAGE,
      '<< /Kids [4 0 R] >>',
    ]),
  };
}

/** xref faults: missing, wrong, past the end, a stream xref with nonsense widths. */
export function brokenXrefPdfs(): Record<string, Uint8Array> {
  const body = [CATALOG, PAGES, PAGE, streamObject('', enc.encode('BT ET'))];
  const xrefStream = (w: string, data: Uint8Array) =>
    concat([
      buildPdf(body, { xref: 'none' }).slice(0, -40),
      enc.encode(`\n9 0 obj\n`),
      streamObject(`/Type /XRef /Size 10 /Root 1 0 R /W ${w}`, data),
      enc.encode('\nendobj\nstartxref\n0\n%%EOF\n'),
    ]);
  return {
    'no xref table': buildPdf(body, { xref: 'none' }),
    'wrong offsets': buildPdf(body, { xref: 'wrong-offsets' }),
    'startxref past the end': buildPdf(body, { xref: 'past-eof' }),
    'huge /Size': buildPdf(body, { trailerExtra: '/Size 2147483647' }),
    'xref stream widths 0 0 0': xrefStream('[0 0 0]', new Uint8Array(64)),
    'xref stream widths 9 9 9': xrefStream('[9 9 9]', new Uint8Array(270).fill(0xff)),
    'xref stream negative widths': xrefStream('[-1 2 1]', new Uint8Array(16)),
    'xref stream huge Index': concat([
      buildPdf(body, { xref: 'none' }),
      enc.encode('9 0 obj\n'),
      streamObject(
        '/Type /XRef /Size 10 /Index [0 2147483647] /W [1 2 1] /Root 1 0 R',
        new Uint8Array(8),
      ),
      enc.encode('\nendobj\n'),
    ]),
    'only a header': enc.encode('%PDF-1.7\n'),
    'header and EOF': enc.encode('%PDF-1.7\n%%EOF\n'),
  };
}

/** A PNG whose IHDR declares width x height; the pixel data (one zero row) is far too short. */
export function pngHeaderOnly(width: number, height: number): Uint8Array {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  return concat([
    Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.alloc(1 + width * 3))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const typed = concat([enc.encode(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return concat([len, typed, crc]);
}

function crc32(bytes: Uint8Array): number {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

export function dataUri(mime: string, bytes: Uint8Array): string {
  return `data:${mime};base64,${Buffer.from(bytes).toString('base64')}`;
}

/** A 2x2 PNG that decodes (the valid base for corrupt-image mutations). */
export function smallPng(): Uint8Array {
  const raw = Buffer.alloc(2 * (1 + 2 * 3), 0x80);
  raw[0] = 0;
  raw[7] = 0;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(2, 0);
  ihdr.writeUInt32BE(2, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return concat([
    Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Font containers with plausible headers and garbage tables: an sfnt directory pointing past
 * the end, a WOFF header claiming a huge size, a WOFF2 with a broken Brotli stream.
 */
export function malformedFonts(): Record<string, Uint8Array> {
  const sfnt = Buffer.alloc(12 + 16 * 4);
  sfnt.writeUInt32BE(0x00010000, 0);
  sfnt.writeUInt16BE(4, 4);
  ['cmap', 'glyf', 'head', 'loca'].forEach((tag, i) => {
    const at = 12 + i * 16;
    sfnt.write(tag, at, 'latin1');
    sfnt.writeUInt32BE(0xdeadbeef, at + 4);
    sfnt.writeUInt32BE(0x7ffffff0, at + 8); // offset far past the end
    sfnt.writeUInt32BE(0x7ffffff0, at + 12);
  });
  const woff = Buffer.alloc(44 + 20);
  woff.write('wOFF', 0, 'latin1');
  woff.writeUInt32BE(0x00010000, 4);
  woff.writeUInt32BE(woff.length, 8);
  woff.writeUInt16BE(1, 12);
  woff.writeUInt32BE(0xffffffff, 16); // totalSfntSize
  woff.write('glyf', 44, 'latin1');
  woff.writeUInt32BE(64, 48);
  woff.writeUInt32BE(8, 52); // compLength
  woff.writeUInt32BE(0x7fffffff, 56); // origLength: a zlib bomb by declaration
  const woff2 = Buffer.alloc(48 + 40, 0xa5);
  woff2.write('wOF2', 0, 'latin1');
  woff2.writeUInt32BE(0x00010000, 4);
  woff2.writeUInt32BE(woff2.length, 8);
  woff2.writeUInt16BE(3, 12);
  woff2.writeUInt32BE(0xfffffff0, 16);
  woff2.writeUInt32BE(32, 20); // totalCompressedSize
  const zeroTables = Buffer.alloc(12);
  zeroTables.writeUInt32BE(0x00010000, 0);
  zeroTables.writeUInt16BE(0xffff, 4); // 65535 tables declared, none present
  return {
    'sfnt tables past the end': sfnt,
    'woff huge declared sizes': woff,
    'woff2 broken brotli': woff2,
    'sfnt 65535 tables declared': zeroTables,
    'otto header only': enc.encode('OTTO'),
    'ttc header only': Buffer.from('74746366000100000000000100000010', 'hex'),
    empty: new Uint8Array(0),
  };
}

interface SfntTableBytes {
  readonly tag: string;
  readonly data: Uint8Array;
}

/** The tables of a TrueType/OpenType file, in directory order. */
export function sfntTables(font: Uint8Array): { flavor: number; tables: SfntTableBytes[] } {
  const b = Buffer.from(font.buffer, font.byteOffset, font.byteLength);
  const n = b.readUInt16BE(4);
  const tables: SfntTableBytes[] = [];
  for (let i = 0; i < n; i++) {
    const at = 12 + i * 16;
    const offset = b.readUInt32BE(at + 8);
    tables.push({
      tag: b.toString('latin1', at, at + 4),
      data: font.subarray(offset, offset + b.readUInt32BE(at + 12)),
    });
  }
  return { flavor: b.readUInt32BE(0), tables };
}

/** WOFF 1.0: each table zlib-compressed, as browsers and the engine accept it. */
export function toWoff(font: Uint8Array): Uint8Array {
  const { flavor, tables } = sfntTables(font);
  const dirLen = 44 + 20 * tables.length;
  const head = Buffer.alloc(dirLen);
  const bodies: Uint8Array[] = [];
  let offset = dirLen;
  tables.forEach((t, i) => {
    const z = deflateSync(t.data);
    const data = z.length < t.data.length ? z : t.data;
    const at = 44 + i * 20;
    head.write(t.tag, at, 'latin1');
    head.writeUInt32BE(offset, at + 4);
    head.writeUInt32BE(data.length, at + 8);
    head.writeUInt32BE(t.data.length, at + 12);
    head.writeUInt32BE(0, at + 16);
    const padded = Buffer.alloc((data.length + 3) & ~3);
    padded.set(data);
    bodies.push(padded);
    offset += padded.length;
  });
  head.write('wOFF', 0, 'latin1');
  head.writeUInt32BE(flavor, 4);
  head.writeUInt32BE(offset, 8);
  head.writeUInt16BE(tables.length, 12);
  head.writeUInt32BE(
    12 + 16 * tables.length + tables.reduce((n, t) => n + ((t.data.length + 3) & ~3), 0),
    16,
  );
  return concat([head, ...bodies]);
}

function base128(n: number): number[] {
  const out = [n & 0x7f];
  for (n >>>= 7; n > 0; n >>>= 7) out.unshift(0x80 | (n & 0x7f));
  return out;
}

/** WOFF2 with every table untransformed (glyf/loca with the null transform) and one Brotli stream. */
export function toWoff2(font: Uint8Array): Uint8Array {
  const { flavor, tables } = sfntTables(font);
  const dir: number[] = [];
  for (const t of tables) {
    const nullTransform = t.tag === 'glyf' || t.tag === 'loca' ? 0xc0 : 0x00;
    dir.push(63 | nullTransform, ...Buffer.from(t.tag, 'latin1'), ...base128(t.data.length));
  }
  const stream = brotliCompressSync(concat(tables.map((t) => t.data)));
  const head = Buffer.alloc(48);
  const total = 48 + dir.length + stream.length;
  head.write('wOF2', 0, 'latin1');
  head.writeUInt32BE(flavor, 4);
  head.writeUInt32BE(total, 8);
  head.writeUInt16BE(tables.length, 12);
  head.writeUInt32BE(
    12 + 16 * tables.length + tables.reduce((n, t) => n + ((t.data.length + 3) & ~3), 0),
    16,
  );
  head.writeUInt32BE(stream.length, 20);
  head.writeUInt16BE(1, 24);
  return concat([head, Uint8Array.from(dir), stream]);
}
