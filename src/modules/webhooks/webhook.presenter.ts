/** The wire shapes of endpoints and deliveries. The secret leaves only through `presentWebhookWithSecret`. */
import type { WebhookAttemptRecord, WebhookDeliveryRecord } from './webhook-delivery.repository.js';
import type { WebhookEndpointRecord } from './webhook-endpoint.repository.js';

/** An endpoint, without its secret. */
export function presentWebhook(record: WebhookEndpointRecord) {
  return {
    id: record.id,
    url: record.url,
    description: record.description,
    events: record.events,
    enabled: record.enabled,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

/** ⚠ An endpoint WITH its secret: only the create and rotate-secret answers use this. */
export function presentWebhookWithSecret(record: WebhookEndpointRecord) {
  return { ...presentWebhook(record), secret: record.secret };
}

function presentAttempt(attempt: WebhookAttemptRecord) {
  return {
    attempt: attempt.attempt,
    attemptedAt: attempt.attemptedAt,
    responseStatus: attempt.responseStatus,
    responseBodyExcerpt: attempt.responseExcerpt,
    error: attempt.error,
    durationMs: attempt.durationMs,
  };
}

/** A delivery with its attempts. */
export function presentWebhookDelivery(record: WebhookDeliveryRecord, attempts: WebhookAttemptRecord[]) {
  return {
    id: record.id,
    webhookId: record.endpointId,
    eventId: record.eventId,
    event: record.eventType,
    status: record.status,
    attempts: record.attemptCount,
    responseStatus: record.responseStatus,
    responseBodyExcerpt: record.responseExcerpt,
    error: record.error,
    durationMs: record.durationMs,
    nextAttemptAt: record.nextAttemptAt,
    attemptLog: attempts.map(presentAttempt),
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}
