/**
 * The typed client: two openapi-fetch clients over the generated types (`v1`: the `/v1`
 * contract; `service`: the whole service, i.e. auth and the assessment area), sharing the
 * base URL, the bearer token, the organization header and the retry policy.
 */
import createClient, { type Client } from 'openapi-fetch';
import type { paths as ServicePaths } from './generated/service.js';
import type { paths as V1Paths } from './generated/v1.js';
import { DEFAULT_RETRY_POLICY, type RequestFetch, type RetryPolicy, retryingFetch } from './retry.js';

export interface QuireClientOptions {
  baseUrl: string;
  /**
   * A bearer token (from `POST /auth/dev-login` or an identity provider), or where to read the
   * current one at each request: a sign-in renewed while the client is in use (the console's
   * OIDC refresh) then reaches every later call and retry without a new client.
   */
  token?: string | (() => string | undefined);
  /** The organization to act in (`X-Org-Slug`); the server's default when absent. */
  org?: string;
  retry?: Partial<RetryPolicy>;
  /** The transport under the retry policy (tests inject failures here). */
  fetch?: RequestFetch;
}

export interface QuireClient {
  readonly baseUrl: string;
  readonly v1: Client<V1Paths>;
  readonly service: Client<ServicePaths>;
}

export function createQuireClient(options: QuireClientOptions): QuireClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const headers: Record<string, string> = {};
  const { token } = options;
  if (typeof token === 'string' && token) headers.authorization = `Bearer ${token}`;
  if (options.org) headers['x-org-slug'] = options.org;
  const fetch = retryingFetch(
    { ...DEFAULT_RETRY_POLICY, ...options.retry },
    typeof token === 'function' ? withCurrentToken(token, options.fetch) : options.fetch,
  );
  return {
    baseUrl,
    v1: createClient<V1Paths>({ baseUrl, headers, fetch }),
    service: createClient<ServicePaths>({ baseUrl, headers, fetch }),
  };
}

/** Each attempt carries the token current when it is sent. */
function withCurrentToken(current: () => string | undefined, inner: RequestFetch = (request) => fetch(request)): RequestFetch {
  return (request) => {
    const token = current();
    if (token) request.headers.set('authorization', `Bearer ${token}`);
    return inner(request);
  };
}
