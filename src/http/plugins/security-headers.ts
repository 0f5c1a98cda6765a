/**
 * Security headers on every answer, helmet's defaults that matter for a JSON API plus a docs
 * page. A small hook rather than `@fastify/helmet`: six fixed headers do not need a dependency,
 * and the one thing helmet would make hard — a CSP per path (strict for the API, what Scalar
 * needs on /docs) — is one `if` here.
 *
 * - `X-Content-Type-Options: nosniff`, `X-Frame-Options: DENY` (and CSP `frame-ancestors 'none'`),
 *   `Referrer-Policy: no-referrer`, `Cross-Origin-Opener-Policy` / `-Resource-Policy`.
 * - CSP: the API answers JSON, so nothing may load (`default-src 'none'`); /docs is the Scalar
 *   page, served from this server only: its inline bootstrap script and styles, data: images and
 *   fonts, and fetches of /openapi.json and of the API it tries requests against ('self');
 *   /app is the console, which loads its bundle from this server only (CONSOLE_CSP).
 * - `Cache-Control: no-store` on answers to authenticated requests (and on the tokens of dev-login
 *   and the OIDC code exchange and renewal), so
 *   no shared cache or browser history keeps another user's data; a route that set its own
 *   Cache-Control (an export's ETag answer, say) keeps it.
 */
import type { FastifyInstance } from 'fastify';

/** Answers that hand out tokens without being asked with one. */
const TOKEN_ANSWERS = new Set(['/auth/dev-login', '/auth/oidc/token', '/auth/oidc/refresh', '/auth/oidc/revoke']);

/** Headers every answer carries, also those Node writes on the raw socket (see framework-errors.ts). */
export const BASE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
};

/** What the Scalar page needs, nothing from elsewhere. */
export const DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/**
 * The console at /app (issue #16): its bundle, styles and API calls come from this server
 * only; no inline script or style sheet (React sets styles through the CSSOM, which CSP allows);
 * page images may be blob: or data: URLs.
 */
export const CONSOLE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/** The CSP of an answer to `path` (the URL without its query). */
function cspOf(path: string): string | undefined {
  if (path === '/docs' || path.startsWith('/docs/')) return DOCS_CSP;
  if (path === '/app' || path.startsWith('/app/')) return CONSOLE_CSP;
  return undefined;
}

/**
 * Installs the hook (call before any route is registered): the request id (`X-Request-Id`) and
 * the security headers, set on the reply as the request arrives, so every answer written through
 * the reply carries them and a header the route sets itself (its own Cache-Control, say)
 * replaces the default. One synchronous hook and no onSend: each hook is a step of every request
 * (issue #17). On the reply rather than on Node's raw response: with headers already on the raw
 * response, Node takes its slow path for every header Fastify writes (~9 µs of a cached GET).
 * A route that hijacks the reply writes `reply.getHeaders()` into its own head (progress-stream.ts).
 */
export function installSecurityHeaders(app: FastifyInstance): void {
  const names = Object.keys(BASE_SECURITY_HEADERS);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    for (const name of names) reply.header(name, BASE_SECURITY_HEADERS[name] as string);
    const query = request.url.indexOf('?');
    const path = query === -1 ? request.url : request.url.slice(0, query);
    const csp = cspOf(path);
    if (csp !== undefined) reply.header('content-security-policy', csp);
    const authenticated = request.headers.authorization !== undefined || TOKEN_ANSWERS.has(path);
    if (authenticated) reply.header('cache-control', 'no-store');
    done();
  });
}
