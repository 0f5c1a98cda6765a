/**
 * The webhook delivery job: one attempt of one delivery per job (id
 * `webhooks.deliver:<delivery>:<attempt>`); a failed attempt queues the next one itself, delayed
 * by the retry schedule. A job whose process died is run again: the attempt is recorded only
 * once it is made, so the worst case is one extra POST of the same signed event, which
 * receivers de-duplicate by `webhook-id` (at-least-once, as Standard Webhooks expects).
 */
import { type JobDefinition, defineJob } from '../kernel/jobs.js';
import { systemContext } from '../modules/system-context.js';
import { deliverWebhook } from '../modules/webhooks/deliver-webhook.js';
import { WEBHOOK_DELIVERY_JOB, webhookServices } from '../modules/webhooks/webhook-services.js';
import type { JobServices } from './job-services.js';

/** The definitions; `register-jobs.ts` registers them on the queue. */
export function webhookJobs(services: JobServices): JobDefinition[] {
  const webhooks = webhookServices(services);
  return [
    defineJob(WEBHOOK_DELIVERY_JOB, {
      // An attempt whose process died is made again (twice at most); the retry schedule itself
      // is the delivery's own (the next attempt is a new job), not the engine's.
      retryLimit: 2,
      expireInSeconds: Math.ceil(services.webhooks.policy.timeoutMs / 1000) + 60,
      handler: async (payload) => {
        await deliverWebhook(systemContext(services.db, payload.orgId), webhooks, { deliveryId: payload.deliveryId, attempt: payload.attempt });
      },
    }),
  ];
}
