/**
 * An identity provider stand-in that speaks OpenID Connect over real HTTP on loopback: discovery,
 * an authorization endpoint that signs the current user in at once (as a provider does for a user
 * with a live session there) and redirects back with a code, a token endpoint that checks the
 * client, the redirect URI and the PKCE verifier against the S256 challenge (RFC 7636 §4.6), and
 * the JWKS of the RS256 key that signs the access and ID tokens.
 */
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type JWK, SignJWT, exportJWK, generateKeyPair } from 'jose';

export interface FakeOidcUser {
  sub: string;
  email: string;
  /** Extra claims of the access token (an organization claim, say). */
  claims?: Record<string, unknown>;
}

export interface FakeOidcProviderOptions {
  clientId: string;
  /** The `aud` of the access tokens (Quire's AUTH_AUDIENCE). */
  audience: string;
  accessTokenTtlSeconds?: number;
}

interface Grant {
  clientId: string;
  redirectUri: string;
  challenge: string;
  nonce: string | undefined;
  user: FakeOidcUser;
}

export interface FakeOidcProvider {
  issuer: string;
  jwksUrl: string;
  discoveryUrl: string;
  /** Who the next authorization signs in. */
  user: FakeOidcUser;
  /** What the next authorization answers: a code, the user's refusal, or a code with another state. */
  nextAnswer: 'code' | 'access_denied' | 'wrong_state';
  /** Set: the token endpoint refuses the next exchange with invalid_grant and this description. */
  refuseNextExchange: string | undefined;
  /** Token endpoint answers, in order: 200 or the OAuth error code. */
  readonly tokenAnswers: string[];
  /** Access-token lifetime of the next exchanges. */
  accessTokenTtlSeconds: number;
  close(): Promise<void>;
}

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

export async function startFakeOidcProvider(options: FakeOidcProviderOptions): Promise<FakeOidcProvider> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'fake-idp-1', alg: 'RS256', use: 'sig' };
  const grants = new Map<string, Grant>();
  let issuer = '';

  const sign = (claims: Record<string, unknown>, audience: string, ttl: number) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: jwk.kid as string })
      .setIssuer(issuer)
      .setAudience(audience)
      .setIssuedAt(now)
      .setExpirationTime(now + ttl)
      .sign(privateKey);
  };
  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify(body));
  };
  const readForm = async (req: http.IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
  };

  const authorize = (url: URL, res: http.ServerResponse) => {
    const q = url.searchParams;
    const redirectUri = q.get('redirect_uri') ?? '';
    // Errors before the redirect URI is trusted are shown to the user, never redirected (RFC 6749 §4.1.2.1).
    if (q.get('client_id') !== options.clientId || !/^https?:\/\//.test(redirectUri)) {
      res.writeHead(400, { 'content-type': 'text/plain' });
      return res.end('unknown client or redirect_uri');
    }
    const back = new URL(redirectUri);
    const state = q.get('state') ?? '';
    const challenge = q.get('code_challenge') ?? '';
    if (
      q.get('response_type') !== 'code' ||
      q.get('code_challenge_method') !== 'S256' ||
      !/^[A-Za-z0-9_-]{43}$/.test(challenge) ||
      !(q.get('scope') ?? '').split(' ').includes('openid')
    ) {
      back.searchParams.set('error', 'invalid_request');
      back.searchParams.set('error_description', 'response_type=code, scope openid and an S256 code_challenge are required');
    } else if (provider.nextAnswer === 'access_denied') {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_description', 'The user declined the sign-in');
    } else {
      const code = randomBytes(24).toString('base64url');
      grants.set(code, { clientId: options.clientId, redirectUri, challenge, nonce: q.get('nonce') ?? undefined, user: provider.user });
      back.searchParams.set('code', code);
    }
    back.searchParams.set('state', provider.nextAnswer === 'wrong_state' ? `${state}-tampered` : state);
    res.writeHead(302, { location: back.toString() });
    res.end();
  };

  const token = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const form = await readForm(req);
    const refuse = (error: string, description: string) => {
      provider.tokenAnswers.push(error);
      json(res, 400, { error, error_description: description });
    };
    if (form.get('grant_type') !== 'authorization_code') return refuse('unsupported_grant_type', 'only authorization_code');
    const code = form.get('code') ?? '';
    const grant = grants.get(code);
    // A code is good once, whatever happens (RFC 6749 §4.1.2).
    grants.delete(code);
    if (!grant) return refuse('invalid_grant', 'unknown or used code');
    if (provider.refuseNextExchange !== undefined) {
      const description = provider.refuseNextExchange;
      provider.refuseNextExchange = undefined;
      return refuse('invalid_grant', description);
    }
    if (form.get('client_id') !== grant.clientId) return refuse('invalid_client', 'the code was issued to another client');
    if (form.get('redirect_uri') !== grant.redirectUri) return refuse('invalid_grant', 'redirect_uri differs from the authorization request');
    if (s256(form.get('code_verifier') ?? '') !== grant.challenge) return refuse('invalid_grant', 'PKCE verification failed');
    const ttl = provider.accessTokenTtlSeconds;
    const accessToken = await sign({ sub: grant.user.sub, email: grant.user.email, ...grant.user.claims }, options.audience, ttl);
    const idToken = await sign({ sub: grant.user.sub, email: grant.user.email, ...(grant.nonce ? { nonce: grant.nonce } : {}) }, grant.clientId, 300);
    provider.tokenAnswers.push('200');
    json(res, 200, { access_token: accessToken, token_type: 'Bearer', expires_in: ttl, id_token: idToken, scope: 'openid email' });
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    if (req.method === 'GET' && url.pathname === '/.well-known/openid-configuration') {
      return json(res, 200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        grant_types_supported: ['authorization_code'],
        code_challenge_methods_supported: ['S256'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        token_endpoint_auth_methods_supported: ['none'],
      });
    }
    if (req.method === 'GET' && url.pathname === '/jwks') return json(res, 200, { keys: [jwk] });
    if (req.method === 'GET' && url.pathname === '/authorize') return authorize(url, res);
    if (req.method === 'POST' && url.pathname === '/token') {
      token(req, res).catch((error: unknown) => json(res, 500, { error: 'server_error', error_description: String(error) }));
      return;
    }
    json(res, 404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider: FakeOidcProvider = {
    issuer,
    jwksUrl: `${issuer}/jwks`,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    user: { sub: 'idp|alice', email: 'alice@acme.test' },
    nextAnswer: 'code',
    refuseNextExchange: undefined,
    tokenAnswers: [],
    accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? 300,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return provider;
}
