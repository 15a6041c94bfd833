import { createCipheriv, createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openDocument } from '../../../src/validate/parser/index.js';
import { rc4 } from '../../../src/validate/parser/crypt.js';
import { simplePdf } from './build-pdf.js';

const PADDING = Buffer.from(
  '28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a',
  'hex',
);
const O = Buffer.alloc(32, 7);
const ID = Buffer.from('0123456789abcdef0123456789abcdef', 'hex');
const P = -4;
const pBytes = Buffer.from([P & 0xff, (P >> 8) & 0xff, (P >> 16) & 0xff, (P >>> 24) & 0xff]);
const md5 = (...parts: Buffer[]): Buffer => createHash('md5').update(Buffer.concat(parts)).digest();
const hex = (b: Uint8Array): string => Buffer.from(b).toString('hex');
const objKey = (key: Buffer, num: number, aes: boolean): Buffer =>
  md5(key, Buffer.from([num, 0, 0, 0, 0]), aes ? Buffer.from('sAlT') : Buffer.alloc(0)).subarray(
    0,
    Math.min(key.length + 5, 16),
  );

function encryptedPdf(encrypt: string, title: Uint8Array): Uint8Array {
  return simplePdf({
    catalogExtra: `/Lang <${hex(title)}>`,
    extraObjects: [{ body: encrypt }],
    trailerExtra: `/Encrypt 5 0 R /ID [<${ID.toString('hex')}> <${ID.toString('hex')}>]`,
  });
}

describe('standard security handler (empty user password)', () => {
  it('decrypts RC4 40-bit (revision 2) strings', () => {
    const key = md5(PADDING, O, pBytes, ID).subarray(0, 5);
    const u = rc4(key, PADDING);
    const secret = rc4(objKey(key, 1, false), Buffer.from('en-GB'));
    const pdf = encryptedPdf(
      `<< /Filter /Standard /V 1 /R 2 /O <${O.toString('hex')}> /U <${hex(u)}> /P ${P} >>`,
      secret,
    );
    const doc = openDocument(pdf);
    expect(doc.isEncrypted).toBe(true);
    expect(doc.get(doc.catalog, 'Lang')).toMatchObject({
      kind: 'string',
      bytes: Uint8Array.from(Buffer.from('en-GB')),
    });
    expect(doc.lexical.recoveries).toEqual([]);
  });

  it('decrypts AES-128 (revision 4) strings', () => {
    let k = md5(PADDING, O, pBytes, ID);
    for (let i = 0; i < 50; i++) k = md5(k.subarray(0, 16));
    const key = k.subarray(0, 16);
    let x = rc4(key, md5(PADDING, ID));
    for (let i = 1; i <= 19; i++)
      x = rc4(
        key.map((b) => b ^ i),
        x,
      );
    const u = Buffer.concat([Buffer.from(x), Buffer.alloc(16)]);
    const iv = Buffer.alloc(16, 1);
    const c = createCipheriv('aes-128-cbc', objKey(key, 1, true), iv);
    const secret = Buffer.concat([iv, c.update('de-DE'), c.final()]);
    const enc = `<< /Filter /Standard /V 4 /R 4 /Length 128 /CF << /StdCF << /CFM /AESV2 /Length 16 >> >> /StmF /StdCF /StrF /StdCF /O <${O.toString('hex')}> /U <${u.toString('hex')}> /P ${P} >>`;
    const doc = openDocument(encryptedPdf(enc, secret));
    expect(doc.get(doc.catalog, 'Lang')).toMatchObject({
      bytes: Uint8Array.from(Buffer.from('de-DE')),
    });
  });

  it('leaves files with a user password encrypted and says so', () => {
    const pdf = encryptedPdf(
      `<< /Filter /Standard /V 1 /R 2 /O <${O.toString('hex')}> /U <${'00'.repeat(32)}> /P ${P} >>`,
      Buffer.from('xx'),
    );
    const doc = openDocument(pdf);
    expect(doc.isEncrypted).toBe(true);
    expect(doc.lexical.recoveries.some((r) => r.includes('not decrypted'))).toBe(true);
  });
});
