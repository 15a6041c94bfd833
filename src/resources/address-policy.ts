/**
 * Which network addresses a fetch may reach. By default only public unicast addresses:
 * private, loopback, link-local, CGNAT, ULA, multicast, reserved and documentation ranges are
 * refused, including IPv4 addresses carried inside IPv6 (mapped, translated, compatible, NAT64,
 * 6to4, Teredo), which are classed by the address they carry.
 */
import { BlockList, isIP } from 'node:net';
import { ResourceError } from './types.js';

const BLOCKED_V4 = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const;

const BLOCKED_V6 = [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
  ['3fff::', 20],
  ['2001:2::', 48],
  ['100::', 64],
  ['5f00::', 16],
] as const;

let blockedMemo: BlockList | undefined;

/**
 * The refused ranges, built on first use: a BlockList is a native object, and a module that
 * creates none when it loads can be part of a start-up snapshot.
 */
function blockedRanges(): BlockList {
  if (blockedMemo) return blockedMemo;
  const list = new BlockList();
  for (const [net, prefix] of BLOCKED_V4) list.addSubnet(net, prefix, 'ipv4');
  for (const [net, prefix] of BLOCKED_V6) list.addSubnet(net, prefix, 'ipv6');
  return (blockedMemo = list);
}

function expandIpv6(address: string): number[] | null {
  let addr = address.toLowerCase();
  const zone = addr.indexOf('%');
  if (zone >= 0) addr = addr.slice(0, zone);
  // A trailing dotted IPv4 part (::ffff:1.2.3.4) becomes two hextets.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(addr);
  if (dotted) {
    const parts = dotted[1].split('.').map(Number);
    if (parts.some((p) => p > 255)) return null;
    addr =
      addr.slice(0, -dotted[1].length) +
      ((parts[0] << 8) | parts[1]).toString(16) +
      ':' +
      ((parts[2] << 8) | parts[3]).toString(16);
  }
  const halves = addr.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 && missing !== 0) return null;
  const groups = [...head, ...Array(Math.max(0, missing)).fill('0'), ...tail].map((h) =>
    parseInt(h, 16),
  );
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff)
    ? groups
    : null;
}

function v4FromHextets(hi: number, lo: number): string {
  return `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;
}

/** How an IPv6 address carries IPv4 addresses, and which it carries. */
interface Carried {
  /** The IPv4 addresses the packets reach or pass through (Teredo: client and server). */
  readonly v4: readonly string[];
  /** The carrying range is itself not globally reachable (local-use NAT64). */
  readonly localUse: boolean;
}

function carried(address: string): Carried | null {
  const g = expandIpv6(address);
  if (!g) return null;
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  const last = (): Carried => ({ v4: [v4FromHextets(g[6], g[7])], localUse: false });
  if (zeros(0, 5) && g[5] === 0xffff) return last(); // ::ffff:a.b.c.d, mapped
  if (zeros(0, 4) && g[4] === 0xffff && g[5] === 0) return last(); // ::ffff:0:a.b.c.d, translated
  if (zeros(0, 6) && (g[6] !== 0 || g[7] > 1)) return last(); // ::a.b.c.d, compatible
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return last(); // NAT64 64:ff9b::/96
  // Local-use NAT64 64:ff9b:1::/48: the operator picks the prefix length, so where the IPv4
  // address sits is not known; the range is private whatever it carries (the /96 reading is
  // what an allowlist is matched against).
  if (g[0] === 0x64 && g[1] === 0xff9b && g[2] === 1) return { ...last(), localUse: true };
  if (g[0] === 0x2002) return { v4: [v4FromHextets(g[1], g[2])], localUse: false }; // 6to4
  if (g[0] === 0x2001 && g[1] === 0) {
    // Teredo 2001::/32: the server in hextets 2-3, the client inverted in hextets 6-7.
    return {
      v4: [v4FromHextets(g[6] ^ 0xffff, g[7] ^ 0xffff), v4FromHextets(g[2], g[3])],
      localUse: false,
    };
  }
  return null;
}

/**
 * The IPv4 address embedded in an IPv6 address by a translation or tunnelling scheme, if any
 * (Teredo: the client's address).
 */
export function embeddedIpv4(address: string): string | null {
  return carried(address)?.v4[0] ?? null;
}

/** The part of a policy that decides which addresses a connection may reach. */
export interface AddressPolicy {
  readonly allowPrivateNetwork: boolean;
  readonly allowedPrivateRanges?: readonly string[];
}

/** Parses CIDR ranges into a BlockList; throws RangeError naming the first invalid range. */
export function rangeList(ranges: readonly string[]): BlockList {
  const list = new BlockList();
  for (const range of ranges) {
    const [net, bits] = range.trim().split('/');
    const family = isIP(net);
    const prefix = bits === undefined ? (family === 6 ? 128 : 32) : Number(bits);
    if (
      family === 0 ||
      !Number.isInteger(prefix) ||
      prefix < 0 ||
      prefix > (family === 6 ? 128 : 32)
    ) {
      throw new RangeError(`'${range}' is not a CIDR range such as 10.0.0.0/8 or fd00::/8`);
    }
    list.addSubnet(net, prefix, family === 6 ? 'ipv6' : 'ipv4');
  }
  return list;
}

const bareAddress = (address: string): string => address.replace(/^\[|\]$/g, '').split('%')[0];

/** Whether the policy refuses a connection to this address. */
export function isRefusedAddress(address: string, policy: AddressPolicy): boolean {
  if (policy.allowPrivateNetwork || !isPrivateAddress(address)) return false;
  const ranges = policy.allowedPrivateRanges ?? [];
  if (ranges.length === 0) return true;
  const bare = bareAddress(address);
  const list = rangeList(ranges);
  const family = isIP(bare);
  if (family === 4) return !list.check(bare, 'ipv4');
  if (list.check(bare, 'ipv6')) return false;
  const inner = family === 6 ? carried(bare) : null;
  if (!inner) return true;
  // Every carried address that is private must be allowed (a public one needs no allowance).
  return !inner.v4.every((v4) => !blockedRanges().check(v4, 'ipv4') || list.check(v4, 'ipv4'));
}

/** True when the address is not a public unicast address. Unparseable input counts as private. */
export function isPrivateAddress(address: string): boolean {
  const bare = bareAddress(address);
  const family = isIP(bare);
  if (family === 4) return blockedRanges().check(bare, 'ipv4');
  if (family === 6) {
    const inner = carried(bare);
    if (inner) return inner.localUse || inner.v4.some((v4) => blockedRanges().check(v4, 'ipv4'));
    return blockedRanges().check(bare, 'ipv6');
  }
  return true;
}

/** Throws a refusal when the URL may not be fetched under the policy (scheme, literal address). */
export function assertFetchable(url: URL, policy: AddressPolicy): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ResourceError(
      `only http and https URLs can be fetched, not ${url.protocol}`,
      url.href,
      'refused',
    );
  }
  if (url.username || url.password) {
    throw new ResourceError('URLs with credentials are not fetched', url.href, 'refused');
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // Host names are checked on resolution (guarded-agent); literal addresses never resolve.
  if (isIP(host) !== 0 && isRefusedAddress(host, policy)) {
    throw new ResourceError(`address ${host} is private or reserved`, url.href, 'refused');
  }
}
