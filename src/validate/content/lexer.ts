/**
 * Tokeniser for content streams (ISO 32000-1, 7.8.2): turns decoded bytes into operators with
 * their operands as COS objects. Tolerant by design: a malformed token becomes an operand or an
 * unknown operator rather than an exception, because a validator has to report on broken files.
 *
 * Inline images (BI ... ID data EI) are returned as one 'BI' operator carrying the image
 * dictionary and its raw data, since the data is binary and cannot be tokenised.
 */
import type { CosArray, CosDict, CosName, CosNumber, CosObject, CosString } from '../model/cos.js';

export interface LexedOperator {
  readonly op: string;
  readonly operands: CosObject[];
  /** Byte offset of the operator keyword in the stream (for locations). */
  readonly offset: number;
  /** For 'BI': the inline image dictionary and the bytes between ID and EI. */
  readonly inlineImage?: { readonly dict: CosDict; readonly data: Uint8Array };
}

/** Bounds that keep a hostile stream from using unbounded memory. */
const MAX_OPERANDS = 4096;
const MAX_NESTING = 64;

const enum Ch {
  NUL = 0x00,
  TAB = 0x09,
  LF = 0x0a,
  FF = 0x0c,
  CR = 0x0d,
  SP = 0x20,
  PERCENT = 0x25,
  LPAREN = 0x28,
  RPAREN = 0x29,
  SLASH = 0x2f,
  LT = 0x3c,
  GT = 0x3e,
  LBRACKET = 0x5b,
  RBRACKET = 0x5d,
  LBRACE = 0x7b,
  RBRACE = 0x7d,
  BACKSLASH = 0x5c,
  HASH = 0x23,
}

export function isWhite(c: number): boolean {
  return c === Ch.SP || c === Ch.LF || c === Ch.CR || c === Ch.TAB || c === Ch.FF || c === Ch.NUL;
}

function isDelimiter(c: number): boolean {
  return (
    c === Ch.LPAREN ||
    c === Ch.RPAREN ||
    c === Ch.LT ||
    c === Ch.GT ||
    c === Ch.LBRACKET ||
    c === Ch.RBRACKET ||
    c === Ch.LBRACE ||
    c === Ch.RBRACE ||
    c === Ch.SLASH ||
    c === Ch.PERCENT
  );
}

function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  return -1;
}

const latin1 = new TextDecoder('latin1');
const utf8 = new TextDecoder('utf-8', { fatal: true });

export function makeName(bytes: Uint8Array): CosName {
  // Most names are ASCII: build the string directly instead of calling a decoder per token.
  let ascii = true;
  for (let i = 0; i < bytes.length; i++)
    if (bytes[i] >= 0x80) {
      ascii = false;
      break;
    }
  if (ascii) {
    let value = '';
    for (let i = 0; i < bytes.length; i++) value += String.fromCharCode(bytes[i]);
    return { kind: 'name', value, bytes };
  }
  let value: string;
  try {
    value = utf8.decode(bytes);
  } catch {
    value = latin1.decode(bytes);
  }
  return { kind: 'name', value, bytes };
}

/** A PDF number ([+-] digits [. digits] or [+-] . digits), or null when the token is not one. */
function parseNumber(raw: Uint8Array): CosNumber | null {
  let i = 0;
  let sign = 1;
  if (raw[0] === 0x2b || raw[0] === 0x2d) {
    sign = raw[0] === 0x2d ? -1 : 1;
    i = 1;
  }
  let intPart = 0;
  let digits = 0;
  while (i < raw.length && raw[i] >= 0x30 && raw[i] <= 0x39) {
    intPart = intPart * 10 + (raw[i] - 0x30);
    digits++;
    i++;
  }
  if (i === raw.length) {
    return digits > 0 ? { kind: 'number', value: sign * intPart, isInteger: true } : null;
  }
  if (raw[i] !== 0x2e) return null;
  i++;
  let frac = 0;
  let scale = 1;
  let fracDigits = 0;
  while (i < raw.length && raw[i] >= 0x30 && raw[i] <= 0x39) {
    if (scale < 1e17) {
      frac = frac * 10 + (raw[i] - 0x30);
      scale *= 10;
    }
    fracDigits++;
    i++;
  }
  if (i !== raw.length || digits + fracDigits === 0) return null;
  return { kind: 'number', value: sign * (intPart + frac / scale), isInteger: false };
}

