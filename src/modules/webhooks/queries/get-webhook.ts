import type { CommandContext } from '../../context.js';
import { requireWebhook } from '../require-webhook.js';
import { presentWebhook } from '../webhook.presenter.js';

/**
 * `GET /v1/webhooks/{webhook_id}`: one endpoint, without its secret.
 *
 * @throws NotFoundError when the endpoint is absent or of another organization.
 */
export async function getWebhook(ctx: CommandContext, webhookId: string) {
  return presentWebhook(await requireWebhook(ctx, webhookId));
}
