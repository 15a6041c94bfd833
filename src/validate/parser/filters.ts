/**
 * Stream filters (ISO 32000-1, 7.4). Every decoder is bounded by `limit` output bytes so a
 * decompression bomb ends in an error result instead of exhausting memory. Image codecs
 * (DCT, JPX, CCITT, JBIG2) are recognised and passed through undecoded: the rules only need
 * their headers, which they read from the encoded bytes.
 */
import { inflateSync, constants as zc } from 'node:zlib';
import type { CosDict, CosObject } from '../model/cos.js';
import type { DecodeResult } from '../model/document.js';

export const IMAGE_CODECS = new Set(['DCTDecode', 'JPXDecode', 'CCITTFaxDecode', 'JBIG2Decode']);

const ABBREVIATIONS: Record<string, string> = {
  AHx: 'ASCIIHexDecode',
  A85: 'ASCII85Decode',
  LZW: 'LZWDecode',
  Fl: 'FlateDecode',
  RL: 'RunLengthDecode',
  CCF: 'CCITTFaxDecode',
  DCT: 'DCTDecode',
};

/** Expands the abbreviated filter names allowed in inline images. */
export function canonicalFilterName(name: string): string {
  return ABBREVIATIONS[name] ?? name;
}

export class DecodeLimitError extends Error {
  override readonly name = 'DecodeLimitError';
}

function paramInt(parms: CosDict | null, key: string, dflt: number): number {
  const v = parms?.entries.get(key);
  return v !== null && typeof v === 'object' && v.kind === 'number' ? Math.trunc(v.value) : dflt;
}

/** Applies one filter. Image codecs return the data unchanged with `passthrough` set. */
export function applyFilter(
  name: string,
  data: Uint8Array,
  parms: CosDict | null,
  limit: number,
): DecodeResult & { readonly passthrough?: boolean } {
  const f = canonicalFilterName(name);
  try {
    switch (f) {
      case 'FlateDecode':
        return predict(flate(data, limit), parms, limit);
      case 'LZWDecode':
        return predict(lzw(data, paramInt(parms, 'EarlyChange', 1) !== 0, limit), parms, limit);
      case 'ASCIIHexDecode':
        return { data: asciiHex(data) };
      case 'ASCII85Decode':
        return { data: ascii85(data) };
      case 'RunLengthDecode':
        return { data: runLength(data, limit) };
      case 'Crypt':
        // Identity crypt filter; other crypt filters only occur in encrypted files, which are not decrypted.
        return { data };
      default:
        if (IMAGE_CODECS.has(f)) return { data, passthrough: true };
        return { data, error: `unknown filter ${name}` };
    }
  } catch (e) {
    if (e instanceof DecodeLimitError) return { data: new Uint8Array(0), error: e.message };
    return { data: new Uint8Array(0), error: `${f}: ${(e as Error).message}` };
  }
}

function flate(data: Uint8Array, limit: number): Uint8Array {
  try {
    // SYNC_FLUSH gives the output of a truncated stream instead of an error.
    return inflateSync(data, { maxOutputLength: limit, finishFlush: zc.Z_SYNC_FLUSH });
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    if (err.code === 'ERR_BUFFER_TOO_LARGE' || err instanceof RangeError) {
      throw new DecodeLimitError(`FlateDecode output exceeds ${limit} bytes`);
    }
    // Some writers emit raw deflate data or a wrong zlib header: try the raw form.
    if (data.length > 2) {
      try {
        return inflateSync(data.subarray(2), {
          maxOutputLength: limit,
          finishFlush: zc.Z_SYNC_FLUSH,
          windowBits: -15,
        } as Parameters<typeof inflateSync>[1]);
      } catch {
        /* fall through */
      }
    }
    throw new Error(`corrupt deflate data (${err.message})`);
  }
}

