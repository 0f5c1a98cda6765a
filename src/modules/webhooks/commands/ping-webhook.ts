/** `POST /v1/webhooks/{webhook_id}/ping`: one signed `ping` delivery, now, and what came back. */
import { newId } from '../../../kernel/ids.js';
import type { CommandContext } from '../../context.js';
import { attemptDelivery } from '../attempt-delivery.js';
import { newDelivery } from '../queue-webhook-event.js';
import { requireWebhook } from '../require-webhook.js';
import type { WebhookAttemptRecord, WebhookDeliveryRecord } from '../webhook-delivery.repository.js';
import { type WebhookEnvelope, webhookDeliveryId } from '../webhook-events.js';
import type { WebhookServices } from '../webhook-services.js';

/**
 * Sends a `ping` to the endpoint within the request (bounded by the delivery timeout), enabled
 * or not, and records it in its deliveries. A ping is never retried: the answer is the test.
 *
 * @throws NotFoundError when the endpoint is absent or of another organization.
 */
export async function pingWebhook(
  ctx: CommandContext,
  services: WebhookServices,
  webhookId: string,
): Promise<{ delivery: WebhookDeliveryRecord; attempts: WebhookAttemptRecord[] }> {
  const endpoint = await requireWebhook(ctx, webhookId);
  const orgId = ctx.actor.org.orgId;
  const now = ctx.clock.now().toISOString();
  const eventId = newId('evt');
  const envelope: WebhookEnvelope = {
    id: eventId,
    type: 'ping',
    timestamp: now,
    organization: await ctx.repos.webhookEndpoints.organizationSlug(orgId),
    data: { webhookId: endpoint.id, summary: 'A test event sent from Quire on request.' },
  };
  const delivery = newDelivery(webhookDeliveryId(endpoint.id, eventId), endpoint.id, eventId, 'ping', JSON.stringify(envelope), now);
  const recorded = await attemptDelivery(ctx, services, endpoint, delivery, 1, { retry: false, isNew: true });
  const attempts = await ctx.repos.webhookDeliveries.listAttempts(orgId, [delivery.id]);
  return { delivery: recorded, attempts: attempts.get(delivery.id) ?? [] };
}
