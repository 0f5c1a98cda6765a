/** `POST /v1/webhooks/{webhook_id}/rotate-secret`: a new signing secret, answered this once. */
import type { CommandContext } from '../../context.js';
import { requireWebhook } from '../require-webhook.js';
import type { WebhookEndpointRecord } from '../webhook-endpoint.repository.js';
import { newWebhookSecret } from '../webhook-signature.js';

/**
 * Replaces the secret at once: every attempt from now on, retries of older events included, is
 * signed with the new one.
 *
 * @throws NotFoundError when the endpoint is absent or of another organization.
 */
export async function rotateWebhookSecret(ctx: CommandContext, webhookId: string): Promise<WebhookEndpointRecord> {
  const endpoint = await requireWebhook(ctx, webhookId);
  const secret = newWebhookSecret();
  const updated = await ctx.repos.webhookEndpoints.update(ctx.actor.org.orgId, endpoint.id, { secret, updatedAt: ctx.clock.now().toISOString() });
  return updated ?? { ...endpoint, secret };
}
