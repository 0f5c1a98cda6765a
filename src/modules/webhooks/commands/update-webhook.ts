/** `PATCH /v1/webhooks/{webhook_id}`: changes the URL, events, description or enabled flag. */
import type { CommandContext } from '../../context.js';
import { checkOutboundUrl } from '../../check-outbound-url.js';
import { requireWebhook } from '../require-webhook.js';
import type { WebhookEndpointRecord } from '../webhook-endpoint.repository.js';
import type { WebhookServices } from '../webhook-services.js';

export interface UpdateWebhookInput {
  url?: string;
  events?: string[];
  description?: string | null;
  enabled?: boolean;
}

/**
 * Applies the keys sent; the secret stays. A new URL passes the SSRF guard as at registration.
 *
 * @throws NotFoundError when the endpoint is absent or of another organization;
 *   DomainValidationError for a refused URL.
 */
export async function updateWebhook(
  ctx: CommandContext,
  services: Pick<WebhookServices, 'transport'>,
  webhookId: string,
  input: UpdateWebhookInput,
): Promise<WebhookEndpointRecord> {
  const endpoint = await requireWebhook(ctx, webhookId);
  const url = input.url === undefined ? undefined : await checkOutboundUrl(services.transport, input.url);
  const updated = await ctx.repos.webhookEndpoints.update(ctx.actor.org.orgId, endpoint.id, {
    url,
    events: input.events,
    description: input.description,
    enabled: input.enabled,
    updatedAt: ctx.clock.now().toISOString(),
  });
  return updated ?? endpoint;
}
