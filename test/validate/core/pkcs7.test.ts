import { describe, expect, it } from 'vitest';
import { inspectPkcs7 } from '../../../src/validate/rules/pkcs7.js';

/** DER length octets: short form below 128, else long form with as few octets as needed. */
function lengthOctets(n: number): number[] {
  if (n < 0x80) return [n];
  const out: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) out.unshift(v % 256);
  return [0x80 | out.length, ...out];
}
const tlv = (tag: number, ...body: number[][]): number[] => {
  const content = body.flat();
  return [tag, ...lengthOctets(content.length), ...content];
};
/** BER indefinite length: 0x80, the children, then the end-of-contents marker 00 00. */
const indefinite = (tag: number, ...body: number[][]): number[] => [
  tag,
  0x80,
  ...body.flat(),
  0,
  0,
];

const SIGNED_DATA_OID = [0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x02];
const version = tlv(0x02, [1]);
const digestAlgorithms = tlv(0x31);
const encapContentInfo = tlv(0x30, tlv(0x06, [0x2a]));
const cert = (size = 0): number[] => tlv(0x30, new Array<number>(size).fill(0x11));

/** ContentInfo { signedData OID, [0] SignedData { version, digests, content, ...parts } }. */
function contentInfo(parts: number[][], oid = SIGNED_DATA_OID): Uint8Array {
  const signedData = tlv(0x30, version, digestAlgorithms, encapContentInfo, ...parts);
  return Uint8Array.from(tlv(0x30, oid, tlv(0xa0, signedData)));
}
const certificates = (...certs: number[][]): number[] => tlv(0xa0, ...certs);
const signerInfos = (n: number): number[] => tlv(0x31, ...Array.from({ length: n }, () => cert()));

describe('inspectPkcs7: counts of a SignedData', () => {
  it('counts certificates and signer infos', () => {
    expect(inspectPkcs7(contentInfo([certificates(cert(), cert()), signerInfos(3)]))).toEqual({
      certificates: 2,
      signerInfos: 3,
    });
    expect(inspectPkcs7(contentInfo([signerInfos(1)]))).toEqual({
      certificates: 0,
      signerInfos: 1,
    });
    // An empty set of signer infos is read (it then fails "exactly one signer").
    expect(inspectPkcs7(contentInfo([certificates(cert()), signerInfos(0)]))).toEqual({
      certificates: 1,
      signerInfos: 0,
    });
  });
  it('skips revocation lists, and needs the set of signer infos', () => {
    const crls = tlv(0xa1, cert(), cert(), cert());
    expect(inspectPkcs7(contentInfo([certificates(cert()), crls, signerInfos(1)]))).toEqual({
      certificates: 1,
      signerInfos: 1,
    });
    expect(inspectPkcs7(contentInfo([certificates(cert()), crls]))).toBeNull();
    expect(inspectPkcs7(contentInfo([certificates(cert())]))).toBeNull();
  });
  it('reads long-form lengths of one to four octets', () => {
    // 200 and 300 byte certificates: lengths 81 C8 and 82 01 2C, inside long-form parents.
    const der = contentInfo([certificates(cert(200), cert(300)), signerInfos(1)]);
    expect(inspectPkcs7(der)).toEqual({ certificates: 2, signerInfos: 1 });
    // The same length written with four octets (84 00 00 00 02), as BER allows.
    const wide = [0x30, 0x84, 0, 0, 0, 2, 0x05, 0x00];
    expect(inspectPkcs7(contentInfo([certificates(wide, cert()), signerInfos(1)]))).toEqual({
      certificates: 2,
      signerInfos: 1,
    });
  });
  it('refuses a length of more than four octets, or one that runs past its parent', () => {
    const five = [0x30, 0x85, 0, 0, 0, 0, 2, 0x05, 0x00];
    // The certificate set stops at the unreadable certificate; the signer infos still count.
    expect(inspectPkcs7(contentInfo([certificates(cert(), five), signerInfos(1)]))).toEqual({
      certificates: 1,
      signerInfos: 1,
    });
    const der = contentInfo([certificates(cert()), signerInfos(1)]);
    expect(inspectPkcs7(der.subarray(0, der.length - 1))).toBeNull();
    // Length octets cut by the end of the data.
    expect(inspectPkcs7(Uint8Array.from([0x30, 0x82, 0x01]))).toBeNull();
    expect(inspectPkcs7(Uint8Array.from([0x30]))).toBeNull();
  });
  it('stops a set at an element cut short, at its last lone byte, or of a high tag number', () => {
    // 30 05 00: a certificate claiming five bytes of which one is there.
    const cut = [0x30, 0x05, 0x00];
    expect(inspectPkcs7(contentInfo([certificates(cert(), cut), signerInfos(1)]))).toEqual({
      certificates: 1,
      signerInfos: 1,
    });
    // A set whose last byte is alone, at the very end of the data.
    const lone = [0x31, 0x03, 0x30, 0x00, 0x30];
    expect(inspectPkcs7(contentInfo([certificates(cert()), lone]))).toEqual({
      certificates: 1,
      signerInfos: 1,
    });
    // BF 01 00 is context tag [1] in the high-tag form with an empty body; it is not read,
    // so the signer infos after it are not reached.
    expect(inspectPkcs7(contentInfo([[0xbf, 0x01, 0x00], signerInfos(1)]))).toBeNull();
  });
  it('reads length octets that end the data, and refuses them cut short', () => {
    // The certificates come last, so their last element ends the data.
    const last = (cert: number[]) =>
      inspectPkcs7(contentInfo([signerInfos(1), certificates(cert)]));
    // 30 81 00: a long-form length of zero, its one octet the last byte.
    expect(last([0x30, 0x81, 0x00])).toEqual({ certificates: 1, signerInfos: 1 });
    // 30 82 01: two length octets announced, one there.
    expect(last([0x30, 0x82, 0x01])).toEqual({ certificates: 0, signerInfos: 1 });
  });
  it('counts up to 10,000 elements of a set', () => {
    const many = Array.from({ length: 10_001 }, () => cert());
    expect(inspectPkcs7(contentInfo([certificates(...many), signerInfos(1)]))).toEqual({
      certificates: 10_000,
      signerInfos: 1,
    });
  });
});

