/**
 * The PDF object model the writer builds and its serialisation (ISO 32000-1, 7.3).
 * Values are plain data; serialisation yields a latin1 string (one char per byte) so that
 * objects can be concatenated cheaply and turned into bytes once.
 */

export class PdfName {
  constructor(readonly value: string) {}
}

export class PdfRef {
  constructor(readonly num: number) {}
}

/** A string written as given (bytes), as a literal when printable ASCII, else as hex. */
export class PdfBytes {
  constructor(readonly bytes: Uint8Array) {}
}

/** A text string (PDFDocEncoding when ASCII, else UTF-16BE with BOM). */
export class PdfText {
  constructor(readonly text: string) {}
}

/** Pre-serialised tokens, for values the model has no type for. */
export class PdfRaw {
  constructor(readonly token: string) {}
}

export type PdfValue =
  | null
  | boolean
  | number
  | PdfName
  | PdfRef
  | PdfBytes
  | PdfText
  | PdfRaw
  | PdfDict
  | readonly PdfValue[];

/** Dictionary; entries whose value is undefined are left out, insertion order is kept. */
export class PdfDict {
  readonly entries: Map<string, PdfValue>;
  constructor(entries: Record<string, PdfValue | undefined> = {}) {
    this.entries = new Map();
    // for-in over a plain record: the same keys in the same order as Object.entries, without
    // an array of pairs per dictionary.
    for (const k in entries) {
      const v = entries[k];
      if (v !== undefined) this.entries.set(k, v);
    }
  }
  set(key: string, value: PdfValue | undefined): this {
    if (value !== undefined) this.entries.set(key, value);
    return this;
  }
  get(key: string): PdfValue | undefined {
    return this.entries.get(key);
  }
}

export const name = (v: string): PdfName => new PdfName(v);
export const text = (v: string): PdfText => new PdfText(v);
export const dict = (e: Record<string, PdfValue | undefined>): PdfDict => new PdfDict(e);
export const ascii = (v: string): PdfBytes => new PdfBytes(Buffer.from(v, 'latin1'));

/** Number as PDF token: integers as is, reals with at most 4 decimals, never exponent form. */
export function num(n: number): string {
  if (Number.isInteger(n)) {
    // Implementation limit of PDF/A (ISO 19005-2, 6.1.13): 32-bit integers.
    return n >= -2147483648 && n <= 2147483647 ? String(n) : n > 0 ? '2147483647' : '-2147483648';
  }
  if (!Number.isFinite(n)) return '0';
  // Rounded to 4 decimals, the shortest decimal form has at most 4 decimals; tiny values would
  // print in exponent form, which PDF does not have.
  // Formatted from the integer count of ten-thousandths: the same digits as String(k / 10000)
  // (at most 14 significant digits round-trip exactly), without a double-to-string conversion
  // per coordinate of every content stream.
  const k = Math.round(Math.max(-1e9, Math.min(1e9, n)) * 10000);
  if (k === 0) return '0';
  const a = k < 0 ? -k : k;
  const whole = Math.floor(a / 10000);
  const frac = a - whole * 10000;
  const sign = k < 0 ? '-' : '';
  if (frac === 0) return sign + String(whole);
  return sign + String(whole) + fraction(frac);
}

/** '.0001' to '.9999' for 1 to 9999 ten-thousandths, trailing zeros dropped. */
function fraction(f: number): string {
  if (f % 1000 === 0) return '.' + String(f / 1000);
  if (f % 100 === 0) return (f < 1000 ? '.0' : '.') + String(f / 100);
  if (f % 10 === 0) return (f < 100 ? '.00' : f < 1000 ? '.0' : '.') + String(f / 10);
  return (f < 10 ? '.000' : f < 100 ? '.00' : f < 1000 ? '.0' : '.') + String(f);
}

const NAME_REGULAR = /^[A-Za-z0-9\-_.*+!:;?@^`|~'",=&$]*$/;

/**
 * Name tokens already written: a file's dictionaries use a small vocabulary of keys and names
 * thousands of times. Bounded, as names can come from documents (role names, font names).
 */
const nameTokens = new Map<string, string>();
const NAME_TOKENS_KEPT = 4096;

export function nameToken(v: string): string {
  const kept = nameTokens.get(v);
  if (kept !== undefined) return kept;
  const token = escapedName(v);
  if (nameTokens.size < NAME_TOKENS_KEPT) nameTokens.set(v, token);
  return token;
}

function escapedName(v: string): string {
  if (NAME_REGULAR.test(v)) return '/' + v;
  let out = '/';
  for (const b of Buffer.from(v, 'utf8')) {
    const regular = b > 0x20 && b < 0x7f && !'()<>[]{}/%#'.includes(String.fromCharCode(b));
    out += regular ? String.fromCharCode(b) : '#' + b.toString(16).padStart(2, '0').toUpperCase();
  }
  return out;
}

function isPrintableAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c > 0x7e) return false;
  }
  return true;
}

function literal(latin1: string): string {
  return '(' + latin1.replace(/[\\()]/g, (m) => '\\' + m) + ')';
}

function hex(bytes: Uint8Array): string {
  return '<' + Buffer.from(bytes).toString('hex') + '>';
}

/** UTF-16BE with byte-order mark, as text strings outside PDFDocEncoding need (7.9.2.2). */
export function utf16be(s: string): Uint8Array {
  const out = new Uint8Array(2 + s.length * 2);
  out[0] = 0xfe;
  out[1] = 0xff;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    out[2 + i * 2] = c >> 8;
    out[3 + i * 2] = c & 0xff;
  }
  return out;
}

/** PDF/A's limit on string length in bytes (ISO 19005-2, 6.1.13). */
export const MAX_STRING_BYTES = 32767;

/** Text cut (at a character boundary) so that its encoded form stays within the limit. */
export function fitString(t: string): string {
  const ascii = isPrintableAscii(t);
  const max = ascii ? MAX_STRING_BYTES : (MAX_STRING_BYTES - 2) >> 1;
  if (t.length <= max) return t;
  let cut = max;
  // Do not split a surrogate pair.
  const c = t.charCodeAt(cut - 1);
  if (c >= 0xd800 && c <= 0xdbff) cut--;
  return t.slice(0, cut);
}

export function serialize(v: PdfValue): string {
  if (v === null) return 'null';
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'number') return num(v);
  if (v instanceof PdfName) return nameToken(v.value);
  if (v instanceof PdfRef) return `${v.num} 0 R`;
  if (v instanceof PdfText) {
    const t = fitString(v.text);
    return isPrintableAscii(t) ? literal(t) : hex(utf16be(t));
  }
  if (v instanceof PdfBytes) {
    const b = v.bytes.length > MAX_STRING_BYTES ? v.bytes.subarray(0, MAX_STRING_BYTES) : v.bytes;
    const s = Buffer.from(b).toString('latin1');
    return isPrintableAscii(s) ? literal(s) : hex(b);
  }
  if (v instanceof PdfRaw) return v.token;
  // Concatenation rather than parts arrays joined: the writer serialises thousands of small
  // dictionaries per document and V8 builds these strings without copying.
  if (v instanceof PdfDict) {
    let out = '<<';
    let first = true;
    for (const [k, val] of v.entries) {
      out += (first ? '' : ' ') + nameToken(k) + ' ' + serialize(val);
      first = false;
    }
    return out + '>>';
  }
  const list = v as readonly PdfValue[];
  let out = '[';
  for (let i = 0; i < list.length; i++) out += (i === 0 ? '' : ' ') + serialize(list[i]);
  return out + ']';
}
