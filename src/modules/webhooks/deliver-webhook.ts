/**
 * The delivery job's use case: attempt `attempt` of one delivery. Idempotent: a delivery that
 * is no longer pending, or whose attempt was already made (a job run again after a crash),
 * is left alone.
 */
import type { CommandContext } from '../context.js';
import { attemptDelivery } from './attempt-delivery.js';
import type { WebhookServices } from './webhook-services.js';

/** Runs one attempt of a queued delivery (a deleted endpoint took its deliveries with it). */
export async function deliverWebhook(ctx: CommandContext, services: WebhookServices, input: { deliveryId: string; attempt: number }): Promise<void> {
  const orgId = ctx.actor.org.orgId;
  const delivery = await ctx.repos.webhookDeliveries.findById(orgId, input.deliveryId);
  if (!delivery || delivery.status !== 'pending' || delivery.attemptCount >= input.attempt) return;
  const endpoint = await ctx.repos.webhookEndpoints.findById(orgId, delivery.endpointId);
  if (!endpoint) return;
  if (!endpoint.enabled) {
    await ctx.repos.webhookDeliveries.giveUp(orgId, delivery.id, 'the endpoint was disabled before this delivery went out', ctx.clock.now().toISOString());
    return;
  }
  await attemptDelivery(ctx, services, endpoint, delivery, input.attempt, { retry: true });
}
