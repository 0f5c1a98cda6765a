/**
 * Queues an event for every enabled endpoint of the organization subscribed to it: one
 * delivery row and the job of its first attempt, written through the caller's transaction —
 * the one that writes the terminal event or the completion itself — so the event is delivered
 * if and only if what it reports committed. Called twice for one event (a retried source),
 * it queues nothing more: the delivery's unique (endpoint, event) and the job's id decide.
 */
import type { JobQueue } from '../../kernel/jobs.js';
import { type CommandContext, transactionHandleOf } from '../context.js';
import type { WebhookDeliveryRecord } from './webhook-delivery.repository.js';
import { type WebhookEnvelope, type WebhookEvent, webhookDeliveryId, webhookEventId } from './webhook-events.js';
import { WEBHOOK_DELIVERY_JOB, deliveryJobId } from './webhook-services.js';

/**
 * Pass the context of the source's transaction (`tx` inside `ctx.transaction`); outside one, the
 * deliveries get a transaction of their own, which is only right for an event nothing else writes.
 *
 * @returns how many deliveries were queued (0 when no endpoint listens).
 */
export async function queueWebhookEvent(source: CommandContext, jobs: JobQueue, event: WebhookEvent): Promise<number> {
  return source.transaction((ctx) => queueIn(ctx, jobs, event));
}

async function queueIn(ctx: CommandContext, jobs: JobQueue, event: WebhookEvent): Promise<number> {
  const orgId = ctx.actor.org.orgId;
  const endpoints = await ctx.repos.webhookEndpoints.listSubscribed(orgId, event.type);
  if (endpoints.length === 0) return 0;
  const transaction = transactionHandleOf(ctx);
  const now = ctx.clock.now().toISOString();
  const eventId = webhookEventId(event.type, event.sourceId);
  const envelope: WebhookEnvelope = {
    id: eventId,
    type: event.type,
    timestamp: now,
    organization: await ctx.repos.webhookEndpoints.organizationSlug(orgId),
    data: event.data,
  };
  const body = JSON.stringify(envelope);
  let queued = 0;
  for (const endpoint of endpoints) {
    const delivery = newDelivery(webhookDeliveryId(endpoint.id, eventId), endpoint.id, eventId, event.type, body, now);
    if (!(await ctx.repos.webhookDeliveries.insertOnce(orgId, delivery))) continue;
    await jobs.enqueue(WEBHOOK_DELIVERY_JOB, { orgId, deliveryId: delivery.id, attempt: 1 }, { id: deliveryJobId(delivery.id, 1), transaction });
    queued += 1;
  }
  return queued;
}

/** A delivery not yet attempted. */
export function newDelivery(id: string, endpointId: string, eventId: string, eventType: string, body: string, now: string): WebhookDeliveryRecord {
  return {
    id,
    endpointId,
    eventId,
    eventType,
    body,
    status: 'pending',
    attemptCount: 0,
    responseStatus: null,
    responseExcerpt: null,
    error: null,
    durationMs: null,
    nextAttemptAt: now,
    createdAt: now,
    updatedAt: now,
  };
}
