/**
 * The edges of every refused range, the allowlists, and the URL checks made before any
 * connection: the first and last address of a range are refused, its neighbours are not.
 */
import { describe, expect, it } from 'vitest';
import {
  assertFetchable,
  embeddedIpv4,
  isPrivateAddress,
  isRefusedAddress,
  rangeList,
  ResourceError,
  type AddressPolicy,
} from '../../src/resources/index.js';

/** [first, last, just below, just above] of each IPv4 range that is not public. */
const v4Ranges: [string, string, string | null, string | null][] = [
  ['0.0.0.0', '0.255.255.255', null, '1.0.0.0'],
  ['10.0.0.0', '10.255.255.255', '9.255.255.255', '11.0.0.0'],
  ['100.64.0.0', '100.127.255.255', '100.63.255.255', '100.128.0.0'],
  ['127.0.0.0', '127.255.255.255', '126.255.255.255', '128.0.0.0'],
  ['169.254.0.0', '169.254.255.255', '169.253.255.255', '169.255.0.0'],
  ['172.16.0.0', '172.31.255.255', '172.15.255.255', '172.32.0.0'],
  ['192.0.0.0', '192.0.0.255', '191.255.255.255', '192.0.1.0'],
  ['192.0.2.0', '192.0.2.255', '192.0.1.255', '192.0.3.0'],
  ['192.88.99.0', '192.88.99.255', '192.88.98.255', '192.88.100.0'],
  ['192.168.0.0', '192.168.255.255', '192.167.255.255', '192.169.0.0'],
  ['198.18.0.0', '198.19.255.255', '198.17.255.255', '198.20.0.0'],
  ['198.51.100.0', '198.51.100.255', '198.51.99.255', '198.51.101.0'],
  ['203.0.113.0', '203.0.113.255', '203.0.112.255', '203.0.114.0'],
  ['224.0.0.0', '239.255.255.255', '223.255.255.255', null],
  ['240.0.0.0', '255.255.255.255', null, null],
];

/** The same for IPv6 ranges that carry no IPv4 address. */
const v6Ranges: [string, string, string | null, string | null][] = [
  [
    'fc00::',
    'fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff',
    'fbff:ffff:ffff:ffff:ffff:ffff:ffff:ffff',
    'fe00::',
  ],
  [
    'fe80::',
    'febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff',
    'fe7f:ffff:ffff:ffff:ffff:ffff:ffff:ffff',
    null,
  ],
  ['fec0::', 'feff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', null, null],
  ['ff00::', 'ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', null, null],
  [
    '2001:db8::',
    '2001:db8:ffff:ffff:ffff:ffff:ffff:ffff',
    '2001:db7:ffff:ffff:ffff:ffff:ffff:ffff',
    '2001:db9::',
  ],
  [
    '3fff::',
    '3fff:fff:ffff:ffff:ffff:ffff:ffff:ffff',
    '3ffe:ffff:ffff:ffff:ffff:ffff:ffff:ffff',
    '3fff:1000::',
  ],
  [
    '2001:2::',
    '2001:2:0:ffff:ffff:ffff:ffff:ffff',
    '2001:1:ffff:ffff:ffff:ffff:ffff:ffff',
    '2001:2:1::',
  ],
  ['100::', '100::ffff:ffff:ffff:ffff', 'ff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', '100:0:0:1::'],
  [
    '5f00::',
    '5f00:ffff:ffff:ffff:ffff:ffff:ffff:ffff',
    '5eff:ffff:ffff:ffff:ffff:ffff:ffff:ffff',
    '5f01::',
  ],
];

describe('refused ranges', () => {
  it.each([...v4Ranges, ...v6Ranges])('%s - %s', (first, last, below, above) => {
    expect(isPrivateAddress(first)).toBe(true);
    expect(isPrivateAddress(last)).toBe(true);
    if (below) expect(isPrivateAddress(below), below).toBe(false);
    if (above) expect(isPrivateAddress(above), above).toBe(false);
  });

  it('refuses the unspecified and loopback IPv6 addresses only', () => {
    expect(isPrivateAddress('::')).toBe(true);
    expect(isPrivateAddress('::1')).toBe(true);
    // ::2 and up read as IPv4-compatible addresses, classed by what they carry (0.0.0.x).
    expect(embeddedIpv4('::2')).toBe('0.0.0.2');
    expect(embeddedIpv4('::1')).toBeNull();
    expect(embeddedIpv4('::')).toBeNull();
    expect(embeddedIpv4('::1:0')).toBe('0.1.0.0');
    expect(isPrivateAddress('::1:0:0')).toBe(false);
  });

  it('counts anything that is not an address as private', () => {
    for (const s of ['', 'localhost', '1.2.3', '1.2.3.4.5', '::ffff:1.2.3.400', 'fe80::1::2'])
      expect(isPrivateAddress(s), s).toBe(true);
  });

  it('reads bracketed and zoned IPv6 addresses', () => {
    expect(isPrivateAddress('[fe80::1%eth0]')).toBe(true);
    expect(isPrivateAddress('[2606:4700::1111]')).toBe(false);
    expect(isPrivateAddress('2606:4700::1111%2')).toBe(false);
  });
});