/** A marker for tokens that close a container or are bare keywords. */
type Token =
  | { readonly t: 'obj'; readonly v: CosObject }
  | { readonly t: 'kw'; readonly v: string; readonly offset: number }
  | { readonly t: 'arrayEnd' }
  | { readonly t: 'dictEnd' }
  | { readonly t: 'eof' };

export class ContentLexer {
  private pos = 0;
  /** Reused output buffer for strings and names, so tokens do not allocate boxed arrays. */
  private scratch = new Uint8Array(256);
  private n = 0;
  constructor(private readonly buf: Uint8Array) {}

  private put(v: number): void {
    if (this.n === this.scratch.length) {
      const bigger = new Uint8Array(this.scratch.length * 2);
      bigger.set(this.scratch);
      this.scratch = bigger;
    }
    this.scratch[this.n++] = v;
  }

  /** Copies the scratch bytes into a shared arena chunk, so small strings do not each get a buffer. */
  private arena = new Uint8Array(0);
  private arenaUsed = 0;
  private take(): Uint8Array {
    const n = this.n;
    if (n > 4096) return this.scratch.slice(0, n);
    if (this.arenaUsed + n > this.arena.length) {
      this.arena = new Uint8Array(65536);
      this.arenaUsed = 0;
    }
    const out = this.arena.subarray(this.arenaUsed, this.arenaUsed + n);
    out.set(this.scratch.subarray(0, n));
    this.arenaUsed += n;
    return out;
  }

  get position(): number {
    return this.pos;
  }

  private skipWhiteAndComments(): void {
    const b = this.buf;
    while (this.pos < b.length) {
      const c = b[this.pos];
      if (isWhite(c)) {
        this.pos++;
      } else if (c === Ch.PERCENT) {
        while (this.pos < b.length && b[this.pos] !== Ch.LF && b[this.pos] !== Ch.CR) this.pos++;
      } else {
        return;
      }
    }
  }

  private readRegular(): Uint8Array {
    const b = this.buf;
    const start = this.pos;
    while (this.pos < b.length && !isWhite(b[this.pos]) && !isDelimiter(b[this.pos])) this.pos++;
    return b.subarray(start, this.pos);
  }

  private readLiteralString(): CosString {
    const b = this.buf;
    this.pos++; // (
    this.n = 0;
    let depth = 1;
    while (this.pos < b.length) {
      const c = b[this.pos++];
      if (c === Ch.BACKSLASH) {
        if (this.pos >= b.length) break;
        const e = b[this.pos++];
        switch (e) {
          case 0x6e:
            this.put(0x0a);
            break;
          case 0x72:
            this.put(0x0d);
            break;
          case 0x74:
            this.put(0x09);
            break;
          case 0x62:
            this.put(0x08);
            break;
          case 0x66:
            this.put(0x0c);
            break;
          case Ch.CR:
            if (b[this.pos] === Ch.LF) this.pos++;
            break;
          case Ch.LF:
            break;
          default:
            if (e >= 0x30 && e <= 0x37) {
              let v = e - 0x30;
              for (
                let i = 0;
                i < 2 && this.pos < b.length && b[this.pos] >= 0x30 && b[this.pos] <= 0x37;
                i++
              ) {
                v = v * 8 + (b[this.pos++] - 0x30);
              }
              this.put(v & 0xff);
            } else {
              this.put(e);
            }
        }
      } else if (c === Ch.LPAREN) {
        depth++;
        this.put(c);
      } else if (c === Ch.RPAREN) {
        depth--;
        if (depth === 0) break;
        this.put(c);
      } else {
        this.put(c);
      }
    }
    return { kind: 'string', bytes: this.take(), isHex: false };
  }

  private readHexString(): CosString {
    const b = this.buf;
    this.pos++; // <
    this.n = 0;
    let pending = -1;
    let hexCount = 0;
    let onlyHex = true;
    while (this.pos < b.length) {
      const c = b[this.pos++];
      if (c === Ch.GT) break;
      if (isWhite(c)) continue;
      hexCount++;
      const v = hexValue(c);
      if (v < 0) {
        onlyHex = false;
        continue;
      }
      if (pending < 0) pending = v;
      else {
        this.put((pending << 4) | v);
        pending = -1;
      }
    }
    if (pending >= 0) this.put(pending << 4);
    return {
      kind: 'string',
      bytes: this.take(),
      isHex: true,
      hexCount,
      containsOnlyHex: onlyHex,
    };
  }

