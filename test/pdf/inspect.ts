/**
 * A small reader for the writer's own output layout ("N 0 obj\n<<dict>>\nstream\n"), used to
 * assert on raw PDF syntax that pdf.js does not expose (keys such as /AFRelationship, /Tabs).
 */
import { inflateSync } from 'node:zlib';
import { getDocument, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface RawStream {
  readonly num: number;
  readonly dict: string;
  readonly data: Buffer;
}

export interface Inspected {
  readonly streams: RawStream[];
  /** Every object packed in object streams, as text. */
  readonly objects: string;
  /** Decoded page content streams and other non-binary streams, as text. */
  readonly text: string;
}

export function inspect(bytes: Uint8Array): Inspected {
  const s = Buffer.from(bytes).toString('latin1');
  const streams: RawStream[] = [];
  const re = /(\d+) 0 obj\n(<<.*?>>)\nstream\n/gs;
  let m: RegExpExecArray | null;
  while ((m = re.exec(s))) {
    const len = Number(/\/Length (\d+)/.exec(m[2] as string)?.[1]);
    const start = m.index + m[0].length;
    let data = Buffer.from(bytes.subarray(start, start + len));
    if ((m[2] as string).includes('/FlateDecode')) data = inflateSync(data);
    streams.push({ num: Number(m[1]), dict: m[2] as string, data });
    re.lastIndex = start + len;
  }
  const objects = streams
    .filter((x) => x.dict.includes('/ObjStm'))
    .map((x) => x.data.toString('latin1'))
    .join('\n');
  const text = streams
    .filter(
      (x) =>
        !/ObjStm|XRef|FontFile|Subtype \/Image|DCT|CIDFontType0C|Length1/.test(x.dict) &&
        !x.dict.includes('/N 3'),
    )
    .map((x) => x.data.toString('latin1'))
    .join('\n');
  return { streams, objects, text };
}

/** Max q/Q nesting over every content stream. */
export function maxQDepth(content: string): number {
  let depth = 0;
  let max = 0;
  for (const tok of content.split(/\s+/)) {
    if (tok === 'q') max = Math.max(max, ++depth);
    else if (tok === 'Q') depth--;
  }
  return max;
}

export async function openPdf(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  return getDocument({ data: new Uint8Array(bytes), verbosity: 0, isEvalSupported: false }).promise;
}

export interface StructOut {
  role?: string;
  type?: string;
  id?: string;
  alt?: string;
  lang?: string;
  children?: StructOut[];
}

/** Roles of a pdf.js structure tree in depth-first order, with nesting as indentation. */
export function outlineOf(tree: StructOut, depth = 0): string[] {
  const out: string[] = [];
  if (tree.role) out.push('  '.repeat(depth) + tree.role + (tree.alt ? ` alt=${tree.alt}` : ''));
  for (const c of tree.children ?? []) out.push(...outlineOf(c, tree.role ? depth + 1 : depth));
  return out;
}

/** Page text in content order, with marked-content ids between. */
export async function pageText(pdf: PDFDocumentProxy, n: number): Promise<string> {
  const p = await pdf.getPage(n);
  const tc = await p.getTextContent();
  return tc.items.map((i) => ('str' in i ? i.str : '')).join('');
}