describe('IPv4 carried in IPv6, by scheme', () => {
  it.each([
    ['::ffff:10.1.2.3', '10.1.2.3'],
    ['::ffff:a01:203', '10.1.2.3'],
    ['::ffff:0:a01:203', '10.1.2.3'],
    ['::a01:203', '10.1.2.3'],
    ['64:ff9b::a01:203', '10.1.2.3'],
    ['64:ff9b:1::a01:203', '10.1.2.3'],
    ['2002:a01:203:4::5', '10.1.2.3'],
    ['2001:0:a01:203:0:0:f5fe:fdfc', '10.1.2.3'],
  ])('%s carries %s', (v6, v4) => {
    expect(embeddedIpv4(v6)).toBe(v4);
  });

  it.each([
    '1::ffff:a01:203',
    '0:1::ffff:a01:203',
    '::1:ffff:a01:203',
    '::ffff:1:a01:203',
    '1::a01:203',
    '65:ff9b::a01:203',
    '64:ff9a::a01:203',
    '64:ff9b:2::a01:203',
    '64:ff9b:0:1::a01:203',
    '2003:a01:203::',
    '2001:1:a01:203::',
    '2001:db8::a01:203',
  ])('%s carries none', (v6) => {
    expect(embeddedIpv4(v6)).toBeNull();
  });

  it('classes NAT64 by the carried address only for the well-known prefix', () => {
    expect(isPrivateAddress('64:ff9b::808:808')).toBe(false);
    expect(isPrivateAddress('64:ff9b::a01:203')).toBe(true);
    expect(isPrivateAddress('64:ff9b:1::808:808')).toBe(true);
  });

  it('classes 6to4 by hextets 2 and 3, and Teredo by both of its addresses', () => {
    expect(isPrivateAddress('2002:a01:203::')).toBe(true);
    expect(isPrivateAddress('2002:808:808:a01:203::')).toBe(false);
    // Public server 8.8.8.8 (hextets 2-3), client inverted in 6-7.
    expect(isPrivateAddress('2001:0:808:808::f7f7:f7f7')).toBe(false);
    expect(isPrivateAddress('2001:0:808:808::f5fe:fdfc')).toBe(true);
    expect(isPrivateAddress('2001:0:a01:203::f7f7:f7f7')).toBe(true);
  });
});

