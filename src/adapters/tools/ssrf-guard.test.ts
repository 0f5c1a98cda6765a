/** The SSRF guard on real addresses and real DNS (localhost), plus an injected resolver for rebinding cases. */
import { describe, expect, it } from 'vitest';
import { blockedReason } from './ip-ranges.js';
import { UrlRefusedError, checkUrl, isAllowListed } from './ssrf-guard.js';

const refused = async (url: string, options: Parameters<typeof checkUrl>[1] = { allowedHosts: [] }) => {
  const error = await checkUrl(url, options).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, url).toBeInstanceOf(UrlRefusedError);
  return (error as Error).message;
};

describe('ip ranges', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['::1', 'loopback'],
    ['169.254.169.254', 'link-local'],
    ['fe80::1', 'link-local'],
    ['10.0.0.1', 'private'],
    ['172.16.5.4', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['fd12:3456::1', 'private'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:a9fe:a9fe', 'link-local'],
    ['64:ff9b::10.0.0.1', 'private'],
    ['2002:0a00:0001::1', 'private'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'reserved'],
  ])('%s is %s', (address, why) => {
    expect(blockedReason(address)).toBe(why);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('%s is public', (address) => {
    expect(blockedReason(address)).toBeNull();
  });
});

describe('checkUrl', () => {
  it('refuses loopback, metadata, private and IPv6 loopback literals', async () => {
    expect(await refused('http://127.0.0.1')).toMatch(/127\.0\.0\.1, a loopback address/);
    expect(await refused('http://169.254.169.254/latest/meta-data/')).toMatch(/link-local/);
    expect(await refused('http://10.0.0.1')).toMatch(/private/);
    expect(await refused('http://[::1]:8080/x')).toMatch(/loopback/);
    expect(await refused('http://[::ffff:127.0.0.1]/')).toMatch(/loopback/);
    expect(await refused('http://0.0.0.0:80/')).toMatch(/unspecified/);
  });

  it('refuses a host name that resolves to loopback (real DNS: localhost)', async () => {
    expect(await refused('http://localhost:9/')).toMatch(/localhost resolves to .*loopback/);
  });

  it('refuses a name when ANY of its addresses is private (injected resolver)', async () => {
    const lookup = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.1.2.3', family: 4 },
    ];
    expect(await refused('https://mixed.example/', { allowedHosts: [], lookup })).toMatch(/mixed\.example resolves to 10\.1\.2\.3/);
  });

  it('refuses other schemes, credentials in the URL and hosts that do not resolve', async () => {
    expect(await refused('file:///etc/passwd')).toMatch(/scheme file:/);
    expect(await refused('gopher://example.com/')).toMatch(/scheme gopher:/);
    expect(await refused('https://user:pw@example.com/')).toMatch(/credentials/);
    expect(await refused('https://nowhere.invalid/')).toMatch(/does not resolve/);
    expect(await refused('not a url')).toMatch(/not a valid absolute URL/);
  });

  it('lets an allow-listed host (or host:port) through and pins the checked address', async () => {
    const target = await checkUrl('http://localhost:8123/x', { allowedHosts: ['localhost:8123'] });
    expect(target.allowListed).toBe(true);
    expect(['127.0.0.1', '::1']).toContain(target.address);
    await refused('http://localhost:8124/x', { allowedHosts: ['localhost:8123'] });
    expect((await checkUrl('http://[::1]:9000/', { allowedHosts: ['[::1]:9000'] })).address).toBe('::1');
    expect((await checkUrl('http://10.0.0.1/', { allowedHosts: ['10.0.0.1'] })).address).toBe('10.0.0.1');
  });

  it('passes a public address and reports it', async () => {
    const target = await checkUrl('https://api.example/', { allowedHosts: [], lookup: async () => [{ address: '93.184.216.34', family: 4 }] });
    expect(target).toMatchObject({ address: '93.184.216.34', family: 4, allowListed: false });
  });

  it('matches allow-list entries by host and default port', () => {
    expect(isAllowListed(new URL('https://api.internal/'), ['api.internal:443'])).toBe(true);
    expect(isAllowListed(new URL('http://api.internal/'), ['api.internal:443'])).toBe(false);
    expect(isAllowListed(new URL('http://API.Internal:8080/'), ['api.internal'])).toBe(true);
  });
});
