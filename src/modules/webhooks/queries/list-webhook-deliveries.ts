import type { PageRequest } from '../../../storage/keyset-page.js';
import type { CommandContext } from '../../context.js';
import type { DeliveryStatus } from '../webhooks.schemas.js';
import { requireWebhook } from '../require-webhook.js';
import { presentWebhookDelivery } from '../webhook.presenter.js';

/**
 * `GET /v1/webhooks/{webhook_id}/deliveries`: newest first, each with its attempts, optionally only one status.
 *
 * @throws NotFoundError when the endpoint is absent or of another organization.
 */
export async function listWebhookDeliveries(ctx: CommandContext, webhookId: string, page: PageRequest, status?: DeliveryStatus) {
  const endpoint = await requireWebhook(ctx, webhookId);
  const orgId = ctx.actor.org.orgId;
  const deliveries = await ctx.repos.webhookDeliveries.listPage(orgId, endpoint.id, page, status);
  const attempts = await ctx.repos.webhookDeliveries.listAttempts(
    orgId,
    deliveries.items.map((d) => d.id),
  );
  return { items: deliveries.items.map((d) => presentWebhookDelivery(d, attempts.get(d.id) ?? [])), nextCursor: deliveries.nextCursor };
}
