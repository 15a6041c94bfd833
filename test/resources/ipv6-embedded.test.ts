/**
 * IPv6 ranges that carry an IPv4 address are classed by the address they carry, in every
 * spelling a URL, a DNS answer or a header can give them.
 */
import { describe, expect, it } from 'vitest';
import {
  assertFetchable,
  embeddedIpv4,
  isPrivateAddress,
  isRefusedAddress,
} from '../../src/resources/index.js';

/** 127.0.0.1 and 8.8.8.8 in the shapes each scheme allows. */
const loopbackForms = [
  // IPv4-mapped ::ffff:0:0/96
  '::ffff:127.0.0.1',
  '::FFFF:127.0.0.1',
  '::ffff:7f00:1',
  '::ffff:7f00:0001',
  '0:0:0:0:0:ffff:7f00:1',
  '0000:0000:0000:0000:0000:ffff:7f00:0001',
  '0:0:0:0:0:ffff:127.0.0.1',
  '::0:ffff:127.0.0.1',
  '[::ffff:127.0.0.1]',
  '::ffff:127.0.0.1%eth0',
  // IPv4-translated (SIIT) ::ffff:0:0:0/96
  '::ffff:0:127.0.0.1',
  '::ffff:0:7f00:1',
  // IPv4-compatible (deprecated) ::/96
  '::127.0.0.1',
  '::7f00:1',
  // NAT64 well-known prefix 64:ff9b::/96
  '64:ff9b::127.0.0.1',
  '64:ff9b::7f00:1',
  '0064:ff9b:0000:0000:0000:0000:7f00:0001',
  // 6to4 2002::/16 (the IPv4 address in hextets 2-3)
  '2002:7f00:1::',
  '2002:7f00:0001:1234::1',
  // Teredo 2001::/32: the client address is the last 32 bits, inverted
  '2001:0:4136:e378:8000:63bf:80ff:fffe',
];

const publicV4 = [
  '::ffff:8.8.8.8',
  '::ffff:808:808',
  '::ffff:0:8.8.8.8',
  '64:ff9b::8.8.8.8',
  '2002:808:808::1',
  // Teredo with public server 65.54.227.120 and public client (~f7f7:f7f7 = 8.8.8.8)
  '2001:0:4136:e378:8000:63bf:f7f7:f7f7',
];

describe('IPv4 carried in IPv6', () => {
  it.each(loopbackForms)('classes %s by the loopback address it carries', (addr) => {
    expect(isPrivateAddress(addr)).toBe(true);
    expect(isRefusedAddress(addr, { allowPrivateNetwork: false })).toBe(true);
  });

  it.each(publicV4)('lets %s through as the public address it carries', (addr) => {
    expect(isPrivateAddress(addr)).toBe(false);
  });

  it('finds the carried address of each scheme', () => {
    expect(embeddedIpv4('::ffff:0:10.1.2.3')).toBe('10.1.2.3');
    expect(embeddedIpv4('64:ff9b::a01:203')).toBe('10.1.2.3');
    expect(embeddedIpv4('2002:a01:203::')).toBe('10.1.2.3');
    // Teredo: client 10.1.2.3 is stored inverted, f5fe:fdfc.
    expect(embeddedIpv4('2001:0:4136:e378:8000:63bf:f5fe:fdfc')).toBe('10.1.2.3');
  });

  it('refuses Teredo whose server half is private, even with a public client', () => {
    expect(isPrivateAddress('2001:0:a00:1:8000:63bf:f7f7:f7f7')).toBe(true);
  });

  it('keeps the local-use NAT64 prefix 64:ff9b:1::/48 private, whatever it carries', () => {
    expect(isPrivateAddress('64:ff9b:1::8.8.8.8')).toBe(true);
    expect(isPrivateAddress('64:ff9b:1::7f00:1')).toBe(true);
    expect(isPrivateAddress('64:ff9b:1:ab00::808:808')).toBe(true);
    // An allowlisted carried address lets it through, as for the other schemes.
    expect(
      isRefusedAddress('64:ff9b:1::10.1.2.3', {
        allowPrivateNetwork: false,
        allowedPrivateRanges: ['10.0.0.0/8'],
      }),
    ).toBe(false);
  });

  it('refuses the carried forms in URLs before any connection', () => {
    for (const host of [
      '[::ffff:0:7f00:1]',
      '[64:ff9b:1::a00:1]',
      '[2001:0:4136:e378:8000:63bf:80ff:fffe]',
    ]) {
      expect(
        () => assertFetchable(new URL(`http://${host}/x`), { allowPrivateNetwork: false }),
        host,
      ).toThrow(/private or reserved/);
    }
  });
});

describe('reading the IPv4 address an IPv6 address carries', () => {
  it('takes the dotted part at the end, each of its numbers up to 255, and a zone off', () => {
    expect(embeddedIpv4('::ffff:10.20.30.40')).toBe('10.20.30.40');
    expect(embeddedIpv4('::ffff:1.2.3.255')).toBe('1.2.3.255');
    expect(embeddedIpv4('::ffff:1.2.3.256')).toBeNull();
    expect(embeddedIpv4('::ffff:10.0.0.1%eth0')).toBe('10.0.0.1');
  });

  it('reads nothing from what is not an IPv6 address', () => {
    for (const bad of [
      'not an address',
      '::ffff::1.2.3.4',
      '0:0:0:0:ffff:102:304',
      '0:0:0:0:0:ffff:102:304:5',
      '::fffff:1.2.3.4',
      '0:0:0:0:0:ffff:-1:1',
      '::ffff:zz:1',
    ])
      expect(embeddedIpv4(bad), bad).toBeNull();
  });

  it('reads a full eight-group address without a gap', () => {
    expect(embeddedIpv4('0:0:0:0:0:ffff:102:304')).toBe('1.2.3.4');
  });

  it('classes only 64:ff9b:1::/48 as local-use NAT64, refused even carrying a public address', () => {
    expect(isPrivateAddress('64:ff9b:1::808:808')).toBe(true);
    expect(isRefusedAddress('64:ff9b:1::808:808', { allowPrivateNetwork: false })).toBe(true);
    expect(
      isRefusedAddress('64:ff9b:1::808:808', {
        allowPrivateNetwork: false,
        allowedPrivateRanges: [],
      }),
    ).toBe(true);
    for (const other of ['64:ff9b:2::808:808', '64:1:1::808:808', '65:ff9b:1::808:808'])
      expect(isPrivateAddress(other), other).toBe(false);
  });
});
