/**
 * ⚠ SSRF GUARD ⚠ Every outbound tool request passes here first. Tenants choose the URLs tools
 * call, so without this check a registration could read the cloud metadata endpoint
 * (169.254.169.254), the database on localhost or anything on the private network. The guard:
 * - accepts only http: and https: URLs without user:password;
 * - resolves the host (all addresses) and refuses it when ANY address is loopback, link-local,
 *   private, unspecified, CGNAT, multicast or reserved (see ip-ranges.ts);
 * - lets an operator allow-list (`TOOL_ALLOWED_HOSTS`, `host` or `host:port`) through;
 * - returns the address it checked, which the caller MUST connect to (guarded-fetch.ts pins it),
 *   so a second DNS answer cannot swap in a private address (DNS rebinding).
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { blockedReason } from './ip-ranges.js';

/** A resolved address as node:dns returns it. */
export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a host name to every address it has (node:dns `lookup` with `all: true` by default). */
export type HostLookup = (hostname: string) => Promise<ResolvedAddress[]>;

/** The URL that passed the guard and the address to connect to. */
export interface CheckedTarget {
  url: URL;
  address: string;
  family: 4 | 6;
  /** True when the operator allow-list let the host through. */
  allowListed: boolean;
}

/** A URL the guard refuses; the message says why and never contains credentials. */
export class UrlRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UrlRefusedError';
  }
}

/** A host name that does not resolve (now): refused by a call, and by a webhook's registration. */
export class UnresolvedHostError extends UrlRefusedError {}

const systemLookup: HostLookup = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

function defaultPort(url: URL): string {
  return url.port || (url.protocol === 'https:' ? '443' : '80');
}

/** Splits an allow-list entry into host and optional port (`host`, `host:port`, `[v6]:port`, `v6`). */
function parseAllowEntry(entry: string): { host: string; port: string | null } {
  const text = entry.trim().toLowerCase();
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(text);
  if (bracketed) return { host: bracketed[1], port: bracketed[2] ?? null };
  const parts = text.split(':');
  if (parts.length === 2 && /^\d+$/.test(parts[1])) return { host: parts[0], port: parts[1] };
  return { host: text, port: null };
}

/** Whether the operator allow-list names this URL's host (any port) or host:port. */
export function isAllowListed(url: URL, allowedHosts: readonly string[]): boolean {
  const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  const port = defaultPort(url);
  return allowedHosts.some((entry) => {
    const allowed = parseAllowEntry(entry);
    return allowed.host === host && (allowed.port === null || allowed.port === port);
  });
}

/** The URL without query, fragment or credentials, for messages. */
export function describeUrl(url: URL): string {
  return `${url.protocol}//${url.host}${url.pathname}`;
}

/**
 * Checks a URL and resolves the address to connect to.
 *
 * @throws UrlRefusedError when the scheme is not http(s), the URL carries credentials, the host
 *   does not resolve, or any address it resolves to is in a refused range (unless allow-listed).
 */
export async function checkUrl(raw: string | URL, options: { allowedHosts: readonly string[]; lookup?: HostLookup }): Promise<CheckedTarget> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UrlRefusedError('the tool URL is not a valid absolute URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UrlRefusedError(`the scheme ${url.protocol} is refused: tools may only call http or https URLs`);
  if (url.username !== '' || url.password !== '') throw new UrlRefusedError('URLs with credentials (user:password@) are refused');
  const allowListed = isAllowListed(url, options.allowedHosts);
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: ResolvedAddress[];
  if (isIP(hostname) !== 0) {
    addresses = [{ address: hostname, family: isIP(hostname) }];
  } else {
    try {
      // `localhost.` is `localhost`: looked up without the root's dot, so no resolver can tell them apart.
      addresses = await (options.lookup ?? systemLookup)(hostname.replace(/\.$/, ''));
    } catch {
      throw new UnresolvedHostError(`the host ${hostname} does not resolve`);
    }
  }
  if (addresses.length === 0) throw new UnresolvedHostError(`the host ${hostname} does not resolve`);
  if (!allowListed) {
    for (const { address } of addresses) {
      const why = blockedReason(address);
      if (why !== null) {
        throw new UrlRefusedError(
          `${describeUrl(url)} is refused: ${hostname === address ? address : `${hostname} resolves to ${address}`}, a ${why} address (an operator may allow the host in TOOL_ALLOWED_HOSTS)`,
        );
      }
    }
  }
  const chosen = addresses[0];
  return { url, address: chosen.address, family: chosen.family === 6 ? 6 : 4, allowListed };
}
