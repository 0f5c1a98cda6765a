/**
 * When a bearer token expires, read from its `exp` claim without verifying it (the server
 * verifies; the console only needs to know when to send the user back to sign-in instead of
 * letting calls fail one by one with 401).
 */
export function tokenExpiresAt(token: string): number | undefined {
  return timeClaim(token, 'exp');
}

/** How long the token lives (`exp` − `iat`, ms); undefined when it names either not. */
export function tokenLifetime(token: string): number | undefined {
  const [issuedAt, expiresAt] = [timeClaim(token, 'iat'), timeClaim(token, 'exp')];
  return issuedAt === undefined || expiresAt === undefined ? undefined : expiresAt - issuedAt;
}

/** A NumericDate claim (seconds) as ms. */
function timeClaim(token: string, claim: 'exp' | 'iat'): number | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const json = atob(
      payload
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(payload.length / 4) * 4, '='),
    );
    const value = (JSON.parse(json) as Record<string, unknown>)[claim];
    return typeof value === 'number' && Number.isFinite(value) ? value * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The token's expiry on this device's clock: `exp` is the server's (and provider's) time, and a
 * device clock minutes off would otherwise end a session at once or far too late. `serverNowMs`
 * is the server's time at `localNowMs` (its `Date` header); NaN or undefined: no correction.
 */
export function localExpiry(token: string, serverNowMs: number | undefined, localNowMs: number): number | undefined {
  const expiresAt = tokenExpiresAt(token);
  if (expiresAt === undefined) return undefined;
  const skew = serverNowMs === undefined || Number.isNaN(serverNowMs) ? 0 : serverNowMs - localNowMs;
  return expiresAt - skew;
}
