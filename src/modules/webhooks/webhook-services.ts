/**
 * What webhook use cases need beyond the command context: the job queue (deliveries are jobs),
 * the guarded transport, and the delivery policy (`WEBHOOK_RETRY_SECONDS`,
 * `WEBHOOK_TIMEOUT_SECONDS`).
 */
import { type TSchema, Type } from 'typebox';
import type { JobQueue, JobType } from '../../kernel/jobs.js';
import type { WebhookTransport } from '../../kernel/webhook-transport.js';

export interface WebhookPolicy {
  /** Waits before attempts 2, 3, …; after the last one a failing delivery is given up. */
  retrySeconds: readonly number[];
  /** How long one attempt waits for an answer. */
  timeoutMs: number;
}

export interface WebhookServices {
  jobs: JobQueue;
  transport: WebhookTransport;
  policy: WebhookPolicy;
}

/** One attempt of one delivery; the id `webhooks.deliver:<delivery>:<attempt>` makes it run once. */
export const WEBHOOK_DELIVERY_JOB = {
  name: 'webhooks.deliver',
  schema: Type.Object(
    { orgId: Type.String({ minLength: 1 }), deliveryId: Type.String({ minLength: 1 }), attempt: Type.Integer({ minimum: 1 }) },
    { additionalProperties: false },
  ),
} satisfies JobType<TSchema>;

/** The queue's id of a delivery's attempt. */
export function deliveryJobId(deliveryId: string, attempt: number): string {
  return `${WEBHOOK_DELIVERY_JOB.name}:${deliveryId}:${attempt}`;
}

/** The webhook services out of the application's services (routes and jobs). */
export function webhookServices(deps: { jobs: JobQueue; webhooks: { transport: WebhookTransport; policy: WebhookPolicy } }): WebhookServices {
  return { jobs: deps.jobs, transport: deps.webhooks.transport, policy: deps.webhooks.policy };
}