describe('inspectPkcs7: indefinite lengths (BER)', () => {
  it('reads indefinite-length elements up to their end-of-contents marker', () => {
    const signedData = indefinite(
      0x30,
      version,
      digestAlgorithms,
      encapContentInfo,
      indefinite(0xa0, indefinite(0x30, cert()), cert()),
      signerInfos(1),
    );
    const der = Uint8Array.from(indefinite(0x30, SIGNED_DATA_OID, indefinite(0xa0, signedData)));
    expect(inspectPkcs7(der)).toEqual({ certificates: 2, signerInfos: 1 });
  });
  it('refuses one without its marker, or with a child it cannot read', () => {
    const open = [0x30, 0x80, ...cert()];
    expect(inspectPkcs7(contentInfo([certificates(cert(), open), signerInfos(1)]))).toEqual({
      certificates: 1,
      signerInfos: 1,
    });
    const badChild = [0x30, 0x80, 0x30, 0x05, 0x00, 0x00, 0x00];
    expect(inspectPkcs7(contentInfo([certificates(badChild, cert()), signerInfos(1)]))).toEqual({
      certificates: 0,
      signerInfos: 1,
    });
    // The marker's first byte is the last byte of the data.
    expect(inspectPkcs7(Uint8Array.from([0x30, 0x80, 0x05, 0x00, 0x00]))).toBeNull();
  });
  it('reads nesting 32 levels deep, and no deeper', () => {
    // A certificate is read at depth 5; each indefinite level inside it is one deeper.
    const nested = (levels: number): number[] =>
      levels === 0 ? cert() : indefinite(0x30, nested(levels - 1));
    const count = (levels: number) =>
      inspectPkcs7(contentInfo([certificates(nested(levels)), signerInfos(1)]))?.certificates;
    expect(count(27)).toBe(1);
    expect(count(28)).toBe(0);
  });
});

describe('inspectPkcs7: what is not SignedData', () => {
  it('refuses another outer element, content type or explicit tag', () => {
    const good = contentInfo([certificates(cert()), signerInfos(1)]);
    expect(inspectPkcs7(good)).not.toBeNull();
    const outerSet = Uint8Array.from(good);
    outerSet[0] = 0x31;
    expect(inspectPkcs7(outerSet)).toBeNull();
    // 1.2.840.113549.1.7.1 (data): same length, last arc differs.
    const data = [...SIGNED_DATA_OID.slice(0, -1), 0x01];
    expect(inspectPkcs7(contentInfo([signerInfos(1)], data))).toBeNull();
    // The signedData arcs followed by one more.
    const longer = [0x06, 0x0a, ...SIGNED_DATA_OID.slice(2), 0x01];
    expect(inspectPkcs7(contentInfo([signerInfos(1)], longer))).toBeNull();
    // The OID's bytes under another tag (OCTET STRING).
    expect(
      inspectPkcs7(contentInfo([signerInfos(1)], [0x04, ...SIGNED_DATA_OID.slice(1)])),
    ).toBeNull();
    const signedData = tlv(0x30, version, digestAlgorithms, encapContentInfo, signerInfos(1));
    // [1] instead of [0], or no [0] at all.
    expect(
      inspectPkcs7(Uint8Array.from(tlv(0x30, SIGNED_DATA_OID, tlv(0xa1, signedData)))),
    ).toBeNull();
    expect(inspectPkcs7(Uint8Array.from(tlv(0x30, SIGNED_DATA_OID)))).toBeNull();
    expect(inspectPkcs7(Uint8Array.from(tlv(0x30)))).toBeNull();
  });
  it('refuses a SignedData that is not a SEQUENCE, or missing', () => {
    const inner = [version, digestAlgorithms, encapContentInfo, signerInfos(1)];
    const asSet = Uint8Array.from(tlv(0x30, SIGNED_DATA_OID, tlv(0xa0, tlv(0x31, ...inner))));
    expect(inspectPkcs7(asSet)).toBeNull();
    expect(inspectPkcs7(Uint8Array.from(tlv(0x30, SIGNED_DATA_OID, tlv(0xa0))))).toBeNull();
  });
});