function lzw(data: Uint8Array, earlyChange: boolean, limit: number): Uint8Array {
  const out = new Growable(limit);
  const prefix = new Int32Array(4096);
  const suffix = new Uint8Array(4096);
  const lengths = new Uint16Array(4096);
  for (let i = 0; i < 256; i++) {
    prefix[i] = -1;
    suffix[i] = i;
    lengths[i] = 1;
  }
  let next = 258;
  let codeLen = 9;
  let bitBuf = 0;
  let bitCount = 0;
  let prev = -1;
  const scratch = new Uint8Array(4096);
  const emit = (code: number): number => {
    // Writes the string of `code`; returns its first byte.
    let len = lengths[code];
    let c = code;
    for (let i = len - 1; i >= 0; i--) {
      scratch[i] = suffix[c];
      c = prefix[c];
    }
    out.pushAll(scratch.subarray(0, len));
    len = 0;
    return scratch[0];
  };
  for (let i = 0; i < data.length; i++) {
    bitBuf = ((bitBuf << 8) | data[i]) >>> 0;
    bitCount += 8;
    while (bitCount >= codeLen) {
      const code = (bitBuf >>> (bitCount - codeLen)) & ((1 << codeLen) - 1);
      bitCount -= codeLen;
      bitBuf &= (1 << bitCount) - 1;
      if (code === 256) {
        next = 258;
        codeLen = 9;
        prev = -1;
        continue;
      }
      if (code === 257) return out.result();
      if (prev < 0) {
        if (code > 255) throw new Error('LZW code out of range');
        emit(code);
        prev = code;
        continue;
      }
      let first: number;
      if (code < next) {
        first = emit(code);
        if (next < 4096) {
          prefix[next] = prev;
          suffix[next] = first;
          lengths[next] = lengths[prev] + 1;
          next++;
        }
      } else if (code === next && next < 4096) {
        // The KwKwK case: the new entry is prev + first byte of prev.
        let c = prev;
        while (prefix[c] >= 0) c = prefix[c];
        first = suffix[c];
        prefix[next] = prev;
        suffix[next] = first;
        lengths[next] = lengths[prev] + 1;
        next++;
        emit(code);
      } else throw new Error('LZW code out of range');
      prev = code;
      const threshold = next + (earlyChange ? 1 : 0);
      if (threshold >= 512 && codeLen === 9) codeLen = 10;
      if (threshold >= 1024 && codeLen === 10) codeLen = 11;
      if (threshold >= 2048 && codeLen === 11) codeLen = 12;
    }
  }
  return out.result();
}

function asciiHex(data: Uint8Array): Uint8Array {
  const out = new Uint8Array(Math.ceil(data.length / 2));
  let n = 0;
  let hi = -1;
  for (const c of data) {
    if (c === 0x3e) break;
    let v: number;
    if (c >= 48 && c <= 57) v = c - 48;
    else if (c >= 65 && c <= 70) v = c - 55;
    else if (c >= 97 && c <= 102) v = c - 87;
    else continue;
    if (hi < 0) hi = v;
    else {
      out[n++] = hi * 16 + v;
      hi = -1;
    }
  }
  if (hi >= 0) out[n++] = hi * 16;
  return out.subarray(0, n);
}

function ascii85(data: Uint8Array): Uint8Array {
  const out = new Uint8Array(Math.ceil((data.length * 4) / 5) + 4);
  let n = 0;
  const group: number[] = [];
  for (let i = 0; i < data.length; i++) {
    const c = data[i];
    if (c === 0x7e) break; // '~>'
    if (c === 0x7a && group.length === 0) {
      out[n++] = 0;
      out[n++] = 0;
      out[n++] = 0;
      out[n++] = 0;
      continue;
    }
    if (c < 33 || c > 117) continue;
    group.push(c - 33);
    if (group.length === 5) {
      let v = 0;
      for (const g of group) v = v * 85 + g;
      out[n++] = (v >>> 24) & 0xff;
      out[n++] = (v >>> 16) & 0xff;
      out[n++] = (v >>> 8) & 0xff;
      out[n++] = v & 0xff;
      group.length = 0;
    }
  }
  if (group.length > 1) {
    const k = group.length;
    while (group.length < 5) group.push(84);
    let v = 0;
    for (const g of group) v = v * 85 + g;
    for (let j = 0; j < k - 1; j++) out[n++] = (v >>> (24 - 8 * j)) & 0xff;
  }
  return out.subarray(0, n);
}

function runLength(data: Uint8Array, limit: number): Uint8Array {
  const out = new Growable(limit);
  let i = 0;
  while (i < data.length) {
    const len = data[i++];
    if (len === 128) break;
    if (len < 128) {
      out.pushAll(data.subarray(i, i + len + 1));
      i += len + 1;
    } else {
      const b = data[i++];
      out.pushRepeat(b, 257 - len);
    }
  }
  return out.result();
}

