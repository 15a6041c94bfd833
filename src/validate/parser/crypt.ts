/**
 * The standard security handler (ISO 32000-1, 7.6.3; ISO 32000-2 for revision 6), opened with
 * the empty user password, which is how encrypted PDF/UA files are meant to be readable. When
 * the user password is not empty the document stays encrypted: the reader then reports
 * encryption and reads what it can without decrypting.
 */
import { createDecipheriv, createCipheriv, createHash } from 'node:crypto';
import type { CosDict, CosObject } from '../model/cos.js';
import { nameValue } from '../model/read.js';

const PADDING = Uint8Array.from([
  0x28, 0xbf, 0x4e, 0x5e, 0x4e, 0x75, 0x8a, 0x41, 0x64, 0x00, 0x4e, 0x56, 0xff, 0xfa, 0x01, 0x08,
  0x2e, 0x2e, 0x00, 0xb6, 0xd0, 0x68, 0x3e, 0x80, 0x2f, 0x0c, 0xa9, 0xfe, 0x64, 0x53, 0x69, 0x7a,
]);

type Method = 'none' | 'rc4' | 'aesv2' | 'aesv3';

export interface Decryptor {
  decryptString(bytes: Uint8Array, num: number, gen: number): Uint8Array;
  decryptStream(bytes: Uint8Array, num: number, gen: number): Uint8Array;
  /** Metadata streams stay in clear text when EncryptMetadata is false. */
  readonly encryptMetadata: boolean;
}

function get(d: CosDict, key: string, resolve: (o: CosObject) => CosObject): CosObject {
  return resolve(d.entries.get(key) ?? null);
}
function int(o: CosObject): number | null {
  return o !== null && typeof o === 'object' && o.kind === 'number' ? Math.trunc(o.value) : null;
}
function bytesOf(o: CosObject): Uint8Array | null {
  return o !== null && typeof o === 'object' && o.kind === 'string' ? o.bytes : null;
}

function md5(...parts: Uint8Array[]): Uint8Array {
  const h = createHash('md5');
  for (const p of parts) h.update(p);
  return new Uint8Array(h.digest());
}

export function rc4(key: Uint8Array, data: Uint8Array): Uint8Array {
  const s = new Uint8Array(256);
  for (let i = 0; i < 256; i++) s[i] = i;
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + s[i] + key[i % key.length]) & 0xff;
    const t = s[i];
    s[i] = s[j];
    s[j] = t;
  }
  const out = new Uint8Array(data.length);
  for (let k = 0, i = 0, j = 0; k < data.length; k++) {
    i = (i + 1) & 0xff;
    j = (j + s[i]) & 0xff;
    const t = s[i];
    s[i] = s[j];
    s[j] = t;
    out[k] = data[k] ^ s[(s[i] + s[j]) & 0xff];
  }
  return out;
}

function aesDecrypt(key: Uint8Array, data: Uint8Array): Uint8Array {
  if (data.length < 32 || data.length % 16 !== 0) {
    // Too short for IV + one block, or not block aligned: nothing sensible to decrypt.
    return data.length >= 16 ? data.subarray(16) : new Uint8Array(0);
  }
  const algo = key.length === 32 ? 'aes-256-cbc' : 'aes-128-cbc';
  try {
    const d = createDecipheriv(algo, key, data.subarray(0, 16));
    return new Uint8Array(Buffer.concat([d.update(data.subarray(16)), d.final()]));
  } catch {
    // Bad padding: keep the blocks without removing padding.
    const d = createDecipheriv(algo, key, data.subarray(0, 16));
    d.setAutoPadding(false);
    return new Uint8Array(Buffer.concat([d.update(data.subarray(16)), d.final()]));
  }
}

/** Algorithm 2.B of ISO 32000-2 (revision 6 hash), for the empty password. */
function hash2B(password: Uint8Array, salt: Uint8Array, udata: Uint8Array): Uint8Array {
  let k = new Uint8Array(createHash('sha256').update(password).update(salt).update(udata).digest());
  for (let round = 0; ; round++) {
    const unit = new Uint8Array(password.length + k.length + udata.length);
    unit.set(password, 0);
    unit.set(k, password.length);
    unit.set(udata, password.length + k.length);
    const k1 = new Uint8Array(unit.length * 64);
    for (let i = 0; i < 64; i++) k1.set(unit, i * unit.length);
    const c = createCipheriv('aes-128-cbc', k.subarray(0, 16), k.subarray(16, 32));
    c.setAutoPadding(false);
    const e = new Uint8Array(Buffer.concat([c.update(k1), c.final()]));
    let sum = 0;
    for (let i = 0; i < 16; i++) sum += e[i];
    const algo = ['sha256', 'sha384', 'sha512'][sum % 3];
    k = new Uint8Array(createHash(algo).update(e).digest());
    if (round >= 63 && e[e.length - 1] <= round - 31) break;
    if (round > 1000) break;
  }
  return k.subarray(0, 32);
}

function methodOf(cfm: string | null): Method {
  switch (cfm) {
    case 'V2':
      return 'rc4';
    case 'AESV2':
      return 'aesv2';
    case 'AESV3':
      return 'aesv3';
    default:
      return 'none';
  }
}