describe('allowlists', () => {
  const policy = (ranges: string[]) => ({
    allowPrivateNetwork: false,
    allowedPrivateRanges: ranges,
  });

  it('let everything through when private networks are allowed', () => {
    for (const a of ['127.0.0.1', '::1', 'fd00::1', 'nonsense'])
      expect(isRefusedAddress(a, { allowPrivateNetwork: true }), a).toBe(false);
  });

  it('never refuse a public address', () => {
    expect(isRefusedAddress('8.8.8.8', policy([]))).toBe(false);
    expect(isRefusedAddress('2606:4700::1111', { allowPrivateNetwork: false })).toBe(false);
  });

  it('refuse a private address outside every listed range', () => {
    expect(isRefusedAddress('10.1.2.3', policy([]))).toBe(true);
    expect(isRefusedAddress('10.1.2.3', policy(['10.2.0.0/16']))).toBe(true);
    expect(isRefusedAddress('fd00::1', policy(['10.0.0.0/8', 'fd01::/16']))).toBe(true);
    expect(isRefusedAddress('not-an-ip', policy(['10.0.0.0/8']))).toBe(true);
  });

  it('allow a private address inside a listed range', () => {
    expect(isRefusedAddress('10.1.2.3', policy(['10.1.0.0/16']))).toBe(false);
    expect(isRefusedAddress('10.1.2.3', policy(['192.168.0.0/16', ' 10.1.2.3 ']))).toBe(false);
    expect(isRefusedAddress('fd00::1', policy(['fd00::/8']))).toBe(false);
    expect(isRefusedAddress('[fd00::1]', policy(['fd00::1']))).toBe(false);
  });

  it('match a carried IPv4 address against IPv4 ranges', () => {
    expect(isRefusedAddress('::ffff:10.1.2.3', policy(['10.0.0.0/8']))).toBe(false);
    expect(isRefusedAddress('::ffff:10.1.2.3', policy(['172.16.0.0/12']))).toBe(true);
    // A Teredo address needs every private address it carries allowed.
    const teredo = '2001:0:a01:203::f5fe:fdfc'; // server 10.1.2.3, client 10.1.2.3
    expect(isRefusedAddress(teredo, policy(['10.1.2.3/32']))).toBe(false);
    const mixed = '2001:0:a01:203::3f57:fdfc'; // client 192.168.2.3
    expect(isRefusedAddress(mixed, policy(['10.0.0.0/8']))).toBe(true);
    expect(isRefusedAddress(mixed, policy(['10.0.0.0/8', '192.168.0.0/16']))).toBe(false);
    // With a public server only the private client needs allowing.
    expect(isRefusedAddress('2001:0:808:808::f5fe:fdfc', policy(['10.0.0.0/8']))).toBe(false);
  });

  it('are CIDR ranges, or single addresses', () => {
    const list = rangeList(['10.0.0.0/8', '192.168.1.1', 'fd00::/8', '::1']);
    expect(list.check('10.200.0.1', 'ipv4')).toBe(true);
    expect(list.check('192.168.1.1', 'ipv4')).toBe(true);
    expect(list.check('192.168.1.2', 'ipv4')).toBe(false);
    expect(list.check('fdff::1', 'ipv6')).toBe(true);
    expect(list.check('::1', 'ipv6')).toBe(true);
    expect(list.check('::2', 'ipv6')).toBe(false);
    expect(rangeList(['0.0.0.0/0']).check('8.8.8.8', 'ipv4')).toBe(true);
    expect(rangeList(['::/0']).check('2606:4700::1', 'ipv6')).toBe(true);
    expect(rangeList(['::/128']).check('::1', 'ipv6')).toBe(false);
  });

  it.each([
    '10.0.0.0/33',
    '10.0.0.0/-1',
    '10.0.0.0/8.5',
    '10.0.0.0/x',
    'fd00::/129',
    'x/8',
    '',
    '10.0.0/8',
  ])('refuse %j, naming it', (range) => {
    expect(() => rangeList([range])).toThrow(RangeError);
    expect(() => rangeList([range])).toThrow(
      `'${range}' is not a CIDR range such as 10.0.0.0/8 or fd00::/8`,
    );
  });
});

describe('URLs checked before connecting', () => {
  const closed = { allowPrivateNetwork: false };
  const refusal = (url: string, policy: AddressPolicy = closed) => {
    try {
      assertFetchable(new URL(url), policy);
      return null;
    } catch (e) {
      expect(e).toBeInstanceOf(ResourceError);
      const r = e as ResourceError;
      return { message: r.message, reason: r.reason, url: r.url };
    }
  };

  it('accept public http(s) URLs and host names (checked when they resolve)', () => {
    expect(refusal('http://8.8.8.8/')).toBeNull();
    expect(refusal('https://example.org/x')).toBeNull();
    expect(refusal('http://localhost/')).toBeNull();
    expect(refusal('http://[2606:4700::1111]/')).toBeNull();
  });

  it('refuse other schemes, naming the scheme', () => {
    expect(refusal('ftp://8.8.8.8/x')).toEqual({
      message: 'only http and https URLs can be fetched, not ftp:',
      reason: 'refused',
      url: 'ftp://8.8.8.8/x',
    });
    expect(refusal('file:///etc/passwd')?.reason).toBe('refused');
  });

  it('refuse URLs with credentials', () => {
    for (const url of ['http://user@8.8.8.8/', 'http://:pw@8.8.8.8/', 'http://u:p@example.org/'])
      expect(refusal(url), url).toEqual({
        message: 'URLs with credentials are not fetched',
        reason: 'refused',
        url: new URL(url).href,
      });
  });

  it('refuse literal private addresses, bracketed or not', () => {
    expect(refusal('http://10.0.0.1:8080/x')).toEqual({
      message: 'address 10.0.0.1 is private or reserved',
      reason: 'refused',
      url: 'http://10.0.0.1:8080/x',
    });
    expect(refusal('http://[::1]/')?.message).toBe('address ::1 is private or reserved');
    expect(refusal('http://10.0.0.1/', { allowPrivateNetwork: true })).toBeNull();
    expect(
      refusal('http://10.0.0.1/', {
        allowPrivateNetwork: false,
        allowedPrivateRanges: ['10.0.0.0/24'],
      }),
    ).toBeNull();
  });
});
