/**
 * Table types of webhooks (migration 0015). Part of the Kysely `Database` type
 * (storage/schema.ts). Portable conventions: text ids and ISO timestamps, JSON as text,
 * booleans as 0/1.
 */

/** An organization's webhook endpoint. */
export interface WebhookEndpointTable {
  id: string;
  org_id: string;
  url: string;
  description: string | null;
  /** JSON array of the event types it receives. */
  events_json: string;
  /** `whsec_<base64>`: shown once at creation (and rotation), read back only to sign. */
  secret: string;
  /** 0/1 */
  enabled: number;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

/** One event for one endpoint; unique per (endpoint_id, event_id). */
export interface WebhookDeliveryTable {
  id: string;
  org_id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  /** The exact JSON body sent (signed as is). */
  payload_json: string;
  /** `pending` (queued or between attempts), `delivered`, `failed` (given up). */
  status: string;
  attempt_count: number;
  /** Of the latest attempt. */
  response_status: number | null;
  response_excerpt: string | null;
  error: string | null;
  duration_ms: number | null;
  next_attempt_at: string | null;
  created_at: string;
  updated_at: string;
}

/** One attempt of a delivery and what the endpoint answered (or why there was no answer). */
export interface WebhookDeliveryAttemptTable {
  delivery_id: string;
  attempt: number;
  org_id: string;
  attempted_at: string;
  response_status: number | null;
  response_excerpt: string | null;
  error: string | null;
  duration_ms: number;
}

export interface WebhooksTables {
  webhook_endpoints: WebhookEndpointTable;
  webhook_deliveries: WebhookDeliveryTable;
  webhook_delivery_attempts: WebhookDeliveryAttemptTable;
}
