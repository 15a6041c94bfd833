/** A small in-memory PdfDocumentModel for unit tests: objects are given as COS values. */
import type { CosDict, CosObject, CosRef, CosStream } from '../../../src/validate/model/cos.js';
import type {
  LexicalFacts,
  PageModel,
  PdfDocumentModel,
} from '../../../src/validate/model/document.js';

export const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
export const name = (value: string): CosObject => ({ kind: 'name', value, bytes: enc(value) });
export const num = (value: number): CosObject => ({
  kind: 'number',
  value,
  isInteger: Number.isInteger(value),
});
export const str = (s: string | Uint8Array): CosObject => ({
  kind: 'string',
  bytes: typeof s === 'string' ? Uint8Array.from(s, (c) => c.charCodeAt(0)) : s,
  isHex: false,
});
export const arr = (...items: CosObject[]): CosObject => ({ kind: 'array', items });
export const ref = (n: number): CosRef => ({ kind: 'ref', num: n, gen: 0 });
export function dict(o: Record<string, CosObject>): CosDict {
  return { kind: 'dict', entries: new Map(Object.entries(o)) };
}
export function stream(
  d: Record<string, CosObject>,
  data: string | Uint8Array,
  n?: number,
): CosStream {
  const raw = typeof data === 'string' ? Uint8Array.from(data, (c) => c.charCodeAt(0)) : data;
  return {
    kind: 'stream',
    dict: dict({ Length: num(raw.length), ...d }),
    raw,
    declaredLength: raw.length,
    realLength: raw.length,
    streamKeywordCRLFCompliant: true,
    endstreamKeywordEOLCompliant: true,
    ref: n !== undefined ? ref(n) : undefined,
  };
}

const lexical: LexicalFacts = {
  headerOffset: 0,
  header: '%PDF-1.7',
  binaryCommentBytes: [0xe2, 0xe3, 0xcf, 0xd3],
  postEOFDataSize: 0,
  xrefEOLMarkersComply: true,
  spacingViolations: [],
  indirectObjectCount: 0,
  hasLastId: true,
  recoveries: [],
};

export interface TestPage {
  readonly content: string | Uint8Array;
  readonly resources?: CosDict | null;
  readonly extra?: Record<string, CosObject>;
  /** The resources come from the page tree, not the page dictionary. */
  readonly inheritResources?: boolean;
}

/** Builds a model from numbered objects and pages (page content is unfiltered). */
export function makeDoc(opts: {
  objects?: Record<number, CosObject>;
  pages?: TestPage[];
  catalog?: Record<string, CosObject>;
}): PdfDocumentModel {
  const objects = new Map<number, CosObject>();
  for (const [k, v] of Object.entries(opts.objects ?? {})) {
    const n = Number(k);
    objects.set(n, v && typeof v === 'object' && v.kind === 'stream' ? { ...v, ref: ref(n) } : v);
  }
  const resolve = (o: CosObject | undefined): CosObject => {
    let cur: CosObject | undefined = o;
    for (let i = 0; i < 32 && cur && typeof cur === 'object' && cur.kind === 'ref'; i++)
      cur = objects.get(cur.num);
    if (cur && typeof cur === 'object' && cur.kind === 'ref') return null;
    return cur ?? null;
  };
  const pages: PageModel[] = (opts.pages ?? []).map((p, index) => {
    const data =
      typeof p.content === 'string'
        ? Uint8Array.from(p.content, (c) => c.charCodeAt(0))
        : p.content;
    const pdict = dict({
      Type: name('Page'),
      ...(p.resources && !p.inheritResources ? { Resources: p.resources } : {}),
      ...(p.extra ?? {}),
    });
    return { index, dict: pdict, resources: p.resources ?? null, content: () => ({ data }) };
  });
  const catalog = dict({ Type: name('Catalog'), ...(opts.catalog ?? {}) });
  const unread = new Map<string, { location: string; reason: string }>();
  return {
    noteUnread: (location: string, reason: string) => {
      if (!unread.has(location)) unread.set(location, { location, reason });
    },
    unreadParts: () => [...unread.values()],
    lexical,
    trailer: dict({}),
    catalog,
    isEncrypted: false,
    pageCount: pages.length,
    resolve,
    get: (d, key) => (d ? resolve(d.entries.get(key)) : null),
    decodeStream: (s) => ({ data: s.raw }),
    pages: () => pages,
    objects: function* () {
      for (const [n, value] of objects) yield { ref: ref(n), value };
    },
  };
}
