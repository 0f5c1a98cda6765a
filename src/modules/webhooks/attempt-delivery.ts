/**
 * One attempt of a delivery: sign the stored body with the endpoint's secret and a fresh
 * timestamp, post it through the guarded transport, and record what came back — with, when it
 * failed and the policy has a wait left, the job of the next attempt — in one transaction.
 */
import type { WebhookPostOutcome } from '../../kernel/webhook-transport.js';
import { type CommandContext, transactionHandleOf } from '../context.js';
import type { WebhookDeliveryOutcome, WebhookDeliveryRecord } from './webhook-delivery.repository.js';
import type { WebhookEndpointRecord } from './webhook-endpoint.repository.js';
import { type WebhookServices, WEBHOOK_DELIVERY_JOB, deliveryJobId } from './webhook-services.js';
import { webhookHeaders } from './webhook-signature.js';

/** Whether an outcome counts as delivered: any 2xx answer. */
function isDelivered(outcome: WebhookPostOutcome): boolean {
  return outcome.kind === 'response' && outcome.status >= 200 && outcome.status < 300;
}

/** Why an answer is not a delivery, in words for the deliveries list. */
function failureOf(outcome: WebhookPostOutcome): string | null {
  if (outcome.kind === 'error') return outcome.error;
  return isDelivered(outcome) ? null : `the endpoint answered ${outcome.status}`;
}

/**
 * Makes attempt `attempt` and records it. `retry: false` (a ping) never schedules another;
 * `isNew` (a ping) writes the delivery row itself with its attempt, so a crash mid-POST leaves
 * no delivery pending forever.
 *
 * @returns the delivery as recorded after the attempt.
 */
export async function attemptDelivery(
  ctx: CommandContext,
  services: WebhookServices,
  endpoint: WebhookEndpointRecord,
  delivery: WebhookDeliveryRecord,
  attempt: number,
  options: { retry: boolean; isNew?: boolean },
): Promise<WebhookDeliveryRecord> {
  const orgId = ctx.actor.org.orgId;
  const started = ctx.clock.now();
  const headers = webhookHeaders(endpoint.secret, delivery.eventId, Math.floor(started.getTime() / 1000), delivery.body);
  const outcome = await services.transport.post(endpoint.url, { headers, body: delivery.body, timeoutMs: services.policy.timeoutMs });
  const delivered = isDelivered(outcome);
  const wait = options.retry && !delivered ? services.policy.retrySeconds[attempt - 1] : undefined;
  const nextAttemptAt = wait === undefined ? null : new Date(ctx.clock.now().getTime() + wait * 1000);
  const response =
    outcome.kind === 'response' ? { responseStatus: outcome.status, responseExcerpt: outcome.bodyExcerpt } : { responseStatus: null, responseExcerpt: null };
  const recorded: WebhookDeliveryOutcome = {
    status: delivered ? 'delivered' : nextAttemptAt ? 'pending' : 'failed',
    ...response,
    error: failureOf(outcome),
    durationMs: outcome.durationMs,
    nextAttemptAt: nextAttemptAt?.toISOString() ?? null,
  };
  await ctx.transaction(async (tx) => {
    if (options.isNew) await tx.repos.webhookDeliveries.insertOnce(orgId, delivery);
    await tx.repos.webhookDeliveries.recordAttempt(
      orgId,
      delivery.id,
      { attempt, attemptedAt: started.toISOString(), ...response, error: recorded.error, durationMs: outcome.durationMs },
      recorded,
    );
    if (nextAttemptAt) {
      await services.jobs.enqueue(
        WEBHOOK_DELIVERY_JOB,
        { orgId, deliveryId: delivery.id, attempt: attempt + 1 },
        { id: deliveryJobId(delivery.id, attempt + 1), transaction: transactionHandleOf(tx), startAfter: nextAttemptAt },
      );
    }
  });
  return { ...delivery, ...recorded, attemptCount: attempt, updatedAt: started.toISOString() };
}
