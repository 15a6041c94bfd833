/**
 * A Type 1 font program reader (Adobe Type 1 Font Format): the clear-text part (FontMatrix,
 * built-in Encoding) and, after eexec decryption, the CharStrings, whose hsbw/sbw command
 * gives each glyph's advance width. Enough for glyph presence and width checks; outlines are
 * not interpreted.
 */
import { type Matrix, asMatrix } from './matrix.js';

export interface Type1Program {
  /** Glyph name -> advance width in 1/1000 em (null when the charstring could not be read). */
  readonly glyphs: Map<string, number | null>;
  /** Built-in encoding: code -> glyph name, when the font defines one (null for StandardEncoding). */
  readonly encoding: Map<number, string> | null;
  /** The clear-text /FontMatrix, when it is six numbers. */
  readonly fontMatrix: Matrix | null;
}

const isWs = (c: number): boolean =>
  c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0x00;

function decrypt(data: Uint8Array, key: number, skip: number): Uint8Array {
  let r = key;
  const out = new Uint8Array(Math.max(0, data.length - skip));
  for (let i = 0; i < data.length; i++) {
    const c = data[i];
    const p = c ^ (r >> 8);
    r = ((c + r) * 52845 + 22719) & 0xffff;
    if (i >= skip) out[i - skip] = p;
  }
  return out;
}

function isHexDigit(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
}

function fromHex(data: Uint8Array): Uint8Array {
  const out: number[] = [];
  let hi = -1;
  for (const c of data) {
    if (!isHexDigit(c)) continue;
    const v = c <= 0x39 ? c - 0x30 : (c | 0x20) - 0x57;
    if (hi < 0) hi = v;
    else {
      out.push((hi << 4) | v);
      hi = -1;
    }
  }
  return Uint8Array.from(out);
}

function indexOf(data: Uint8Array, text: string, from = 0): number {
  const first = text.charCodeAt(0);
  outer: for (let i = from; i + text.length <= data.length; i++) {
    if (data[i] !== first) continue;
    for (let k = 1; k < text.length; k++) if (data[i + k] !== text.charCodeAt(k)) continue outer;
    return i;
  }
  return -1;
}

/** Reads `/name len RD <len bytes>` entries (CharStrings) or `dup i len RD <bytes>` (Subrs). */
function readEntries(
  data: Uint8Array,
  start: number,
  limit: number,
  keyed: 'name' | 'index',
  onEntry: (key: string, bytes: Uint8Array) => void,
): void {
  let p = start;
  const latin = new TextDecoder('latin1');
  const readToken = (): string => {
    while (p < data.length && isWs(data[p])) p++;
    const s = p;
    while (p < data.length && !isWs(data[p])) p++;
    return latin.decode(data.subarray(s, p));
  };
  for (let n = 0; n < limit && p < data.length; n++) {
    let key: string;
    if (keyed === 'name') {
      while (p < data.length && isWs(data[p])) p++;
      if (data[p] !== 0x2f) return; // not '/': end of the dictionary
      p++;
      const s = p;
      while (p < data.length && !isWs(data[p]) && data[p] !== 0x2f) p++;
      key = latin.decode(data.subarray(s, p));
    } else {
      const dup = readToken();
      if (dup !== 'dup') return;
      key = readToken();
    }
    const len = Number(readToken());
    const rd = readToken();
    if (!Number.isFinite(len) || len < 0 || (rd !== 'RD' && rd !== '-|')) return;
    p++; // the single space after RD
    onEntry(key, data.subarray(p, Math.min(p + len, data.length)));
    p += len;
    readToken(); // ND / |- / NP / |
    if (keyed === 'index') {
      // 'noaccess put' may follow instead of NP
    }
  }
}

function type1Width(cs: Uint8Array, subrs: Map<number, Uint8Array>, depth = 0): number | null {
  const stack: number[] = [];
  let i = 0;
  while (i < cs.length) {
    const v = cs[i];
    if (v >= 32 && v <= 246) {
      stack.push(v - 139);
      i++;
    } else if (v >= 247 && v <= 250) {
      stack.push((v - 247) * 256 + cs[i + 1] + 108);
      i += 2;
    } else if (v >= 251 && v <= 254) {
      stack.push(-(v - 251) * 256 - cs[i + 1] - 108);
      i += 2;
    } else if (v === 255) {
      stack.push((cs[i + 1] << 24) | (cs[i + 2] << 16) | (cs[i + 3] << 8) | cs[i + 4]);
      i += 5;
    } else if (v === 13) {
      return stack.length >= 2 ? stack[stack.length - 1] : null; // sbx wx hsbw
    } else if (v === 12) {
      const op2 = cs[i + 1];
      if (op2 === 7) return stack.length >= 4 ? stack[stack.length - 2] : null; // sbx sby wx wy sbw
      if (op2 === 12) {
        // div
        const b = stack.pop() ?? 1;
        const a = stack.pop() ?? 0;
        stack.push(b !== 0 ? a / b : 0);
      }
      i += 2;
    } else if (v === 10) {
      const n = stack.pop();
      const sub = n !== undefined ? subrs.get(n) : undefined;
      if (!sub || depth > 8) return null;
      const w = type1Width(sub, subrs, depth + 1);
      if (w !== null) return w;
      i++;
    } else {
      return null;
    }
  }
  return null;
}

