/**
 * The JWT attack matrix over real HTTP, on SQLite: each forged, stale, malformed or
 * misplaced token answers 401 `{detail}` (a string that never repeats the token). Signing with
 * the server's own key (read from DATA_DIR) stands for "a token the server would have issued".
 */
import { KeyObject, sign } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { type JWK, SignJWT, decodeProtectedHeader, exportJWK, exportSPKI, generateKeyPair, importPKCS8 } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOneDialect } from '../support/dialects.js';
import { type TestServer, startTestServer } from '../support/test-server.js';

const b64 = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

describeOneDialect('JWT attack matrix', (dialect) => {
  let server: TestServer;
  let token: string;
  let kid: string;
  let serverKey: Awaited<ReturnType<typeof importPKCS8>>;
  let publicPem: string;
  let publicJwk: JWK;
  const now = Math.floor(Date.now() / 1000);
  const claims = { sub: 'dev@localhost', email: 'dev@localhost', iss: 'quire-dev', aud: 'quire', iat: now - 10, nbf: now - 10, exp: now + 600 };

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    token = await server.login();
    kid = decodeProtectedHeader(token).kid as string;
    serverKey = await importPKCS8(await fs.readFile(path.join(server.dataDir, 'keys', 'jwt-signing-key.pem'), 'utf8'), 'RS256', { extractable: true });
    const jwks = (await (await server.call('GET', '/auth/jwks')).json()) as { keys: JWK[] };
    publicJwk = jwks.keys[0];
    const { importJWK } = await import('jose');
    publicPem = await exportSPKI((await importJWK(publicJwk, 'RS256')) as Awaited<ReturnType<typeof importPKCS8>>);
  });
  afterAll(async () => server?.close());

  /** Signs `payload` with the server's key and a chosen header. */
  function signServer(payload: Record<string, unknown>, header: Record<string, unknown> = {}) {
    return new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid, ...header }).sign(serverKey);
  }

  /** Signs with the server's key by hand, for headers jose refuses to produce. */
  function rsaRaw(header: Record<string, unknown>, payload: Record<string, unknown> = claims) {
    const input = `${b64(header)}.${b64(payload)}`;
    return `${input}.${sign('sha256', Buffer.from(input), KeyObject.from(serverKey)).toString('base64url')}`;
  }

  /** Signs an HMAC token by hand (jose refuses to use a public key as an HMAC secret). */
  async function hmac(header: Record<string, unknown>, secret: string | Buffer, payload: Record<string, unknown> = claims) {
    const { createHmac } = await import('node:crypto');
    const input = `${b64(header)}.${b64(payload)}`;
    return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
  }

  async function expect401(response: Response, forged?: string) {
    const text = await response.text();
    expect(response.status, text).toBe(401);
    const body = JSON.parse(text) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['detail']);
    expect(typeof body.detail).toBe('string');
    // The refusal never echoes the forged token (its signature part, or all of a garbage one).
    expect(forged !== undefined && text.includes(forged.split('.').at(-1) || forged)).toBe(false);
  }

  const whoami = (headers: Record<string, string>, pathname = '/v1/whoami') => server.call('GET', pathname, { headers });

  it('accepts the genuine token (the matrix below differs from it in one way each)', async () => {
    expect((await whoami({ authorization: `Bearer ${await signServer(claims)}` })).status).toBe(200);
    expect((await whoami({ authorization: `Bearer ${rsaRaw({ alg: 'RS256', kid })}` })).status).toBe(200);
  });

  it('refuses every forged, stale or malformed token with 401 {detail}', async () => {
    const foreign = await generateKeyPair('RS256', { extractable: true });
    const foreignJwk = { ...(await exportJWK(foreign.publicKey)), kid: 'attacker' };
    const ec = await generateKeyPair('ES256');
    const [header, payload, signature] = token.split('.');
    const flipped = `${signature.slice(0, -4)}${signature.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
    const attacks: Record<string, string> = {
      'alg none': `${b64({ alg: 'none', kid })}.${b64(claims)}.`,
      'alg None': `${b64({ alg: 'None', kid })}.${b64(claims)}.`,
      'alg none with the genuine signature': `${b64({ alg: 'none', kid })}.${payload}.${signature}`,
      'HS256 keyed with the public key PEM': await hmac({ alg: 'HS256', kid }, publicPem),
      'HS256 keyed with the public modulus': await hmac({ alg: 'HS256', kid }, Buffer.from(publicJwk.n as string, 'base64url')),
      'wrong kid': await signServer(claims, { kid: 'someone-else' }),
      'missing kid, foreign key': await new SignJWT(claims).setProtectedHeader({ alg: 'RS256' }).sign(foreign.privateKey),
      'the server kid, foreign key': await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid }).sign(foreign.privateKey),
      'kid path injection': await hmac({ alg: 'HS256', kid: '../../../../../../dev/null' }, ''),
      'kid SQL injection': await hmac({ alg: 'HS256', kid: "x' OR '1'='1" }, 'secret'),
      'embedded jwk header': await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', jwk: foreignJwk }).sign(foreign.privateKey),
      'jku to an attacker key set': await new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: 'attacker', jku: 'http://127.0.0.1:1/jwks' })
        .sign(foreign.privateKey),
      'ES256 (algorithm not allowed)': await new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid }).sign(ec.privateKey),
      'unknown crit extension': rsaRaw({ alg: 'RS256', kid, crit: ['x-evil'], 'x-evil': true }),
      expired: await signServer({ ...claims, exp: now - 3600 }),
      'nbf in the future': await signServer({ ...claims, nbf: now + 3600 }),
      'wrong issuer': await signServer({ ...claims, iss: 'https://evil.example' }),
      'wrong audience': await signServer({ ...claims, aud: 'another-service' }),
      'no exp': await signServer({ sub: claims.sub, iss: claims.iss, aud: claims.aud }),
      'no sub': await signServer({ ...claims, sub: undefined }),
      'empty sub': await signServer({ ...claims, sub: '' }),
      'payload swapped under a genuine signature': `${header}.${b64({ ...claims, sub: 'admin@localhost' })}.${signature}`,
      'flipped signature': `${header}.${payload}.${flipped}`,
      'stripped signature': `${header}.${payload}.`,
      'two segments': `${header}.${payload}`,
      'four segments': `${token}.${signature}`,
      'garbage segments': 'aaaa.bbbb.cccc',
      'non-JSON header': `${b64('not json')}.${payload}.${signature}`,
      'huge token (20 KB)': `${header}.${b64({ ...claims, pad: 'x'.repeat(15_000) })}.${signature}`,
      'huge token (50 KB)': 'a'.repeat(50_000),
    };
    expect(Object.keys(attacks).length).toBeGreaterThanOrEqual(30);
    for (const [name, forged] of Object.entries(attacks)) {
      const response = await whoami({ authorization: `Bearer ${forged}` });
      await expect401(response, forged).catch((error: Error) => {
        throw new Error(`${name}: ${error.message}`);
      });
    }
  });

  it('refuses tokens anywhere but the Authorization header, and other schemes', async () => {
    await expect401(await whoami({}, `/v1/whoami?access_token=${token}`));
    await expect401(await whoami({ cookie: `token=${token}; access_token=${token}` }));
    await expect401(await whoami({ 'x-access-token': token }));
    await expect401(await whoami({ authorization: `Basic ${token}` }));
    await expect401(await whoami({ authorization: token }));
    await expect401(await whoami({ authorization: `Bearer ${token}, Bearer ${token}` }));
  });

  it('refuses duplicate Authorization headers whose first is not a valid token', async () => {
    const { port } = new URL(server.url);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () =>
        socket.end(
          `GET /v1/whoami HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer forged.token.here\r\nAuthorization: Bearer ${token}\r\nConnection: close\r\n\r\n`,
        ),
      );
      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('error', reject);
      socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    });
    expect(answer.split(' ')[1]).toBe('401');
    const body = JSON.parse(answer.split('\r\n\r\n').slice(1).join('\r\n\r\n')) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['detail']);
  });
});
