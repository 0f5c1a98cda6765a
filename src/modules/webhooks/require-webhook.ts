/**
 * ⚠ TENANCY GATE ⚠ for webhook endpoints: the only way a use case gets an endpoint by id. It
 * reads by (orgId, id), so another organization's endpoint is "not found", exactly like a
 * missing one — never a 403 that would confirm it exists.
 */
import { NotFoundError } from '../../kernel/errors.js';
import type { CommandContext } from '../context.js';
import type { WebhookEndpointRecord } from './webhook-endpoint.repository.js';

/** @throws NotFoundError when the endpoint is absent or of another organization. */
export async function requireWebhook(ctx: CommandContext, webhookId: string): Promise<WebhookEndpointRecord> {
  const endpoint = await ctx.repos.webhookEndpoints.findById(ctx.actor.org.orgId, webhookId);
  if (!endpoint) throw new NotFoundError('webhook not found');
  return endpoint;
}