export function parseType1(data: Uint8Array, length1?: number | null): Type1Program | null {
  const latin = new TextDecoder('latin1');
  let data2 = data;
  // PFB segments (0x80 0x01 ...) are unwrapped to plain PostScript.
  if (data[0] === 0x80 && (data[1] === 1 || data[1] === 2)) {
    const parts: Uint8Array[] = [];
    let p = 0;
    while (p + 6 <= data.length && data[p] === 0x80 && data[p + 1] !== 3) {
      const len = data[p + 2] | (data[p + 3] << 8) | (data[p + 4] << 16) | (data[p + 5] << 24);
      parts.push(data.subarray(p + 6, Math.min(p + 6 + len, data.length)));
      p += 6 + len;
    }
    const total = parts.reduce((a, b) => a + b.length, 0);
    data2 = new Uint8Array(total);
    let o = 0;
    for (const part of parts) {
      data2.set(part, o);
      o += part.length;
    }
  }
  const eexec = indexOf(data2, 'eexec');
  if (eexec < 0) return null;
  const clearEnd = length1 && length1 > eexec && length1 <= data2.length ? length1 : eexec + 5;
  const clear = latin.decode(data2.subarray(0, clearEnd));
  let start = clearEnd;
  while (start < data2.length && isWs(data2[start])) start++;
  let cipher = data2.subarray(start);
  if (cipher.length >= 4 && [0, 1, 2, 3].every((k) => isHexDigit(cipher[k])))
    cipher = fromHex(cipher);
  const priv = decrypt(cipher, 55665, 4);

  const lenIVAt = indexOf(priv, '/lenIV');
  const lenIV =
    lenIVAt >= 0
      ? Number(
          /\/lenIV\s+(-?\d+)/.exec(latin.decode(priv.subarray(lenIVAt, lenIVAt + 20)))?.[1] ?? 4,
        )
      : 4;
  const decodeCs = (b: Uint8Array): Uint8Array => (lenIV < 0 ? b : decrypt(b, 4330, lenIV));

  const subrs = new Map<number, Uint8Array>();
  const subrsAt = indexOf(priv, '/Subrs');
  if (subrsAt >= 0) {
    const m = /\/Subrs\s+(\d+)\s+array/.exec(latin.decode(priv.subarray(subrsAt, subrsAt + 40)));
    if (m) {
      const after = indexOf(priv, 'array', subrsAt) + 5;
      readEntries(priv, after, Number(m[1]), 'index', (k, b) => subrs.set(Number(k), decodeCs(b)));
    }
  }
  const glyphs = new Map<string, number | null>();
  const csAt = indexOf(priv, '/CharStrings');
  if (csAt < 0) return null;
  const beginAt = indexOf(priv, 'begin', csAt);
  if (beginAt < 0) return null;
  const matrixText = /\/FontMatrix\s*[[{]([^\]}]*)[\]}]/.exec(clear);
  const fontMatrix = matrixText
    ? asMatrix(matrixText[1].trim().split(/\s+/).filter(Boolean).map(Number))
    : null;
  const scale = fontMatrix ? fontMatrix[0] * 1000 || 1 : 1;
  readEntries(priv, beginAt + 5, 65536, 'name', (name, b) => {
    const w = type1Width(decodeCs(b), subrs);
    glyphs.set(name, w === null ? null : w * scale);
  });

  let encoding: Map<number, string> | null = null;
  if (!/\/Encoding\s+StandardEncoding\s+def/.test(clear)) {
    encoding = new Map();
    for (const m of clear.matchAll(/dup\s+(\d+)\s*\/([^\s/]+)\s+put/g))
      encoding.set(Number(m[1]), m[2]);
  }
  return { glyphs, encoding, fontMatrix };
}
