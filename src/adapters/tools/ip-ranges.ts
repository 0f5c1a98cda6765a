/**
 * Which IP addresses a tool may never reach: loopback, link-local, private, unspecified, CGNAT,
 * multicast and reserved ranges, also when an IPv4 address hides inside an IPv6 one
 * (IPv4-mapped `::ffff:a.b.c.d`, IPv4-compatible, NAT64 `64:ff9b::/96`, 6to4 `2002::/16`).
 * Pure functions over address text; no DNS here.
 */
import { isIPv4, isIPv6 } from 'node:net';

/** IPv4 ranges refused, as [first octets as a 32-bit number, prefix length, why]. */
const IPV4_BLOCKED: Array<[string, number, string]> = [
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'carrier-grade NAT'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'reserved'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
];

function ipv4ToNumber(address: string): number {
  return address.split('.').reduce((n, octet) => n * 256 + Number(octet), 0);
}

function ipv4FromGroups(high: number, low: number): string {
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/** Why an IPv4 address is refused, or null when it is public. */
function classifyIPv4(address: string): string | null {
  const n = ipv4ToNumber(address);
  for (const [base, prefix, why] of IPV4_BLOCKED) {
    const size = 2 ** (32 - prefix);
    const start = ipv4ToNumber(base);
    if (n >= start && n < start + size) return why;
  }
  return null;
}

/** The eight 16-bit groups of an IPv6 address (zone id dropped, embedded IPv4 expanded). */
export function ipv6Groups(address: string): number[] {
  let text = address
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .split('%')[0];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const n = ipv4ToNumber(dotted[1]);
    text = `${text.slice(0, dotted.index)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const fill = tail === undefined ? [] : new Array<string>(8 - headGroups.length - tailGroups.length).fill('0');
  return [...headGroups, ...fill, ...tailGroups].map((g) => parseInt(g, 16));
}

/** Why an IPv6 address is refused, or null when it is public. */
function classifyIPv6(address: string): string | null {
  const g = ipv6Groups(address);
  const zeroUpTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroUpTo(8)) return 'unspecified';
  if (zeroUpTo(7) && g[7] === 1) return 'loopback';
  if (zeroUpTo(5) && g[5] === 0xffff) return classifyIPv4(ipv4FromGroups(g[6], g[7])); // IPv4-mapped
  if (zeroUpTo(6)) return classifyIPv4(ipv4FromGroups(g[6], g[7])) ?? 'reserved'; // IPv4-compatible (deprecated)
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return classifyIPv4(ipv4FromGroups(g[6], g[7])); // NAT64
  if (g[0] === 0x2002) return classifyIPv4(ipv4FromGroups(g[1], g[2])); // 6to4
  if ((g[0] & 0xffc0) === 0xfe80) return 'link-local';
  if ((g[0] & 0xffc0) === 0xfec0) return 'private'; // site-local (deprecated)
  if ((g[0] & 0xfe00) === 0xfc00) return 'private'; // unique local
  if ((g[0] & 0xff00) === 0xff00) return 'multicast';
  return null;
}

/**
 * Why `address` must not be reached (`loopback`, `private`, …), or null when it is a public
 * address. Text that is not an IP address is refused as `not an IP address`.
 */
export function blockedReason(address: string): string | null {
  const bare = address.replace(/^\[|\]$/g, '');
  if (isIPv4(bare)) return classifyIPv4(bare);
  if (isIPv6(bare.split('%')[0])) return classifyIPv6(bare);
  return 'not an IP address';
}
