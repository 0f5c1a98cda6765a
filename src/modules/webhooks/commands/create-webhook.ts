/** `POST /v1/webhooks`: registers an endpoint and answers its signing secret, this once. */
import { DomainValidationError } from '../../../kernel/errors.js';
import { newId } from '../../../kernel/ids.js';
import { WEBHOOK_LIMITS } from '../../../kernel/limits.js';
import type { CommandContext } from '../../context.js';
import { checkOutboundUrl } from '../../check-outbound-url.js';
import type { WebhookEndpointRecord } from '../webhook-endpoint.repository.js';
import type { WebhookServices } from '../webhook-services.js';
import { newWebhookSecret } from '../webhook-signature.js';

export interface CreateWebhookInput {
  url: string;
  events: string[];
  description?: string | null;
}

/**
 * Stores a new, enabled endpoint with a fresh secret.
 *
 * @throws DomainValidationError for a URL the SSRF guard refuses, or when the organization has
 *   `WEBHOOK_LIMITS.endpointsPerOrganization` endpoints already.
 */
export async function createWebhook(
  ctx: CommandContext,
  services: Pick<WebhookServices, 'transport'>,
  input: CreateWebhookInput,
): Promise<WebhookEndpointRecord> {
  const url = await checkOutboundUrl(services.transport, input.url);
  const orgId = ctx.actor.org.orgId;
  if ((await ctx.repos.webhookEndpoints.count(orgId)) >= WEBHOOK_LIMITS.endpointsPerOrganization) {
    throw new DomainValidationError(
      `an organization may register at most ${WEBHOOK_LIMITS.endpointsPerOrganization} webhooks (limit endpointsPerOrganization); delete one first`,
    );
  }
  const now = ctx.clock.now().toISOString();
  const record: WebhookEndpointRecord = {
    id: newId('whk'),
    url,
    description: input.description ?? null,
    events: input.events,
    secret: newWebhookSecret(),
    enabled: true,
    createdBy: ctx.actor.userId,
    createdAt: now,
    updatedAt: now,
  };
  await ctx.repos.webhookEndpoints.insert(orgId, record);
  return record;
}
