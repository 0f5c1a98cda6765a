/**
 * The registration-time half of the SSRF rule for every URL a tenant names for Quire to call
 * (webhook endpoints, `http.json` and `mcp.http` tools): refused when stored, as a 422, rather
 * than stored and refused on each call. The call-time half is in the transports, which check
 * again (a name may resolve elsewhere later) and connect to the address they checked.
 */
import { DomainValidationError } from '../kernel/errors.js';
import type { WebhookTransport } from '../kernel/webhook-transport.js';

/** The guard's verdict on a URL: the webhook transport's, which applies the tools' rule and allow-list. */
export type OutboundUrlGuard = Pick<WebhookTransport, 'refusal'>;

/**
 * The URL, trimmed, when Quire may call it.
 *
 * @throws DomainValidationError (naming `field`) when the URL is not http(s), carries
 *   credentials, does not resolve (unless `acceptUnresolved`), or resolves to a private, loopback or link-local address not
 *   allow-listed (`TOOL_ALLOWED_HOSTS`).
 */
export async function checkOutboundUrl(guard: OutboundUrlGuard, raw: string, field = 'url', check?: { acceptUnresolved?: boolean }): Promise<string> {
  const url = raw.trim();
  const refusal = await guard.refusal(url, check);
  if (refusal !== null) throw new DomainValidationError(`${field}: ${refusal}`);
  return url;
}
