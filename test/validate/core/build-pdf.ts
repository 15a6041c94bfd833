/**
 * Assembles small PDF files for the validator tests, with correct xref offsets unless a test
 * asks for something broken. Objects are given as source text; streams as dictionary text plus
 * data (Length is filled in).
 */
export interface TestObject {
  /** Object body without `N 0 obj` / `endobj`, e.g. `<< /Type /Catalog /Pages 2 0 R >>`. */
  readonly body?: string;
  /** For streams: dictionary text without Length, and the raw data. */
  readonly stream?: { readonly dict: string; readonly data: Uint8Array | string };
}

export interface BuildOptions {
  readonly header?: string;
  /** Binary comment line after the header; null to leave it out. */
  readonly binaryComment?: string | null;
  /** Extra trailer entries, e.g. `/ID [<01><01>]`. Default includes an ID. */
  readonly trailerExtra?: string;
  /** Bytes appended after %%EOF. */
  readonly afterEof?: string;
  /** Use an xref stream instead of a classic table. */
  readonly xrefStream?: boolean;
  /** Omit the xref table and startxref (forces recovery). */
  readonly noXref?: boolean;
  /** Shift every xref offset by this amount (wrong offsets). */
  readonly offsetSkew?: number;
}

const enc = new TextEncoder();

function bytesOf(s: string | Uint8Array): Uint8Array {
  return typeof s === 'string' ? Uint8Array.from(s, (c) => c.charCodeAt(0) & 0xff) : s;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const total = parts.reduce((n, p) => n + p.length, 0);
  const out = new Uint8Array(total);
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

/** Builds a PDF whose object i+1 is objects[i]; object 1 must be the catalog. */
export function buildPdf(objects: readonly TestObject[], opts: BuildOptions = {}): Uint8Array {
  const parts: Uint8Array[] = [];
  let pos = 0;
  const push = (b: Uint8Array | string): void => {
    const u = bytesOf(b);
    parts.push(u);
    pos += u.length;
  };
  push(`${opts.header ?? '%PDF-1.7'}\n`);
  if (opts.binaryComment !== null) push(`%${opts.binaryComment ?? '\xe2\xe3\xcf\xd3'}\n`);
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(pos);
    push(`${i + 1} 0 obj\n`);
    if (o.stream) {
      const data = bytesOf(o.stream.data);
      push(`<< ${o.stream.dict} /Length ${data.length} >>\nstream\n`);
      push(data);
      push('\nendstream\n');
    } else push(`${o.body ?? 'null'}\n`);
    push('endobj\n');
  });
  const size = objects.length + 1;
  const trailerExtra =
    opts.trailerExtra ??
    '/ID [<0123456789ABCDEF0123456789ABCDEF> <0123456789ABCDEF0123456789ABCDEF>]';
  const skew = opts.offsetSkew ?? 0;
  if (opts.noXref) {
    push(`trailer\n<< /Size ${size} /Root 1 0 R ${trailerExtra} >>\n%%EOF\n`);
  } else if (opts.xrefStream) {
    const rows: number[] = [0, 0, 0, 0xff, 0xff];
    for (const off of offsets) rows.push(1, (off >> 16) & 0xff, (off >> 8) & 0xff, off & 0xff, 0);
    const xrefOffset = pos;
    const data = Uint8Array.from(rows);
    push(
      `${size} 0 obj\n<< /Type /XRef /Size ${size + 1} /W [1 3 1] /Index [0 ${size}] /Root 1 0 R ${trailerExtra} /Length ${data.length} >>\nstream\n`,
    );
    push(data);
    push(`\nendstream\nendobj\nstartxref\n${xrefOffset}\n%%EOF\n`);
  } else {
    const xrefOffset = pos;
    let xref = `xref\n0 ${size}\n0000000000 65535 f\r\n`;
    for (const off of offsets) xref += `${String(off + skew).padStart(10, '0')} 00000 n\r\n`;
    push(xref);
    push(
      `trailer\n<< /Size ${size} /Root 1 0 R ${trailerExtra} >>\nstartxref\n${xrefOffset}\n%%EOF\n`,
    );
  }
  if (opts.afterEof) push(opts.afterEof);
  return concat(parts);
}

/** A one-page document with the given page content and extra catalog/page entries. */
export function simplePdf(
  opts: {
    content?: string;
    catalogExtra?: string;
    pageExtra?: string;
    resources?: string;
    extraObjects?: readonly TestObject[];
  } & BuildOptions = {},
): Uint8Array {
  const objects: TestObject[] = [
    { body: `<< /Type /Catalog /Pages 2 0 R ${opts.catalogExtra ?? ''} >>` },
    { body: '<< /Type /Pages /Kids [3 0 R] /Count 1 /MediaBox [0 0 612 792] >>' },
    {
      body: `<< /Type /Page /Parent 2 0 R /Contents 4 0 R /Resources ${opts.resources ?? '<< >>'} ${opts.pageExtra ?? ''} >>`,
    },
    { stream: { dict: '', data: opts.content ?? 'q Q' } },
    ...(opts.extraObjects ?? []),
  ];
  return buildPdf(objects, opts);
}

export { enc, concat, bytesOf };