  private readName(): CosName {
    const b = this.buf;
    this.pos++; // /
    this.n = 0;
    while (this.pos < b.length && !isWhite(b[this.pos]) && !isDelimiter(b[this.pos])) {
      const c = b[this.pos++];
      if (c === Ch.HASH && this.pos + 1 < b.length) {
        const h = hexValue(b[this.pos]);
        const l = hexValue(b[this.pos + 1]);
        if (h >= 0 && l >= 0) {
          this.put((h << 4) | l);
          this.pos += 2;
          continue;
        }
      }
      this.put(c);
    }
    return makeName(this.take());
  }

  /** Next token; containers are read whole (bounded nesting). */
  next(depth = 0): Token {
    this.skipWhiteAndComments();
    const b = this.buf;
    if (this.pos >= b.length) return { t: 'eof' };
    const c = b[this.pos];
    switch (c) {
      case Ch.LPAREN:
        return { t: 'obj', v: this.readLiteralString() };
      case Ch.SLASH:
        return { t: 'obj', v: this.readName() };
      case Ch.LT:
        if (b[this.pos + 1] === Ch.LT) {
          this.pos += 2;
          return { t: 'obj', v: this.readDict(depth + 1) };
        }
        return { t: 'obj', v: this.readHexString() };
      case Ch.GT:
        if (b[this.pos + 1] === Ch.GT) {
          this.pos += 2;
          return { t: 'dictEnd' };
        }
        this.pos++;
        return this.next(depth);
      case Ch.LBRACKET:
        this.pos++;
        return { t: 'obj', v: this.readArray(depth + 1) };
      case Ch.RBRACKET:
        this.pos++;
        return { t: 'arrayEnd' };
      case Ch.LBRACE:
      case Ch.RBRACE:
      case Ch.RPAREN: {
        // Stray delimiters are not valid content; report them as unknown operators.
        const offset = this.pos++;
        return { t: 'kw', v: String.fromCharCode(c), offset };
      }
      default: {
        const offset = this.pos;
        const raw = this.readRegular();
        if (raw.length === 0) {
          this.pos++;
          return { t: 'kw', v: String.fromCharCode(c), offset };
        }
        const first = raw[0];
        if (
          (first >= 0x30 && first <= 0x39) ||
          first === 0x2b ||
          first === 0x2d ||
          first === 0x2e
        ) {
          const n = parseNumber(raw);
          if (n) return { t: 'obj', v: n };
        }
        // Keywords are short: building the string by char codes avoids a decoder call per token.
        let text = '';
        for (let i = 0; i < raw.length; i++) text += String.fromCharCode(raw[i]);
        if (text === 'true') return { t: 'obj', v: true };
        if (text === 'false') return { t: 'obj', v: false };
        if (text === 'null') return { t: 'obj', v: null };
        return { t: 'kw', v: text, offset };
      }
    }
  }

  private readArray(depth: number): CosArray {
    const items: CosObject[] = [];
    for (;;) {
      if (depth > MAX_NESTING) {
        this.skipContainer();
        return { kind: 'array', items };
      }
      const tok = this.next(depth);
      if (tok.t === 'eof' || tok.t === 'arrayEnd') break;
      if (tok.t === 'obj') {
        if (items.length < MAX_OPERANDS) items.push(tok.v);
      } else if (tok.t === 'kw') {
        // Keywords inside arrays (e.g. 'R' or junk) are kept as names so nothing is lost silently.
        if (items.length < MAX_OPERANDS) items.push(makeName(new TextEncoder().encode(tok.v)));
      }
    }
    return { kind: 'array', items };
  }

  private readDict(depth: number): CosDict {
    const entries = new Map<string, CosObject>();
    let key: string | null = null;
    for (;;) {
      if (depth > MAX_NESTING) {
        this.skipContainer();
        break;
      }
      const tok = this.next(depth);
      if (tok.t === 'eof' || tok.t === 'dictEnd') break;
      if (tok.t !== 'obj') continue;
      if (key === null) {
        if (tok.v !== null && typeof tok.v === 'object' && tok.v.kind === 'name') key = tok.v.value;
      } else {
        if (entries.size < MAX_OPERANDS) entries.set(key, tok.v);
        key = null;
      }
    }
    return { kind: 'dict', entries };
  }

