/** The registration-time half of the SSRF rule (the delivery-time half is in the transport). */
import { DomainValidationError } from '../../kernel/errors.js';
import type { WebhookTransport } from '../../kernel/webhook-transport.js';

/**
 * The URL, trimmed, when webhooks may be sent to it.
 *
 * @throws DomainValidationError when the URL is not http(s), carries credentials, does not
 *   resolve, or resolves to a private, loopback or link-local address not allow-listed.
 */
export async function checkWebhookUrl(transport: WebhookTransport, raw: string): Promise<string> {
  const url = raw.trim();
  const refusal = await transport.refusal(url);
  if (refusal !== null) throw new DomainValidationError(`url: ${refusal}`);
  return url;
}
