/**
 * A small mutation fuzzer: deterministic (seeded) byte and text mutations of valid documents,
 * biased towards the tokens the PDF and HTML/CSS parsers branch on, so mutants get past the
 * first checks instead of dying at byte 0.
 */

/** mulberry32: tiny, fast, good enough to spread mutations; seeded so runs repeat exactly. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PDF_TOKENS = [
  'obj',
  'endobj',
  '<<',
  '>>',
  '[',
  ']',
  '(',
  ')',
  '<',
  '>',
  'stream\n',
  '\nendstream',
  'xref\n',
  'trailer',
  'startxref\n',
  '%%EOF',
  '/Length 99999999',
  '/Length -1',
  '0 R',
  '1 0 R',
  '99999 0 R',
  '/Filter /FlateDecode',
  '/Filter [/FlateDecode /LZWDecode /ASCII85Decode]',
  '/DecodeParms << /Predictor 15 /Columns 99999 >>',
  '/Type /XRef',
  '/W [1 9 9]',
  '/Prev 0',
  '/Encrypt 1 0 R',
  '/Kids [1 0 R]',
  '/Parent 1 0 R',
  '/Count 2147483647',
  '1e400',
  '-0.',
  '4294967296',
  '\\',
  '\u00ff\u00fe',
  '\0',
];

export type ByteMutation =
  'flip' | 'truncate' | 'splice' | 'token' | 'duplicate' | 'delete' | 'zero';
export const BYTE_MUTATIONS: readonly ByteMutation[] = [
  'flip',
  'truncate',
  'splice',
  'token',
  'duplicate',
  'delete',
  'zero',
];

function int(rand: () => number, n: number): number {
  return Math.floor(rand() * Math.max(1, n));
}

/** Applies `count` mutations of the given kinds to a copy of `input`; `other` feeds splices. */
export function mutateBytes(
  input: Uint8Array,
  seed: number,
  kinds: readonly ByteMutation[],
  other: Uint8Array = input,
  count = 1,
): Uint8Array {
  const rand = prng(seed);
  let b = Uint8Array.from(input);
  for (let i = 0; i < count; i++) {
    const kind = kinds[int(rand, kinds.length)];
    const at = int(rand, b.length);
    switch (kind) {
      case 'flip': {
        // A handful of single-bit flips: enough to break a length or a keyword, not everything.
        const flips = 1 + int(rand, 8);
        for (let f = 0; f < flips; f++) b[int(rand, b.length)] ^= 1 << int(rand, 8);
        break;
      }
      case 'truncate':
        b = b.slice(0, at);
        break;
      case 'splice': {
        const from = int(rand, other.length);
        const joined = new Uint8Array(at + other.length - from);
        joined.set(b.subarray(0, at));
        joined.set(other.subarray(from), at);
        b = joined;
        break;
      }
      case 'token': {
        const tok = new TextEncoder().encode(` ${PDF_TOKENS[int(rand, PDF_TOKENS.length)]} `);
        const out = new Uint8Array(b.length + tok.length);
        out.set(b.subarray(0, at));
        out.set(tok, at);
        out.set(b.subarray(at), at + tok.length);
        b = out;
        break;
      }
      case 'duplicate': {
        const len = int(rand, Math.min(4096, b.length - at));
        const chunk = b.slice(at, at + len);
        const out = new Uint8Array(b.length + len);
        out.set(b.subarray(0, at + len));
        out.set(chunk, at + len);
        out.set(b.subarray(at + len), at + 2 * len);
        b = out;
        break;
      }
      case 'delete': {
        const len = int(rand, Math.min(4096, b.length - at));
        b = Uint8Array.from([...b.subarray(0, at), ...b.subarray(at + len)]);
        break;
      }
      case 'zero': {
        const len = int(rand, 64);
        b.fill(rand() < 0.5 ? 0 : 0xff, at, at + len);
        break;
      }
    }
  }
  return b;
}

const TEXT_TOKENS = [
  '<div>',
  '</div>',
  '<table><tr><td>',
  '</td></tr></table>',
  '<li>',
  '<',
  '>',
  '"',
  "'",
  '&',
  '&#xD800;',
  '&#0;',
  '\ud800',
  '\udfff',
  '\u0000',
  '\u202e',
  '{',
  '}',
  ';',
  ':',
  'calc(',
  'var(--x)',
  '@media',
  '@page{',
  'display:table-cell',
  'display:flex',
  'position:absolute',
  'float:left',
  'column-count:9999',
  'font-size:1e30px',
  'width:-1e30px',
  'page-break-before:always',
  'counter-increment:c 2147483647',
  'content:counter(c)',
];

/** Text mutations for HTML and CSS: cut, repeat, delete, inject parser-relevant tokens. */
export function mutateText(input: string, seed: number, count = 3): string {
  const rand = prng(seed);
  let s = input;
  for (let i = 0; i < count; i++) {
    const at = int(rand, s.length);
    switch (int(rand, 4)) {
      case 0:
        s = s.slice(0, at) + TEXT_TOKENS[int(rand, TEXT_TOKENS.length)] + s.slice(at);
        break;
      case 1: {
        const len = int(rand, 200);
        s = s.slice(0, at) + s.slice(at + len);
        break;
      }
      case 2: {
        const len = int(rand, 200);
        s =
          s.slice(0, at + len) +
          s.slice(at, at + len).repeat(1 + int(rand, 20)) +
          s.slice(at + len);
        break;
      }
      default:
        s = s.slice(0, at);
    }
  }
  return s;
}
