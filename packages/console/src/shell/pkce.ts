/**
 * The browser's half of OAuth 2.0 authorization code + PKCE (RFC 7636): random values and the
 * S256 challenge, and the authorization request URL. Pure (Web Crypto only), so it is tested alone.
 */

/** `bytes` random bytes as base64url: 32 bytes give a 43-character code verifier (RFC 7636 §4.1). */
export function randomUrlSafe(bytes = 32): string {
  return base64Url(crypto.getRandomValues(new Uint8Array(bytes)));
}

/** BASE64URL(SHA256(ASCII(verifier))), RFC 7636 §4.2. */
export async function s256Challenge(verifier: string): Promise<string> {
  return base64Url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))));
}

export interface AuthorizationRequest {
  authorizationEndpoint: string;
  clientId: string;
  redirectUri: string;
  scope: string;
  state: string;
  codeChallenge: string;
  nonce: string;
}

/** The authorization endpoint with the request's parameters (keeping any the endpoint already has). */
export function authorizationUrl(request: AuthorizationRequest): string {
  const url = new URL(request.authorizationEndpoint);
  const params = {
    response_type: 'code',
    client_id: request.clientId,
    redirect_uri: request.redirectUri,
    scope: request.scope,
    state: request.state,
    code_challenge: request.codeChallenge,
    code_challenge_method: 'S256',
    nonce: request.nonce,
  };
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}

function base64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
