import { type PageRequest, mapPage } from '../../../storage/keyset-page.js';
import type { ListView } from '../../../storage/list-view.js';
import type { CommandContext } from '../../context.js';
import { presentWebhook } from '../webhook.presenter.js';

/** `GET /v1/webhooks`: the organization's endpoints, oldest first, without their secrets. */
export async function listWebhooks(ctx: CommandContext, page: PageRequest, view: ListView = {}) {
  return mapPage(ctx.repos.webhookEndpoints.listPage(ctx.actor.org.orgId, page, view), presentWebhook);
}
