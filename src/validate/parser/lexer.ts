/**
 * COS lexer and object parser (ISO 32000-1, 7.2-7.3). Tolerant: malformed tokens become the
 * closest sensible object instead of an exception, and nesting is parsed with an explicit
 * stack so a 10,000-deep array cannot overflow the call stack. Containers deeper than
 * MAX_DEPTH are consumed but replaced by null, so rules that walk objects recursively stay safe.
 */
import type {
  CosArray,
  CosDict,
  CosName,
  CosNumber,
  CosObject,
  CosRef,
  CosString,
} from '../model/cos.js';

export const MAX_DEPTH = 256;

const WS = new Uint8Array(256);
for (const c of [0, 9, 10, 12, 13, 32]) WS[c] = 1;
const DELIM = new Uint8Array(256);
for (const c of '()<>[]{}/%') DELIM[c.charCodeAt(0)] = 1;

export function isWhite(c: number): boolean {
  return WS[c] === 1;
}
export function isDelim(c: number): boolean {
  return DELIM[c] === 1;
}
export function isRegular(c: number): boolean {
  return WS[c] !== 1 && DELIM[c] !== 1;
}
function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}
function hexVal(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 65 && c <= 70) return c - 55;
  if (c >= 97 && c <= 102) return c - 87;
  return -1;
}

const latin1 = new TextDecoder('latin1');
const utf8Fatal = new TextDecoder('utf-8', { fatal: true });

/** Text of a short token without a TextDecoder call (keywords are a few ASCII bytes). */
function shortAscii(buf: Uint8Array, start: number, end: number): string {
  if (end - start > 16) return latin1String(buf, start, end);
  let s = '';
  for (let i = start; i < end; i++) s += String.fromCharCode(buf[i]);
  return s;
}

export function latin1String(bytes: Uint8Array, start = 0, end = bytes.length): string {
  return latin1.decode(bytes.subarray(start, end));
}

function isAsciiBytes(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i++) if (bytes[i] > 127) return false;
  return true;
}