/** PNG (10-15) and TIFF (2) predictors (7.4.4.4). */
function predict(data: Uint8Array, parms: CosDict | null, limit: number): DecodeResult {
  const predictor = paramInt(parms, 'Predictor', 1);
  if (predictor <= 1) return { data };
  const colors = Math.max(1, Math.min(32, paramInt(parms, 'Colors', 1)));
  const bpc = Math.max(1, Math.min(16, paramInt(parms, 'BitsPerComponent', 8)));
  const columns = Math.max(1, Math.min(1 << 24, paramInt(parms, 'Columns', 1)));
  const bpp = Math.max(1, Math.ceil((colors * bpc) / 8));
  const rowLen = Math.ceil((colors * bpc * columns) / 8);
  if (predictor === 2) {
    if (bpc !== 8) return { data }; // sub-byte TIFF prediction is rare; leave the data as is
    const out = Uint8Array.from(data);
    for (let r = 0; r + rowLen <= out.length; r += rowLen) {
      for (let i = bpp; i < rowLen; i++) out[r + i] = (out[r + i] + out[r + i - bpp]) & 0xff;
    }
    return { data: out };
  }
  if (predictor < 10) return { data, error: `unknown predictor ${predictor}` };
  const rows = Math.floor(data.length / (rowLen + 1));
  if (rows * rowLen > limit) throw new DecodeLimitError(`predictor output exceeds ${limit} bytes`);
  const out = new Uint8Array(rows * rowLen);
  let error: string | undefined;
  for (let r = 0; r < rows; r++) {
    const type = data[r * (rowLen + 1)];
    const src = r * (rowLen + 1) + 1;
    const dst = r * rowLen;
    for (let i = 0; i < rowLen; i++) {
      const raw = data[src + i];
      const left = i >= bpp ? out[dst + i - bpp] : 0;
      const up = r > 0 ? out[dst - rowLen + i] : 0;
      const upLeft = r > 0 && i >= bpp ? out[dst - rowLen + i - bpp] : 0;
      let v: number;
      switch (type) {
        case 0:
          v = raw;
          break;
        case 1:
          v = raw + left;
          break;
        case 2:
          v = raw + up;
          break;
        case 3:
          v = raw + ((left + up) >> 1);
          break;
        case 4: {
          const p = left + up - upLeft;
          const pa = Math.abs(p - left);
          const pb = Math.abs(p - up);
          const pc = Math.abs(p - upLeft);
          v = raw + (pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft);
          break;
        }
        default:
          error ??= `unknown PNG row filter ${type}`;
          v = raw;
      }
      out[dst + i] = v & 0xff;
    }
  }
  return error ? { data: out, error } : { data: out };
}

/** A byte buffer that grows by doubling and refuses to pass `limit`. */
class Growable {
  private buf = new Uint8Array(1024);
  private n = 0;
  constructor(private readonly limit: number) {}
  private ensure(extra: number): void {
    const need = this.n + extra;
    if (need > this.limit) throw new DecodeLimitError(`decoded output exceeds ${this.limit} bytes`);
    if (need <= this.buf.length) return;
    let cap = this.buf.length * 2;
    while (cap < need) cap *= 2;
    const nb = new Uint8Array(Math.min(cap, Math.max(need, this.limit)));
    nb.set(this.buf.subarray(0, this.n));
    this.buf = nb;
  }
  pushAll(b: Uint8Array): void {
    this.ensure(b.length);
    this.buf.set(b, this.n);
    this.n += b.length;
  }
  pushRepeat(b: number, count: number): void {
    this.ensure(count);
    this.buf.fill(b, this.n, this.n + count);
    this.n += count;
  }
  result(): Uint8Array {
    return this.buf.subarray(0, this.n);
  }
}

/** Filter names and their parameter dictionaries, in order, from a stream or image dictionary. */
export function filterChain(
  filter: CosObject,
  parms: CosObject,
  resolve: (o: CosObject) => CosObject,
): { name: string; parms: CosDict | null }[] {
  const f = resolve(filter);
  const p = resolve(parms);
  const names: string[] = [];
  if (f && typeof f === 'object' && f.kind === 'name') names.push(f.value);
  else if (f && typeof f === 'object' && f.kind === 'array') {
    for (const it of f.items) {
      const r = resolve(it);
      if (r && typeof r === 'object' && r.kind === 'name') names.push(r.value);
    }
  }
  return names.map((name, i) => {
    let d: CosObject = null;
    if (p && typeof p === 'object' && p.kind === 'dict' && i === 0) d = p;
    else if (p && typeof p === 'object' && p.kind === 'array') d = resolve(p.items[i] ?? null);
    return { name, parms: d && typeof d === 'object' && d.kind === 'dict' ? d : null };
  });
}