/**
 * A decryptor for the document, or null when the handler is not the standard one, the user
 * password is not empty, or the dictionary is unusable.
 */
export function openStandardSecurity(
  encrypt: CosDict,
  firstId: Uint8Array,
  resolve: (o: CosObject) => CosObject,
): Decryptor | null {
  if (nameValue(get(encrypt, 'Filter', resolve)) !== 'Standard') return null;
  const v = int(get(encrypt, 'V', resolve)) ?? 0;
  const r = int(get(encrypt, 'R', resolve)) ?? 0;
  const o = bytesOf(get(encrypt, 'O', resolve));
  const u = bytesOf(get(encrypt, 'U', resolve));
  const p = int(get(encrypt, 'P', resolve));
  if (!o || !u || p === null) return null;
  const encryptMetadata = get(encrypt, 'EncryptMetadata', resolve) !== false;

  // Which method strings and streams use.
  let strMethod: Method = 'rc4';
  let stmMethod: Method = 'rc4';
  if (v >= 4) {
    const cf = get(encrypt, 'CF', resolve);
    const filterMethod = (name: string | null): Method => {
      if (name === null || name === 'Identity') return 'none';
      const d =
        cf !== null && typeof cf === 'object' && cf.kind === 'dict'
          ? resolve(cf.entries.get(name) ?? null)
          : null;
      return d !== null && typeof d === 'object' && d.kind === 'dict'
        ? methodOf(nameValue(get(d, 'CFM', resolve)))
        : 'none';
    };
    strMethod = filterMethod(nameValue(get(encrypt, 'StrF', resolve)));
    stmMethod = filterMethod(nameValue(get(encrypt, 'StmF', resolve)));
  }

  let key: Uint8Array;
  if (r >= 5) {
    if (u.length < 48) return null;
    const empty = new Uint8Array(0);
    const check =
      r >= 6
        ? hash2B(empty, u.subarray(32, 40), empty)
        : new Uint8Array(createHash('sha256').update(u.subarray(32, 40)).digest());
    if (!Buffer.from(check).equals(Buffer.from(u.subarray(0, 32)))) return null;
    const ue = bytesOf(get(encrypt, 'UE', resolve));
    if (!ue || ue.length < 32) return null;
    const inter =
      r >= 6
        ? hash2B(empty, u.subarray(40, 48), empty)
        : new Uint8Array(createHash('sha256').update(u.subarray(40, 48)).digest());
    const d = createDecipheriv('aes-256-cbc', inter, new Uint8Array(16));
    d.setAutoPadding(false);
    key = new Uint8Array(Buffer.concat([d.update(ue.subarray(0, 32)), d.final()]));
  } else {
    const n =
      r === 2
        ? 5
        : Math.max(5, Math.min(16, Math.trunc((int(get(encrypt, 'Length', resolve)) ?? 40) / 8)));
    const pb = new Uint8Array([p & 0xff, (p >> 8) & 0xff, (p >> 16) & 0xff, (p >>> 24) & 0xff]);
    const extra = r >= 4 && !encryptMetadata ? [Uint8Array.from([0xff, 0xff, 0xff, 0xff])] : [];
    let k = md5(PADDING, o.subarray(0, 32), pb, firstId, ...extra);
    if (r >= 3) for (let i = 0; i < 50; i++) k = md5(k.subarray(0, n));
    key = k.subarray(0, n);
    // Check the empty user password against U (algorithms 4 and 5).
    let ok: boolean;
    if (r === 2) ok = Buffer.from(rc4(key, PADDING)).equals(Buffer.from(u.subarray(0, 32)));
    else {
      let x = rc4(key, md5(PADDING, firstId));
      for (let i = 1; i <= 19; i++)
        x = rc4(
          key.map((b) => b ^ i),
          x,
        );
      ok = Buffer.from(x).equals(Buffer.from(u.subarray(0, 16)));
    }
    if (!ok) return null;
  }

  const objectKey = (num: number, gen: number, aes: boolean): Uint8Array => {
    const tail = Uint8Array.from([
      num & 0xff,
      (num >> 8) & 0xff,
      (num >> 16) & 0xff,
      gen & 0xff,
      (gen >> 8) & 0xff,
    ]);
    const salt = aes ? [Uint8Array.from([0x73, 0x41, 0x6c, 0x54])] : [];
    return md5(key, tail, ...salt).subarray(0, Math.min(key.length + 5, 16));
  };
  const run = (m: Method, data: Uint8Array, num: number, gen: number): Uint8Array => {
    switch (m) {
      case 'none':
        return data;
      case 'rc4':
        return rc4(objectKey(num, gen, false), data);
      case 'aesv2':
        return aesDecrypt(objectKey(num, gen, true), data);
      case 'aesv3':
        return aesDecrypt(key, data);
    }
  };
  return {
    encryptMetadata,
    decryptString: (data, num, gen) => run(strMethod, data, num, gen),
    decryptStream: (data, num, gen) => run(stmMethod, data, num, gen),
  };
}
