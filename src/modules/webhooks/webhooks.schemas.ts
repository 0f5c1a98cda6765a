/** The wire shapes of `/v1/webhooks` (our own: the contract names no webhooks). */
import { Type } from 'typebox';
import { WEBHOOK_LIMITS } from '../../kernel/limits.js';
import { Nullable, Ref, StringEnum } from '../../kernel/schema.js';
import { WEBHOOK_EVENT_TYPES } from './webhook-events.js';

/** A delivery's states (the `status` column): queued or between attempts, delivered, given up. */
export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const WebhookEventType = StringEnum(WEBHOOK_EVENT_TYPES, {
  $id: 'WebhookEventType',
  description:
    "generation.finished|failed|blocked: a generation run's terminal event; extraction.finished|failed: a processing run of the assessment area ended; batch.finished|failed: a batch run ended; merge.finished: a merge run ended (data.status finished, failed or cancelled)",
});

const Events = Type.Array(Ref(WebhookEventType), {
  minItems: 1,
  maxItems: WEBHOOK_LIMITS.eventsPerEndpoint,
  uniqueItems: true,
  description: 'the event types delivered to this endpoint',
});
const Url = Type.String({
  minLength: 1,
  maxLength: WEBHOOK_LIMITS.urlChars,
  description:
    'an http(s) URL on a public address (private, loopback and link-local addresses are refused unless the operator allows the host in TOOL_ALLOWED_HOSTS)',
});
const Description = Nullable(Type.String({ maxLength: WEBHOOK_LIMITS.descriptionChars }));

export const CreateWebhookBody = Type.Object(
  { url: Url, events: Events, description: Type.Optional(Description) },
  { $id: 'CreateWebhookBody', additionalProperties: false },
);

export const UpdateWebhookBody = Type.Object(
  {
    url: Type.Optional(Url),
    events: Type.Optional(Events),
    description: Type.Optional(Description),
    enabled: Type.Optional(Type.Boolean({ description: 'false: no new deliveries, and pending ones are given up' })),
  },
  { $id: 'UpdateWebhookBody', additionalProperties: false, description: 'the keys to change; absent keys stay as they are' },
);

const webhookProperties = {
  id: Type.String({ description: '`whk_…`' }),
  url: Type.String(),
  description: Nullable(Type.String()),
  // Read from rows typed string: the set is listed, the server-side type stays honest.
  events: Type.Array(StringEnum<readonly string[]>(WEBHOOK_EVENT_TYPES)),
  enabled: Type.Boolean(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
};

export const Webhook = Type.Object(webhookProperties, { $id: 'Webhook', description: 'A webhook endpoint (its secret is shown only when created or rotated)' });

export const WebhookWithSecret = Type.Object(
  { ...webhookProperties, secret: Type.String({ description: 'the signing secret (`whsec_…`), shown this once: store it now' }) },
  { $id: 'WebhookWithSecret', description: 'A webhook endpoint with its signing secret, answered only by create and rotate-secret' },
);

export const WebhookDeliveryAttempt = Type.Object(
  {
    attempt: Type.Integer({ minimum: 1 }),
    attemptedAt: Type.String(),
    responseStatus: Nullable(Type.Integer(), { description: "the endpoint's HTTP status; null when it did not answer" }),
    responseBodyExcerpt: Nullable(Type.String(), { description: "the start of the endpoint's answer (at most 1,000 characters)" }),
    error: Nullable(Type.String(), { description: 'why the attempt did not deliver (timeout, refused address, non-2xx); null when it did' }),
    durationMs: Type.Integer({ minimum: 0 }),
  },
  { $id: 'WebhookDeliveryAttempt' },
);

export const WebhookDelivery = Type.Object(
  {
    id: Type.String({ description: '`whd_…`' }),
    webhookId: Type.String(),
    eventId: Type.String({ description: "the `webhook-id` header and the body's `id`: the same on every attempt" }),
    event: Type.String({ description: 'the event type (`ping` for a ping)' }),
    status: StringEnum(DELIVERY_STATUSES, { description: 'pending: queued or waiting for its next attempt; failed: given up' }),
    attempts: Type.Integer({ minimum: 0, description: 'attempts made so far' }),
    responseStatus: Nullable(Type.Integer(), { description: 'of the latest attempt' }),
    responseBodyExcerpt: Nullable(Type.String(), { description: 'of the latest attempt (at most 1,000 characters)' }),
    error: Nullable(Type.String(), { description: 'of the latest attempt' }),
    durationMs: Nullable(Type.Integer({ minimum: 0 }), { description: 'of the latest attempt' }),
    nextAttemptAt: Nullable(Type.String(), { description: 'when the next attempt is due; null once delivered or given up' }),
    attemptLog: Type.Array(Ref(WebhookDeliveryAttempt), { description: 'every attempt, oldest first' }),
    createdAt: Type.String(),
    updatedAt: Type.String(),
  },
  { $id: 'WebhookDelivery' },
);

export const WebhookDeleted = Type.Object({ ok: Type.Boolean() }, { $id: 'WebhookDeleted', description: 'The endpoint and its deliveries were deleted' });

export const WEBHOOK_SCHEMAS = [
  WebhookEventType,
  CreateWebhookBody,
  UpdateWebhookBody,
  Webhook,
  WebhookWithSecret,
  WebhookDeliveryAttempt,
  WebhookDelivery,
  WebhookDeleted,
];
