/** `DELETE /v1/webhooks/{webhook_id}`: the endpoint and its deliveries. */
import type { CommandContext } from '../../context.js';
import { requireWebhook } from '../require-webhook.js';

/**
 * Deletes the endpoint; its queued attempts find no delivery and end without sending.
 *
 * @throws NotFoundError when the endpoint is absent or of another organization.
 */
export async function deleteWebhook(ctx: CommandContext, webhookId: string): Promise<void> {
  await ctx.transaction(async (tx) => {
    const endpoint = await requireWebhook(tx, webhookId);
    await tx.repos.webhookEndpoints.delete(tx.actor.org.orgId, endpoint.id);
  });
}
