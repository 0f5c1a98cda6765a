/**
 * The identity provider as the console's sign-in sees it: its discovery document (where to send
 * the user, where to exchange the code) and its token endpoint. Quire is a public client here
 * (no secret): the code is bound to the browser that asked for it by PKCE, not by Quire.
 */
import { DomainValidationError, UpstreamError } from '../../../kernel/errors.js';

export interface OidcClientSettings {
  clientId: string;
  discoveryUrl: string;
  /** AUTH_ISSUER: the discovery document must name the same issuer (OpenID Connect Discovery §4.3). */
  issuer: string;
}

export interface OidcEndpoints {
  authorizationEndpoint: string;
  tokenEndpoint: string;
  /** RFC 7009 token revocation (discovery's `revocation_endpoint`); undefined: the provider has none. */
  revocationEndpoint: string | undefined;
  /**
   * The provider lists `refresh_token` among its grant types and `offline_access` among its scopes,
   * so the sign-in asks for a refresh token the standard way (OpenID Connect Core §11).
   */
  offersOfflineAccess: boolean;
}

export interface CodeExchange {
  code: string;
  codeVerifier: string;
  redirectUri: string;
}

export interface ProviderTokens {
  accessToken: string;
  idToken: string | undefined;
  /** undefined: the provider gave none (or, on a refresh, kept the one sent: RFC 6749 §6). */
  refreshToken: string | undefined;
}

/** Whose request the provider refused, for the words of a refused grant. */
type Grant = 'sign-in' | 'renewal' | 'revocation';

/** How long a fetched discovery document is reused; a failure is never remembered. */
const DISCOVERY_TTL_MS = 10 * 60_000;
const TIMEOUT_MS = 10_000;

const sameIssuer = (a: string, b: string) => a.replace(/\/+$/, '') === b.replace(/\/+$/, '');

function httpUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    return ['https:', 'http:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

export class OidcProvider {
  private cached: { endpoints: OidcEndpoints; until: number } | undefined;

  constructor(
    readonly settings: OidcClientSettings,
    private readonly now: () => number = Date.now,
  ) {}

  async endpoints(): Promise<OidcEndpoints> {
    if (this.cached && this.cached.until > this.now()) return this.cached.endpoints;
    const document = await this.fetchJson(this.settings.discoveryUrl, undefined, 'discovery document');
    if (typeof document.issuer !== 'string' || !sameIssuer(document.issuer, this.settings.issuer)) {
      throw new UpstreamError(
        `the identity provider's discovery document names issuer "${String(document.issuer)}", not AUTH_ISSUER "${this.settings.issuer}"`,
      );
    }
    if (!httpUrl(document.authorization_endpoint) || !httpUrl(document.token_endpoint)) {
      throw new UpstreamError("the identity provider's discovery document has no usable authorization_endpoint and token_endpoint");
    }
    const listed = (field: unknown, value: string) => Array.isArray(field) && field.includes(value);
    const endpoints = {
      authorizationEndpoint: document.authorization_endpoint,
      tokenEndpoint: document.token_endpoint,
      revocationEndpoint: httpUrl(document.revocation_endpoint) ? document.revocation_endpoint : undefined,
      offersOfflineAccess: listed(document.grant_types_supported, 'refresh_token') && listed(document.scopes_supported, 'offline_access'),
    };
    this.cached = { endpoints, until: this.now() + DISCOVERY_TTL_MS };
    return endpoints;
  }

  /** The authorization-code grant (RFC 6749 §4.1.3) with the PKCE verifier (RFC 7636 §4.5). */
  async exchangeCode(exchange: CodeExchange): Promise<ProviderTokens> {
    const { tokenEndpoint } = await this.endpoints();
    const form = new URLSearchParams({
      grant_type: 'authorization_code',
      code: exchange.code,
      redirect_uri: exchange.redirectUri,
      client_id: this.settings.clientId,
      code_verifier: exchange.codeVerifier,
    });
    return tokensOf(await this.fetchJson(tokenEndpoint, form, 'token endpoint', 'sign-in'));
  }

  /**
   * The refresh-token grant (RFC 6749 §6) as the same public client. A provider that rotates
   * refresh tokens answers a new one, and the one sent is spent from then on.
   */
  async refresh(refreshToken: string): Promise<ProviderTokens> {
    const { tokenEndpoint } = await this.endpoints();
    const form = new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: this.settings.clientId });
    return tokensOf(await this.fetchJson(tokenEndpoint, form, 'token endpoint', 'renewal'));
  }

  /**
   * Revokes a refresh token (RFC 7009 §2.1) when the provider has a revocation endpoint; false
   * when it has none. The provider answers 200 for a token it no longer knows too (§2.2).
   */
  async revoke(refreshToken: string): Promise<boolean> {
    const { revocationEndpoint } = await this.endpoints();
    if (!revocationEndpoint) return false;
    const form = new URLSearchParams({ token: refreshToken, token_type_hint: 'refresh_token', client_id: this.settings.clientId });
    await this.fetchJson(revocationEndpoint, form, 'revocation endpoint', 'revocation', false);
    return true;
  }

  private async fetchJson(
    url: string,
    form: URLSearchParams | undefined,
    what: string,
    grant: Grant = 'sign-in',
    bodyExpected = true,
  ): Promise<Record<string, unknown>> {
    let response: Response;
    try {
      response = await fetch(url, {
        method: form ? 'POST' : 'GET',
        headers: { accept: 'application/json', ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
        body: form,
        redirect: 'error',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new UpstreamError(`the identity provider's ${what} could not be reached (${error instanceof Error ? error.message : String(error)})`);
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      body = undefined;
    }
    const fields = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
    // RFC 6749 §5.2: a refused grant is a 400 (or 401) with `error`; that is the user's sign-in failing, not the provider.
    if ((response.status === 400 || response.status === 401) && form && typeof fields?.error === 'string') {
      const description = typeof fields.error_description === 'string' ? `: ${fields.error_description.slice(0, 300)}` : '';
      const refused = { 'sign-in': 'the sign-in', renewal: 'to renew the sign-in', revocation: 'to revoke the sign-in' }[grant];
      throw new DomainValidationError(`the identity provider refused ${refused} (${fields.error.slice(0, 100)}${description}); sign in again`);
    }
    // A revocation answers 200 with an empty body (RFC 7009 §2.2).
    if (response.ok && !bodyExpected) return fields ?? {};
    if (!response.ok || !fields)
      throw new UpstreamError(`the identity provider's ${what} answered ${response.status}${fields ? '' : ' without a JSON object'}`);
    return fields;
  }
}

function tokensOf(answer: Record<string, unknown>): ProviderTokens {
  if (typeof answer.access_token !== 'string' || answer.access_token === '')
    throw new UpstreamError("the identity provider's token answer has no access_token");
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
  return { accessToken: answer.access_token, idToken: text(answer.id_token), refreshToken: text(answer.refresh_token) };
}
