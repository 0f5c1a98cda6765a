/**
 * A real OpenID Provider (panva's `oidc-provider`, certified) on loopback for the console's
 * refresh tests: authorization code + PKCE for a public client, JWT access tokens for Quire's
 * audience with a short life, refresh tokens that rotate (its default for public clients) and
 * whose reuse revokes the grant, RFC 7009 revocation. The user's login and consent at the provider
 * are answered at once (as a provider does for a user with a live session there), through its
 * interaction API. The client's redirect URI names the Quire server, which is started after the
 * provider's address is known, so the provider itself is made by `register`.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

export interface RealOidcUser {
  sub: string;
  email: string;
  /** Extra claims of the access token (an organization claim, say). */
  claims?: Record<string, unknown>;
}

export interface RealOidcProvider {
  issuer: string;
  jwksUrl: string;
  /** The access tokens' lifetime (seconds), read at each issue. */
  accessTokenTtlSeconds: number;
  user: RealOidcUser;
  /** Makes the provider, with the console client redirecting to `redirectUri`. */
  register(redirectUri: string): Promise<void>;
  /** The token endpoint, as a client would call it (for the tests' own checks). */
  tokenRequest(form: Record<string, string>): Promise<{ status: number; body: Record<string, unknown> }>;
  close(): Promise<void>;
}

export async function startRealOidcProvider(options: { clientId: string; audience: string; accessTokenTtlSeconds: number }): Promise<RealOidcProvider> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const key = { ...(await exportJWK(privateKey)), kid: 'real-idp-1', alg: 'RS256', use: 'sig' };
  let provider: Provider | undefined;

  const interaction = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const idp = provider as Provider;
    const details = await idp.interactionDetails(req, res);
    if (details.prompt.name === 'login') {
      return idp.interactionFinished(req, res, { login: { accountId: self.user.sub } }, { mergeWithLastSubmission: false });
    }
    // Consent: grant what the console asked for.
    const accountId = details.session?.accountId as string;
    const grant = details.grantId
      ? ((await idp.Grant.find(details.grantId)) as InstanceType<Provider['Grant']>)
      : new idp.Grant({ accountId, clientId: String(details.params.client_id) });
    const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[]; missingResourceScopes?: Record<string, string[]> };
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {})) grant.addResourceScope(indicator, scopes.join(' '));
    const grantId = await grant.save();
    return idp.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  };

  const server = http.createServer((req, res) => {
    if (!provider) {
      res.writeHead(503);
      return res.end('not registered yet');
    }
    if (req.url?.startsWith('/interaction/')) {
      return void interaction(req, res).catch((error: unknown) => {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(String(error));
      });
    }
    return provider.callback()(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const self: RealOidcProvider = {
    issuer,
    jwksUrl: `${issuer}/jwks`,
    accessTokenTtlSeconds: options.accessTokenTtlSeconds,
    user: { sub: 'idp|erin', email: 'erin@acme.test' },
    async register(redirectUri) {
      provider = new Provider(issuer, {
        clients: [
          {
            client_id: options.clientId,
            token_endpoint_auth_method: 'none',
            redirect_uris: [redirectUri],
            grant_types: ['authorization_code', 'refresh_token'],
            response_types: ['code'],
          },
        ],
        jwks: { keys: [key] },
        cookies: { keys: ['quire-test-cookie-key'] },
        scopes: ['openid', 'offline_access', 'email'],
        claims: { openid: ['sub'], email: ['email'] },
        findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => ({ sub, email: self.user.email }) }),
        interactions: { url: (_ctx, details) => `/interaction/${details.uid}` },
        features: {
          devInteractions: { enabled: false },
          revocation: { enabled: true },
          // JWT access tokens for Quire's audience, whether or not the client names the resource.
          resourceIndicators: {
            enabled: true,
            defaultResource: () => options.audience,
            useGrantedResource: () => true,
            getResourceServerInfo: () => ({ scope: 'api', audience: options.audience, accessTokenFormat: 'jwt', accessTokenTTL: self.accessTokenTtlSeconds }),
          },
        },
        // A refresh token for the console's client whenever it may use the grant: the provider's
        // default asks for offline_access with prompt=consent, which would make every sign-in ask consent.
        issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
        extraTokenClaims: () => ({ email: self.user.email, ...self.user.claims }),
      });
    },
    async tokenRequest(form) {
      const response = await fetch(`${issuer}/token`, { method: 'POST', body: new URLSearchParams(form) });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return self;
}