  /** Skips to the end of an over-deep container without building it. */
  private skipContainer(): void {
    let level = 1;
    const b = this.buf;
    while (this.pos < b.length && level > 0) {
      const c = b[this.pos++];
      if (c === Ch.LBRACKET) level++;
      else if (c === Ch.RBRACKET) level--;
      else if (c === Ch.LT && b[this.pos] === Ch.LT) {
        level++;
        this.pos++;
      } else if (c === Ch.GT && b[this.pos] === Ch.GT) {
        level--;
        this.pos++;
      }
    }
  }

  /**
   * Reads an inline image after BI: key/value pairs up to ID, then the data up to EI. The end
   * is found as 'EI' between white space (or end of data) followed by text that looks like
   * content operators, since the data itself may contain the letters EI.
   */
  readInlineImage(): { dict: CosDict; data: Uint8Array; complete: boolean } {
    const entries = new Map<string, CosObject>();
    let key: string | null = null;
    for (;;) {
      const tok = this.next(1);
      if (tok.t === 'eof')
        return { dict: { kind: 'dict', entries }, data: new Uint8Array(0), complete: false };
      if (tok.t === 'kw') {
        if (tok.v === 'ID') break;
        continue;
      }
      if (tok.t !== 'obj') continue;
      if (key === null) {
        if (tok.v !== null && typeof tok.v === 'object' && tok.v.kind === 'name') key = tok.v.value;
      } else {
        entries.set(key, tok.v);
        key = null;
      }
    }
    const b = this.buf;
    // One white-space character follows ID.
    if (this.pos < b.length && isWhite(b[this.pos])) this.pos++;
    const start = this.pos;
    const dict: CosDict = { kind: 'dict', entries };
    const lengthObj = entries.get('L') ?? entries.get('Length');
    if (
      lengthObj &&
      typeof lengthObj === 'object' &&
      lengthObj.kind === 'number' &&
      lengthObj.value >= 0
    ) {
      const end = Math.min(b.length, start + Math.floor(lengthObj.value));
      let p = end;
      while (p < b.length && isWhite(b[p])) p++;
      if (b[p] === 0x45 && b[p + 1] === 0x49) {
        this.pos = p + 2;
        return { dict, data: b.subarray(start, end), complete: true };
      }
    }
    for (let p = start; p + 1 < b.length; p++) {
      if (b[p] !== 0x45 || b[p + 1] !== 0x49) continue;
      const before = p === start || isWhite(b[p - 1]);
      const after = p + 2 >= b.length || isWhite(b[p + 2]) || isDelimiter(b[p + 2]);
      if (!before || !after || !looksLikeContent(b, p + 2)) continue;
      let end = p;
      if (end > start && isWhite(b[end - 1])) end--;
      this.pos = p + 2;
      return { dict, data: b.subarray(start, end), complete: true };
    }
    this.pos = b.length;
    return { dict, data: b.subarray(start), complete: false };
  }
}

/** Whether the bytes after a candidate EI are plausible content (printable ASCII). */
function looksLikeContent(b: Uint8Array, from: number): boolean {
  const end = Math.min(b.length, from + 48);
  for (let i = from; i < end; i++) {
    const c = b[i];
    if (!(isWhite(c) || (c >= 0x21 && c <= 0x7e))) return false;
  }
  return true;
}

/** The lexer's message for an inline image whose data runs to the end of the stream. */
export const INLINE_IMAGE_UNTERMINATED = 'inline image without EI';

/**
 * Calls `onOperator` for every operator in order. Operands accumulate until an operator;
 * returns an error message when the stream ended inside a construct.
 */
export function lexContent(
  data: Uint8Array,
  onOperator: (op: LexedOperator) => boolean | void,
): string | undefined {
  const lexer = new ContentLexer(data);
  let operands: CosObject[] = [];
  for (;;) {
    const tok = lexer.next();
    if (tok.t === 'eof') break;
    if (tok.t === 'obj') {
      if (operands.length < MAX_OPERANDS) operands.push(tok.v);
      continue;
    }
    if (tok.t === 'arrayEnd' || tok.t === 'dictEnd') continue;
    if (tok.v === 'BI') {
      const img = lexer.readInlineImage();
      const stop = onOperator({
        op: 'BI',
        operands,
        offset: tok.offset,
        inlineImage: { dict: img.dict, data: img.data },
      });
      operands = [];
      if (stop === false) return undefined;
      if (!img.complete) return INLINE_IMAGE_UNTERMINATED;
      continue;
    }
    const stop = onOperator({ op: tok.v, operands, offset: tok.offset });
    operands = [];
    if (stop === false) return undefined;
  }
  if (operands.length > 0) return 'operands without an operator at the end of the content stream';
  return undefined;
}