export function isValidUtf8(bytes: Uint8Array): boolean {
  try {
    utf8Fatal.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** Interns frequent names so the many `/Type` keys of a file share one object. */
const nameCache = new Map<string, CosName>();

export function makeName(bytes: Uint8Array): CosName {
  let ascii = true;
  for (let i = 0; i < bytes.length; i++) if (bytes[i] > 127) ascii = false;
  if (ascii && bytes.length <= 32) {
    const key = latin1String(bytes);
    const hit = nameCache.get(key);
    if (hit) return hit;
    const n: CosName = { kind: 'name', value: key, bytes };
    if (nameCache.size < 4096) nameCache.set(key, n);
    return n;
  }
  let value: string;
  try {
    value = utf8Fatal.decode(bytes);
  } catch {
    value = latin1String(bytes);
  }
  return { kind: 'name', value, bytes };
}

export function num(value: number, isInteger: boolean): CosNumber {
  return { kind: 'number', value, isInteger };
}

/** A token of the lexer. Keywords include `R`, `obj`, `stream`, operators in content streams. */
export type Token =
  | { readonly t: 'eof' }
  | { readonly t: 'num'; readonly v: CosNumber }
  | { readonly t: 'name'; readonly v: CosName }
  | { readonly t: 'str'; readonly v: CosString }
  | { readonly t: 'kw'; readonly v: string }
  | { readonly t: 'open'; readonly v: '[' | '<<' | '{' }
  | { readonly t: 'close'; readonly v: ']' | '>>' | '}' };

export class Lexer {
  pos: number;
  constructor(
    readonly buf: Uint8Array,
    pos = 0,
    readonly end = buf.length,
  ) {
    this.pos = pos;
  }

  skipWhite(): void {
    const { buf, end } = this;
    let p = this.pos;
    while (p < end) {
      const c = buf[p];
      if (WS[c] === 1) p++;
      else if (c === 37 /* % */) {
        while (p < end && buf[p] !== 10 && buf[p] !== 13) p++;
      } else break;
    }
    this.pos = p;
  }

  next(): Token {
    this.skipWhite();
    const { buf, end } = this;
    if (this.pos >= end) return { t: 'eof' };
    const c = buf[this.pos];
    switch (c) {
      case 0x5b: // [
        this.pos++;
        return { t: 'open', v: '[' };
      case 0x5d:
        this.pos++;
        return { t: 'close', v: ']' };
      case 0x7b:
        this.pos++;
        return { t: 'open', v: '{' };
      case 0x7d:
        this.pos++;
        return { t: 'close', v: '}' };
      case 0x3c: // <
        if (buf[this.pos + 1] === 0x3c) {
          this.pos += 2;
          return { t: 'open', v: '<<' };
        }
        return { t: 'str', v: this.hexString() };
      case 0x3e: // >
        if (buf[this.pos + 1] === 0x3e) {
          this.pos += 2;
          return { t: 'close', v: '>>' };
        }
        this.pos++;
        return { t: 'kw', v: '>' };
      case 0x28:
        return { t: 'str', v: this.literalString() };
      case 0x2f:
        return { t: 'name', v: this.name() };
      case 0x29:
        this.pos++;
        return { t: 'kw', v: ')' };
    }
    if (isDigit(c) || c === 0x2b || c === 0x2d || c === 0x2e) {
      const n = this.number();
      if (n) return { t: 'num', v: n };
    }
    const start = this.pos;
    let p = start;
    while (p < end && isRegular(buf[p])) p++;
    if (p === start) p++;
    this.pos = p;
    return { t: 'kw', v: shortAscii(buf, start, p) };
  }

  /** Parses a number at pos; returns null (pos unchanged) when the token is not numeric. */
  number(): CosNumber | null {
    return this.scanNumber() ? num(this.numValue, this.numIsInteger) : null;
  }

  /** The value of the number last read by scanNumber. */
  numValue = 0;
  numIsInteger = true;

  /**
   * Reads a number at pos into numValue/numIsInteger without allocating (content streams hold
   * hundreds of thousands); false (pos unchanged) when the token is not numeric.
   */
  scanNumber(): boolean {
    const { buf, end } = this;
    const start = this.pos;
    let p = start;
    let sign = 1;
    // Tolerate repeated signs such as `--5`, which some writers emit.
    while (p < end && (buf[p] === 0x2b || buf[p] === 0x2d)) {
      if (buf[p] === 0x2d) sign = -sign;
      p++;
    }
    let intPart = 0;
    let digits = 0;
    let isInteger = true;
    let frac = 0;
    let fracScale = 1;
    while (p < end && isDigit(buf[p])) {
      intPart = intPart * 10 + (buf[p] - 48);
      digits++;
      p++;
    }
    if (p < end && buf[p] === 0x2e) {
      isInteger = false;
      p++;
      while (p < end && isDigit(buf[p])) {
        if (fracScale < 1e300) {
          frac = frac * 10 + (buf[p] - 48);
          fracScale *= 10;
        }
        digits++;
        p++;
      }
      // A second '.' and digits after it are part of a malformed token; consume them.
      while (p < end && (isDigit(buf[p]) || buf[p] === 0x2e)) p++;
    }
    if (digits === 0) return false;
    // A number directly followed by regular characters (e.g. `12abc`) is not a number.
    if (p < end && isRegular(buf[p]) && buf[p] !== 0x2d && buf[p] !== 0x2b) {
      return false;
    }
    this.pos = p;
    this.numValue = sign * (intPart + frac / fracScale);
    this.numIsInteger = isInteger;
    return true;
  }

  /**
   * Skips a name at pos (on its '/') when it is plain ASCII without #xx escapes, and returns
   * its length in bytes; -1 (pos unchanged) when it needs the full reader (name()).
   */
  skipPlainName(): number {
    const { buf, end } = this;
    const p = this.pos + 1;
    let q = p;
    while (q < end) {
      const c = buf[q];
      if (!isRegular(c)) break;
      if (c === 0x23 || c > 0x7e) return -1;
      q++;
    }
    this.pos = q;
    return q - p;
  }

  /** Skips a keyword (a run of regular characters) at pos and returns its length. */
  skipKeyword(): number {
    const { buf, end } = this;
    const start = this.pos;
    let p = start;
    while (p < end && isRegular(buf[p])) p++;
    if (p === start) p++;
    this.pos = p;
    return p - start;
  }

  name(): CosName {
    const { buf, end } = this;
    let p = this.pos + 1;
    let q = p;
    while (q < end && isRegular(buf[q]) && buf[q] !== 0x23) q++;
    if (q >= end || !isRegular(buf[q])) {
      // No #xx escapes: the bytes are the name.
      this.pos = q;
      return makeName(buf.slice(p, q));
    }
    const out: number[] = [];
    while (p < end && isRegular(buf[p])) {
      const c = buf[p];
      if (c === 0x23 && p + 2 < end + 1) {
        const h = hexVal(buf[p + 1]);
        const l = hexVal(buf[p + 2]);
        if (h >= 0 && l >= 0) {
          out.push(h * 16 + l);
          p += 3;
          continue;
        }
      }
      out.push(c);
      p++;
    }
    this.pos = p;
    return makeName(Uint8Array.from(out));
  }

  literalString(): CosString {
    const { buf, end } = this;
    let p = this.pos + 1;
    let depth = 1;
    const out = new ByteSink();
    while (p < end) {
      const c = buf[p++];
      if (c === 0x5c) {
        if (p >= end) break;
        const e = buf[p++];
        switch (e) {
          case 0x6e:
            out.push(10);
            break;
          case 0x72:
            out.push(13);
            break;
          case 0x74:
            out.push(9);
            break;
          case 0x62:
            out.push(8);
            break;
          case 0x66:
            out.push(12);
            break;
          case 0x0d:
            if (buf[p] === 0x0a) p++;
            break;
          case 0x0a:
            break;
          default:
            if (e >= 0x30 && e <= 0x37) {
              let v = e - 48;
              for (let k = 0; k < 2 && p < end && buf[p] >= 0x30 && buf[p] <= 0x37; k++)
                v = v * 8 + (buf[p++] - 48);
              out.push(v & 0xff);
            } else out.push(e);
        }
      } else if (c === 0x28) {
        depth++;
        out.push(c);
      } else if (c === 0x29) {
        if (--depth === 0) break;
        out.push(c);
      } else if (c === 0x0d) {
        // An unescaped end-of-line in a string is read as a single LF (7.3.4.2).
        if (buf[p] === 0x0a) p++;
        out.push(10);
      } else out.push(c);
    }
    this.pos = p;
    return { kind: 'string', bytes: out.result(), isHex: false };
  }

  hexString(): CosString {
    const { buf, end } = this;
    let p = this.pos + 1;
    const out = new ByteSink();
    let count = 0;
    let onlyHex = true;
    let hi = -1;
    while (p < end && buf[p] !== 0x3e) {
      const c = buf[p++];
      if (WS[c] === 1) continue;
      count++;
      const v = hexVal(c);
      if (v < 0) {
        onlyHex = false;
        continue;
      }
      if (hi < 0) hi = v;
      else {
        out.push(hi * 16 + v);
        hi = -1;
      }
    }
    if (hi >= 0) out.push(hi * 16);
    if (p < end) p++; // '>'
    this.pos = p;
    return {
      kind: 'string',
      bytes: out.result(),
      isHex: true,
      hexCount: count,
      containsOnlyHex: onlyHex,
    };
  }
}

/** Appends bytes to a buffer that grows by doubling (string literals can be large). */
class ByteSink {
  private buf = new Uint8Array(32);
  private n = 0;
  push(b: number): void {
    if (this.n === this.buf.length) {
      const nb = new Uint8Array(this.buf.length * 2);
      nb.set(this.buf);
      this.buf = nb;
    }
    this.buf[this.n++] = b;
  }
  result(): Uint8Array {
    return this.buf.slice(0, this.n);
  }
}

export interface ParseResult {
  readonly value: CosObject;
  /** A keyword that ended parsing at top level (e.g. 'stream', 'endobj'), else undefined. */
  readonly stopKeyword?: string;
  /** Set when containers had to be truncated because of MAX_DEPTH. */
  readonly truncated?: boolean;
}

interface Frame {
  readonly type: '[' | '<<' | '{';
  readonly items: CosObject[];
  /** For dictionaries: the pending key. */
  key: string | null;
  readonly entries?: Map<string, CosObject>;
  /** True when the frame is beyond MAX_DEPTH: its content is consumed and dropped. */
  readonly dropped: boolean;
}

/**
 * Parses one object at the lexer position. Returns null for unexpected keywords (the keyword is
 * reported in stopKeyword so callers can tell `endobj`/`stream` from garbage).
 */
export function parseObject(lx: Lexer, onInvalidKey?: (key: string) => void): ParseResult {
  const stack: Frame[] = [];
  let truncated = false;
  // Numbers awaiting a possible `N G R` (only inside containers or at top level).
  const put = (v: CosObject): CosObject | undefined => {
    const top = stack[stack.length - 1];
    if (!top) return v;
    if (top.dropped) return undefined;
    if (top.type === '<<') {
      if (top.key === null) {
        if (v !== null && typeof v === 'object' && v.kind === 'name') {
          top.key = v.value;
          // Keys are stored as text, so a key that is not UTF-8 is reported as it is read.
          if (onInvalidKey && !isAsciiBytes(v.bytes) && !isValidUtf8(v.bytes))
            onInvalidKey(v.value);
        }
        // A non-name where a key is expected is skipped.
      } else {
        top.entries!.set(top.key, v);
        top.key = null;
      }
    } else top.items.push(v);
    return undefined;
  };
  for (;;) {
    const save = lx.pos;
    const tok = lx.next();
    let value: CosObject | undefined;
    let produced = false;
    switch (tok.t) {
      case 'eof':
        // Close what is open: truncated files still give their partial objects.
        while (stack.length) {
          const f = stack.pop()!;
          const v = closeFrame(f);
          if (stack.length === 0) return { value: v, truncated };
          put(v);
        }
        return { value: null, stopKeyword: 'eof' };
      case 'num': {
        if (tok.v.isInteger && tok.v.value >= 0) {
          const gen = refTail(lx.buf, lx.pos, lx.end);
          if (gen !== null) {
            lx.pos = gen.end;
            value = { kind: 'ref', num: tok.v.value, gen: gen.gen } satisfies CosRef;
            produced = true;
            break;
          }
        }
        value = tok.v;
        produced = true;
        break;
      }
      case 'name':
      case 'str':
        value = tok.v;
        produced = true;
        break;
      case 'kw':
        if (tok.v === 'true' || tok.v === 'false') {
          value = tok.v === 'true';
          produced = true;
        } else if (tok.v === 'null') {
          value = null;
          produced = true;
        } else {
          if (stack.length === 0) {
            lx.pos = save;
            return { value: null, stopKeyword: tok.v };
          }
          // Keywords that end an object inside an open container mean the container was never
          // closed: close everything and stop before the keyword.
          if (
            tok.v === 'endobj' ||
            tok.v === 'stream' ||
            tok.v === 'obj' ||
            tok.v === 'endstream' ||
            tok.v === 'xref' ||
            tok.v === 'trailer'
          ) {
            lx.pos = save;
            let v: CosObject = null;
            while (stack.length) {
              v = closeFrame(stack.pop()!);
              if (stack.length) put(v);
            }
            return { value: v, truncated: true };
          }
          // Other stray keywords inside containers are ignored.
        }
        break;
      case 'open': {
        const dropped =
          stack.length >= MAX_DEPTH || (stack.length > 0 && stack[stack.length - 1].dropped);
        if (dropped) truncated = true;
        stack.push({
          type: tok.v,
          items: [],
          key: null,
          entries: tok.v === '<<' ? new Map() : undefined,
          dropped,
        });
        break;
      }
      case 'close': {
        if (stack.length === 0) {
          if (tok.v === '>>' || tok.v === ']') return { value: null, stopKeyword: tok.v };
          break;
        }
        const f = stack.pop()!;
        value = f.dropped ? null : closeFrame(f);
        produced = true;
        break;
      }
    }
    if (produced) {
      const done = put(value as CosObject);
      if (stack.length === 0)
        return { value: done === undefined ? (value as CosObject) : done, truncated };
    }
  }
}

/**
 * After an integer at `p`: whether ` G R` follows (white space, a generation number, white
 * space, R and a delimiter). Checked on bytes so arrays of numbers stay cheap to parse.
 */
function refTail(buf: Uint8Array, p: number, end: number): { gen: number; end: number } | null {
  let q = p;
  if (q >= end || WS[buf[q]] !== 1) return null;
  while (q < end && WS[buf[q]] === 1) q++;
  const g0 = q;
  let gen = 0;
  while (q < end && buf[q] >= 48 && buf[q] <= 57) gen = gen * 10 + (buf[q++] - 48);
  if (q === g0 || q >= end || WS[buf[q]] !== 1) return null;
  while (q < end && WS[buf[q]] === 1) q++;
  if (buf[q] !== 0x52 /* R */) return null;
  if (q + 1 < end && isRegular(buf[q + 1])) return null;
  return { gen, end: q + 1 };
}

function closeFrame(f: Frame): CosObject {
  if (f.dropped) return null;
  if (f.type === '<<') return { kind: 'dict', entries: f.entries! } satisfies CosDict;
  return { kind: 'array', items: f.items } satisfies CosArray;
}

/** Finds `needle` in buf from `from` (inclusive) to `to` (exclusive); -1 when absent. */
export function indexOf(buf: Uint8Array, needle: string, from = 0, to = buf.length): number {
  const n0 = needle.charCodeAt(0);
  const len = needle.length;
  const last = Math.min(to, buf.length) - len;
  outer: for (let i = Math.max(0, from); i <= last; i++) {
    if (buf[i] !== n0) continue;
    for (let k = 1; k < len; k++) if (buf[i + k] !== needle.charCodeAt(k)) continue outer;
    return i;
  }
  return -1;
}

/** Last occurrence of `needle` starting before `before`; -1 when absent. */
export function lastIndexOf(
  buf: Uint8Array,
  needle: string,
  before = buf.length,
  floor = 0,
): number {
  const len = needle.length;
  outer: for (let i = Math.min(before, buf.length) - len; i >= floor; i--) {
    for (let k = 0; k < len; k++) if (buf[i + k] !== needle.charCodeAt(k)) continue outer;
    return i;
  }
  return -1;
}
