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
}

export interface CodeExchange {
  code: string;
  codeVerifier: string;
  redirectUri: string;
}

export interface ProviderTokens {
  accessToken: string;
  idToken: string | undefined;
}

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
    const endpoints = { authorizationEndpoint: document.authorization_endpoint, tokenEndpoint: document.token_endpoint };
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
    const answer = await this.fetchJson(tokenEndpoint, form, 'token endpoint');
    if (typeof answer.access_token !== 'string' || answer.access_token === '')
      throw new UpstreamError("the identity provider's token answer has no access_token");
    return { accessToken: answer.access_token, idToken: typeof answer.id_token === 'string' ? answer.id_token : undefined };
  }

  private async fetchJson(url: string, form: URLSearchParams | undefined, what: string): Promise<Record<string, unknown>> {
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
      throw new DomainValidationError(`the identity provider refused the sign-in (${fields.error.slice(0, 100)}${description}); sign in again`);
    }
    if (!response.ok || !fields)
      throw new UpstreamError(`the identity provider's ${what} answered ${response.status}${fields ? '' : ' without a JSON object'}`);
    return fields;
  }
}
